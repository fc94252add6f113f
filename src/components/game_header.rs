//! The heading of the open game: players, event, place, date and opening.

use yew::prelude::*;

use movetext_view::game::model::{shown_part, SharedGame};
use movetext_view::text::tag_values::{player_name, shown_date};

/// What the header shows.
#[derive(Properties, PartialEq, Clone)]
pub struct GameHeaderProps {
    /// The game.
    pub game: SharedGame,
}

/// A tag value worth showing: not empty and not a `?` placeholder.
fn shown(value: Option<&str>) -> Option<String> {
    let v = value?.trim();
    (!v.is_empty() && v.chars().any(|c| c != '?' && c != '.')).then(|| v.to_owned())
}

/// The game heading.
#[function_component(GameHeader)]
pub fn game_header(props: &GameHeaderProps) -> Html {
    let lang = crate::i18n::use_lang();
    let g = &props.game;
    // Each name on one line, shortened by the style sheet: the whole name
    // is its title, and its text for a screen reader.
    let white = shown_part(player_name(g.tag("White"), true, lang)).to_owned();
    let black = shown_part(player_name(g.tag("Black"), false, lang)).to_owned();
    let date = shown_date(g.tag("Date"));
    let place: Vec<String> = [shown(g.tag("Event")), shown(g.tag("Site")), date].into_iter().flatten().collect();
    let opening = match (shown(g.tag("ECO")), shown(g.tag("Opening"))) {
        (Some(eco), Some(name)) => Some(format!("{eco} · {name}")),
        (eco, name) => eco.or(name),
    };
    html! {
        <header class="game-head">
            <h1 class="game-title">
                <span class="name" title={white.clone()}>{ white }</span>
                <span class="versus" aria-label={lang.text("versus")}>{ " – " }</span>
                <span class="name" title={black.clone()}>{ black }</span>
            </h1>
            if !place.is_empty() {
                <p class="game-place">{ place.join(" · ") }</p>
            }
            if let Some(opening) = opening {
                <p class="game-opening">{ opening }</p>
            }
        </header>
    }
}
