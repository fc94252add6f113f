//! Navigation buttons: first, previous, next, last, autoplay with its speed,
//! and flip.

use yew::prelude::*;

use crate::state::viewer::Nav;

/// What the controls need.
#[derive(Properties, PartialEq, Clone)]
pub struct ControlsProps {
    /// Whether there is a move before the shown position.
    pub can_back: bool,
    /// Whether there is a move after the shown position.
    pub can_forward: bool,
    /// Called with the chosen navigation.
    pub on_nav: Callback<Nav>,
    /// Whether the game has a move to play (autoplay is off for a game
    /// without moves).
    pub can_play: bool,
    /// Whether autoplay is on.
    pub playing: bool,
    /// Start or stop autoplay.
    pub on_play: Callback<()>,
    /// Autoplay delay between moves, in milliseconds.
    pub delay: u32,
    /// A new autoplay delay was chosen.
    pub on_delay: Callback<u32>,
}

/// The autoplay delays offered, in milliseconds.
pub const DELAYS: [(u32, &str); 5] = [(250, "0.25 s"), (500, "0.5 s"), (1000, "1 s"), (2000, "2 s"), (4000, "4 s")];

/// Icon paths in a 24 × 24 box.
fn icon(nav: Nav) -> &'static str {
    match nav {
        Nav::First => "M6 5v14M18 5l-8 7 8 7",
        Nav::Prev => "M15 5l-8 7 8 7",
        Nav::Next => "M9 5l8 7-8 7",
        Nav::Last => "M18 5v14M6 5l8 7-8 7",
        Nav::Flip => "M7 4v15M4 16l3 3 3-3M17 20V5M14 8l3-3 3 3",
    }
}

/// The navigation bar.
#[function_component(Controls)]
pub fn controls(props: &ControlsProps) -> Html {
    let button = |nav: Nav, label: &'static str, keys: &'static str, enabled: bool| {
        let on_nav = props.on_nav.clone();
        let onclick = Callback::from(move |_: MouseEvent| on_nav.emit(nav));
        html! {
            <button type="button" class={format!("nav nav-{}", format!("{nav:?}").to_lowercase())}
                aria-label={label} title={format!("{label} ({keys})")} aria-keyshortcuts={keys}
                disabled={!enabled} {onclick}>
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path d={icon(nav)} />
                </svg>
            </button>
        }
    };
    let play = {
        let on_play = props.on_play.clone();
        Callback::from(move |_: MouseEvent| on_play.emit(()))
    };
    let onchange = {
        let on_delay = props.on_delay.clone();
        Callback::from(move |e: Event| {
            use wasm_bindgen::JsCast;
            if let Some(select) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok()) {
                let i = select.selected_index().max(0) as usize;
                on_delay.emit(DELAYS.get(i).map_or(1000, |d| d.0));
            }
        })
    };
    let (play_label, play_icon) = if props.playing {
        ("Pause autoplay", "M8 5v14M16 5v14")
    } else {
        ("Play moves automatically", "M7 4.5v15l12-7.5z")
    };
    html! {
        <div class="controls" role="toolbar" aria-label="Navigation">
            { button(Nav::First, "First move", "Home", props.can_back) }
            { button(Nav::Prev, "Previous move", "ArrowLeft", props.can_back) }
            <button type="button" class="nav nav-play" aria-label={play_label} title={format!("{play_label} (Space)")}
                aria-pressed={props.playing.to_string()} aria-keyshortcuts="Space" onclick={play}
                disabled={!props.can_play && !props.playing}>
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d={play_icon} /></svg>
            </button>
            { button(Nav::Next, "Next move", "ArrowRight", props.can_forward) }
            { button(Nav::Last, "Last move", "End", props.can_forward) }
            <select class="autoplay-delay" aria-label="Autoplay: time per move" title="Autoplay: time per move" {onchange}>
                { for DELAYS.iter().map(|(ms, label)| html! { <option selected={*ms == props.delay}>{ *label }</option> }) }
            </select>
            { button(Nav::Flip, "Flip board", "F", true) }
        </div>
    }
}
