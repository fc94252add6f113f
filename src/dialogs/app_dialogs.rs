//! The app's dialogs: a comment, the tags, a new game, export. Each is
//! opened by the app and applies its result through the app's edits.

use std::cell::RefCell;
use std::rc::Rc;

use movetext_core::Game;
use movetext_view::game::editing::{EditOp, Edits, FileWriter};
use movetext_view::game::library::LibraryHandle;
use movetext_view::game::model::SharedGame;
use movetext_view::game::url_state::Place;
use yew::prelude::*;

use crate::dialogs::comment_dialog::CommentDialog;
use crate::dialogs::export_panel::ExportPanel;
use crate::dialogs::position_setup::PositionSetup;
use crate::dialogs::tag_editor::TagEditor;
use crate::state::opener::Opener;
use crate::state::page_state::CommentSide;
use crate::state::page_state::Dialog;

/// What the dialogs work on.
pub(crate) struct DialogContext {
    /// The language of the dialogs' words.
    pub lang: crate::i18n::Lang,
    /// The open game as shown.
    pub game: SharedGame,
    /// FEN of the shown position.
    pub fen: String,
    /// The open file.
    pub library: LibraryHandle,
    /// Replaces the open file's handle (after a new game is added).
    pub set_library: UseStateSetter<LibraryHandle>,
    /// The edits of the open file.
    pub edits: Rc<RefCell<Edits>>,
    /// The open game's index.
    pub index: usize,
    /// Applies an edit to the open game.
    pub do_edit: Callback<EditOp>,
    /// Stores the edits.
    pub save: Callback<()>,
    /// Closes the dialog.
    pub close: Callback<()>,
    /// Changes the shown game.
    pub opener: Opener,
    /// Games repeating an earlier one (same tags and moves; same moves),
    /// once the file's duplicates are known.
    pub repeats: Option<[Rc<Vec<u32>>; 2]>,
    /// Shows the games that reach a position (its FEN), once the file's
    /// positions are indexed.
    pub find_position: Option<Callback<String>>,
    /// The shown node.
    pub current: movetext_view::game::model::NodeIx,
    /// Black at the bottom.
    pub flipped: bool,
    /// How moves are written.
    pub notation: movetext_view::text::notation::Notation,
    /// Opens the print dialog.
    pub open_print: Callback<()>,
}

/// The view of an open dialog.
pub(crate) fn dialog_view(dialog: &Dialog, ctx: &DialogContext) -> Html {
    let game = &ctx.game;
    let close = ctx.close.clone();
    match dialog {
        Dialog::Comment(ix, side) => {
            let (ix, side) = (*ix, *side);
            let target = game.node(ix.min(game.nodes.len() - 1));
            let key = target.key;
            let raw: Vec<String> = ctx
                .edits
                .borrow()
                .with_game(&ctx.library.lib.borrow(), ctx.index, |core| match side {
                    CommentSide::After => core.comments_after(key).map(str::to_owned).collect(),
                    CommentSide::Before => core.comments_before(key).map(str::to_owned).collect(),
                })
                .unwrap_or_default();
            // The whole text of each comment (the move list may show the
            // start of a long one only).
            let text: Vec<String> = raw
                .iter()
                .map(|c| movetext_view::text::comment_commands::editable_text(c))
                .filter(|t| !t.is_empty())
                .collect();
            let commands: Vec<String> =
                raw.iter().map(|c| movetext_core::commands::with_text(c, "")).filter(|c| !c.is_empty()).collect();
            let heading = match (ix, side) {
                (0, _) => ctx.lang.text("comment-game").to_owned(),
                (_, CommentSide::After) => ctx.lang.say("comment-after", &[("move", &game.numbered_san(ix))]),
                (_, CommentSide::Before) => ctx.lang.say("comment-before", &[("move", &game.numbered_san(ix))]),
            };
            let on_save = {
                let do_edit = ctx.do_edit.clone();
                let close = close.clone();
                Callback::from(move |text: String| {
                    close.emit(());
                    do_edit.emit(match side {
                        CommentSide::After => EditOp::CommentAfter(key, text),
                        CommentSide::Before => EditOp::CommentBefore(key, text),
                    });
                })
            };
            html! {
                <CommentDialog heading={AttrValue::from(heading)} text={AttrValue::from(text.join(" "))}
                    commands={AttrValue::from(commands.join(" "))} {on_save} on_cancel={close.clone()} />
            }
        }
        // Drawn by the page, which opens documents.
        Dialog::Documents | Dialog::Import => html! {},
        Dialog::Tags => {
            let on_save = {
                let do_edit = ctx.do_edit.clone();
                let close = close.clone();
                Callback::from(move |changes: Vec<(String, Option<String>)>| {
                    close.emit(());
                    if !changes.is_empty() {
                        do_edit.emit(EditOp::Tags(changes));
                    }
                })
            };
            html! { <TagEditor tags={game.tags.clone()} {on_save} on_cancel={close.clone()} /> }
        }
        Dialog::Setup => {
            let on_create = {
                let handle = ctx.library.clone();
                let set_library = ctx.set_library.clone();
                let close = close.clone();
                let edits = ctx.edits.clone();
                let opener = ctx.opener.clone();
                let save = ctx.save.clone();
                Callback::from(move |g: Game| {
                    let new_index = handle.lib.borrow_mut().add_game(g);
                    close.emit(());
                    edits.borrow_mut().unexported = true;
                    opener.open(&handle.lib.borrow(), &edits.borrow(), &Place { game: new_index, ply: None });
                    set_library.set(handle.bumped());
                    save.emit(());
                })
            };
            let on_find = ctx.find_position.clone().map(|find| {
                let close = close.clone();
                Callback::from(move |fen: String| {
                    close.emit(());
                    find.emit(fen);
                })
            });
            html! { <PositionSetup {on_create} on_cancel={close.clone()} {on_find} /> }
        }
        Dialog::Print => html! {
            <crate::dialogs::print_panel::PrintPanel game={game.clone()} current={ctx.current} flipped={ctx.flipped}
                notation={ctx.notation} on_close={close.clone()} />
        },
        Dialog::Image => html! {
            <crate::dialogs::image_panel::ImagePanel game={game.clone()} current={ctx.current} flipped={ctx.flipped}
                on_close={close.clone()} />
        },
        Dialog::Export => {
            let ctx_index = ctx.index;
            let game_now = {
                let edits = ctx.edits.clone();
                let handle = ctx.library.clone();
                Callback::from(move |()| edits.borrow().game(&handle.lib.borrow(), ctx_index))
            };
            let version = (ctx_index, ctx.edits.borrow().version(ctx_index));
            let file_part = {
                let edits = ctx.edits.clone();
                let handle = ctx.library.clone();
                Callback::from(move |(writer, budget): (Rc<RefCell<FileWriter>>, usize)| {
                    writer.borrow_mut().next_part(&edits.borrow(), &handle.lib.borrow(), budget)
                })
            };
            let on_exported = {
                let edits = ctx.edits.clone();
                Callback::from(move |()| edits.borrow_mut().unexported = false)
            };
            let white = game.tag("White").unwrap_or("White");
            let black = game.tag("Black").unwrap_or("Black");
            let game_name = file_safe(&format!("{white} - {black}.pgn"));
            let name = ctx.library.lib.borrow().name.clone();
            let file_name = if name.to_ascii_lowercase().ends_with(".pgn") { name } else { "games.pgn".to_owned() };
            html! {
                <ExportPanel game={game_now} {version} {file_part} fen={AttrValue::from(ctx.fen.clone())}
                    game_name={AttrValue::from(game_name)} file_name={AttrValue::from(file_safe(&file_name))}
                    {on_exported} on_close={close.clone()} repeats={ctx.repeats.clone()}
                    on_print={ctx.open_print.clone()} />
            }
        }
    }
}

pub(crate) use movetext_view::game::library::file_safe;
