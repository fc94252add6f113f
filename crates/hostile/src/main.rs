//! Writes every hostile file into a folder, with `cases.json` naming them:
//! `movetext-hostile DIR`.

use std::io::Write;
use std::path::PathBuf;

fn main() {
    let Some(dir) = std::env::args_os().nth(1).map(PathBuf::from) else {
        eprintln!("usage: movetext-hostile DIR");
        std::process::exit(2);
    };
    if let Err(e) = write_all(&dir) {
        eprintln!("movetext-hostile: {}: {e}", dir.display());
        std::process::exit(1);
    }
}

fn write_all(dir: &std::path::Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let mut list = String::from("[\n");
    let cases = movetext_hostile::cases();
    for (i, case) in cases.iter().enumerate() {
        std::fs::write(dir.join(format!("{}.pgn", case.name)), &case.bytes)?;
        let comma = if i + 1 < cases.len() { "," } else { "" };
        list.push_str(&format!(
            "  {{\"name\": \"{}\", \"file\": \"{}.pgn\", \"about\": \"{}\", \"bytes\": {}}}{comma}\n",
            case.name,
            case.name,
            case.about,
            case.bytes.len()
        ));
    }
    list.push_str("]\n");
    std::fs::File::create(dir.join("cases.json"))?.write_all(list.as_bytes())
}
