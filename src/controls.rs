//! Navigation buttons: first, previous, next, last, and flip.

use yew::prelude::*;

/// A navigation request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nav {
    /// Go to the start position.
    First,
    /// Go one move back.
    Prev,
    /// Go one move forward along the main line from here.
    Next,
    /// Go to the end of the current line.
    Last,
    /// Turn the board around.
    Flip,
}

/// What the controls need.
#[derive(Properties, PartialEq, Clone)]
pub struct ControlsProps {
    /// Whether there is a move before the shown position.
    pub can_back: bool,
    /// Whether there is a move after the shown position.
    pub can_forward: bool,
    /// Called with the chosen navigation.
    pub on_nav: Callback<Nav>,
}

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
    html! {
        <div class="controls" role="toolbar" aria-label="Navigation">
            { button(Nav::First, "First move", "Home", props.can_back) }
            { button(Nav::Prev, "Previous move", "ArrowLeft", props.can_back) }
            { button(Nav::Next, "Next move", "ArrowRight", props.can_forward) }
            { button(Nav::Last, "Last move", "End", props.can_forward) }
            { button(Nav::Flip, "Flip board", "F", true) }
        </div>
    }
}
