//! The clock graph: the time each main-line move took (see
//! `state::move_times`), White's moves as bars up from the middle, Black's
//! down, the longest filling half the height.

use movetext_view::game::model::{NodeIx, SharedGame};
use movetext_view::game::move_times::move_times;
use yew::prelude::*;

use crate::components::move_graph::{x_of, MoveGraph, HEIGHT, WIDTH};

/// What the graph shows.
#[derive(Properties, PartialEq)]
pub struct ClockGraphProps {
    /// The game.
    pub game: SharedGame,
    /// The shown node.
    pub current: NodeIx,
    /// Go to a node.
    pub on_select: Callback<NodeIx>,
}

/// The clock graph (nothing when no move's time is known).
#[function_component(ClockGraph)]
pub fn clock_graph(props: &ClockGraphProps) -> Html {
    let lang = crate::i18n::use_lang();
    let game = &props.game;
    // Worked out once per game: a step only moves the graph's marker.
    let bars = use_memo(game.clone(), bars_of);
    let Some(Bars { known, paths: [white, black] }) = bars.as_ref() else {
        return html! {};
    };
    let mid = HEIGHT / 2.0;
    html! {
        <MoveGraph game={game.clone()} current={props.current} on_select={props.on_select.clone()} class="clock-graph"
            label={lang.text("clock-graph")} points={*known}>
            <rect class="cg-back" x="0" y="0" width={WIDTH.to_string()} height={HEIGHT.to_string()} />
            <line class="eg-mid" x1="0" y1={mid.to_string()} x2={WIDTH.to_string()} y2={mid.to_string()} />
            <path class="cg-white" d={white.clone()} />
            <path class="cg-black" d={black.clone()} />
        </MoveGraph>
    }
}

/// The graph's bars: how many moves have a known time, and White's and
/// Black's bars, each side's as one path (a long game stays two elements).
struct Bars {
    known: usize,
    paths: [String; 2],
}

/// The bars of `game`'s move times; none when no move's time is known.
fn bars_of(game: &SharedGame) -> Option<Bars> {
    let times = move_times(game);
    let known = times.iter().filter(|t| t.tenths.is_some()).count();
    let longest = times.iter().filter_map(|t| t.tenths).max().unwrap_or(0);
    if known == 0 || longest == 0 {
        return None;
    }
    let moves = times.len();
    let width = (WIDTH / moves.max(1) as f64 * 0.8).max(0.5);
    let mid = HEIGHT / 2.0;
    let mut paths = [String::new(), String::new()];
    for (i, t) in times.iter().enumerate() {
        let Some(tenths) = t.tenths else { continue };
        let h = (f64::from(tenths) / f64::from(longest) * (mid - 2.0)).max(0.5);
        let x = x_of(i + 1, moves) - width / 2.0;
        let y = if t.by_white { mid - h } else { mid };
        paths[usize::from(!t.by_white)].push_str(&format!("M{x:.1},{y:.1}h{width:.2}v{h:.1}h-{width:.2}Z"));
    }
    Some(Bars { known, paths })
}
