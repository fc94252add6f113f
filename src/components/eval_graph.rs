//! The evaluation graph: the `[%eval]` of each main-line move (from the
//! file or from "Analyse game") as winning chances, White up, Black down
//! (White's share of the height light, Black's dark), mates at the edge; the shown move marked. A click or a drag goes to a
//! move; focused, the arrow keys, Home and End do.

use web_sys::Element;
use yew::prelude::*;

use crate::state::model::{NodeIx, SharedGame};
use crate::state::review::winning_chances;

const WIDTH: f64 = 600.0;
const HEIGHT: f64 = 80.0;

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

/// The x of the move at `i` of `moves` (the start at 0).
fn x_of(i: usize, moves: usize) -> f64 {
    i as f64 * WIDTH / moves.max(1) as f64
}

/// The evaluation graph (nothing when the main line has no evaluation).
#[function_component(EvalGraph)]
pub fn eval_graph(props: &EvalGraphProps) -> Html {
    let svg = use_node_ref();
    let dragging = use_mut_ref(|| false);
    let game = &props.game;
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
    if points.is_empty() {
        return html! {};
    }
    // Where the shown node is on the main line (its main-line ancestor).
    let mut at = props.current;
    while !game.is_mainline(at) {
        at = game.node(at).parent.unwrap_or(0);
    }
    let shown = line.iter().position(|&ix| ix == at).unwrap_or(0);
    let path = points.iter().map(|&(i, y)| format!("{:.1},{:.1}", x_of(i, moves), y)).collect::<Vec<_>>().join(" ");
    let (first, last) = (points[0].0, points[points.len() - 1].0);
    let area = format!(
        "M{:.1},{:.1} L{} L{:.1},{:.1} Z",
        x_of(first, moves),
        HEIGHT,
        path.replace(' ', " L"),
        x_of(last, moves),
        HEIGHT
    );
    let select_at = {
        let (svg, line, on_select) = (svg.clone(), line.clone(), props.on_select.clone());
        move |client_x: i32| {
            let Some(el) = svg.cast::<Element>() else { return };
            let r = el.get_bounding_client_rect();
            if r.width() <= 0.0 {
                return;
            }
            let share = ((f64::from(client_x) - r.left()) / r.width()).clamp(0.0, 1.0);
            let i = (share * moves as f64).round() as usize;
            if let Some(&ix) = line.get(i) {
                on_select.emit(ix);
            }
        }
    };
    let onpointerdown = {
        let (select_at, dragging) = (select_at.clone(), dragging.clone());
        Callback::from(move |e: PointerEvent| {
            *dragging.borrow_mut() = true;
            if let Some(t) = e.target_dyn_into::<Element>() {
                let _ = t.set_pointer_capture(e.pointer_id());
            }
            select_at(e.client_x());
        })
    };
    let onpointermove = {
        let (select_at, dragging) = (select_at.clone(), dragging.clone());
        Callback::from(move |e: PointerEvent| {
            if *dragging.borrow() {
                select_at(e.client_x());
            }
        })
    };
    let onpointerup = {
        let dragging = dragging.clone();
        Callback::from(move |_: PointerEvent| *dragging.borrow_mut() = false)
    };
    let onkeydown = {
        let (line, on_select) = (line.clone(), props.on_select.clone());
        Callback::from(move |e: KeyboardEvent| {
            let to = match e.key().as_str() {
                "ArrowLeft" | "ArrowDown" => shown.saturating_sub(1),
                "ArrowRight" | "ArrowUp" => (shown + 1).min(moves),
                "Home" => 0,
                "End" => moves,
                _ => return,
            };
            e.prevent_default();
            on_select.emit(line[to]);
        })
    };
    let cursor = x_of(shown, moves);
    html! {
        <div class="eval-graph" data-points={points.len().to_string()} data-moves={moves.to_string()}>
            <svg ref={svg} viewBox={format!("0 0 {WIDTH} {HEIGHT}")} preserveAspectRatio="none" tabindex="0"
                role="slider" aria-label="Evaluation graph: the move shown" aria-valuemin="0"
                aria-valuemax={moves.to_string()} aria-valuenow={shown.to_string()}
                aria-valuetext={if shown == 0 { "Start".to_owned() } else { game.numbered_san(line[shown]) }}
                {onpointerdown} {onpointermove} onpointerup={onpointerup.clone()} onpointercancel={onpointerup} {onkeydown}>
                <rect class="eg-black" x="0" y="0" width={WIDTH.to_string()} height={HEIGHT.to_string()} />
                <path class="eg-white" d={area} />
                <line class="eg-mid" x1="0" y1={(HEIGHT / 2.0).to_string()} x2={WIDTH.to_string()} y2={(HEIGHT / 2.0).to_string()} />
                <polyline class="eg-line" points={path} />
                <line class="eg-cursor" x1={format!("{cursor:.1}")} y1="0" x2={format!("{cursor:.1}")} y2={HEIGHT.to_string()} />
            </svg>
        </div>
    }
}
