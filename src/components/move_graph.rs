//! A graph along the main line (the evaluation graph, the clock graph):
//! one x per move from the start to the end, the shown move marked. A click
//! or a drag goes to a move; focused, the arrow keys, Home and End do.
//! Each graph draws its own content in a box of [`WIDTH`] × [`HEIGHT`].

use web_sys::Element;
use yew::prelude::*;

use movetext_view::game::model::{NodeIx, SharedGame};

/// The width of the drawing box.
pub const WIDTH: f64 = 600.0;
/// The height of the drawing box.
pub const HEIGHT: f64 = 80.0;

/// The x of the move at `i` of the main line (the start at 0) of `moves` moves.
pub fn x_of(i: usize, moves: usize) -> f64 {
    i as f64 * WIDTH / moves.max(1) as f64
}

/// What a move graph needs.
#[derive(Properties, PartialEq)]
pub struct MoveGraphProps {
    /// The game.
    pub game: SharedGame,
    /// The shown node.
    pub current: NodeIx,
    /// Go to a node.
    pub on_select: Callback<NodeIx>,
    /// The graph's class (besides `move-graph`).
    pub class: &'static str,
    /// What it shows, for assistive technology.
    pub label: AttrValue,
    /// Points (moves with a value) drawn, for tests.
    pub points: usize,
    /// The drawing.
    pub children: Html,
}

/// A graph along the main line.
#[function_component(MoveGraph)]
pub fn move_graph(props: &MoveGraphProps) -> Html {
    let lang = crate::i18n::use_lang();
    let svg = use_node_ref();
    let dragging = use_mut_ref(|| false);
    let game = &props.game;
    let line = game.main_line();
    let moves = line.len() - 1;
    // Where the shown node is on the main line (its main-line ancestor).
    let mut at = props.current;
    while !game.is_mainline(at) {
        at = game.node(at).parent.unwrap_or(0);
    }
    let shown = line.iter().position(|&ix| ix == at).unwrap_or(0);
    let select_at = {
        let (svg, line, on_select) = (svg.clone(), line.clone(), props.on_select.clone());
        move |client_x: i32| {
            let Some(el) = svg.cast::<Element>() else { return };
            let r = el.get_bounding_client_rect();
            if r.width() <= 0.0 {
                return;
            }
            let share = ((f64::from(client_x) - r.left()) / r.width()).clamp(0.0, 1.0);
            if let Some(&ix) = line.get((share * moves as f64).round() as usize) {
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
        let dragging = dragging.clone();
        Callback::from(move |e: PointerEvent| {
            if *dragging.borrow() {
                select_at(e.client_x());
            }
        })
    };
    let onpointerup = Callback::from(move |_: PointerEvent| *dragging.borrow_mut() = false);
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
        <div class={classes!("move-graph", props.class)} data-points={props.points.to_string()} data-moves={moves.to_string()}>
            <svg ref={svg} viewBox={format!("0 0 {WIDTH} {HEIGHT}")} preserveAspectRatio="none" tabindex="0"
                role="slider" aria-label={props.label.clone()} aria-valuemin="0"
                aria-valuemax={moves.to_string()} aria-valuenow={shown.to_string()}
                aria-valuetext={if shown == 0 { lang.text("start-position").to_owned() } else { game.numbered_san(line[shown]) }}
                {onpointerdown} {onpointermove} onpointerup={onpointerup.clone()} onpointercancel={onpointerup} {onkeydown}>
                { props.children.clone() }
                <line class="mg-cursor" x1={format!("{cursor:.1}")} y1="0" x2={format!("{cursor:.1}")} y2={HEIGHT.to_string()} />
            </svg>
        </div>
    }
}
