//! The evaluation bar beside the board, shown when a game has `[%eval]`.

use yew::prelude::*;

use movetext_core::commands::Eval;

use crate::state::numbers::{one_decimal, tenths};

/// What the evaluation bar shows.
#[derive(Properties, PartialEq, Clone)]
pub struct EvalBarProps {
    /// The evaluation at the shown position, if known.
    pub eval: Option<Eval>,
    /// Black at the bottom.
    pub flipped: bool,
}

/// White's share of the bar, from 0 to 1.
pub fn white_share(eval: Option<Eval>) -> f64 {
    match eval {
        None => 0.5,
        Some(Eval::Mate(n)) => {
            if n > 0 {
                1.0
            } else {
                0.0
            }
        }
        Some(Eval::Pawns { centipawns }) => {
            let p = (f64::from(centipawns) / 100.0).clamp(-20.0, 20.0);
            1.0 / (1.0 + (-0.6 * p).exp())
        }
    }
}

/// The evaluation as text: `+1.3`, `-0.4`, `#3`, `#-2`.
pub fn eval_text(eval: Option<Eval>) -> String {
    match eval {
        None => String::new(),
        Some(Eval::Mate(n)) => format!("#{n}"),
        Some(Eval::Pawns { centipawns }) => {
            let p = f64::from(centipawns) / 100.0;
            if p > 0.0 {
                format!("+{}", one_decimal(p))
            } else {
                one_decimal(p)
            }
        }
    }
}

/// A vertical bar: White's share from White's side of the board.
#[function_component(EvalBar)]
pub fn eval_bar(props: &EvalBarProps) -> Html {
    // The app's words in the reader's language; the widget's build says
    // them in English.
    #[cfg(feature = "app-words")]
    let lang = crate::i18n::use_lang();
    #[cfg(not(feature = "app-words"))]
    let lang = crate::i18n::Lang::En;
    let share = white_share(props.eval);
    let text = eval_text(props.eval);
    // White's part of a 1000-unit tall bar, growing from White's side.
    let height = (share * 1000.0).round();
    let y = if props.flipped { 0.0 } else { 1000.0 - height };
    let label = if text.is_empty() {
        lang.text_or("no-eval", "No evaluation").to_owned()
    } else {
        crate::i18n::say_or!(lang, "eval", [("eval", &text)], "Evaluation {text}")
    };
    html! {
        <div class="eval-bar" role="meter" aria-label={label} aria-valuemin="0" aria-valuemax="100"
            aria-valuenow={tenths((share * 100.0).round())}>
            <svg class="eval-svg" viewBox="0 0 10 1000" preserveAspectRatio="none" aria-hidden="true" focusable="false">
                <rect class="eval-black" x="0" y="0" width="10" height="1000" />
                <rect class="eval-white" x="0" y={tenths(y)} width="10" height={tenths(height)} />
                <line class="eval-mid" x1="0" y1="500" x2="10" y2="500" />
            </svg>
            <span class={classes!("eval-text", if share >= 0.5 { "good-white" } else { "good-black" })}>{ text }</span>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_and_text() {
        assert_eq!(white_share(None), 0.5);
        assert_eq!(white_share(Some(Eval::Mate(-1))), 0.0);
        assert!(white_share(Some(Eval::Pawns { centipawns: 200 })) > 0.7);
        assert_eq!(eval_text(Some(Eval::Pawns { centipawns: 25 })), "+0.3");
        assert_eq!(eval_text(Some(Eval::Pawns { centipawns: -140 })), "-1.4");
        assert_eq!(eval_text(Some(Eval::Pawns { centipawns: 0 })), "0.0");
        assert_eq!(eval_text(Some(Eval::Mate(3))), "#3");
    }
}
