//! A player bar: colour, title, name, rating, clock, the side to move and,
//! at the end of the game, the player's score.

use yew::prelude::*;

/// What a player bar shows.
#[derive(Properties, PartialEq, Clone)]
pub struct PlayerBarProps {
    /// Whether this is the White player.
    pub white: bool,
    /// Player name (from the file; shown as text).
    pub name: AttrValue,
    /// Title such as `GM`.
    #[prop_or_default]
    pub title: Option<AttrValue>,
    /// Rating.
    #[prop_or_default]
    pub elo: Option<AttrValue>,
    /// Formatted clock.
    #[prop_or_default]
    pub clock: Option<AttrValue>,
    /// Whether this side is to move.
    pub to_move: bool,
    /// The player's score (`1`, `0`, `½`) when the game's end is shown.
    #[prop_or_default]
    pub score: Option<AttrValue>,
    /// `top` or `bottom`, for styling and tests.
    pub place: AttrValue,
}

/// A player bar.
#[function_component(PlayerBar)]
pub fn player_bar(props: &PlayerBarProps) -> Html {
    let side = if props.white { "white" } else { "black" };
    let mut class = classes!("player-bar", format!("player-{side}"), format!("at-{}", props.place));
    if props.to_move {
        class.push("to-move");
    }
    let side_label = if props.white { "White" } else { "Black" };
    let to_move_label = if props.to_move { ", to move" } else { "" };
    html! {
        <div class={class} data-side={side} aria-label={format!("{side_label}{to_move_label}")} role="group">
            <span class={classes!("side-swatch", side)} aria-hidden="true"></span>
            <span class="player-id">
                if let Some(title) = &props.title {
                    <span class="player-title">{ title.clone() }</span>
                }
                <span class="player-name">{ props.name.clone() }</span>
                if let Some(elo) = &props.elo {
                    <span class="player-elo">{ elo.clone() }</span>
                }
            </span>
            if let Some(score) = &props.score {
                <span class="player-score" aria-label={format!("score {score}")}>{ score.clone() }</span>
            }
            if let Some(clock) = &props.clock {
                <span class="player-clock" aria-label={format!("clock {clock}")}>{ clock.clone() }</span>
            }
        </div>
    }
}
