//! The evaluation bar beside the board, shown when a game has `[%eval]`,
//! as markup.

use movetext_core::commands::Eval;

use crate::markup::markup_text::escape;
use crate::text::i18n::Lang;
use crate::text::numbers::{one_decimal, tenths};

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

/// The bar as markup: White's share of a vertical bar from White's side
/// of the board (`flipped`: Black at the bottom), and the evaluation as
/// text. Its label says the evaluation in the app's words (in English
/// where they are not built in: the widget).
pub fn eval_bar(eval: Option<Eval>, flipped: bool, lang: Lang) -> String {
    let share = white_share(eval);
    let text = eval_text(eval);
    // White's part of a 1000-unit tall bar, growing from White's side.
    let height = (share * 1000.0).round();
    let y = if flipped { 0.0 } else { 1000.0 - height };
    let label = if text.is_empty() {
        lang.text_or("no-eval", "No evaluation").to_owned()
    } else if cfg!(feature = "app-words") {
        lang.say("eval", &[("eval", &text)])
    } else {
        format!("Evaluation {text}")
    };
    format!(
        concat!(
            r#"<div class="eval-bar" role="meter" aria-label="{}" aria-valuemin="0" aria-valuemax="100" aria-valuenow="{}">"#,
            r#"<svg class="eval-svg" viewBox="0 0 10 1000" preserveAspectRatio="none" aria-hidden="true" focusable="false">"#,
            r#"<rect class="eval-black" x="0" y="0" width="10" height="1000"/>"#,
            r#"<rect class="eval-white" x="0" y="{}" width="10" height="{}"/>"#,
            r#"<line class="eval-mid" x1="0" y1="500" x2="10" y2="500"/></svg>"#,
            r#"<span class="eval-text {}">{}</span></div>"#
        ),
        escape(&label),
        tenths((share * 100.0).round()),
        tenths(y),
        tenths(height),
        if share >= 0.5 { "good-white" } else { "good-black" },
        text
    )
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

    #[test]
    fn the_bar_grows_from_whites_side() {
        let bar = eval_bar(Some(Eval::Mate(2)), false, Lang::En);
        assert!(bar.contains(r#"<rect class="eval-white" x="0" y="0" width="10" height="1000"/>"#), "{bar}");
        assert!(bar.contains(r#"aria-valuenow="100""#) && bar.contains(">#2</span>"), "{bar}");
        let flipped = eval_bar(Some(Eval::Pawns { centipawns: -300 }), true, Lang::En);
        assert!(flipped.contains(r#"class="eval-white" x="0" y="0""#) && flipped.contains("good-black"), "{flipped}");
        assert!(eval_bar(None, false, Lang::En).contains(r#"aria-label="No evaluation""#));
    }
}
