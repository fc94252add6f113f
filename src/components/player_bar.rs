//! A player bar: colour, title, name, rating, the material the player is
//! up, clock, the side to move and, at the end of the game, the player's
//! score.

use movetext_core::shakmaty::Color;
use yew::prelude::*;

use crate::components::clock_format::{format_clock, initial_clock};
use crate::components::pieces::symbol_id;
use crate::state::material::{balance, Balance};
use crate::state::model::{NodeIx, ViewGame};

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
    /// The material the player is up in the shown position.
    #[prop_or_default]
    pub material: Balance,
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
    let lang = crate::i18n::use_lang();
    let side_label = lang.text(if props.white { "side-white" } else { "side-black" });
    let label = if props.to_move { lang.say("player-to-move", &[("side", side_label)]) } else { side_label.to_owned() };
    html! {
        <div class={class} data-side={side} aria-label={label} role="group">
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
            { material(&props.material, if props.white { Color::Black } else { Color::White }) }
            if let Some(score) = &props.score {
                <span class="player-score" aria-label={format!("score {score}")}>{ score.clone() }</span>
            }
            if let Some(clock) = &props.clock {
                <span class="player-clock" aria-label={format!("clock {clock}")}>{ clock.clone() }</span>
            }
        </div>
    }
}

/// The pieces a player has taken on balance (drawn in their colour, the
/// same ones overlapping) and the lead (`+2`); `data-captured` holds their
/// letters and `data-material` the lead.
fn material(m: &Balance, taken_color: Color) -> Html {
    let lead = (m.lead > 0).then(|| format!("+{}", m.lead));
    let label = (!m.taken.is_empty() || lead.is_some()).then(|| {
        let names: Vec<&str> = m.taken.iter().map(|&r| movetext_core::role_name(r)).collect();
        let taken = if names.is_empty() { String::new() } else { format!("taken: {}", names.join(", ")) };
        let sep = if taken.is_empty() || lead.is_none() { "" } else { "; " };
        format!("{taken}{sep}{}", lead.as_deref().unwrap_or(""))
    });
    let icons = m.taken.iter().enumerate().map(|(i, &role)| {
        let first = i == 0 || m.taken[i - 1] != role;
        let class = classes!("taken-piece", first.then_some("first"));
        let href = format!("#{}", symbol_id(taken_color, role));
        html! { <svg class={class} viewBox="0 0 100 100" aria-hidden="true"><use {href} width="100" height="100" /></svg> }
    });
    html! {
        <span class="player-material" data-material={lead.clone().unwrap_or_default()} data-captured={m.letters()}
            role={label.is_some().then_some("img")} aria-label={label}>
            { for icons }
            if let Some(lead) = lead {
                <span class="material-lead">{ lead }</span>
            }
        </span>
    }
}

/// The bar of one player at the shown node (with the clock when asked).
pub fn player_bar_at(
    game: &ViewGame,
    current: NodeIx,
    color: Color,
    place: &'static str,
    clocks: bool,
    lang: crate::i18n::Lang,
) -> Html {
    let white = color.is_white();
    let prefix = if white { "White" } else { "Black" };
    let known = |v: Option<&str>| {
        v.map(str::trim).filter(|v| !matches!(*v, "" | "?" | "-" | "0")).map(|v| AttrValue::from(v.to_owned()))
    };
    let name = known(game.tag(prefix))
        .unwrap_or_else(|| AttrValue::from(lang.text(if white { "side-white" } else { "side-black" })));
    let title = known(game.tag(&format!("{prefix}Title")));
    let elo = known(game.tag(&format!("{prefix}Elo")));
    let clock = clocks
        .then(|| game.clock_at(current, color).or_else(|| game.tag("TimeControl").and_then(initial_clock)))
        .flatten()
        .map(|t| AttrValue::from(format_clock(t)));
    let at_end = current != 0 && game.next(current).is_none() && game.is_mainline(current);
    let score = match (at_end, game.tag("Result")) {
        (true, Some("1-0")) => Some(if white { "1" } else { "0" }),
        (true, Some("0-1")) => Some(if white { "0" } else { "1" }),
        (true, Some("1/2-1/2")) => Some("½"),
        _ => None,
    }
    .map(AttrValue::from);
    let to_move = game.node(current).turn() == color && score.is_none();
    let material = balance(game.node(current).board(), color);
    html! {
        <PlayerBar {white} {name} {title} {elo} {clock} {to_move} {score} {material} place={place} />
    }
}
