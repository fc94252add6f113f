//! A player bar as markup: colour, title, name, rating, the material the
//! player is up, clock, the side to move and, at the end of the game, the
//! player's score. Names, titles and ratings come from the file's tags and
//! are escaped.

use std::fmt::Write;

use movetext_core::shakmaty::Color;

use crate::game::model::{NodeIx, ViewGame};
use crate::markup::markup_text::escape;
use crate::markup::material::{balance, Balance};
use crate::markup::pieces::symbol_id;
use crate::text::clock_format::{format_clock, initial_clock};
use crate::text::i18n::Lang;
use crate::text::tag_values::known_name;

/// The bar of the player of `color` at node `current` (with the clock when
/// `clocks`), `place` (`top` or `bottom`) naming where it is.
pub fn player_bar(game: &ViewGame, current: NodeIx, color: Color, place: &str, clocks: bool, lang: Lang) -> String {
    let white = color.is_white();
    let prefix = if white { "White" } else { "Black" };
    let side_label = lang.text(if white { "side-white" } else { "side-black" });
    let known = |v: Option<&str>| known_name(v).map(escape);
    // The side's word for a missing name (as `player_name`); shortened to a
    // line by the style sheet, the whole name its title.
    let name = escape(known_name(game.tag(prefix)).unwrap_or(side_label));
    let title = known(game.tag(&format!("{prefix}Title")));
    let elo = known(game.tag(&format!("{prefix}Elo")));
    let clock = clocks
        .then(|| game.clock_at(current, color).or_else(|| game.tag("TimeControl").and_then(initial_clock)))
        .flatten()
        .map(format_clock);
    let at_end = current != 0 && game.next(current).is_none() && game.is_mainline(current);
    let score = match (at_end, game.tag("Result")) {
        (true, Some("1-0")) => Some(if white { "1" } else { "0" }),
        (true, Some("0-1")) => Some(if white { "0" } else { "1" }),
        (true, Some("1/2-1/2")) => Some("½"),
        _ => None,
    };
    let to_move = game.node(current).turn() == color && score.is_none();
    let side = if white { "white" } else { "black" };
    let label = if to_move { lang.say("player-to-move", &[("side", side_label)]) } else { side_label.to_owned() };
    let mut out = format!(
        r#"<div class="player-bar player-{side} at-{place}{}" data-side="{side}" aria-label="{}" role="group"><span class="side-swatch {side}" aria-hidden="true"></span><span class="player-id">"#,
        if to_move { " to-move" } else { "" },
        escape(&label)
    );
    if let Some(title) = title {
        let _ = write!(out, r#"<span class="player-title">{title}</span>"#);
    }
    let _ = write!(out, r#"<span class="player-name" title="{name}">{name}</span>"#);
    if let Some(elo) = elo {
        let _ = write!(out, r#"<span class="player-elo">{elo}</span>"#);
    }
    out.push_str("</span>");
    material(&mut out, &balance(game.node(current).board(), color), if white { Color::Black } else { Color::White });
    if let Some(score) = score {
        let _ = write!(out, r#"<span class="player-score" aria-label="score {score}">{score}</span>"#);
    }
    if let Some(clock) = clock {
        let _ = write!(out, r#"<span class="player-clock" aria-label="clock {clock}">{clock}</span>"#);
    }
    out.push_str("</div>");
    out
}

/// The pieces a player has taken on balance (drawn in their colour, the
/// same ones overlapping) and the lead (`+2`); `data-captured` holds their
/// letters and `data-material` the lead.
fn material(out: &mut String, m: &Balance, taken_color: Color) {
    let lead = (m.lead > 0).then(|| format!("+{}", m.lead));
    let label = (!m.taken.is_empty() || lead.is_some()).then(|| {
        let mut taken = String::new();
        for &r in &m.taken {
            taken.push_str(if taken.is_empty() { "taken: " } else { ", " });
            taken.push_str(movetext_core::role_name(r));
        }
        let sep = if taken.is_empty() || lead.is_none() { "" } else { "; " };
        format!("{taken}{sep}{}", lead.as_deref().unwrap_or(""))
    });
    let _ = write!(
        out,
        r#"<span class="player-material" data-material="{}" data-captured="{}""#,
        lead.as_deref().unwrap_or(""),
        m.letters()
    );
    if let Some(label) = label {
        let _ = write!(out, r#" role="img" aria-label="{label}""#);
    }
    out.push('>');
    for (i, &role) in m.taken.iter().enumerate() {
        let first = i == 0 || m.taken[i - 1] != role;
        let _ = write!(
            out,
            r##"<svg class="taken-piece{}" viewBox="0 0 100 100" aria-hidden="true"><use href="#{}" width="100" height="100"/></svg>"##,
            if first { " first" } else { "" },
            symbol_id(taken_color, role)
        );
    }
    if let Some(lead) = lead {
        let _ = write!(out, r#"<span class="material-lead">{lead}</span>"#);
    }
    out.push_str("</span>");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::game_source::open_first_game;

    #[test]
    fn names_from_the_file_are_escaped() {
        let game = open_first_game(b"[White \"<script>x</script>\"]\n[WhiteElo \"2700\"]\n[Black \"?\"]\n\n1. e4 *");
        let bar = player_bar(&game, 0, Color::White, "bottom", false, Lang::En);
        assert!(
            bar.contains(r#"<span class="player-name" title="&lt;script&gt;x&lt;/script&gt;">&lt;script&gt;x&lt;/script&gt;</span>"#),
            "{bar}"
        );
        assert!(bar.contains(r#"<span class="player-elo">2700</span>"#), "{bar}");
        assert!(bar.contains("player-white at-bottom to-move"), "{bar}");
        let black = player_bar(&game, 0, Color::Black, "top", false, Lang::En);
        assert!(black.contains(r#"<span class="player-name" title="Black">Black</span>"#), "{black}");
    }

    #[test]
    fn the_end_shows_scores_and_the_clock_its_time() {
        let game = open_first_game(b"[Result \"0-1\"]\n\n1. f3 {[%clk 0:01:00]} e5 2. g4 {[%clk 0:00:50]} Qh4# 0-1");
        let end = game.line_end(0);
        let white = player_bar(&game, end, Color::White, "bottom", true, Lang::En);
        assert!(white.contains(r#"<span class="player-score" aria-label="score 0">0</span>"#), "{white}");
        assert!(white.contains(r#"class="player-clock""#) && !white.contains("to-move"), "{white}");
    }
}
