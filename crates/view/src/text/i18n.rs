//! Movetext's own words in the reader's language: English, German, French,
//! Spanish and Russian, from Fluent message files (`locales/*.ftl`: one
//! `key = text` a line, `{ $name }` where a value goes). A word missing in
//! a language is said in English. The widget's language is its `lang`
//! option, else the page's `lang`; the app's is its reader's choice. The app's
//! own words are in `locales/app/*.ftl` (the meanings of the NAGs in
//! `locales/app/nags/*.ftl`), built in with the feature `app-words` only:
//! the widget carries just the words it shows, and is given the reader's
//! diagnostics and NAG meanings for its language while running
//! ([`add_words`]). The app too builds in English only, unless with the
//! feature `all-languages`, and fetches another language's words
//! (`words/<tag>.ftl`, the three files of the language one after the
//! other) when it is chosen.

mod core_words;

/// A language of Movetext's words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// German.
    De,
    /// French.
    Fr,
    /// Spanish.
    Es,
    /// Russian.
    Ru,
}

/// Whether the words of every language are built in (the feature
/// `all-languages`, and the tests); else English only, the others added
/// while running ([`add_words`]) when the reader chooses one.
pub const ALL_BUILT_IN: bool = cfg!(any(feature = "all-languages", test));

/// Every language, English first.
pub const LANGS: [Lang; 5] = [Lang::En, Lang::De, Lang::Fr, Lang::Es, Lang::Ru];

impl Lang {
    /// The language of a tag such as `de`, `fr-CA` or `ru_RU` (English for
    /// any other).
    pub fn from_tag(tag: &str) -> Lang {
        let primary = tag.trim().split(['-', '_']).next().unwrap_or("").to_ascii_lowercase();
        match primary.as_str() {
            "de" => Lang::De,
            "fr" => Lang::Fr,
            "es" => Lang::Es,
            "ru" => Lang::Ru,
            _ => Lang::En,
        }
    }

    /// The language's tag.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Fr => "fr",
            Lang::Es => "es",
            Lang::Ru => "ru",
        }
    }

    /// The widget's words: English always, the other languages with the
    /// feature `app-words` (the widget's build is given those of its
    /// page's language while running, [`add_words`]).
    fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../../../locales/en.ftl"),
            _ if !cfg!(feature = "app-words") || !ALL_BUILT_IN => "",
            other => other.widget_words(),
        }
    }

    /// The widget's words in this language, as `locales/<lang>.ftl` has them.
    #[cfg(any(feature = "app-words", test))]
    fn widget_words(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../../../locales/en.ftl"),
            Lang::De => include_str!("../../../../locales/de.ftl"),
            Lang::Fr => include_str!("../../../../locales/fr.ftl"),
            Lang::Es => include_str!("../../../../locales/es.ftl"),
            Lang::Ru => include_str!("../../../../locales/ru.ftl"),
        }
    }

    #[cfg(not(any(feature = "app-words", test)))]
    fn widget_words(self) -> &'static str {
        ""
    }

    /// The app's own words (none without the feature `app-words`; English
    /// only without `all-languages`).
    fn app_source(self) -> &'static str {
        #[cfg(feature = "app-words")]
        return match self {
            Lang::En => include_str!("../../../../locales/app/en.ftl"),
            _ if !ALL_BUILT_IN => "",
            Lang::De => include_str!("../../../../locales/app/de.ftl"),
            Lang::Fr => include_str!("../../../../locales/app/fr.ftl"),
            Lang::Es => include_str!("../../../../locales/app/es.ftl"),
            Lang::Ru => include_str!("../../../../locales/app/ru.ftl"),
        };
        #[cfg(not(feature = "app-words"))]
        ""
    }

    /// The meanings of the NAGs (none without the feature `app-words`;
    /// English only without `all-languages`).
    fn nag_source(self) -> &'static str {
        #[cfg(feature = "app-words")]
        return match self {
            Lang::En => include_str!("../../../../locales/app/nags/en.ftl"),
            _ if !ALL_BUILT_IN => "",
            Lang::De => include_str!("../../../../locales/app/nags/de.ftl"),
            Lang::Fr => include_str!("../../../../locales/app/nags/fr.ftl"),
            Lang::Es => include_str!("../../../../locales/app/nags/es.ftl"),
            Lang::Ru => include_str!("../../../../locales/app/nags/ru.ftl"),
        };
        #[cfg(not(feature = "app-words"))]
        ""
    }

    /// The text of message `key`, its values not yet put in.
    pub fn text(self, key: &str) -> &'static str {
        let find = |lang: Lang| {
            TABLES.with(|tables| {
                let mut tables = tables.borrow_mut();
                let at = match tables.iter().position(|(l, _)| *l == lang) {
                    Some(at) => at,
                    None => {
                        tables.push((lang, table(lang)));
                        tables.len() - 1
                    }
                };
                let table = &tables[at].1;
                table.binary_search_by(|(k, _)| (*k).cmp(key)).ok().map(|i| table[i].1)
            })
        };
        find(self).or_else(|| find(Lang::En)).unwrap_or("")
    }

    /// Message `key`, else `english`: for the parts the app shares with
    /// the widget, whose build leaves out the app's words (they are then
    /// said in English, the words written next to the key).
    pub fn text_or(self, key: &str, english: &'static str) -> &'static str {
        if !cfg!(feature = "app-words") {
            return english;
        }
        match self.text(key) {
            "" => english,
            text => text,
        }
    }

    /// Message `key` with its values: `args` names each `{ $name }`.
    pub fn say(self, key: &str, args: &[(&str, &str)]) -> String {
        fill(self.text(key), args)
    }

    /// A number written with a decimal point (`1.5`), as the language
    /// writes it (`1,5` but in English).
    pub fn decimal(self, number: &str) -> String {
        match self {
            Lang::En => number.to_owned(),
            _ => number.replace('.', ","),
        }
    }

    /// The plural categories of the language's messages (CLDR's, for
    /// whole numbers): a counted message has one text for each, as
    /// `problems-one` and `problems-other`.
    pub fn plural_categories(self) -> &'static [&'static str] {
        match self {
            Lang::Ru => &["one", "few", "many"],
            _ => &["one", "other"],
        }
    }

    /// The plural category of `n` in the language.
    pub fn plural(self, n: u64) -> &'static str {
        match self {
            Lang::Ru => match (n % 10, n % 100) {
                (1, r) if r != 11 => "one",
                (2..=4, r) if !(12..=14).contains(&r) => "few",
                _ => "many",
            },
            Lang::Fr if n <= 1 => "one",
            _ if n == 1 => "one",
            _ => "other",
        }
    }

    /// Counted message `key` for `n` (its `{ $count }` is `n`), in the form
    /// the language uses for `n`.
    pub fn count(self, key: &str, n: u64) -> String {
        self.say(&format!("{key}-{}", self.plural(n)), &[("count", &n.to_string())])
    }
}

thread_local! {
    /// The messages of each language asked for so far.
    static TABLES: std::cell::RefCell<Vec<(Lang, Messages)>> = const { std::cell::RefCell::new(Vec::new()) };
    /// Messages added while running ([`add_words`]), with their language.
    static ADDED: std::cell::RefCell<Vec<(Lang, &'static str)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Every message of a language: the widget's and the app's (with the
/// meanings of the NAGs), and those added while running, sorted by key (a
/// key given again takes the place of the one before).
fn table(lang: Lang) -> Messages {
    let mut all = Messages::new();
    let mut add = |source: &'static str| {
        for (key, text) in messages(source) {
            match all.binary_search_by(|(k, _)| (*k).cmp(key)) {
                Ok(at) => all[at].1 = text,
                Err(at) => all.insert(at, (key, text)),
            }
        }
    };
    add(lang.source());
    if cfg!(feature = "app-words") {
        add(lang.app_source());
        add(lang.nag_source());
    }
    ADDED.with(|added| {
        for (_, source) in added.borrow().iter().filter(|(l, _)| *l == lang) {
            add(source);
        }
    });
    all
}

/// Adds the messages of a Fluent file to a language: the widget's build
/// leaves out the words it seldom shows (what the reader says about a
/// game, the meanings of NAGs) and is given them for the page's language
/// when it is not English. The text is kept for as long as the page runs.
pub fn add_words(lang: Lang, source: String) {
    let source: &'static str = Box::leak(source.into_boxed_str());
    ADDED.with(|added| added.borrow_mut().push((lang, source)));
    TABLES.with(|t| t.borrow_mut().retain(|(l, _)| *l != lang));
}

/// Messages as `(key, text)`, in the order of their files.
pub type Messages = Vec<(&'static str, &'static str)>;

/// The messages of a Fluent file: `key = text` lines (comments and blank
/// lines left out), in order.
pub fn messages(source: &'static str) -> Messages {
    source
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.trim(), v.trim()))
        .filter(|(k, _)| !k.is_empty())
        .collect()
}

/// `text` with each `{ $name }` replaced by its value.
fn fill(text: &str, args: &[(&str, &str)]) -> String {
    movetext_core::diagnostic_messages::fill(text, args)
}

/// Gives this thread every language's widget words, as the widget's page
/// does for its own language when they are not built in (tests in other
/// languages call it first).
#[cfg(test)]
pub(crate) fn every_language() {
    if !cfg!(feature = "app-words") {
        for lang in [Lang::De, Lang::Fr, Lang::Es, Lang::Ru] {
            add_words(lang, lang.widget_words().to_owned());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// The messages of a file by key.
    fn by_key(source: &'static str) -> HashMap<&'static str, &'static str> {
        messages(source).into_iter().collect()
    }

    #[test]
    fn words_added_while_running_are_said() {
        every_language();
        assert_eq!(Lang::De.text("added-test"), "");
        add_words(Lang::De, "# a comment\nadded-test = Hinzugefügt { $n }\n".to_owned());
        assert_eq!(Lang::De.say("added-test", &[("n", "2")]), "Hinzugefügt 2");
        // The language's other words are still there; other languages are
        // left as they were.
        assert_eq!(Lang::De.text("menu-copy-pgn"), "PGN kopieren");
        assert_eq!(Lang::Fr.text("added-test"), "");
    }

    /// The `{ $name }`s of a text, sorted.
    fn names(text: &str) -> Vec<&str> {
        let mut v: Vec<&str> = text.split("{ $").skip(1).filter_map(|p| p.split_once(" }").map(|(n, _)| n)).collect();
        v.sort_unstable();
        v
    }

    /// A message's name without its plural category, and the category.
    fn base(key: &str) -> (&str, Option<&str>) {
        match key.rsplit_once('-') {
            Some((b, c @ ("one" | "few" | "many" | "other"))) => (b, Some(c)),
            _ => (key, None),
        }
    }

    /// Checks one set of message files: every language has every English
    /// message, with the same values and its own plural forms.
    fn check_files(source: fn(Lang) -> &'static str) {
        let english = by_key(source(Lang::En));
        // English's messages, a counted one by its name.
        let wanted: HashMap<&str, &str> = english.iter().map(|(k, v)| (base(k).0, *v)).collect();
        for lang in LANGS {
            let table = by_key(source(lang));
            for (name, text) in &wanted {
                let counted = english.keys().any(|k| base(k).0 == *name && base(k).1.is_some());
                let keys: Vec<String> = if counted {
                    lang.plural_categories().iter().map(|c| format!("{name}-{c}")).collect()
                } else {
                    vec![name.to_string()]
                };
                for key in keys {
                    let theirs = table.get(key.as_str()).unwrap_or_else(|| panic!("{}: {key} missing", lang.tag()));
                    assert_eq!(names(theirs), names(text), "{}: {key}", lang.tag());
                }
            }
            for key in table.keys() {
                let (name, category) = base(key);
                assert!(wanted.contains_key(name), "{}: {key} is not an English message", lang.tag());
                if let Some(c) = category {
                    assert!(lang.plural_categories().contains(&c), "{}: {key}: no such plural form", lang.tag());
                }
            }
        }
    }

    #[test]
    fn every_language_says_every_message_with_the_same_values() {
        assert!(by_key(Lang::En.source()).len() > 30);
        check_files(Lang::widget_words);
    }

    #[cfg(feature = "app-words")]
    #[test]
    fn every_language_says_every_app_message_with_the_same_values() {
        let app = by_key(Lang::En.app_source());
        assert!(app.len() > 100);
        check_files(Lang::app_source);
        // The app's words are told apart from the widget's.
        let widget = by_key(Lang::En.source());
        for key in app.keys() {
            assert!(!widget.contains_key(key), "{key} is both a widget and an app message");
        }
    }

    #[cfg(feature = "app-words")]
    #[test]
    fn every_language_says_every_nag_meaning() {
        let nags = by_key(Lang::En.nag_source());
        assert!(nags.len() > 140);
        check_files(Lang::nag_source);
        let others: Vec<_> =
            [Lang::En.source(), Lang::En.app_source()].into_iter().flat_map(|s| by_key(s).into_keys()).collect();
        for key in nags.keys() {
            assert!(key.starts_with("nag-") && !others.contains(key), "{key}");
        }
    }

    #[test]
    fn counted_messages_take_the_form_of_their_number() {
        every_language();
        assert_eq!(Lang::En.count("problems", 1), "1 problem found while reading this game");
        assert_eq!(Lang::En.count("problems", 2), "2 problems found while reading this game");
        assert_eq!(Lang::Fr.count("problems", 0), "0 problème trouvé en lisant cette partie");
        let ru: Vec<&str> = [1, 2, 5, 11, 12, 21, 22, 25, 111].iter().map(|&n| Lang::Ru.plural(n)).collect();
        assert_eq!(ru, ["one", "few", "many", "many", "many", "one", "few", "many", "many"]);
    }

    #[test]
    fn values_are_put_in_and_tags_read() {
        every_language();
        assert_eq!(
            Lang::De.say("board-label", &[("move", "1. e4"), ("turn", Lang::De.text("turn-black"))]),
            "Schachbrett, Stellung nach 1. e4; Schwarz am Zug."
        );
        assert_eq!(Lang::from_tag("ru-RU"), Lang::Ru);
        assert_eq!(Lang::from_tag("fr_CA"), Lang::Fr);
        assert_eq!(Lang::from_tag("pt"), Lang::En);
        assert_eq!(Lang::Es.text("no-such-message"), "");
        assert_eq!(Lang::De.decimal("1.5"), "1,5");
        assert_eq!(Lang::En.decimal("1.5"), "1.5");
    }
}
