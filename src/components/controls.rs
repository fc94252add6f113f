//! Navigation buttons: first, previous, next, last, autoplay with its speed,
//! and flip.

use movetext_view::game::viewer::Nav;
use yew::prelude::*;

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
    /// Autoplay at the real pace, this many times as fast.
    #[prop_or_default]
    pub pace: Option<u32>,
    /// The real pace was chosen (or a delay).
    #[prop_or_default]
    pub on_pace: Callback<Option<u32>>,
    /// The game's moves have times ([%clk] or [%emt]): the real pace is offered.
    #[prop_or_default]
    pub timed: bool,
}

/// The autoplay delays offered, in milliseconds.
pub const DELAYS: [(u32, &str); 5] = [(250, "0.25 s"), (500, "0.5 s"), (1000, "1 s"), (2000, "2 s"), (4000, "4 s")];
/// The real paces offered: how many times as fast as the moves were played.
pub const PACES: [u32; 3] = [1, 10, 60];

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
    let lang = crate::i18n::use_lang();
    let button = |nav: Nav, key: &'static str, keys: &'static str, enabled: bool| {
        let label = lang.text(key);
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
        let (on_delay, on_pace) = (props.on_delay.clone(), props.on_pace.clone());
        Callback::from(move |e: Event| {
            use wasm_bindgen::JsCast;
            if let Some(select) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok()) {
                let i = select.selected_index().max(0) as usize;
                match (DELAYS.get(i), PACES.get(i.saturating_sub(DELAYS.len()))) {
                    (Some(d), _) => on_delay.emit(d.0),
                    (None, Some(&p)) => on_pace.emit(Some(p)),
                    (None, None) => on_delay.emit(1000),
                }
            }
        })
    };
    let (play_label, play_icon) = if props.playing {
        (lang.text("autoplay-pause"), "M8 5v14M16 5v14")
    } else {
        (lang.text("autoplay-play"), "M7 4.5v15l12-7.5z")
    };
    let delay_label = lang.text("autoplay-delay");
    html! {
        <div class="controls" role="toolbar" aria-label={lang.text("nav-bar")}>
            { button(Nav::First, "nav-first", "Home", props.can_back) }
            { button(Nav::Prev, "nav-prev", "ArrowLeft", props.can_back) }
            <button type="button" class="nav nav-play" aria-label={play_label} title={format!("{play_label} (Space)")}
                aria-pressed={props.playing.to_string()} aria-keyshortcuts="Space" onclick={play}
                disabled={!props.can_play && !props.playing}>
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d={play_icon} /></svg>
            </button>
            { button(Nav::Next, "nav-next", "ArrowRight", props.can_forward) }
            { button(Nav::Last, "nav-last", "End", props.can_forward) }
            <select class="autoplay-delay" aria-label={delay_label} title={delay_label} {onchange}>
                { for DELAYS.iter().map(|(ms, label)| html! {
                    <option selected={props.pace.is_none() && *ms == props.delay}>{ *label }</option>
                }) }
                if props.timed {
                    { for PACES.iter().map(|&f| html! {
                        <option selected={props.pace == Some(f)} title={lang.text("autoplay-real")}>{ pace_label(lang, f) }</option>
                    }) }
                }
            </select>
            { button(Nav::Flip, "nav-flip", "F", true) }
        </div>
    }
}

/// A real pace's name: the pace itself, or so many times as fast.
fn pace_label(lang: crate::i18n::Lang, times: u32) -> String {
    if times == 1 {
        lang.text("pace-real").to_owned()
    } else {
        lang.say("pace-times", &[("times", &times.to_string())])
    }
}
