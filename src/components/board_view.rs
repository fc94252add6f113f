//! The board and what sits around it: player bars, the evaluation bar, the
//! board with its label and the position in words, the controls, and the
//! live announcement of the shown move. The wheel over the board steps
//! through the moves; autoplay runs here.

use std::rc::Rc;

use movetext_core::commands::{Eval, MarkColor};
use movetext_core::shakmaty::{Color, Move, Position, Role, Square};
use movetext_view::game::model::{NodeIx, SharedGame, ViewNode};
use movetext_view::text::board_description::describe;
use yew::prelude::*;

use crate::components::board::ChessBoard;
use crate::components::controls::Controls;
use crate::components::eval_bar::EvalBar;
use crate::components::player_bar::player_bar_at;
use crate::components::pocket::{checks_given, pocket_of, Pocket};
use crate::state::viewer::{use_autoplay, use_legal_moves, use_viewer_callbacks, use_wheel_steps, Autoplay, Viewer};

/// What the board view shows and what it answers.
#[derive(Properties, PartialEq)]
pub struct BoardViewProps {
    /// Classes of the view's section.
    pub class: Classes,
    /// The section's accessible name, if it is to be a landmark.
    #[prop_or_default]
    pub label: Option<AttrValue>,
    /// The game.
    pub game: SharedGame,
    /// The node shown.
    pub current: NodeIx,
    /// Its position's FEN (written once a drawing by the page, which uses it
    /// too).
    pub fen: AttrValue,
    /// Black at the bottom.
    pub flipped: bool,
    /// Autoplay runs, with this delay in milliseconds.
    pub playing: bool,
    /// Autoplay's delay in milliseconds.
    pub delay: u32,
    /// Autoplay at the real pace, this many times as fast, instead.
    #[prop_or_default]
    pub pace: Option<u32>,
    /// The viewer the controls, the wheel and autoplay drive.
    pub viewer: UseReducerDispatcher<Viewer>,
    /// Player bars above and below the board.
    pub players: bool,
    /// Clocks in the player bars.
    pub clocks: bool,
    /// The navigation buttons.
    pub controls: bool,
    /// The wheel over the board steps through the moves.
    pub wheel: bool,
    /// A move made on the board (none: the board takes no moves).
    #[prop_or_default]
    pub on_move: Option<Callback<Move>>,
    /// An arrow (two squares) or a marked square (the same one twice)
    /// drawn on the board with the right button.
    #[prop_or_default]
    pub on_draw: Option<Callback<(Square, Square, MarkColor)>>,
    /// The analysis engine's evaluation and best move, while it runs: the
    /// evaluation bar shows it instead of the game's `[%eval]`.
    #[prop_or_default]
    pub engine: Option<EngineView>,
    /// Shown below the controls.
    #[prop_or_default]
    pub children: Html,
    /// The piece drawings.
    #[prop_or_default]
    pub pieces: movetext_view::markup::pieces::PieceSet,
}

/// What the analysis engine adds to the board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EngineView {
    /// Its evaluation, from White's side.
    pub eval: Option<Eval>,
    /// Its best move, drawn as an arrow.
    pub best: Option<(Square, Square)>,
}

/// The board view.
#[function_component(BoardView)]
pub fn board_view(props: &BoardViewProps) -> Html {
    let game = &props.game;
    let current = props.current.min(game.nodes.len().saturating_sub(1));
    let node = game.node(current);
    // A variant's moves by its rules (a crazyhouse drop among them).
    let variant = movetext_core::rules::standard_of(&node.pos).is_none().then_some(&node.pos);
    let legal: Rc<Vec<Move>> = use_legal_moves(&props.fen, props.on_move.is_some(), variant);
    let dropping = use_dropping(&props.fen);
    let board_row = use_node_ref();
    use_wheel_steps(board_row.clone(), props.viewer.clone(), props.wheel);
    let autoplay = Autoplay { playing: props.playing, delay: props.delay, pace: props.pace };
    use_autoplay(props.viewer.clone(), game, current, autoplay);
    let callbacks = use_viewer_callbacks(props.viewer.clone());
    let lang = crate::i18n::use_lang();

    let bottom = if props.flipped { Color::Black } else { Color::White };
    let bar = |color: Color| {
        let place = if color == bottom { "bottom" } else { "top" };
        let pocket = pocket_at(node, color, place, &legal, &dropping);
        if !props.players {
            return pocket;
        }
        let bar = player_bar_at(game, current, color, place, props.clocks, lang);
        if node.pos.pockets().is_none() && node.pos.remaining_checks().is_none() {
            return bar;
        }
        // A variant's pocket or checks on the bar's row.
        let checks = checks_given(&node.pos, color, lang);
        html! { <div class={classes!("bar-row", place)}>{ bar }{ checks }{ pocket }</div> }
    };
    let turn = lang.text(if node.turn().is_white() { "turn-white" } else { "turn-black" });
    let label = if current == 0 {
        lang.say("board-label-start", &[("turn", turn)])
    } else {
        lang.say("board-label", &[("move", &game.numbered_san(current)), ("turn", turn)])
    };
    let announcement = if current == 0 { lang.text("start-position").to_owned() } else { game.numbered_san(current) };
    html! {
        <section class={props.class.clone()} aria-label={props.label.clone()}>
            { bar(!bottom) }
            <div class="board-row" ref={board_row}>
                if let Some(engine) = props.engine {
                    <EvalBar eval={engine.eval} flipped={props.flipped} />
                } else if game.has_eval {
                    <EvalBar eval={game.eval_at(current)} flipped={props.flipped} />
                }
                <ChessBoard board={node.board().clone()} fen={props.fen.clone()} flipped={props.flipped}
                    last_move={node.last_move} check={node.check} arrows={node.arrows.clone()} best={props.engine.and_then(|e| e.best)} marks={node.marks.clone()}
                    label={AttrValue::from(label)} description={AttrValue::from(describe(node.board(), lang))}
                    legal={legal.clone()} on_move={props.on_move.clone().unwrap_or_default()} on_draw={props.on_draw.clone()} pieces={props.pieces}
                    dropping={*dropping} on_drop_cancel={put_back(&dropping)} />
            </div>
            { bar(bottom) }
            if props.controls {
                <Controls can_back={current != 0} can_forward={game.next(current).is_some()} can_play={game.next(0).is_some()}
                    on_nav={callbacks.on_nav}
                    playing={props.playing} on_play={callbacks.on_play} delay={props.delay} on_delay={callbacks.on_delay}
                    pace={props.pace} on_pace={callbacks.on_pace} timed={game.nodes.iter().any(|n| n.clock.is_some() || n.emt.is_some())} />
            }
            { props.children.clone() }
            <div class="sr-only" aria-live="polite" aria-atomic="true">{ announcement }</div>
        </section>
    }
}

/// The piece picked from a crazyhouse pocket to be dropped, put back when
/// the position changes (`fen`).
#[hook]
fn use_dropping(fen: &AttrValue) -> UseStateHandle<Option<Role>> {
    let dropping = use_state_eq(|| None::<Role>);
    {
        let dropping = dropping.clone();
        use_effect_with(fen.clone(), move |_| dropping.set(None));
    }
    dropping
}

/// A side's crazyhouse pocket at `node`, `place`d above or below the board
/// (nothing in other games); its pieces can be dropped when `legal` has
/// their drops.
fn pocket_at(
    node: &ViewNode,
    color: Color,
    place: &'static str,
    legal: &[Move],
    dropping: &UseStateHandle<Option<Role>>,
) -> Html {
    let Some((counts, droppable)) = pocket_of(&node.pos, color, legal) else { return html! {} };
    let on_pick = {
        let dropping = dropping.clone();
        Callback::from(move |role: Option<Role>| dropping.set(role))
    };
    let picked = (**dropping).filter(|_| node.turn() == color);
    html! { <Pocket {color} {place} {counts} {droppable} {picked} {on_pick} /> }
}

/// Puts the picked piece back in its pocket.
fn put_back(dropping: &UseStateHandle<Option<Role>>) -> Callback<()> {
    let dropping = dropping.clone();
    Callback::from(move |()| dropping.set(None))
}
