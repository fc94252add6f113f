//! Movetext: a PGN viewer and editor in the browser. This binary starts
//! the app; everything else is in the library.

fn main() {
    movetext_app::start_app();
}
