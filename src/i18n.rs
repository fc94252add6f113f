//! Movetext's own words in the reader's language (`movetext_view::text::i18n`),
//! and how components find the language: in Yew's context ([`use_lang`]),
//! which the page provides (the reader's choice).

use yew::prelude::*;

pub use movetext_view::text::i18n::*;

/// The language of the words shown here (English unless provided).
#[hook]
pub fn use_lang() -> Lang {
    use_context::<Lang>().unwrap_or_default()
}
