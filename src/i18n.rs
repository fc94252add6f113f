//! Movetext's own words in the reader's language (`movetext_view::i18n`),
//! and how components find the language: in Yew's context ([`use_lang`]).
//! The widget provides it (its `lang` option, else the page's `lang`), and
//! so does the app (its reader's choice).

use yew::prelude::*;

pub use movetext_view::i18n::*;

/// Message `key` with its values (`[(name, value), …]`) in the app; in the
/// widget's build, which leaves out the app's words, the English of the
/// `format!` arguments that follow.
macro_rules! say_or {
    ($lang:expr, $key:expr, [$(($name:expr, $value:expr)),* $(,)?], $($english:tt)+) => {
        if cfg!(feature = "app-words") {
            $lang.say($key, &[$(($name, $value)),*])
        } else {
            format!($($english)+)
        }
    };
}
pub(crate) use say_or;

/// The language of the words shown here (English unless provided).
#[hook]
pub fn use_lang() -> Lang {
    use_context::<Lang>().unwrap_or_default()
}
