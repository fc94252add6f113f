//! The opening of the shown position, named as it is stepped to: ECO code
//! and name, as text.

use movetext_view::game::model::{NodeIx, SharedGame};
use yew::prelude::*;

use crate::state::opening::{opening_at, table_or_fetch};

/// What the opening line shows.
#[derive(Properties, PartialEq, Clone)]
pub struct OpeningNameProps {
    /// The game.
    pub game: SharedGame,
    /// The node shown.
    pub current: NodeIx,
}

/// The opening line: the ECO code and name of the deepest named position
/// up to the shown one (empty before the first); `data-eco` holds the code.
#[function_component(OpeningName)]
pub fn opening_name(props: &OpeningNameProps) -> Html {
    let lang = crate::i18n::use_lang();
    // The table comes after the first board: drawn again when it is here.
    let arrived = use_state(|| false);
    let here = {
        let arrived = arrived.clone();
        table_or_fetch(Callback::from(move |()| arrived.set(true)))
    };
    let opening = use_memo((props.game.clone(), props.current, here), |(game, current, _)| opening_at(game, *current));
    match &*opening {
        Some(o) => html! {
            <p class="opening-name" data-eco={o.eco} title={lang.text("opening-title")}>
                <span class="sr-only">{ lang.text("opening") }{ " " }</span>
                <span class="opening-eco">{ o.eco }</span>
                <span class="opening-text">{ o.name.clone() }</span>
            </p>
        },
        None => html! { <p class="opening-name" data-eco=""></p> },
    }
}
