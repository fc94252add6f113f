//! Writes the table of opening names compiled into this build as bytes
//! (`openings::Table::to_bytes`) to the file named, for the app, which
//! fetches it when it first names an opening.
//!
//! ```sh
//! cargo run -p movetext-core --example openings_table -- dist/openings.bin
//! ```

use movetext_core::openings::Table;

fn main() {
    let Some(path) = std::env::args_os().nth(1) else {
        eprintln!("usage: openings_table <file>");
        std::process::exit(2);
    };
    let table = Table::compiled();
    if table.is_empty() {
        // The app then names no opening; the build goes on, as the core's does.
        eprintln!("openings_table: no opening names in this build (the data or the feature `openings` is missing)");
        return;
    }
    if let Err(e) = std::fs::write(&path, table.to_bytes()) {
        eprintln!("openings_table: {}: {e}", std::path::Path::new(&path).display());
        std::process::exit(1);
    }
}
