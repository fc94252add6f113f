//! A player bar: colour, title, name, rating, the material the player is
//! up, clock, the side to move and, at the end of the game, the player's
//! score, written as markup by `movetext_view::markup::player_bar`.

use movetext_core::shakmaty::Color;
use yew::prelude::*;

use movetext_view::game::model::{NodeIx, ViewGame};

/// The bar of one player at the shown node (with the clock when asked).
pub fn player_bar_at(
    game: &ViewGame,
    current: NodeIx,
    color: Color,
    place: &'static str,
    clocks: bool,
    lang: crate::i18n::Lang,
) -> Html {
    let markup = movetext_view::markup::player_bar::player_bar(game, current, color, place, clocks, lang);
    Html::from_html_unchecked(AttrValue::from(markup))
}
