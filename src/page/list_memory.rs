//! The game list's filter and sort, kept over a reload: this tab remembers
//! them (in `sessionStorage`, with the document they belong to) whenever
//! they change, and a reload that opens the same document puts them back.

use movetext_view::game::library::SortBy;
use yew::prelude::*;

use crate::page::session::Session;
use crate::state::page_state::ListView;

/// The `sessionStorage` key.
const LIST_VIEW: &str = "movetext-list";

/// Each sort as written in storage.
const SORT_NAMES: [(SortBy, &str); 10] = [
    (SortBy::File, "file"),
    (SortBy::Standard, "standard"),
    (SortBy::White, "white"),
    (SortBy::Black, "black"),
    (SortBy::WhiteElo, "white-elo"),
    (SortBy::BlackElo, "black-elo"),
    (SortBy::Result, "result"),
    (SortBy::Event, "event"),
    (SortBy::Date, "date"),
    (SortBy::Moves, "moves"),
];

/// The stored line: document, sort, order and filter, tab-separated.
fn write(doc: &str, view: &ListView) -> String {
    let sort = SORT_NAMES.iter().find(|(s, _)| *s == view.sort.0).map_or("file", |(_, name)| name);
    let order = if view.sort.1 { "desc" } else { "asc" };
    format!("{doc}\t{sort}\t{order}\t{}", view.filter)
}

/// The list view a stored line keeps for document `doc`.
fn read(line: &str, doc: &str) -> Option<ListView> {
    let mut fields = line.splitn(4, '\t');
    if fields.next()? != doc {
        return None;
    }
    let sort = fields.next()?;
    let sort = SORT_NAMES.iter().find(|(_, name)| *name == sort)?.0;
    let descending = fields.next()? == "desc";
    Some(ListView { filter: fields.next()?.to_owned(), sort: (sort, descending) })
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok()?
}

/// The filter and sort this tab kept for document `doc`, if any.
pub(crate) fn remembered_list(doc: &str) -> Option<ListView> {
    read(&storage()?.get_item(LIST_VIEW).ok()??, doc)
}

/// Remembers the list's filter and sort, with the open document, whenever
/// they change.
#[hook]
pub(crate) fn use_list_memory(session: &Session) {
    let jobs = session.jobs.clone();
    let view = ListView { filter: session.page.filter.clone(), sort: session.page.sort };
    use_effect_with(view, move |view| {
        // Not while the page starts (the file it opens may bring its own),
        // nor for the built-in sample.
        let doc = jobs.doc.borrow();
        if jobs.starting.borrow().is_some() || doc.source == "sample" {
            return;
        }
        if let Some(s) = storage() {
            let _ = s.set_item(LIST_VIEW, &write(&doc.id, view));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_view_is_kept_for_its_document_only() {
        for (sort, _) in SORT_NAMES {
            let view = ListView { filter: "Carlsen\t2023".into(), sort: (sort, true) };
            assert_eq!(read(&write("d1", &view), "d1"), Some(view.clone()));
            assert_eq!(read(&write("d1", &view), "d2"), None);
        }
        assert_eq!(read("d1\tnonsense\tasc\t", "d1"), None);
        assert_eq!(read("d1", "d1"), None);
    }
}
