//! The evaluation graph: the `[%eval]` of each main-line move (from the
//! file or from "Analyse game") as winning chances, White up, Black down
//! (White's share of the height light, Black's dark), mates at the edge.

use movetext_view::game::model::{NodeIx, SharedGame};
use movetext_view::game::review::winning_chances;
use yew::prelude::*;

use crate::components::move_graph::{x_of, MoveGraph, HEIGHT, WIDTH};

/// What the graph shows.
#[derive(Properties, PartialEq)]
pub struct EvalGraphProps {
    /// The game.
    pub game: SharedGame,
    /// The shown node.
    pub current: NodeIx,
    /// Go to a node.
    pub on_select: Callback<NodeIx>,
}

/// The evaluation graph (nothing when the main line has no evaluation).
#[function_component(EvalGraph)]
pub fn eval_graph(props: &EvalGraphProps) -> Html {
    let lang = crate::i18n::use_lang();
    let game = &props.game;
    // Worked out once per game: a step only moves the graph's marker.
    let curve = use_memo(game.clone(), curve_of);
    let Some(Curve { points, area, path }) = curve.as_ref() else { return html! {} };
    html! {
        <MoveGraph game={game.clone()} current={props.current} on_select={props.on_select.clone()} class="eval-graph"
            label={lang.text("eval-graph")} points={*points}>
            <rect class="eg-black" x="0" y="0" width={WIDTH.to_string()} height={HEIGHT.to_string()} />
            <path class="eg-white" d={area.clone()} />
            <line class="eg-mid" x1="0" y1={(HEIGHT / 2.0).to_string()} x2={WIDTH.to_string()} y2={(HEIGHT / 2.0).to_string()} />
            <polyline class="eg-line" points={path.clone()} />
        </MoveGraph>
    }
}

/// The graph's curve: how many moves have an evaluation, White's area
/// under the curve, and the curve's points.
struct Curve {
    points: usize,
    area: String,
    path: String,
}

/// The curve of `game`'s main-line evaluations; none when it has none.
fn curve_of(game: &SharedGame) -> Option<Curve> {
    let line = game.main_line();
    let moves = line.len() - 1;
    let points: Vec<(usize, f64)> = line
        .iter()
        .enumerate()
        .skip(1)
        .filter_map(|(i, &ix)| {
            game.node(ix).eval.map(|e| (i, HEIGHT / 2.0 - winning_chances(e) * (HEIGHT / 2.0 - 2.0)))
        })
        .collect();
    let (first, last) = (points.first()?, points.last()?);
    let path = points.iter().map(|&(i, y)| format!("{:.1},{:.1}", x_of(i, moves), y)).collect::<Vec<_>>().join(" ");
    let area = format!(
        "M{:.1},{HEIGHT:.1} L{} L{:.1},{HEIGHT:.1} Z",
        x_of(first.0, moves),
        path.replace(' ', " L"),
        x_of(last.0, moves)
    );
    Some(Curve { points: points.len(), area, path })
}
