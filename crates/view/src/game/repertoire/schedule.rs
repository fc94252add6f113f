//! When a card is due again: the SM-2 algorithm (SuperMemo 2, as Anki
//! began with it). Each answer is graded 0 to 5; a grade of 3 or more is a
//! success, which grows the interval (1 day, 6 days, then the interval
//! times the card's ease), and below 3 a lapse, which starts the card
//! again at one day. The ease starts at 2.5, moves with each grade and
//! never falls below 1.3. Days are whole days on a clock the caller keeps
//! (days since 1970 in the page), so the schedule is plain arithmetic and
//! a fixed clock gives fixed dates.

/// Days since a fixed day (1970-01-01 in the page).
pub type Day = u32;

/// A grade of an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grade {
    /// Wrong: the right move was shown (0).
    Wrong,
    /// Right after a hint, or slowly (3).
    Hard,
    /// Right (4).
    Good,
    /// Right at once (5).
    Easy,
}

impl Grade {
    /// The SM-2 quality, 0 to 5.
    fn quality(self) -> u8 {
        match self {
            Grade::Wrong => 0,
            Grade::Hard => 3,
            Grade::Good => 4,
            Grade::Easy => 5,
        }
    }
}

/// A card's progress.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Successes in a row since the last lapse.
    pub streak: u32,
    /// The ease factor (at least 1.3).
    pub ease: f64,
    /// The interval last given, in days (0 before the first answer).
    pub interval: u32,
    /// The day the card is due (the day it was first seen, for a new card).
    pub due: Day,
    /// How many times it was answered wrong after being learnt.
    pub lapses: u32,
    /// How many times it was answered.
    pub reviews: u32,
    /// How many times it was answered wrong (learnt or not).
    pub misses: u32,
}

/// The lowest ease.
const MIN_EASE: f64 = 1.3;

impl Progress {
    /// A new card, due on `today`.
    pub fn new(today: Day) -> Progress {
        Progress { streak: 0, ease: 2.5, interval: 0, due: today, lapses: 0, reviews: 0, misses: 0 }
    }

    /// Whether the card is due on `today`.
    pub fn is_due(&self, today: Day) -> bool {
        self.due <= today
    }

    /// Whether it was never answered.
    pub fn is_new(&self) -> bool {
        self.reviews == 0
    }

    /// The progress after an answer graded `grade` on `today`.
    pub fn answer(self, grade: Grade, today: Day) -> Progress {
        let q = f64::from(grade.quality());
        let ease = (self.ease + 0.1 - (5.0 - q) * (0.08 + (5.0 - q) * 0.02)).max(MIN_EASE);
        let reviews = self.reviews + 1;
        if grade == Grade::Wrong {
            let lapses = self.lapses + u32::from(self.streak > 0);
            let misses = self.misses + 1;
            return Progress { streak: 0, ease, interval: 1, due: today + 1, lapses, reviews, misses };
        }
        let streak = self.streak + 1;
        let interval = match streak {
            1 => 1,
            2 => 6,
            _ => (f64::from(self.interval) * ease).round().max(1.0) as u32,
        };
        Progress { streak, ease, interval, due: today + interval, lapses: self.lapses, reviews, misses: self.misses }
    }
}

/// How many of `cards` are due on each of the `days` days from `today`
/// (cards already due count on `today`).
pub fn forecast<'a>(cards: impl IntoIterator<Item = &'a Progress>, today: Day, days: u32) -> Vec<u32> {
    let mut counts = vec![0; days as usize];
    for p in cards {
        let at = p.due.saturating_sub(today) as usize;
        if let Some(c) = counts.get_mut(at) {
            *c += 1;
        }
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: Day = 20_000;

    #[test]
    fn intervals_grow_with_right_answers() {
        let mut p = Progress::new(DAY);
        let mut today = DAY;
        let mut intervals = Vec::new();
        for _ in 0..5 {
            p = p.answer(Grade::Good, today);
            intervals.push(p.interval);
            today = p.due;
        }
        assert_eq!(intervals, [1, 6, 15, 38, 95]);
        assert!(intervals.windows(2).all(|w| w[1] > w[0]));
        assert!((p.ease - 2.5).abs() < 1e-9, "good answers keep the ease");
        let easy =
            Progress::new(DAY).answer(Grade::Easy, DAY).answer(Grade::Easy, DAY + 1).answer(Grade::Easy, DAY + 7);
        let good =
            Progress::new(DAY).answer(Grade::Good, DAY).answer(Grade::Good, DAY + 1).answer(Grade::Good, DAY + 7);
        assert!(easy.interval > good.interval);
    }

    #[test]
    fn a_lapse_starts_again_at_one_day_and_lowers_the_ease() {
        let mut p = Progress::new(DAY);
        for t in [DAY, DAY + 1, DAY + 7] {
            p = p.answer(Grade::Good, t);
        }
        assert_eq!(p.interval, 15);
        let lapsed = p.answer(Grade::Wrong, DAY + 22);
        assert_eq!((lapsed.interval, lapsed.due, lapsed.streak, lapsed.lapses), (1, DAY + 23, 0, 1));
        assert!(lapsed.ease < p.ease);
        let again = lapsed.answer(Grade::Good, DAY + 23).answer(Grade::Good, DAY + 24).answer(Grade::Good, DAY + 30);
        assert!(again.interval < 15, "a lapsed card's intervals are shorter: {}", again.interval);
        // The ease never falls below 1.3.
        let mut low = Progress::new(DAY);
        for _ in 0..20 {
            low = low.answer(Grade::Wrong, DAY);
        }
        assert!((low.ease - MIN_EASE).abs() < 1e-9);
        assert_eq!(low.lapses, 0, "a card never learnt has no lapse");
        assert_eq!(low.misses, 20, "but every wrong answer is a miss");
    }

    #[test]
    fn a_fixed_clock_gives_fixed_dates_and_a_forecast() {
        let a = Progress::new(DAY).answer(Grade::Good, DAY);
        let b = Progress::new(DAY).answer(Grade::Good, DAY).answer(Grade::Good, DAY + 1);
        assert_eq!((a.due, b.due), (DAY + 1, DAY + 7));
        assert!(Progress::new(DAY).is_due(DAY) && Progress::new(DAY).is_new());
        assert!(!b.is_due(DAY + 6) && b.is_due(DAY + 7));
        let all = [Progress::new(DAY - 3), a, b];
        assert_eq!(forecast(&all, DAY, 8), [1, 1, 0, 0, 0, 0, 0, 1]);
    }
}
