//! Pasted and dropped text: PGN opens at once; other text (a web address,
//! a sentence) only once the user says so, after being told what was
//! pasted, so that a stray paste never replaces the open file.

use movetext_view::game::game_source::holds_pgn;
use movetext_view::game::import::LichessLink;
use movetext_view::game::url_state::Place;
use yew::prelude::*;

use crate::page::file_input::Loaded;
use crate::page::import::open_lichess_link;
use crate::page::loading::LoadRequest;
use crate::page::session::Session;
use crate::state::page_state::PageAction;

/// How many characters of pasted text the question shows.
const SHOWN_CHARS: usize = 80;

/// The start of `text` as one line: runs of white space made one space,
/// cut after [`SHOWN_CHARS`] characters with "…".
fn shown_start(text: &str) -> String {
    let mut out = String::new();
    for (i, word) in text.split_whitespace().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(word);
        if out.chars().count() > SHOWN_CHARS {
            break;
        }
    }
    match out.char_indices().nth(SHOWN_CHARS) {
        Some((cut, _)) => format!("{}…", &out[..cut]),
        None => out,
    }
}

/// Opens text pasted or dropped (under `name`): a lichess game's or
/// study's address opens that game or study, PGN opens at once, other text
/// after asking (see [`open_asked`]).
pub(crate) fn open_text(session: &Session, load: &Callback<LoadRequest>, name: &str, text: String) {
    if text.trim().is_empty() {
        return;
    }
    if let Some(link) = LichessLink::parse(&text) {
        open_lichess_link(session, load, link);
        return;
    }
    if holds_pgn(text.as_bytes()) {
        load.emit((Loaded::text(name, text, "paste"), Place::default(), None));
        return;
    }
    let shown = shown_start(&text);
    *session.jobs.asked_paste.borrow_mut() = Some(Loaded::text(name, text, "paste"));
    session.act(PageAction::AskPaste(Some(shown)));
}

/// Opens the pasted text the page asked about (`open`), or forgets it.
pub(crate) fn open_asked(session: &Session, load: &Callback<LoadRequest>, open: bool) {
    let asked = session.jobs.asked_paste.borrow_mut().take();
    session.act(PageAction::AskPaste(None));
    if let (true, Some(loaded)) = (open, asked) {
        load.emit((loaded, Place::default(), None));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_of_pasted_text_is_one_short_line() {
        assert_eq!(shown_start("  https://example.com/x \n"), "https://example.com/x");
        assert_eq!(shown_start("a\n\n b\tc"), "a b c");
        let long = "word ".repeat(40);
        let shown = shown_start(&long);
        assert_eq!(shown.chars().count(), SHOWN_CHARS + 1);
        assert!(shown.ends_with('…'));
        assert_eq!(shown_start(&"é".repeat(100)).chars().count(), SHOWN_CHARS + 1);
    }
}
