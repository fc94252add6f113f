//! New games: from the start position, from a FEN (checked, with the
//! reason when it is not a legal position), from a position placed piece by
//! piece on a board editor (side to move, castling, en passant), or from a
//! Chess960 start position by number.

use std::rc::Rc;

use movetext_core::edit;
use movetext_core::role_name;
use movetext_core::shakmaty::{Board, Color, Piece, Role, Square};
use movetext_core::Game;
use movetext_view::markup::pieces;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::components::board::ChessBoard;
use crate::i18n::Lang;

/// The parts of a FEN the editor changes.
#[derive(Clone, Debug, PartialEq)]
struct Setup {
    board: Board,
    white_to_move: bool,
    castling: [bool; 4],
    en_passant: String,
}

impl Setup {
    fn fen(&self) -> String {
        let castling: String =
            ['K', 'Q', 'k', 'q'].iter().zip(self.castling).filter(|(_, on)| *on).map(|(c, _)| *c).collect();
        let ep = if self.en_passant.trim().is_empty() { "-".to_owned() } else { self.en_passant.trim().to_owned() };
        format!(
            "{} {} {} {} 0 1",
            self.board,
            if self.white_to_move { 'w' } else { 'b' },
            if castling.is_empty() { "-".to_owned() } else { castling },
            ep
        )
    }

    fn from_fen(fen: &str) -> Option<Setup> {
        let mut fields = fen.split_whitespace();
        let board: Board = fields.next()?.parse().ok()?;
        let turn = fields.next().unwrap_or("w");
        let castling = fields.next().unwrap_or("-");
        let ep = fields.next().unwrap_or("-");
        Some(Setup {
            board,
            white_to_move: turn != "b",
            castling: [castling.contains('K'), castling.contains('Q'), castling.contains('k'), castling.contains('q')],
            en_passant: if ep == "-" { String::new() } else { ep.to_owned() },
        })
    }
}

/// A tool of the board editor: a piece to place, or the eraser.
type Tool = Option<Piece>;

/// What the dialog needs.
#[derive(Properties, PartialEq, Clone)]
pub struct PositionSetupProps {
    /// A game was made.
    pub on_create: Callback<Game>,
    /// Close without a new game.
    pub on_cancel: Callback<()>,
    /// Find the open file's games that reach the position set up (its
    /// FEN); none while the file's positions are not indexed.
    #[prop_or_default]
    pub on_find: Option<Callback<String>>,
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The new-game dialog.
#[function_component(PositionSetup)]
pub fn position_setup(props: &PositionSetupProps) -> Html {
    let lang = crate::i18n::use_lang();
    let dialog_ref = use_node_ref();
    crate::dialogs::dialog_focus::use_focus_first(dialog_ref.clone());
    let setup = use_state(|| Setup::from_fen(START).expect("the start position"));
    let fen_text = use_state(|| START.to_owned());
    let tool = use_state(|| Some(Piece { color: Color::White, role: Role::Queen }) as Tool);
    let chess960 = use_state(|| false);

    // The FEN box shows the editor's position unless the user is typing one.
    let fen = (*fen_text).clone();
    let check = edit::new_game_from_fen(&fen, *chess960);
    let problem = check.as_ref().err().map(ToString::to_string);

    let set_board = {
        let setup = setup.clone();
        let fen_text = fen_text.clone();
        move |next: Setup| {
            fen_text.set(next.fen());
            setup.set(next);
        }
    };
    let on_square = {
        let setup = setup.clone();
        let tool = tool.clone();
        let set_board = set_board.clone();
        Callback::from(move |sq: Square| set_board(with_tool((*setup).clone(), *tool, sq)))
    };
    let on_fen = {
        let fen_text = fen_text.clone();
        let setup = setup.clone();
        Callback::from(move |e: InputEvent| {
            let Some(input) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else { return };
            let text = input.value();
            if let Some(s) = Setup::from_fen(&text) {
                setup.set(s);
            }
            fen_text.set(text);
        })
    };
    let preset = |fen: &'static str| {
        let set_board = set_board.clone();
        let chess960 = chess960.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(s) = Setup::from_fen(fen) {
                chess960.set(false);
                set_board(s);
            }
        })
    };
    let flag = |f: fn(&mut Setup) -> &mut bool| {
        let setup = setup.clone();
        let set_board = set_board.clone();
        Callback::from(move |_: Event| {
            let mut next = (*setup).clone();
            let v = f(&mut next);
            *v = !*v;
            set_board(next);
        })
    };
    let on_ep = {
        let setup = setup.clone();
        let set_board = set_board.clone();
        Callback::from(move |e: InputEvent| {
            let Some(input) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else { return };
            let mut next = (*setup).clone();
            next.en_passant = input.value();
            set_board(next);
        })
    };
    let on_960 = {
        let chess960 = chess960.clone();
        let setup = setup.clone();
        let fen_text = fen_text.clone();
        Callback::from(move |n: u32| {
            if let Ok(fen) = edit::chess960_start(n) {
                if let Some(s) = Setup::from_fen(&fen) {
                    setup.set(s);
                }
                fen_text.set(fen);
                chess960.set(true);
            }
        })
    };
    let toggle_960 = {
        let chess960 = chess960.clone();
        Callback::from(move |_: Event| chess960.set(!*chess960))
    };
    let onkeydown = crate::dialogs::dialog_focus::escape_closes(props.on_cancel.clone());
    let s = &*setup;
    html! {
        <div class="dialog-backdrop">
            <div class="dialog position-setup" ref={dialog_ref} role="dialog" aria-modal="true" aria-label={lang.text("new-game")} {onkeydown}>
                <h2>{ lang.text("new-game") }</h2>
                <div class="setup-body">
                    <div class="setup-board">
                        <ChessBoard board={s.board.clone()} fen={AttrValue::from(fen.clone())} flipped={false}
                            last_move={None} check={None} arrows={Vec::new()} marks={Vec::new()}
                            label={AttrValue::from(lang.text("setup-board"))}
                            description={AttrValue::from(movetext_view::text::board_description::describe(&s.board, lang))}
                            legal={Rc::new(Vec::new())} on_square={Some(on_square)} />
                        { piece_palette(&tool, lang) }
                    </div>
                    <div class="setup-fields">
                        <div class="setup-presets">
                            <button type="button" class="btn" onclick={preset(START)}>{ lang.text("start-position") }</button>
                            <button type="button" class="btn" onclick={preset("8/8/8/8/8/8/8/8 w - - 0 1")}>{ lang.text("setup-empty") }</button>
                        </div>
                        { position_flags(s, &flag, lang) }
                        <label class="field">{ lang.text("setup-ep") }
                            <input class="ep" value={s.en_passant.clone()} placeholder={lang.text("setup-ep-example")} size="4" oninput={on_ep} />
                        </label>
                        <Chess960Fields checked={*chess960} on_toggle={toggle_960} on_pick={on_960} />
                        <label class="field fen-field">{ "FEN" }
                            <input class="fen-input" value={fen.clone()} oninput={on_fen} spellcheck="false"
                                aria-invalid={problem.is_some().to_string()} aria-describedby="fen-problem" />
                        </label>
                        <p id="fen-problem" class="tag-problem" role="status">{ problem.clone().unwrap_or_default() }</p>
                    </div>
                </div>
                { setup_actions(props, check.ok(), &fen, lang) }
            </div>
        </div>
    }
}

/// The dialog's buttons: find the games that reach the position (`fen`),
/// make the game (`game`, none while the FEN is not a legal position), or
/// cancel.
fn setup_actions(props: &PositionSetupProps, game: Option<Game>, fen: &str, lang: Lang) -> Html {
    let wrong = game.is_none();
    let create = {
        let on_create = props.on_create.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(g) = &game {
                on_create.emit(g.clone());
            }
        })
    };
    let find = props.on_find.clone().map(|on_find| {
        let fen = fen.to_owned();
        Callback::from(move |_: MouseEvent| on_find.emit(fen.clone()))
    });
    let cancel = {
        let on_cancel = props.on_cancel.clone();
        Callback::from(move |_: MouseEvent| on_cancel.emit(()))
    };
    html! {
        <div class="dialog-actions">
            <span class="spacer"></span>
            if let Some(find) = find {
                <button type="button" class="btn setup-find" onclick={find} disabled={wrong}
                    title={lang.text("setup-find-title")}>{ lang.text("setup-find") }</button>
            }
            <button type="button" class="btn btn-primary" onclick={create} disabled={wrong}>{ lang.text("setup-create") }</button>
            <button type="button" class="btn" onclick={cancel}>{ lang.text("cancel") }</button>
        </div>
    }
}

/// The set-up with the tool used on `sq`: the chosen piece put there (or
/// taken off if it is already there), or the square emptied.
fn with_tool(mut next: Setup, tool: Tool, sq: Square) -> Setup {
    match tool {
        Some(p) if next.board.piece_at(sq) != Some(p) => next.board.set_piece_at(sq, p),
        _ => {
            next.board.discard_piece_at(sq);
        }
    }
    next
}

/// The side to move and the castling rights; `flag` makes the callback
/// that turns one of them over.
fn position_flags(s: &Setup, flag: &dyn Fn(fn(&mut Setup) -> &mut bool) -> Callback<Event>, lang: Lang) -> Html {
    html! {
        <>
        <fieldset>
            <legend>{ lang.text("setup-turn") }</legend>
            <label><input type="radio" name="turn" checked={s.white_to_move} onchange={flag(|s| &mut s.white_to_move)} />{ lang.text("side-white") }</label>
            <label><input type="radio" name="turn" checked={!s.white_to_move} onchange={flag(|s| &mut s.white_to_move)} />{ lang.text("side-black") }</label>
        </fieldset>
        <fieldset>
            <legend>{ lang.text("setup-castling") }</legend>
            <label><input type="checkbox" checked={s.castling[0]} onchange={flag(|s| &mut s.castling[0])} />{ lang.text("setup-white-short") }</label>
            <label><input type="checkbox" checked={s.castling[1]} onchange={flag(|s| &mut s.castling[1])} />{ lang.text("setup-white-long") }</label>
            <label><input type="checkbox" checked={s.castling[2]} onchange={flag(|s| &mut s.castling[2])} />{ lang.text("setup-black-short") }</label>
            <label><input type="checkbox" checked={s.castling[3]} onchange={flag(|s| &mut s.castling[3])} />{ lang.text("setup-black-long") }</label>
        </fieldset>
        </>
    }
}

/// The pieces to place, and the eraser: buttons that choose the tool.
fn piece_palette(tool: &UseStateHandle<Tool>, lang: Lang) -> Html {
    let tools = [Color::White, Color::Black]
        .into_iter()
        .flat_map(|color| Role::ALL.into_iter().rev().map(move |role| Some(Piece { color, role })));
    let buttons = tools.chain(std::iter::once(None)).map(|t| {
        let pick = {
            let tool = tool.clone();
            Callback::from(move |_: MouseEvent| tool.set(t))
        };
        let label = match t {
            Some(p) => {
                let key = format!("piece-{}-{}", if p.color.is_white() { "white" } else { "black" }, role_name(p.role));
                lang.text(&key).to_owned()
            }
            None => lang.text("setup-eraser").to_owned(),
        };
        let icon = match t {
            Some(p) => html! {
                <svg viewBox="0 0 100 100" aria-hidden="true"><use href={format!("#{}", pieces::symbol_id(p.color, p.role))} width="100" height="100" /></svg>
            },
            None => html! { <span aria-hidden="true">{ "⌫" }</span> },
        };
        html! {
            <button type="button" class="tool" aria-pressed={(**tool == t).to_string()} aria-label={label.clone()} title={label} onclick={pick}>
                { icon }
            </button>
        }
    });
    html! { <div class="tools" role="toolbar" aria-label={lang.text("setup-pieces")}>{ for buttons }</div> }
}

/// What the Chess960 fields show and tell.
#[derive(Properties, PartialEq)]
struct Chess960Props {
    /// The game is a Chess960 game.
    checked: bool,
    /// The box is ticked or cleared.
    on_toggle: Callback<Event>,
    /// A start position is chosen by its number (0 to 959).
    on_pick: Callback<u32>,
}

/// The Chess960 start position a typed number names: `None` for anything
/// but a whole number from 0 to 959.
fn chess960_number(text: &str) -> Option<u32> {
    text.trim().parse::<u32>().ok().filter(|n| *n < 960)
}

/// Chess960: whether the game is one, and its start position by number or
/// at random. A number out of range is said to be so where it is typed,
/// and no position is chosen.
#[function_component(Chess960Fields)]
fn chess960_fields(props: &Chess960Props) -> Html {
    let lang = crate::i18n::use_lang();
    let number = use_state(|| "518".to_owned());
    let on_number = {
        let number = number.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                number.set(input.value());
            }
        })
    };
    let valid = chess960_number(&number);
    let pick = |random: bool| {
        let (number, on_pick) = (number.clone(), props.on_pick.clone());
        Callback::from(move |_: MouseEvent| {
            let n = if random { Some((js_sys::Math::random() * 960.0) as u32 % 960) } else { chess960_number(&number) };
            if let Some(n) = n {
                number.set(n.to_string());
                on_pick.emit(n);
            }
        })
    };
    html! {
        <fieldset>
            <legend>{ "Chess960" }</legend>
            <label><input type="checkbox" class="chess960" checked={props.checked} onchange={props.on_toggle.clone()} />{ lang.text("setup-960-game") }</label>
            <label class="field">{ lang.text("setup-960-number") }
                <input class="chess960-number" type="number" min="0" max="959" value={(*number).clone()} oninput={on_number}
                    aria-invalid={valid.is_none().to_string()} aria-describedby="chess960-problem" />
            </label>
            <p id="chess960-problem" class="tag-problem chess960-problem" role="status">
                { if valid.is_none() { lang.text("setup-960-range") } else { "" } }
            </p>
            <button type="button" class="btn chess960-use" onclick={pick(false)} disabled={valid.is_none()}>{ lang.text("setup-960-use") }</button>
            <button type="button" class="btn chess960-random" onclick={pick(true)}>{ lang.text("setup-960-random") }</button>
        </fieldset>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chess960_number_runs_from_0_to_959() {
        assert_eq!(chess960_number("0"), Some(0));
        assert_eq!(chess960_number(" 959 "), Some(959));
        for bad in ["960", "-5", "", "12a", "1e3"] {
            assert_eq!(chess960_number(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_tool_puts_a_piece_takes_it_back_and_erases() {
        let queen = Some(Piece { color: Color::White, role: Role::Queen });
        let empty = Setup::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let placed = with_tool(empty.clone(), queen, Square::D4);
        assert_eq!(placed.board.piece_at(Square::D4), queen);
        assert_eq!(with_tool(placed.clone(), queen, Square::D4).board, empty.board);
        assert_eq!(with_tool(placed, None, Square::D4).board, empty.board);
    }

    #[test]
    fn fen_round_trip_through_the_editor() {
        let s = Setup::from_fen("4k3/8/8/3pP3/8/8/8/4K2R w K d6 0 1").unwrap();
        assert_eq!(s.fen(), "4k3/8/8/3pP3/8/8/8/4K2R w K d6 0 1");
        assert!(edit::new_game_from_fen(&s.fen(), false).is_ok());
        let mut no_king = s.clone();
        no_king.board.discard_piece_at(Square::E1);
        assert!(edit::new_game_from_fen(&no_king.fen(), false).is_err());
    }
}
