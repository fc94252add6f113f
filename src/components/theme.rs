//! Light and dark themes: the choice is kept in local storage and applied as
//! `data-theme` on the root element; without a choice the system setting rules.

use yew::prelude::*;

const STORAGE_KEY: &str = "movetext-theme";

/// The two themes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    /// Light background.
    Light,
    /// Dark background.
    Dark,
}

impl Theme {
    fn name(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

fn system_prefers_dark() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
        .is_some_and(|m| m.matches())
}

/// The theme in force: the stored choice, else the system setting.
pub fn current() -> Theme {
    match storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten()).as_deref() {
        Some("dark") => Theme::Dark,
        Some("light") => Theme::Light,
        _ if system_prefers_dark() => Theme::Dark,
        _ => Theme::Light,
    }
}

/// Sets `data-theme` on the root element.
pub fn apply(theme: Theme) {
    if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        let _ = root.set_attribute("data-theme", theme.name());
    }
}

/// A button that switches between light and dark.
#[function_component(ThemeToggle)]
pub fn theme_toggle() -> Html {
    let lang = crate::i18n::use_lang();
    let theme = use_state(current);
    let onclick = {
        let theme = theme.clone();
        Callback::from(move |_: MouseEvent| {
            let next = match *theme {
                Theme::Light => Theme::Dark,
                Theme::Dark => Theme::Light,
            };
            apply(next);
            if let Some(s) = storage() {
                let _ = s.set_item(STORAGE_KEY, next.name());
            }
            theme.set(next);
        })
    };
    let dark = *theme == Theme::Dark;
    html! {
        <button type="button" class="theme-toggle" aria-pressed={dark.to_string()}
            aria-label={lang.text("dark-theme")} title={lang.text("dark-theme-title")} {onclick}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M12 3a9 9 0 1 0 0 18z" class="half-filled" />
                <circle cx="12" cy="12" r="9" />
            </svg>
        </button>
    }
}
