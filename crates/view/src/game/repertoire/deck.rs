//! A repertoire's progress as it is kept: each card's [`Progress`] by its
//! position's key, the number of new cards a day and how many were begun
//! on the last day; its JSON form (for the browser's store and for export
//! and import); the day from the page's clock; and the dashboard's counts.
//!
//! The progress of a card whose position is no longer in the repertoire is
//! kept (dormant): it counts nowhere, and comes back with its position.

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use crate::game::repertoire::cards::Cards;
use crate::game::repertoire::schedule::{forecast, Day, Progress};

/// What the JSON file says it is.
pub const FORMAT: &str = "movetext-repertoire-progress";
/// The version of the JSON form written.
pub const VERSION: u64 = 1;
/// New cards a day, unless set otherwise.
pub const NEW_PER_DAY: u32 = 20;
/// Milliseconds in a day.
const DAY_MS: f64 = 86_400_000.0;

/// The day of a moment of the page's clock (milliseconds since 1970, UTC)
/// in a time zone `offset_minutes` behind UTC (as `Date`'s
/// `getTimezoneOffset` gives it): days begin at local midnight.
pub fn day_of(ms: f64, offset_minutes: f64) -> Day {
    let local = ms - offset_minutes * 60_000.0;
    (local / DAY_MS).floor().clamp(0.0, f64::from(u32::MAX)) as Day
}

/// A repertoire's progress.
#[derive(Clone, Debug, PartialEq)]
pub struct Deck {
    /// Each card's progress, by its position's key.
    pub cards: BTreeMap<u64, Progress>,
    /// New cards a day.
    pub new_per_day: u32,
    /// The day new cards were last begun, and how many that day.
    pub begun: (Day, u32),
}

impl Default for Deck {
    fn default() -> Deck {
        Deck { cards: BTreeMap::new(), new_per_day: NEW_PER_DAY, begun: (0, 0) }
    }
}

/// Why a JSON text is not a repertoire's progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Not JSON at all (the parser's words).
    NotJson(String),
    /// JSON, but not this format.
    NotProgress,
    /// A later version than this one reads.
    Version(u64),
    /// A card that cannot be read (its key as written).
    BadCard(String),
}

impl Deck {
    /// How many new cards may still be begun on `today`.
    pub fn new_left(&self, today: Day) -> u32 {
        let begun = if self.begun.0 == today { self.begun.1 } else { 0 };
        self.new_per_day.saturating_sub(begun)
    }

    /// Counts a new card begun on `today`.
    pub fn begin(&mut self, today: Day) {
        self.begun = if self.begun.0 == today { (today, self.begun.1 + 1) } else { (today, 1) };
    }

    /// The JSON form: the format's name and version, and each card under
    /// its key written as a decimal string (JSON numbers lose 64-bit keys).
    pub fn to_json(&self) -> String {
        let cards: Map<String, Value> = self
            .cards
            .iter()
            .map(|(k, p)| {
                let card = json!({
                    "due": p.due, "interval": p.interval, "ease": p.ease, "streak": p.streak,
                    "lapses": p.lapses, "reviews": p.reviews, "misses": p.misses,
                });
                (k.to_string(), card)
            })
            .collect();
        let doc = json!({
            "format": FORMAT,
            "version": VERSION,
            "newPerDay": self.new_per_day,
            "begun": { "day": self.begun.0, "count": self.begun.1 },
            "cards": cards,
        });
        doc.to_string()
    }

    /// Reads the JSON form; a text that is not one is refused whole.
    pub fn from_json(text: &str) -> Result<Deck, Refused> {
        let doc: Value = serde_json::from_str(text).map_err(|e| Refused::NotJson(e.to_string()))?;
        if doc.get("format").and_then(Value::as_str) != Some(FORMAT) {
            return Err(Refused::NotProgress);
        }
        let version = doc.get("version").and_then(Value::as_u64).ok_or(Refused::NotProgress)?;
        if version == 0 || version > VERSION {
            return Err(Refused::Version(version));
        }
        let list = doc.get("cards").and_then(Value::as_object).ok_or(Refused::NotProgress)?;
        let mut cards = BTreeMap::new();
        for (key, card) in list {
            let progress =
                key.parse::<u64>().ok().and_then(|_| card_of(card)).ok_or_else(|| Refused::BadCard(key.clone()))?;
            cards.insert(key.parse::<u64>().unwrap_or_default(), progress);
        }
        let count = |v: Option<&Value>| v.and_then(Value::as_u64).and_then(|n| u32::try_from(n).ok());
        let new_per_day = count(doc.get("newPerDay")).unwrap_or(NEW_PER_DAY);
        let begun = doc.get("begun");
        let begun = (
            count(begun.and_then(|b| b.get("day"))).unwrap_or(0),
            count(begun.and_then(|b| b.get("count"))).unwrap_or(0),
        );
        Ok(Deck { cards, new_per_day, begun })
    }
}

/// A card's progress from its JSON form.
fn card_of(card: &Value) -> Option<Progress> {
    let n = |name: &str| card.get(name).and_then(Value::as_u64).and_then(|n| u32::try_from(n).ok());
    let ease = card.get("ease").and_then(Value::as_f64).filter(|e| e.is_finite() && *e >= 1.0 && *e <= 10.0)?;
    Some(Progress {
        streak: n("streak")?,
        ease,
        interval: n("interval")?,
        due: n("due")?,
        lapses: n("lapses")?,
        reviews: n("reviews")?,
        misses: n("misses").unwrap_or(0),
    })
}

/// A line missed most: the moves to its position, and its lapses and misses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Missed {
    /// The moves from the start, numbered.
    pub line: String,
    /// The right answers there.
    pub answers: Vec<String>,
    /// Times forgotten after being learnt.
    pub lapses: u32,
    /// Times answered wrong.
    pub misses: u32,
}

/// The dashboard's counts for a repertoire's cards.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dashboard {
    /// Cards of the repertoire.
    pub cards: u32,
    /// Cards due today (answered before).
    pub due: u32,
    /// Cards never answered.
    pub new: u32,
    /// Cards whose last answer was right.
    pub learned: u32,
    /// Lapses over every card.
    pub lapses: u32,
    /// Cards due on each of the coming days, today first (cards overdue
    /// count today).
    pub forecast: Vec<u32>,
    /// The lines missed most, the most first.
    pub missed: Vec<Missed>,
}

/// Days in the dashboard's forecast.
pub const FORECAST_DAYS: u32 = 7;
/// Lines in the dashboard's list of the lines missed most.
pub const MISSED_LINES: usize = 5;

impl Dashboard {
    /// The counts of `cards` by `deck` on `today` (progress of positions no
    /// longer in the repertoire is left out).
    pub fn of(cards: &Cards, deck: &Deck, today: Day) -> Dashboard {
        let mut d = Dashboard { cards: cards.cards.len() as u32, ..Dashboard::default() };
        let mut known = Vec::new();
        let mut missed = Vec::new();
        for key in cards.cards.keys() {
            match deck.cards.get(key) {
                Some(p) if !p.is_new() => {
                    d.due += u32::from(p.is_due(today));
                    d.learned += u32::from(p.streak > 0);
                    d.lapses += p.lapses;
                    known.push(*p);
                    if p.misses > 0 {
                        missed.push((*key, *p));
                    }
                }
                _ => d.new += 1,
            }
        }
        d.forecast = forecast(&known, today, FORECAST_DAYS);
        missed.sort_by(|a, b| (b.1.lapses, b.1.misses).cmp(&(a.1.lapses, a.1.misses)).then(a.0.cmp(&b.0)));
        d.missed = missed
            .into_iter()
            .filter_map(|(key, p)| {
                let line = cards.line_to(key)?;
                let answers = cards.cards.get(&key)?.answers.clone();
                Some(Missed { line: cards.numbered(&line), answers, lapses: p.lapses, misses: p.misses })
            })
            .take(MISSED_LINES)
            .collect();
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::repertoire::schedule::Grade;
    use movetext_core::shakmaty::Color;
    use movetext_core::{Game, GameReader};

    const DAY: Day = 20_000;

    fn cards(pgn: &str) -> Cards {
        let games: Vec<Game> = GameReader::new(pgn.as_bytes()).collect();
        Cards::of(&games, Color::White)
    }

    #[test]
    fn days_begin_at_local_midnight() {
        // 2024-11-28 23:30 UTC is the 29th in Berlin (offset -60) and the
        // 28th in New York (offset 300).
        let ms = 1_732_836_600_000.0;
        assert_eq!(day_of(ms, 0.0), 20_055);
        assert_eq!(day_of(ms, -60.0), 20_056);
        assert_eq!(day_of(ms, 300.0), 20_055);
        assert_eq!(day_of(ms + 86_400_000.0 * 3.0, 0.0), 20_058);
    }

    #[test]
    fn the_json_form_reads_back_the_same_and_keeps_64_bit_keys() {
        let mut deck = Deck { new_per_day: 7, begun: (DAY, 3), ..Deck::default() };
        let learnt = Progress::new(DAY).answer(Grade::Good, DAY).answer(Grade::Wrong, DAY + 1);
        deck.cards.insert(u64::MAX - 1, learnt);
        deck.cards.insert(12, Progress::new(DAY).answer(Grade::Easy, DAY));
        let text = deck.to_json();
        assert!(text.contains("\"18446744073709551614\""), "{text}");
        assert_eq!(Deck::from_json(&text), Ok(deck));
    }

    #[test]
    fn a_file_that_is_not_progress_is_refused() {
        assert!(matches!(Deck::from_json("{ not json"), Err(Refused::NotJson(_))));
        assert_eq!(Deck::from_json("[1, 2]"), Err(Refused::NotProgress));
        assert_eq!(Deck::from_json(r#"{"format":"other","version":1,"cards":{}}"#), Err(Refused::NotProgress));
        let later = format!(r#"{{"format":"{FORMAT}","version":9,"cards":{{}}}}"#);
        assert_eq!(Deck::from_json(&later), Err(Refused::Version(9)));
        let bad_key = format!(r#"{{"format":"{FORMAT}","version":1,"cards":{{"x1":{{}}}}}}"#);
        assert_eq!(Deck::from_json(&bad_key), Err(Refused::BadCard("x1".into())));
        let bad_card = format!(
            r#"{{"format":"{FORMAT}","version":1,"cards":{{"5":{{"due":1,"interval":1,"ease":-3,"streak":1,"lapses":0,"reviews":1}}}}}}"#
        );
        assert_eq!(Deck::from_json(&bad_card), Err(Refused::BadCard("5".into())));
        let empty = format!(r#"{{"format":"{FORMAT}","version":1,"cards":{{}}}}"#);
        assert_eq!(Deck::from_json(&empty), Ok(Deck::default()));
    }

    #[test]
    fn new_cards_a_day_are_counted_by_day() {
        let mut deck = Deck { new_per_day: 2, ..Deck::default() };
        assert_eq!(deck.new_left(DAY), 2);
        deck.begin(DAY);
        deck.begin(DAY);
        assert_eq!(deck.new_left(DAY), 0);
        assert_eq!(deck.new_left(DAY + 1), 2);
        deck.begin(DAY + 1);
        assert_eq!((deck.begun, deck.new_left(DAY + 1)), ((DAY + 1, 1), 1));
    }

    #[test]
    fn the_dashboard_counts_due_new_learned_lapses_and_the_lines_missed() {
        let rep = cards("1. e4 e5 (1... c5 2. Nf3 d6 3. d4) 2. Nf3 Nc6 3. Bb5 *");
        assert_eq!(rep.cards.len(), 5);
        let mut deck = Deck::default();
        let empty = Dashboard::of(&rep, &deck, DAY);
        assert_eq!((empty.cards, empty.due, empty.new, empty.learned, empty.lapses), (5, 0, 5, 0, 0));
        assert_eq!(empty.forecast, vec![0; 7]);
        // The start learnt, then the card after 2... Nc6 learnt and forgotten.
        let bb5 = rep.cards.values().find(|c| c.answers == ["Bb5"]).unwrap().key;
        deck.cards.insert(rep.start, Progress::new(DAY).answer(Grade::Good, DAY));
        let lapsed = Progress::new(DAY).answer(Grade::Good, DAY).answer(Grade::Wrong, DAY);
        deck.cards.insert(bb5, lapsed);
        // A card of a position gone from the repertoire: dormant.
        deck.cards.insert(99, Progress::new(DAY).answer(Grade::Wrong, DAY));
        let d = Dashboard::of(&rep, &deck, DAY);
        assert_eq!((d.due, d.new, d.learned, d.lapses), (0, 3, 1, 1));
        assert_eq!(d.forecast, vec![0, 2, 0, 0, 0, 0, 0]);
        assert_eq!(
            d.missed,
            vec![Missed { line: "1. e4 e5 2. Nf3 Nc6".into(), answers: vec!["Bb5".into()], lapses: 1, misses: 1 }]
        );
        let tomorrow = Dashboard::of(&rep, &deck, DAY + 1);
        assert_eq!((tomorrow.due, tomorrow.forecast[0]), (2, 2));
    }
}
