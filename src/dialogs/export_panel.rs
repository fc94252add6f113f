//! Taking a game away: the PGN of the current game in the standard's
//! export format (with options) to copy or download, the whole file, and
//! the FEN of the shown position.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use js_sys::{Array, Uint8Array};
use movetext_core::export::ExportOptions;
use movetext_core::Game;
use movetext_view::game::editing::FileWriter;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::state::export_slices::{begin, text_in_slices, Begun};

/// Gives the next part of the whole file, of about the size asked, from a
/// writer; `None` at the end.
pub type FileParts = Callback<(Rc<RefCell<FileWriter>>, usize), Option<Vec<u8>>>;

/// Bytes of the whole file written per step of a download: each part's
/// blob is made in the step that writes it (about 10 ms for 2 MiB here; a
/// step of 4 MiB once took 50 ms).
const PART: usize = 2 << 20;

/// What the panel needs.
#[derive(Properties, PartialEq, Clone)]
pub struct ExportPanelProps {
    /// The current game as it is now.
    pub game: Callback<(), Option<Rc<Game>>>,
    /// Which game, and which version of it (its edits): the text is
    /// written again when this changes.
    pub version: (usize, u64),
    /// The next part of the whole file (games not edited as read), of
    /// about the size asked, from a writer; `None` at the end.
    pub file_part: FileParts,
    /// The FEN of the shown position.
    pub fen: AttrValue,
    /// File name for the current game.
    pub game_name: AttrValue,
    /// File name for the whole file.
    pub file_name: AttrValue,
    /// Games that repeat an earlier one, to leave out of the whole file if
    /// the user asks: with the same tags and moves, and with the same moves
    /// (none until the file's duplicates are known).
    #[prop_or_default]
    pub repeats: Option<[Rc<Vec<u32>>; 2]>,
    /// Opens the print dialog instead.
    #[prop_or_default]
    pub on_print: Callback<()>,
    /// Something was copied or downloaded.
    pub on_exported: Callback<()>,
    /// Close the panel.
    pub on_close: Callback<()>,
}

/// Puts text on the clipboard.
pub fn copy_text(text: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.navigator().clipboard().write_text(text);
    }
}

/// Offers bytes as a file download.
pub fn download(name: &str, bytes: &[u8]) {
    let parts = Array::of1(&Uint8Array::from(bytes).into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/x-chess-pgn");
    let Ok(blob) = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options) else { return };
    offer(name, &blob);
}

/// Offers a file made of parts as a download: each part is copied out of
/// the page's memory in a task of its own, so a file of a gigabyte is
/// offered without holding the page up. `done` is called once it is offered.
pub fn download_in_parts(
    name: String,
    mut next: impl FnMut() -> Option<Vec<u8>> + 'static,
    done: impl FnOnce() + 'static,
) {
    wasm_bindgen_futures::spawn_local(async move {
        let blobs = Array::new();
        while let Some(part) = next() {
            let Ok(blob) = web_sys::Blob::new_with_u8_array_sequence(&Array::of1(&Uint8Array::from(&part[..]))) else {
                return;
            };
            blobs.push(&blob);
            gloo_timers::future::TimeoutFuture::new(0).await;
        }
        let options = web_sys::BlobPropertyBag::new();
        options.set_type("application/x-chess-pgn");
        let Ok(blob) = web_sys::Blob::new_with_blob_sequence_and_options(&blobs, &options) else { return };
        offer(&name, &blob);
        done();
    });
}

/// Offers a blob as a file download, under a name.
pub fn offer(name: &str, blob: &web_sys::Blob) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(blob) else { return };
    if let Some(a) = document.create_element("a").ok().and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok()) {
        a.set_href(&url);
        a.set_download(name);
        let _ = a.set_attribute("hidden", "");
        if let Some(body) = document.body() {
            let _ = body.append_child(&a);
            a.click();
            let _ = body.remove_child(&a);
        }
    }
    // The browser reads the blob after the click: let it go a minute later.
    gloo_timers::callback::Timeout::new(60_000, move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    })
    .forget();
}

/// The most text the dialog's text box shows: browsers take seconds to lay
/// out megabytes in a text box, and 32 KB of a NAG flood took 33 ms against
/// 13 for 16 KB (a real game's text, 13 against 7).
const SHOWN_AT_MOST: usize = 16 * 1024;

/// The most control characters the dialog's text box shows: each breaks the
/// browser's shaping of the text (21 KB holding 3,000 of them, as a file of
/// binary bytes gives, took 30 to 40 ms to lay out; without them, 13).
const CONTROLS_AT_MOST: usize = 512;

/// The part of `text` the text box shows: all of it, or its lines that fit
/// in [`SHOWN_AT_MOST`] bytes and hold at most [`CONTROLS_AT_MOST`] control
/// characters (at least the first line's start). A shorter text's part is
/// the start of a longer one's.
fn shown_part(text: &str) -> &str {
    let mut controls = 0;
    let mut lines_end = None;
    for (at, c) in text.char_indices() {
        if c.is_control() && c != '\n' {
            controls += 1;
        }
        if at + c.len_utf8() > SHOWN_AT_MOST || controls > CONTROLS_AT_MOST {
            return &text[..lines_end.unwrap_or(at)];
        }
        if c == '\n' {
            lines_end = Some(at + 1);
        }
    }
    text
}

/// How the dialog's text began.
enum Start {
    /// Written whole at once.
    Whole(Rc<String>),
    /// Its first lines, and the game to write whole in slices.
    Head(String, Rc<Game>),
}

/// A size in bytes for people: `812 bytes`, `64.0 KB`, `5.2 MB`.
pub(crate) fn size_text(lang: Lang, bytes: usize) -> String {
    match bytes {
        0..1_000 => lang.say("size-bytes", &[("n", &bytes.to_string())]),
        1_000..1_000_000 => lang.say("size-kb", &[("n", &lang.decimal(&format!("{:.1}", bytes as f64 / 1e3)))]),
        _ => lang.say("size-mb", &[("n", &lang.decimal(&format!("{:.1}", bytes as f64 / 1e6)))]),
    }
}

/// The export panel.
#[function_component(ExportPanel)]
pub fn export_panel(props: &ExportPanelProps) -> Html {
    let lang = crate::i18n::use_lang();
    let dialog_ref = use_node_ref();
    crate::dialogs::dialog_focus::use_focus_first(dialog_ref.clone());
    let opts = use_state(ExportOptions::default);
    let copied = use_state(|| None::<&'static str>);
    let (start, text) = use_export_text(&props.game, (*opts, props.version));
    let copy_pgn = {
        let text = text.clone();
        let copied = copied.clone();
        let on_exported = props.on_exported.clone();
        Callback::from(move |_: MouseEvent| {
            let Some(text) = &text else { return };
            copy_text(text);
            copied.set(Some(lang.text("done-pgn-copied")));
            on_exported.emit(());
        })
    };
    let copy_fen = {
        let fen = props.fen.clone();
        let copied = copied.clone();
        Callback::from(move |_: MouseEvent| {
            copy_text(&fen);
            copied.set(Some(lang.text("done-fen-copied")));
        })
    };
    let download_game = {
        let text = text.clone();
        let name = props.game_name.clone();
        let on_exported = props.on_exported.clone();
        Callback::from(move |_: MouseEvent| {
            let Some(text) = &text else { return };
            download(&name, text.as_bytes());
            on_exported.emit(());
        })
    };
    // 0: every game; 1: without repeated games; 2: without repeated moves.
    let leave_out = use_state(|| 0usize);
    let download_file = download_file(props, *leave_out);
    let close = {
        let on_close = props.on_close.clone();
        Callback::from(move |_: MouseEvent| on_close.emit(()))
    };
    let onkeydown = crate::dialogs::dialog_focus::escape_closes(props.on_close.clone());
    let shown = match (&text, &*start) {
        (Some(text), _) => shown_part(text),
        (None, Start::Head(head, _)) => shown_part(head),
        (None, Start::Whole(text)) => text.as_str(),
    };
    let writing = text.is_none();
    html! {
        <div class="dialog-backdrop">
            <div class="dialog export-panel" ref={dialog_ref} role="dialog" aria-modal="true" aria-label={lang.text("export")} {onkeydown}>
                <h2>{ lang.text("export") }</h2>
                { option_boxes(&opts, lang) }
                if let Some(text) = text.as_ref().filter(|t| shown.len() < t.len()) {
                    <p class="export-cut" role="note">
                        { lang.say("export-cut", &[("size", &size_text(lang, text.len())), ("shown", &size_text(lang, shown.len()))]) }
                    </p>
                }
                if writing {
                    <p class="export-writing" role="status">{ lang.text("export-writing") }</p>
                }
                if let Some(r) = &props.repeats {
                    { repeats_choice(r, &leave_out, lang) }
                }
                <textarea class="export-text" readonly=true rows="12" aria-label={lang.text("export-text")} value={shown.to_owned()} />
                <div class="dialog-actions">
                    <button type="button" class="btn btn-primary" onclick={copy_pgn} disabled={writing}>{ lang.text("menu-copy-pgn") }</button>
                    <button type="button" class="btn" onclick={download_game} disabled={writing}>{ lang.text("menu-download") }</button>
                    <button type="button" class="btn" onclick={download_file}>{ lang.text("export-download-file") }</button>
                    <button type="button" class="btn" onclick={copy_fen}>{ lang.text("menu-copy-fen") }</button>
                    <button type="button" class="btn export-print" onclick={{
                        let cb = props.on_print.clone();
                        Callback::from(move |_: MouseEvent| cb.emit(()))
                    }} title={lang.text("print-title")}>{ lang.text("print") }</button>
                    <span class="spacer" aria-live="polite">{ copied.unwrap_or("") }</span>
                    <button type="button" class="btn" onclick={close}>{ lang.text("close") }</button>
                </div>
            </div>
        </div>
    }
}

/// The game's text with options and version `key`, and how it began: the
/// text is `None` while a long game is still being written. Written again
/// only for other options or another game, not when the panel is drawn
/// again for its own state ("PGN copied"). A game written within a slice of
/// the page's time is there at once; a longer one shows its first lines and
/// is written whole in slices.
#[hook]
fn use_export_text(
    game: &Callback<(), Option<Rc<Game>>>,
    key: (ExportOptions, (usize, u64)),
) -> (Rc<Start>, Option<Rc<String>>) {
    let start = use_memo(key, {
        let game = game.clone();
        move |(opts, _)| {
            let Some(game) = game.emit(()) else { return Start::Whole(Rc::default()) };
            match begin(&game, opts, SHOWN_AT_MOST) {
                Begun::Whole(text) => Start::Whole(Rc::new(text)),
                Begun::Head(head) => Start::Head(head, game),
            }
        }
    });
    let written = use_state(|| None::<((ExportOptions, (usize, u64)), Rc<String>)>);
    {
        let (start, written) = (start.clone(), written.clone());
        use_effect_with(key, move |&(opts, version)| {
            let wanted = Rc::new(Cell::new(true));
            if let Start::Head(_, game) = &*start {
                let (game, wanted) = (game.clone(), wanted.clone());
                wasm_bindgen_futures::spawn_local(async move {
                    if let Some(text) = text_in_slices(&game, &opts, &|| wanted.get()).await {
                        written.set(Some(((opts, version), Rc::new(text))));
                    }
                });
            }
            move || wanted.set(false)
        });
    }
    let text = match &*start {
        Start::Whole(text) => Some(text.clone()),
        Start::Head(..) => written.as_ref().filter(|(k, _)| *k == key).map(|(_, text)| text.clone()),
    };
    (start, text)
}

/// Downloads the whole file, leaving out the repeated games of choice
/// `leave_out` (0: none, 1: [`ExportPanelProps::repeats`]' first list, 2:
/// its second).
fn download_file(props: &ExportPanelProps, leave_out: usize) -> Callback<MouseEvent> {
    let file_part = props.file_part.clone();
    let name = props.file_name.clone();
    let on_exported = props.on_exported.clone();
    let left_out = props.repeats.as_ref().and_then(|r| leave_out.checked_sub(1).map(|i| r[i].clone()));
    Callback::from(move |_: MouseEvent| {
        let writer = Rc::new(RefCell::new(left_out.clone().map_or_else(FileWriter::default, FileWriter::leaving_out)));
        let file_part = file_part.clone();
        let on_exported = on_exported.clone();
        download_in_parts(
            name.to_string(),
            move || file_part.emit((writer.clone(), PART)),
            move || on_exported.emit(()),
        );
    })
}

/// The export options' boxes.
fn option_boxes(opts: &UseStateHandle<ExportOptions>, lang: Lang) -> Html {
    let toggle = |field: fn(&mut ExportOptions) -> &mut bool| {
        let opts = opts.clone();
        Callback::from(move |_: Event| {
            let mut next = *opts;
            let f = field(&mut next);
            *f = !*f;
            opts.set(next);
        })
    };
    let check = |label: &'static str, on: bool, disabled: bool, onchange: Callback<Event>| {
        html! {
            <label class="export-option">
                <input type="checkbox" checked={on} {disabled} {onchange} />{ label }
            </label>
        }
    };
    let o = &**opts;
    html! {
        <div class="export-options" role="group" aria-label={lang.text("export-options")}>
            { check(lang.text("export-comments"), o.comments, o.reduced, toggle(|o| &mut o.comments)) }
            { check(lang.text("export-commands"), o.commands, o.reduced, toggle(|o| &mut o.commands)) }
            { check(lang.text("export-variations"), o.variations, o.reduced, toggle(|o| &mut o.variations)) }
            { check(lang.text("export-nags"), o.nags, o.reduced, toggle(|o| &mut o.nags)) }
            { check(lang.text("export-reduced"), o.reduced, false, toggle(|o| &mut o.reduced)) }
            { check(lang.text("export-opening-tags"), o.opening_tags, o.reduced, toggle(|o| &mut o.opening_tags)) }
        </div>
    }
}

/// The choice of the games the whole file leaves out: none, those that
/// repeat an earlier one's tags and moves, or its moves (`repeats`).
fn repeats_choice(repeats: &[Rc<Vec<u32>>; 2], leave_out: &UseStateHandle<usize>, lang: Lang) -> Html {
    let onchange = {
        let leave_out = leave_out.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            leave_out.set(select.selected_index().max(0) as usize);
        })
    };
    html! {
        <label class="export-option">{ lang.text("export-file") }{ " " }
            <select class="export-duplicates" {onchange}>
                <option selected={**leave_out == 0}>{ lang.text("export-every-game") }</option>
                <option selected={**leave_out == 1}>
                    { lang.say("export-without-repeated-games", &[("n", &repeats[0].len().to_string())]) }</option>
                <option selected={**leave_out == 2}>
                    { lang.say("export-without-repeated-moves", &[("n", &repeats[1].len().to_string())]) }</option>
            </select>
        </label>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_export_shows_its_first_whole_lines() {
        let short = "1. e4 e5 *\n";
        assert_eq!(shown_part(short), short);
        let line = format!("{}\n", "x".repeat(79));
        let long = line.repeat(2_000);
        let shown = shown_part(&long);
        assert!(shown.len() <= SHOWN_AT_MOST && shown.len() > SHOWN_AT_MOST - 80, "{}", shown.len());
        assert!(shown.ends_with('\n') && long.starts_with(shown));
        // One line of letters of two bytes: cut between letters.
        let wide = "é".repeat(SHOWN_AT_MOST);
        let shown = shown_part(&wide);
        assert!(shown.len() <= SHOWN_AT_MOST && shown.len() >= SHOWN_AT_MOST - 1);
        // Binary bytes read as text: at most so many control characters,
        // in whole lines; the part of a start is the start of the part.
        let noisy = format!("{}\n", "a\u{1}".repeat(39)).repeat(100);
        let shown = shown_part(&noisy);
        let controls = shown.chars().filter(|c| c.is_control() && *c != '\n').count();
        assert!(controls <= CONTROLS_AT_MOST && controls > CONTROLS_AT_MOST - 40, "{controls}");
        assert!(shown.ends_with('\n') && noisy.starts_with(shown));
        assert!(shown.starts_with(shown_part(&noisy[..400])));
        assert_eq!(size_text(Lang::En, 812), "812 bytes");
        assert_eq!(size_text(Lang::En, 64 * 1024), "65.5 KB");
        assert_eq!(size_text(Lang::En, 5_242_894), "5.2 MB");
    }
}
