//! The viewer page: it puts together the session (the page's state and the
//! work behind it, see [`Session`]), the hooks that open files, order the
//! game list, keep the address and save edits, and the parts that draw:
//! the top bar, notices, dialogs, the board view, the game list, the move
//! list and the diagnostics.

use std::rc::Rc;

use movetext_core::positions::PositionKey;
use movetext_core::rules::AnyPosition;
use movetext_core::shakmaty::uci::UciMove;
use movetext_core::shakmaty::{Move, Position};
use movetext_view::game::editing::{EditOp, Edits};
use movetext_view::game::engine::best_arrow;
use movetext_view::game::game_source;
use movetext_view::game::library::{Library, LibraryHandle, SortBy};
use movetext_view::game::model::{NodeIx, SharedGame, ViewGame};
use movetext_view::game::review::{side_figures, SideFigures};
use movetext_view::game::training::moves_so_far;
use movetext_view::game::url_state::{start_node, Place};
use movetext_view::text::numbers::grouped;
use yew::prelude::*;

use crate::components::analysis_panel::AnalysisPanel;
use crate::components::board_view::{BoardView, EngineView};
use crate::components::clock_graph::ClockGraph;
use crate::components::diagnostics_panel::DiagnosticsPanel;
use crate::components::eval_graph::EvalGraph;
use crate::components::explorer_panel::ExplorerPanel;
use crate::components::game_header::GameHeader;
use crate::components::game_list::GameList;
use crate::components::move_book::MoveBook;
use crate::components::move_list::MoveList;
use crate::components::opening_name::OpeningName;
use crate::components::repertoire_panel::RepertoirePanel;
use crate::components::review_panel::ReviewPanel;
use crate::components::summary_panel::SummaryPanel;
use crate::components::training_panel::TrainingPanel;
use crate::dialogs::app_dialogs::DialogContext;
use crate::dialogs::dialogs_part;
use crate::dialogs::documents_dialog::DocumentsDialog;
use crate::dialogs::edit_menu::EditMenu;
use crate::i18n::Lang;
use crate::page::analysis::{use_analysis, AnalysisHandle};
use crate::page::database::{use_database, DatabaseHandle, Question};
use crate::page::edit_actions::{use_edit_actions, EditActions};
use crate::page::file_input::Loaded;
use crate::page::file_input::{hash_pgn, url_parameter};
use crate::page::guess_cost::{use_answer_cost, use_guess_cost};
use crate::page::hash_sync::{current_place, has_hash, use_hash_sync};
use crate::page::import::{import_dialog, use_importer, ImportHandle};
use crate::page::language;
use crate::page::list_memory::use_list_memory;
use crate::page::list_order::use_list_order;
use crate::page::loading::{
    use_loader, use_open_at_start, use_open_document, use_open_pending, use_restore_saved, LoadRequest,
};
use crate::page::notices::{Notices, PastePanel};
use crate::page::page_listeners::use_page_listeners;
use crate::page::repertoire::{use_repertoire, RepertoireHandle};
use crate::page::review::{use_review, ReviewHandle};
use crate::page::session::{Jobs, Session};
use crate::page::tab_sync::use_tab_sync;
use crate::page::top_bar::TopBar;
use crate::state::database::Sameness;
use crate::state::notation_choice;
use crate::state::opener::use_opener;
use crate::state::page_state::CommentSide;
use crate::state::page_state::{Dialog, PageAction, PageState, Subset};
use crate::state::training_hook::{use_training, TrainingHandle};
use crate::state::viewer::{use_viewer_callbacks, Viewer, ViewerCallbacks};

/// The built-in sample game the viewer opens on.
pub const SAMPLE_PGN: &str = include_str!("../../static/sample.pgn");
/// The name the sample is shown under.
pub const SAMPLE_NAME: &str = "sample.pgn";

/// The viewer at start: the sample, at the place the address names (unless
/// `?url=` opens another file).
fn viewer_at_start(handle: &LibraryHandle) -> Viewer {
    // The place of a file named by `?url=` or a game the address carries
    // is theirs, not the sample's.
    let place = if url_parameter().is_none() && hash_pgn().is_none() { current_place() } else { Place::default() };
    let lib = handle.lib.borrow();
    let index = place.game.min(lib.len().saturating_sub(1));
    match lib.game(index) {
        Some(game) => {
            let view = ViewGame::build(&game);
            let at = start_node(&view, place.ply.as_deref());
            Viewer::opened(SharedGame(Rc::new(view)), index, at)
        }
        None => Viewer::new(game_source::open_first_game(SAMPLE_PGN.as_bytes())),
    }
}

/// The whole page.
#[function_component(App)]
pub fn app() -> Html {
    let (session, lang, on_lang) = use_session();
    let work = use_page_work(&session);
    let panels = use_panels(&session, &work.actions, lang);
    let part_done = dialogs_part::use_dialogs_part();
    let page = &session.page;
    let lib = session.library.lib.borrow();
    html! {
        <ContextProvider<Lang> context={lang}>
        <ContextProvider<Session> context={session.clone()}>
        <div class={classes!("page", page.dragging.then_some("dragging"))}
            aria-busy={(session.jobs.pending.borrow().is_some() || session.opener.busy()).then_some("true")}>
            <TopBar load={work.load.clone()} {on_lang} />
            <Notices load={work.load.clone()} restore_saved={work.restore_saved.clone()} />
            { dialog_html(&session, &work, &panels, lang, &part_done) }
            <PastePanel load={work.load.clone()} />
            { indexing_bar(&lib, lang) }
            <main class="viewer">
                { menu_html(&session, &work.actions) }
                { board_column(&session, &work.actions, &panels, lib.is_indexed(), lang) }
                { side_column(&session, &work, &panels, lang) }
            </main>
            <div class="drop-overlay" aria-hidden="true"><p>{ lang.text("drop-files") }</p></div>
        </div>
        </ContextProvider<Session>>
        </ContextProvider<Lang>>
    }
}

/// The page's session (its state, the open file, the viewer, the edits and
/// the work under way), the language of its words and the callback that
/// chooses another.
#[hook]
fn use_session() -> (Session, Lang, Callback<Lang>) {
    let library = use_state(|| LibraryHandle::new(Library::indexed(SAMPLE_NAME, SAMPLE_PGN.as_bytes().to_vec())));
    let viewer = use_reducer({
        let handle = (*library).clone();
        move || viewer_at_start(&handle)
    });
    let opener = use_opener(viewer.dispatcher());
    let page = use_reducer(|| PageState::new(notation_choice::remembered()));
    let edits = use_mut_ref(Edits::new);
    let jobs = {
        let handle = (*library).clone();
        use_memo((), move |_| Jobs::new((current_place(), has_hash()), handle))
    };
    *jobs.latest.borrow_mut() = (*library).clone();
    jobs.shown.set(viewer.game_index);
    let lang_state = use_state(|| {
        let lang = language::chosen();
        language::apply(lang);
        lang
    });
    let lang = *lang_state;
    jobs.lang.set(lang);
    let session = Session { page, library, viewer, opener, edits, jobs };
    let on_lang = Callback::from(move |l: Lang| lang_state.set(l));
    (session, lang, on_lang)
}

/// What the page's own work gives the parts it draws.
struct PageWork {
    /// Opens a file.
    load: Callback<LoadRequest>,
    /// Brings back the document kept in this browser that this tab showed,
    /// or else the one used last.
    restore_saved: Callback<(Place, bool, bool)>,
    /// Opens a document kept in this browser, by its id.
    open_document: Callback<String>,
    /// The editing callbacks of the shown game.
    actions: EditActions,
    /// Shows a move.
    on_select: Callback<NodeIx>,
    /// Imports games from lichess or chess.com.
    importer: ImportHandle,
}

/// The page's work: opening files (at start, from the address, from the
/// store), the game list's order, the other tabs, the address, the page's
/// listeners and the editing callbacks.
#[hook]
fn use_page_work(session: &Session) -> PageWork {
    let load = use_loader(session);
    use_list_order(session);
    use_list_memory(session);
    use_open_pending(session);
    let restore_saved = use_restore_saved(session, &load);
    use_open_at_start(session, &load, &restore_saved);
    let open_document = use_open_document(session, &load);
    let importer = use_importer(session, &load);
    use_tab_sync(session);
    use_effect_with((), |_| crate::page::script_api::install());
    use_hash_sync(session);
    use_page_listeners(session, &load);
    crate::page::app_update::use_update_notice(session);
    let actions = use_edit_actions(session);
    let ViewerCallbacks { on_select, .. } = use_viewer_callbacks(session.viewer.dispatcher());
    PageWork { load, restore_saved, open_document, actions, on_select, importer }
}

/// What the panels around the board show.
struct Panels {
    /// The shown position's FEN, written once a drawing.
    fen: String,
    /// The analysis engine.
    analysis: AnalysisHandle,
    /// The engine's view of the shown position, while analysis is on.
    engine: Option<EngineView>,
    /// The review of the shown game.
    review: ReviewHandle,
    /// White's and Black's figures, when the main line has evaluations.
    figures: Option<[SideFigures; 2]>,
    /// The file's database (explorer, searches, summary).
    db: DatabaseHandle,
    /// Training on the shown game.
    training: TrainingHandle,
    /// The move list in the book layout.
    book: UseStateHandle<bool>,
    /// What the engine says of a guess while training.
    guess_note: Option<AttrValue>,
    /// Repertoire training.
    repertoire: RepertoireHandle,
    /// What the engine says of a wrong answer while drilling a repertoire.
    answer_note: Option<AttrValue>,
}

/// The analysis, the review, the database, training and the move list's
/// layout, for the position shown; the keyboard shortcuts' targets follow
/// analysis and training, and the explorer the shown position.
#[hook]
fn use_panels(session: &Session, actions: &EditActions, lang: Lang) -> Panels {
    let viewer = &session.viewer;
    let game = viewer.game.clone();
    let current = viewer.current;
    let fen = game.node(current).fen();
    let analysis = use_analysis(&fen, movetext_core::rules::standard_of(&game.node(current).pos).is_some());
    if let Some(keys) = session.jobs.key_context.borrow_mut().as_mut() {
        keys.analysis = analysis.toggle.clone();
    }
    // The engine's view of the shown position only: none while its lines
    // are still of the position shown before.
    let engine = analysis.on.then(|| {
        let a = analysis.analysis.fen == fen;
        EngineView {
            eval: if a { analysis.analysis.eval() } else { None },
            best: if a { best_arrow(&analysis.analysis) } else { None },
        }
    });
    let review = use_review(viewer.game_index, &game, &actions.edit, lang);
    let figures = game.has_eval.then(|| {
        let line = game.main_line();
        let moves: Vec<_> = line[1..]
            .iter()
            .map(|&ix| {
                let n = game.node(ix);
                (n.by_white, n.nags.clone(), n.eval)
            })
            .collect();
        side_figures(game.node(0).eval, &moves)
    });
    let db = use_database(session);
    let training = use_training(&session.viewer);
    let book = use_state(book_layout_chosen);
    let guess_note = use_guess_cost(analysis.on, &game, current, training.state.as_ref(), lang);
    let repertoire = use_repertoire(session, lang);
    let answer_note = use_answer_cost(analysis.on, repertoire.wrong_answer(), lang);
    if let Some(keys) = session.jobs.key_context.borrow_mut().as_mut() {
        keys.training = training.state.is_some() || repertoire.drilling();
    }
    {
        // The explorer follows the shown position.
        let ask = db.ask.clone();
        let done = db.pool.borrow().progress().done() && db.pool.borrow().progress().workers > 0;
        // A variant's position is keyed apart from standard chess's.
        let pos = &game.node(current).pos;
        let key = movetext_core::rules::standard_of(pos).is_none().then(|| PositionKey::of_any(pos));
        use_effect_with(
            // The pool is the page's for good; a new file is a new total.
            (fen.clone(), key, done, db.pool.borrow().progress().total),
            move |(fen, key, done, _)| {
                if *done {
                    ask.emit(Question::Tree(fen.clone(), *key));
                }
            },
        );
    }
    Panels { fen, analysis, engine, review, figures, db, training, book, guess_note, repertoire, answer_note }
}

/// The dialog open, if one is (`part_done`: what the dialogs' part calls
/// once it has come, see [`dialogs_part`]).
fn dialog_html(session: &Session, work: &PageWork, panels: &Panels, lang: Lang, part_done: &Callback<()>) -> Html {
    let (viewer, page, db) = (&session.viewer, &session.page, &panels.db);
    let dialog = match &page.dialog {
        None => return html! {},
        Some(Dialog::Documents) => return documents_dialog(session, &work.open_document, &work.load),
        Some(Dialog::Import) => return import_dialog(session, &work.importer),
        Some(d) => d,
    };
    let close = {
        let page = page.dispatcher();
        Callback::from(move |()| page.dispatch(PageAction::Dialog(None)))
    };
    let Some(view) = dialogs_part::view() else {
        let part_done = part_done.clone();
        return dialogs_part::waiting_view(
            lang,
            Callback::from(move |()| dialogs_part::load(part_done.clone())),
            close,
        );
    };
    view(
        dialog,
        &DialogContext {
            lang,
            game: viewer.game.clone(),
            fen: panels.fen.clone(),
            library: (*session.library).clone(),
            set_library: session.library.setter(),
            edits: session.edits.clone(),
            index: viewer.game_index,
            do_edit: work.actions.edit.clone(),
            save: work.actions.save.clone(),
            close,
            opener: session.opener.clone(),
            repeats: db.pool.borrow().duplicates.as_ref().map(|d| [d[1].later.clone(), d[0].later.clone()]),
            find_position: db.pool.borrow().progress().done().then(|| find_fen(db, session, lang, None)),
            current: viewer.current,
            flipped: viewer.flipped,
            notation: page.notation,
            open_print: {
                let page = page.dispatcher();
                Callback::from(move |()| page.dispatch(PageAction::Dialog(Some(Dialog::Print))))
            },
        },
    )
}

/// The move menu, if it is open at a move of the shown game.
fn menu_html(session: &Session, actions: &EditActions) -> Html {
    let (page, game) = (&session.page, &session.viewer.game);
    match page.menu {
        Some((ix, at)) if ix < game.nodes.len() => {
            let close = {
                let page = page.dispatcher();
                Callback::from(move |()| page.dispatch(PageAction::Menu(None)))
            };
            html! { <EditMenu game={game.clone()} node={ix} {at} on_op={actions.edit.clone()} on_comment={actions.comment.clone()} on_close={close} /> }
        }
        _ => html! {},
    }
}

/// The board with its players, controls and panels: editing, analysis,
/// training, the review and the explorer (`indexed`: the whole file is).
fn board_column(session: &Session, actions: &EditActions, panels: &Panels, indexed: bool, lang: Lang) -> Html {
    let (viewer, page, training) = (&session.viewer, &session.page, &panels.training);
    let (game, current, fen) = (viewer.game.clone(), viewer.current, &panels.fen);
    let current_key = game.node(current).key;
    let training_on = training.state.is_some();
    let on_move = {
        let edit = actions.edit.clone();
        Callback::from(move |mv| edit.emit(EditOp::Play(current_key, mv)))
    };
    let on_draw = {
        let edit = actions.edit.clone();
        Callback::from(move |(from, to, color)| {
            edit.emit(if from == to {
                EditOp::Mark(current_key, from, color)
            } else {
                EditOp::Arrow(current_key, from, to, color)
            })
        })
    };
    let on_line = {
        let (edit, pos) = (actions.edit.clone(), game.node(current).pos.clone());
        Callback::from(move |pv: Vec<String>| edit.emit(EditOp::PlayLine(current_key, line_moves(&pos, &pv))))
    };
    let (analysis, review, rep) = (&panels.analysis, &panels.review, &panels.repertoire);
    // While drilling a repertoire, the board shows the drill's line (without
    // the engine's view of the shown game) and a move made on it is an answer.
    let drill_board = rep.board.clone().filter(|_| rep.drilling());
    let (board_game, board_current, board_fen, flipped, on_move, on_draw) = match drill_board {
        Some((g, at)) => {
            let f = g.node(at).fen();
            (g, at, f, rep.view.side.is_black(), rep.actions.answer.clone(), None)
        }
        None => {
            let on_move = if training_on { training.guess.clone() } else { on_move };
            (game.clone(), current, fen.clone(), viewer.flipped, on_move, Some(on_draw))
        }
    };
    let drilling = rep.drilling();
    html! {
        <BoardView class="board-col" label={lang.text("board-region")} game={board_game} current={board_current} fen={AttrValue::from(board_fen)} {flipped}
            playing={viewer.playing} delay={viewer.delay} pace={viewer.pace} viewer={viewer.dispatcher()}
            players=true clocks=true controls={!training_on && !drilling} wheel={!training_on && !drilling}
            on_move={Some(on_move)} {on_draw} engine={if drilling { None } else { panels.engine }}>
            // While drilling, the shown game is behind the drill: no edits
            // of it, and no engine lines of its position to give answers away.
            if !drilling {
                { edit_bar(session, actions, indexed, lang) }
                <AnalysisPanel on={analysis.on} on_toggle={analysis.toggle.clone()} analysis={analysis.analysis.clone()}
                    fen={AttrValue::from(fen.clone())} notation={page.notation} engine={analysis.engine} {on_line} />
            }
            <TrainingPanel state={training.state.clone()} on_start={training.start.clone()} on_stop={training.stop.clone()}
                on_hint={training.hint.clone()} on_reveal={training.reveal.clone()} engine_note={panels.guess_note.clone()} />
            <RepertoirePanel view={rep.view.clone()} actions={rep.actions.clone()} engine_note={panels.answer_note.clone()} />
            <ReviewPanel progress={review.progress} on_start={review.start.clone()} on_cancel={review.cancel.clone()}
                message={review.message.clone()} figures={panels.figures} />
            { explorer_view(session, &panels.db, fen, actions, current_key, &game, current) }
        </BoardView>
    }
}

/// The moves of a line in UCI from `pos`, up to the first that is not legal.
fn line_moves(pos: &AnyPosition, pv: &[String]) -> Vec<Move> {
    let mut p = pos.clone();
    let mut moves = Vec::new();
    for uci in pv {
        let Some(m) = uci.parse::<UciMove>().ok().and_then(|u| u.to_move(&p).ok()) else { break };
        p.play_unchecked(m);
        moves.push(m);
    }
    moves
}

/// The game list (for a file of several games), the game's header and
/// opening, its graphs and moves (or the moves so far while training), and
/// the reader's diagnostics.
fn side_column(session: &Session, work: &PageWork, panels: &Panels, lang: Lang) -> Html {
    let (viewer, page) = (&session.viewer, &session.page);
    let (game, current, on_select) = (viewer.game.clone(), viewer.current, work.on_select.clone());
    let lib = session.library.lib.borrow();
    let many = lib.len() > 1 || !lib.is_indexed();
    let file_of_game = lib.file_of(viewer.game_index);
    let book = &panels.book;
    html! {
        <section class="side-col" aria-label={lang.text("game-region")}>
            if many {
                { game_list(session) }
            }
            <GameHeader game={game.clone()} />
            <OpeningName game={game.clone()} {current} />
            if let Some(d) = panels.repertoire.view.drill.as_ref().filter(|_| panels.repertoire.drilling()) {
                <p class="training-moves repertoire-moves" aria-label={lang.text("moves-so-far")}>{ d.numbered() }</p>
            } else if panels.training.state.is_some() {
                <p class="training-moves" aria-label={lang.text("moves-so-far")}>{ moves_so_far(&game, current) }</p>
            } else {
                <EvalGraph game={game.clone()} {current} on_select={on_select.clone()} />
                <ClockGraph game={game.clone()} {current} on_select={on_select.clone()} />
                { layout_switch(book, lang) }
                if **book {
                    <MoveBook game={game.clone()} {current} {on_select} notation={page.notation} />
                } else {
                    <MoveList game={game.clone()} {current} {on_select} notation={page.notation} on_context={Some(work.actions.context.clone())} />
                }
            }
            <DiagnosticsPanel game={game.clone()} file={AttrValue::from(file_of_game.0)} line_offset={file_of_game.1} />
        </section>
    }
}

/// The list of the file's games.
fn game_list(session: &Session) -> Html {
    let (viewer, page) = (&session.viewer, &session.page);
    let on_game = {
        let session = session.clone();
        Callback::from(move |index: usize| {
            // From the games of a position, a game opens where it reaches it.
            let ply = session.page.subset.as_ref().and_then(|s| s.ply_of(index)).map(|p| p.to_string());
            session.opener.open(&session.library.lib.borrow(), &session.edits.borrow(), &Place { game: index, ply });
        })
    };
    let on_filter = {
        let page = page.dispatcher();
        Callback::from(move |text: String| page.dispatch(PageAction::Filter(text)))
    };
    let on_sort = {
        let page = page.dispatcher();
        Callback::from(move |by: SortBy| page.dispatch(PageAction::Sort(by)))
    };
    let on_clear_subset = {
        let page = page.dispatcher();
        Callback::from(move |()| page.dispatch(PageAction::Subset(None)))
    };
    let edited = Rc::new(session.edits.borrow().edited());
    html! {
        <GameList library={(*session.library).clone()} order={page.order.clone()} selected={viewer.game_index}
            on_select={on_game} filter={AttrValue::from(page.filter.clone())} {on_filter}
            sort={page.sort} {on_sort} {edited} busy={page.sorting}
            subset={page.subset.as_ref().map(|s| AttrValue::from(format!("{} {}", grouped(s.games.len() as u64), s.label)))}
            {on_clear_subset} />
    }
}

/// The documents kept in this browser: one opens; deleting the open one
/// shows the sample.
fn documents_dialog(session: &Session, open_document: &Callback<String>, load: &Callback<LoadRequest>) -> Html {
    let on_close = {
        let page = session.page.dispatcher();
        Callback::from(move |()| page.dispatch(PageAction::Dialog(None)))
    };
    let on_deleted_open = {
        let load = load.clone();
        Callback::from(move |()| {
            let sample = Loaded::text(SAMPLE_NAME, SAMPLE_PGN.to_owned(), "sample");
            load.emit((sample, Place::default(), None));
        })
    };
    let current = AttrValue::from(session.jobs.doc.borrow().id.clone());
    html! { <DocumentsDialog {current} on_open={open_document.clone()} {on_deleted_open} {on_close} /> }
}

/// The explorer and the file's summary, for a file of several games.
fn explorer_view(
    session: &Session,
    db: &crate::page::database::DatabaseHandle,
    fen: &str,
    actions: &EditActions,
    current_key: movetext_core::NodeId,
    game: &SharedGame,
    current: usize,
) -> Html {
    let lang = session.lang();
    let pool = db.pool.borrow();
    let progress = pool.progress();
    if progress.workers == 0 && progress.failed.is_none() {
        return html! {};
    }
    let on_play = {
        let edit = actions.edit.clone();
        Callback::from(move |mv| edit.emit(EditOp::Play(current_key, mv)))
    };
    let node = game.node(current);
    let shown = if node.mv.is_some() {
        let mv = format!("{}{} {}", node.number, if node.by_white { "." } else { "..." }, node.san);
        lang.say("games-reaching-move", &[("move", &mv)])
    } else {
        lang.text("games-reaching-start").to_owned()
    };
    // A variant's position is keyed apart from standard chess's.
    let variant = movetext_core::rules::standard_of(&node.pos).is_none().then(|| node.pos.clone());
    let on_games = {
        let (ask, fen) = (db.ask.clone(), fen.to_owned());
        let key = variant.as_ref().map(PositionKey::of_any);
        Callback::from(move |()| ask.emit(Question::Search(fen.clone(), shown.clone(), key)))
    };
    let on_fen = find_fen(db, session, lang, variant.as_ref());
    let on_summary = {
        let ask = db.ask.clone();
        Callback::from(move |()| ask.emit(Question::Summary))
    };
    let summary = pool.summary.clone().map(|summary| {
        let on_close = {
            let pool = db.pool.clone();
            let redraw = db.ask.clone();
            Callback::from(move |()| {
                pool.borrow_mut().summary = None;
                // Asking nothing new: a question of no kind draws the page again.
                redraw.emit(Question::Redraw);
            })
        };
        let on_duplicates = {
            let (pool, page) = (db.pool.clone(), session.page.dispatcher());
            Callback::from(move |same: Sameness| {
                let Some(d) = pool.borrow().duplicates.clone() else { return };
                let (d, what) = match same {
                    Sameness::Moves => (&d[0], "duplicates-moves"),
                    Sameness::TagsAndMoves => (&d[1], "duplicates-tags-moves"),
                };
                let label = lang.say(what, &[("groups", &grouped(d.groups as u64))]);
                page.dispatch(PageAction::Subset(Some(Subset { label, games: d.games.clone(), plies: None })));
            })
        };
        html! { <SummaryPanel {summary} duplicates={pool.duplicates.clone()} {on_duplicates} {on_close} /> }
    });
    html! {
        <>
            <ExplorerPanel progress={db.progress.clone()} explored={pool.explored.clone()} fen={AttrValue::from(fen.to_owned())}
                notation={session.page.notation} searching={pool.searching} {variant} {on_play} {on_games} {on_fen} {on_summary} />
            { summary.unwrap_or_default() }
        </>
    }
}

/// Shows the games that reach a position given as FEN (or says why it is
/// not one).
/// A FEN is read by the rules of the shown game (`variant`: its position
/// when it is a variant's), so that a variant's FEN finds that variant's
/// games.
fn find_fen(
    db: &crate::page::database::DatabaseHandle,
    session: &Session,
    lang: Lang,
    variant: Option<&AnyPosition>,
) -> Callback<String> {
    let (ask, report) = (db.ask.clone(), session.reporter());
    let rules = variant.map(|pos| pos.variant());
    Callback::from(move |fen: String| {
        let key = match rules {
            Some(rules) => variant_key(&fen, rules).map(Some),
            None => fen.parse::<PositionKey>().map(|_| None).map_err(|e| e.to_string()),
        };
        match key {
            Ok(key) => ask.emit(Question::Search(fen.clone(), lang.say("games-reaching-fen", &[("fen", &fen)]), key)),
            Err(e) => report.emit(lang.say("not-a-position", &[("reason", &e)])),
        }
    })
}

/// The key of `fen` read as a position of `rules` (pockets and checks
/// too), or what is wrong with it.
fn variant_key(fen: &str, rules: movetext_core::shakmaty::variant::Variant) -> Result<PositionKey, String> {
    use movetext_core::shakmaty::{fen::Fen, variant::VariantPosition, CastlingMode};
    let fen = fen.trim().parse::<Fen>().map_err(|e| e.to_string())?;
    let pos =
        VariantPosition::from_setup(rules, fen.into_setup(), CastlingMode::Chess960).map_err(|e| e.to_string())?;
    Ok(PositionKey::of_any(&pos))
}

/// Where the choice of the move list's layout is kept.
const LAYOUT_KEY: &str = "movetext-move-layout";

/// Whether the book layout was chosen last time.
fn book_layout_chosen() -> bool {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .and_then(|s| s.get_item(LAYOUT_KEY).ok().flatten())
        .is_some_and(|v| v == "book")
}

/// The two buttons that choose the move list's layout (the choice is kept).
fn layout_switch(book: &UseStateHandle<bool>, lang: Lang) -> Html {
    let choose = |on: bool| {
        let book = book.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(s) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
                let _ = s.set_item(LAYOUT_KEY, if on { "book" } else { "table" });
            }
            book.set(on);
        })
    };
    html! {
        <div class="moves-layout" role="group" aria-label={lang.text("layout")}>
            <button type="button" class="btn layout-table" aria-pressed={(!**book).to_string()} onclick={choose(false)}>{ lang.text("layout-table") }</button>
            <button type="button" class="btn layout-book" aria-pressed={(**book).to_string()} onclick={choose(true)}>{ lang.text("layout-book") }</button>
        </div>
    }
}

/// The progress of reading a file that is still being indexed.
fn indexing_bar(lib: &Library, lang: Lang) -> Html {
    if lib.is_indexed() {
        return html! {};
    }
    let percent = lib.progress() * 100.0;
    html! {
        <div class="indexing" role="progressbar" aria-label={lang.text("indexing")}
            aria-valuemin="0" aria-valuemax="100" aria-valuenow={(percent as u32).to_string()}>
            <div class="indexing-bar" style={format!("width:{percent:.1}%")}></div>
            <span class="indexing-text">{ lang.say("indexing-progress", &[("file", &lib.name), ("percent", &format!("{percent:.0}")), ("games", &lib.len().to_string())]) }</span>
        </div>
    }
}

/// The editing buttons under the board.
fn edit_bar(session: &Session, actions: &EditActions, indexed: bool, lang: Lang) -> Html {
    let call = |cb: &Callback<()>| {
        let cb = cb.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let open = |d: Dialog| {
        let page = session.page.dispatcher();
        Callback::from(move |_: MouseEvent| page.dispatch(PageAction::Dialog(Some(d.clone()))))
    };
    let current = session.viewer.current;
    html! {
        <div class="edit-bar" role="toolbar" aria-label={lang.text("edit-bar")}>
            <button type="button" class="btn" onclick={call(&actions.undo)} disabled={!actions.can_undo}
                title={lang.text("undo-title")} aria-keyshortcuts="Control+Z">{ lang.text("undo") }</button>
            <button type="button" class="btn" onclick={call(&actions.redo)} disabled={!actions.can_redo}
                title={lang.text("redo-title")} aria-keyshortcuts="Control+Y">{ lang.text("redo") }</button>
            <button type="button" class="btn" onclick={open(Dialog::Comment(current, CommentSide::After))}
                title={lang.text("comment-title")}>{ lang.text("comment") }</button>
            <button type="button" class="btn" onclick={open(Dialog::Tags)} title={lang.text("tags-title")}>{ lang.text("tags") }</button>
            <button type="button" class="btn" onclick={open(Dialog::Setup)} disabled={!indexed}
                title={lang.text("new-game-title")}>{ lang.text("new-game") }</button>
            <button type="button" class="btn" onclick={open(Dialog::Image)}
                title={lang.text("image-title")}>{ lang.text("image") }</button>
            <button type="button" class="btn btn-primary" onclick={open(Dialog::Export)}
                title={lang.text("export-title")}>{ lang.text("export") }</button>
        </div>
    }
}
