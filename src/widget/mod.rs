//! The embeddable widget: one game on a board with its players, clocks,
//! moves and controls, configured by options, driven from JavaScript
//! through [`WidgetPort`], and telling the page when the move changes. Its
//! options and their defaults are in [`config`].

use std::rc::Rc;

use wasm_bindgen::JsValue;
use yew::prelude::*;

use crate::components::board_view::BoardView;
use crate::components::move_list::MoveList;
use crate::components::training_panel::TrainingPanel;
use crate::state::editing::EditOp;
use crate::state::keys::key_event_action;
use crate::state::model::ViewGame;
use crate::state::opener::{use_opener, At};
use crate::state::same::Same;
use crate::state::training_hook::{moves_so_far, use_training};
use crate::state::url_state::{path_of, Place};
use crate::state::viewer::Nav;
use crate::state::viewer::{use_viewer_callbacks, ViewerCallbacks};
use crate::state::viewer::{Action, Viewer};
use menu::WidgetMenu;

pub use movetext_view::widget_config as config;
pub mod menu;
pub mod port;
pub use config::{MovesPlace, WidgetOptions};
pub use port::{Command, PortInner, WidgetPort};

/// The widget's properties.
#[derive(Properties, PartialEq, Clone)]
pub struct WidgetProps {
    /// Options.
    pub options: WidgetOptions,
    /// The link to the page.
    pub port: WidgetPort,
    /// Called with `{ ply, path, fen, san }` when the shown move changes.
    #[prop_or_default]
    pub on_move: Option<js_sys::Function>,
    /// Called after each drawing with the number of the last page request
    /// drawn ([`WidgetPort::drawn`]).
    #[prop_or_default]
    pub on_drawn: Option<js_sys::Function>,
}

/// The widget.
#[function_component(Widget)]
pub fn widget(props: &WidgetProps) -> Html {
    let opts = &props.options;
    let lang = opts.lang;
    let port = props.port.clone();
    // The file, its edits and the game are the port's (`setPgn` replaces
    // them there and asks for a drawing).
    let redraw = use_force_update();
    let (library, edits, index) = port.source();
    // The game is opened by the effect below, right after the first drawing.
    let viewer = use_reducer(|| Viewer::new(ViewGame::build(&movetext_core::Game::default())));
    let opener = use_opener(viewer.dispatcher());
    // The game shown before an opening, to see when the new one is shown.
    let shown_before = use_mut_ref(|| None::<usize>);
    // A new PGN: open its game afresh.
    {
        let opener = opener.clone();
        let ply = opts.ply.clone();
        let port = port.clone();
        let shown_before = shown_before.clone();
        let shown = Rc::as_ptr(&viewer.game.0) as usize;
        let edits = edits.clone();
        let redraw = redraw.clone();
        use_effect_with(Same(library.clone()), move |library| {
            let library = &library.0;
            *shown_before.borrow_mut() = Some(shown);
            port.0.borrow_mut().opening = true;
            // In a task of its own, after the first drawing; the reading
            // counts as part of the first slice of the opening.
            let (library, opener) = (library.clone(), opener.clone());
            wasm_bindgen_futures::spawn_local(async move {
                gloo_timers::future::TimeoutFuture::new(0).await;
                if library.is_empty() {
                    // Nothing to open: the empty board is what is shown.
                    port.0.borrow_mut().opening = false;
                    redraw.force_update();
                } else {
                    opener.open(&library, &edits.borrow(), &Place { game: index, ply });
                }
            });
        });
    }
    let game = viewer.game.clone();
    let current = viewer.current.min(game.nodes.len().saturating_sub(1));
    let node = game.node(current);
    // The shown position's FEN, written once a drawing.
    let fen = node.fen();
    let flipped = match opts.orientation {
        Some(c) => c.is_black(),
        None => game.tag("Orientation").is_some_and(|o| o.trim().eq_ignore_ascii_case("black")),
    } != viewer.flipped;

    // Commands from the page.
    {
        let dispatcher = viewer.dispatcher();
        let inbox = Callback::from(move |command: Command| match command {
            Command::Flip => dispatcher.dispatch(Action::Nav(Nav::Flip)),
            Command::SetPgn => redraw.force_update(),
            Command::GoTo(node) => dispatcher.dispatch(Action::Goto(node)),
        });
        port.0.borrow_mut().inbox = Some(inbox);
    }
    // What the page reads, once the game opened is shown; a `goTo` made
    // while it opened is carried out now.
    let pending_goto = {
        let mut p = port.0.borrow_mut();
        let arrived = shown_before.borrow().is_some_and(|before| before != Rc::as_ptr(&game.0) as usize);
        if arrived {
            *shown_before.borrow_mut() = None;
            p.opening = false;
        }
        if p.opening {
            None
        } else {
            p.game = Some(game.clone());
            match p.pending_goto.take() {
                Some(node) => Some(node),
                None => {
                    p.current = current;
                    p.drawn = p.requested;
                    None
                }
            }
        }
    };
    {
        let dispatcher = viewer.dispatcher();
        let on_drawn = props.on_drawn.clone();
        let drawn = port.drawn();
        use_effect(move || {
            if let Some(node) = pending_goto {
                dispatcher.dispatch(Action::Goto(node));
            } else if let Some(f) = on_drawn {
                let _ = f.call1(&JsValue::NULL, &JsValue::from(drawn as f64));
            }
        });
    }
    // The move-change event.
    {
        let on_move = props.on_move.clone();
        let game = game.clone();
        use_effect_with((game.clone(), current), move |_| {
            if let Some(f) = on_move {
                let detail = js_sys::Object::new();
                let n = game.node(current);
                let mut ply = 0;
                let mut at = current;
                while let Some(p) = game.node(at).parent {
                    ply += 1;
                    at = p;
                }
                let _ = js_sys::Reflect::set(&detail, &"ply".into(), &JsValue::from(ply));
                let _ = js_sys::Reflect::set(&detail, &"path".into(), &path_of(&game, current).into());
                let _ = js_sys::Reflect::set(&detail, &"fen".into(), &n.fen().into());
                let _ = js_sys::Reflect::set(&detail, &"san".into(), &n.san.clone().into());
                let _ = f.call1(&JsValue::NULL, &detail);
            }
        });
    }

    let training = use_training(&viewer);
    let training_on = training.state.is_some();
    // Keys act only while the widget has focus (not those that show moves
    // to come, while training).
    let onkeydown = {
        let dispatcher = viewer.dispatcher();
        let keyboard = opts.keyboard;
        Callback::from(move |e: KeyboardEvent| {
            if !keyboard {
                return;
            }
            if let Some(action) = key_event_action(&e) {
                e.prevent_default();
                e.stop_propagation();
                let ahead =
                    matches!(action, Action::Nav(Nav::Next | Nav::Last) | Action::TogglePlay | Action::Sibling(_));
                if !(ahead && training_on) {
                    dispatcher.dispatch(action);
                }
            }
        })
    };
    // Moves on the board (editable widgets).
    let on_move = opts.editable.then(|| {
        let edits = edits.clone();
        let library = library.clone();
        let opener = opener.clone();
        let key = node.key;
        Callback::from(move |mv| {
            let result = edits.borrow_mut().apply(&library, index, EditOp::Play(key, mv));
            if let (Ok(k), Some(g)) = (result, edits.borrow().game(&library, index)) {
                opener.open_game(g, index, At::Key(k));
            }
        })
    });
    let on_move = if training_on { Some(training.guess.clone()) } else { on_move };
    let ViewerCallbacks { on_select, .. } = use_viewer_callbacks(viewer.dispatcher());

    // The game picker, when the source holds several games.
    let picker = (library.len() > 1).then(|| {
        let onchange = {
            let (port, opener, library, edits) = (port.clone(), opener.clone(), library.clone(), edits.clone());
            Callback::from(move |e: Event| {
                let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
                let i = select.selected_index().max(0) as usize;
                port.choose_game(i);
                let game = edits.borrow().game(&library, i);
                if let Some(g) = game {
                    opener.open_game(g, i, At::Ply(None));
                }
            })
        };
        html! {
            <select class="mt-picker" aria-label={lang.text("picker")} {onchange}>
                { for (0..library.len()).map(|i| {
                    let r = library.row(i);
                    let round = library.game_tag(i, "Round").filter(|v| !v.is_empty() && v != "?");
                    let label = format!("{}. {} – {}{}{}", i + 1, r.white, r.black,
                        if r.result.is_empty() { String::new() } else { format!(", {}", r.result) },
                        round.map(|r| format!(" (round {r})")).unwrap_or_default());
                    html! { <option selected={i == index}>{ label }</option> }
                }) }
            </select>
        }
    });
    let menu = opts.menu.then(|| {
        let pgn = {
            let port = port.clone();
            Callback::from(move |()| port.pgn())
        };
        let on_flip = {
            let dispatcher = viewer.dispatcher();
            Callback::from(move |()| dispatcher.dispatch(Action::Nav(Nav::Flip)))
        };
        // Written when the menu opens: the text of a long game takes a while.
        let open_url = opts.app.clone().map(|app| {
            let (port, source, game) = (port.clone(), opts.source.clone(), game.clone());
            Callback::from(move |()| {
                let path = path_of(&game, current);
                AttrValue::from(match &source {
                    Some(src) => {
                        format!("{app}?url={}#game={}&ply={path}", js_sys::encode_uri_component(src), index + 1)
                    }
                    // The game as the widget has it (with moves made on
                    // it), carried in the address.
                    None => format!("{app}#game=1&ply={path}&pgn={}", js_sys::encode_uri_component(&port.pgn())),
                })
            })
        });
        html! { <WidgetMenu {pgn} fen={AttrValue::from(fen.clone())} title={AttrValue::from(title(&game))} {open_url} {on_flip} /> }
    });
    let problems = game.diagnostics.len();
    // Their list, said once a game and language rather than at every step.
    let problems_title = use_memo((game.clone(), lang), |(game, lang)| {
        let said = game.diagnostics.iter().map(|d| {
            let (line, column) = (d.line.to_string(), d.col.to_string());
            lang.say("problem-at", &[("line", &line), ("column", &column), ("message", &lang.diagnostic(d))])
        });
        AttrValue::from(said.collect::<Vec<_>>().join("\n"))
    });
    // Followed until the game has a result.
    let live = opts.live && matches!(game.tag("Result").map(str::trim), None | Some("*" | "" | "?"));
    html! {
        // The frame is the container whose width places the moves.
        <ContextProvider<crate::i18n::Lang> context={lang}>
        <div class="mt-frame" lang={lang.tag()}>
        <div class={classes!("mt-widget", opts.moves.class())} data-theme={opts.theme.clone()} data-board={opts.board.clone()} tabindex="0"
            role="group" aria-label={lang.say("widget-game", &[("white", player(&game, "White", lang)), ("black", player(&game, "Black", lang))])} {onkeydown}>
            if picker.is_some() || menu.is_some() || live {
                <div class="mt-bar">
                    { picker.unwrap_or_default() }
                    if live {
                        <span class="mt-live" role="status" title={lang.text("live-title")}>{ lang.text("live") }</span>
                    }
                    { menu.unwrap_or_default() }
                </div>
            }
            <BoardView class="mt-board-col" game={game.clone()} {current} fen={AttrValue::from(fen.clone())} {flipped} playing={viewer.playing}
                delay={viewer.delay} pace={viewer.pace} viewer={viewer.dispatcher()} players={opts.players} clocks={opts.clocks}
                controls={opts.controls && !training_on} wheel={opts.wheel && !training_on} {on_move} pieces={opts.pieces}>
                if opts.train {
                    <TrainingPanel state={training.state.clone()} on_start={training.start.clone()} on_stop={training.stop.clone()}
                        on_hint={training.hint.clone()} on_reveal={training.reveal.clone()} />
                }
            </BoardView>
            if training_on {
                <p class="mt-side training-moves">{ moves_so_far(&game, current) }</p>
            } else if opts.moves != crate::widget::MovesPlace::None {
                <div class="mt-side">
                    <MoveList game={game.clone()} {current} {on_select} notation={opts.notation} />
                    if problems > 0 {
                        <p class="mt-problems" title={(*problems_title).clone()}>
                            { format!("⚠ {}", lang.count("problems", problems as u64)) }
                        </p>
                    }
                </div>
            }
        </div>
        </div>
        </ContextProvider<crate::i18n::Lang>>
    }
}

/// A player's name, or the side's in the reader's language.
fn player<'a>(game: &'a ViewGame, side: &str, lang: crate::i18n::Lang) -> &'a str {
    game.tag(side)
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| lang.text(if side == "White" { "side-white" } else { "side-black" }))
}

fn title(game: &ViewGame) -> String {
    format!("{} – {}", game.tag("White").unwrap_or("White"), game.tag("Black").unwrap_or("Black"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::url_state::start_node;
    use port::library_of;

    #[test]
    fn start_nodes_from_options() {
        let lib = library_of(&WidgetOptions::default(), "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 Nc6 *".into());
        let g = ViewGame::build(&lib.game(0).unwrap());
        assert_eq!(start_node(&g, None), 0);
        assert_eq!(g.node(start_node(&g, Some("3"))).san, "Nf3");
        assert_eq!(g.node(start_node(&g, Some("last"))).san, "Nc6");
        assert_eq!(g.node(start_node(&g, Some("1,1,1"))).san, "Nf3");
        assert_eq!(g.numbered_san(start_node(&g, Some("1,1,0"))), "1... c5");
        assert_eq!(start_node(&g, Some("99")), g.line_end(0));
    }

    #[test]
    fn a_fen_without_pgn_is_a_game() {
        let opts = WidgetOptions { fen: Some("8/P6k/8/8/8/8/8/K7 w - - 0 1".into()), ..WidgetOptions::default() };
        let lib = library_of(&opts, String::new());
        let g = ViewGame::build(&lib.game(0).unwrap());
        assert_eq!(g.node(0).fen(), "8/P6k/8/8/8/8/8/K7 w - - 0 1");
        assert_eq!(MovesPlace::parse("Bottom"), MovesPlace::Bottom);
    }
}
