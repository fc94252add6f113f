//! The evaluation bar beside the board, shown when a game has `[%eval]`
//! (written as markup by `movetext_view::markup::eval_bar`).

use movetext_core::commands::Eval;
use yew::prelude::*;

/// What the evaluation bar shows.
#[derive(Properties, PartialEq, Clone)]
pub struct EvalBarProps {
    /// The evaluation at the shown position, if known.
    pub eval: Option<Eval>,
    /// Black at the bottom.
    pub flipped: bool,
}

/// A vertical bar: White's share from White's side of the board.
#[function_component(EvalBar)]
pub fn eval_bar(props: &EvalBarProps) -> Html {
    let lang = crate::i18n::use_lang();
    Html::from_html_unchecked(AttrValue::from(movetext_view::markup::eval_bar::eval_bar(
        props.eval,
        props.flipped,
        lang,
    )))
}
