//! A page of the move list written as markup in one piece: the page builds
//! two hundred moves from markup far quicker than element by element. Its
//! moves are buttons with `data-node` (their node), its fold toggles carry
//! `data-fold` (the variation's first node): the list that holds the pages
//! answers their clicks. Every text that comes from a file (comments, text
//! kept as written, the result) is escaped.

use std::fmt::Write;

use crate::game::model::{NodeIx, ViewGame};
use crate::markup::markup_text::escape;
use crate::markup::move_list_layout::{Block, Boxes, Item, Layout};
use crate::text::i18n::Lang;
use crate::text::nag_glyphs::nag_view_in;
use crate::text::notation::Notation;

/// How many NAGs a move shows; more are counted.
pub const MAX_NAGS_SHOWN: usize = 6;

/// Comments longer than this (in bytes) are shown folded after their start.
const LONG: usize = 1000;

/// What a page is drawn from.
pub struct PageContext<'a> {
    /// The reader's language.
    pub lang: Lang,
    /// The game.
    pub game: &'a ViewGame,
    /// How moves are written.
    pub notation: Notation,
    /// The game's layout in pages.
    pub layout: &'a Layout,
    /// The folded variations, by first move.
    pub folded: &'a [NodeIx],
}

/// A box being filled while a page is written.
struct OpenBox {
    id: u32,
    markup: String,
    continued: bool,
    folded: bool,
}

impl PageContext<'_> {
    /// Counted message `key` for `n` (and the variation's `first` move), or
    /// the English words of `english` where the app's words are not built
    /// in (the widget).
    fn counted(&self, key: &str, n: u64, first: Option<&str>, english: impl FnOnce() -> String) -> String {
        if !cfg!(feature = "app-words") {
            return english();
        }
        let key = format!("{key}-{}", self.lang.plural(n));
        let count = n.to_string();
        match (self.lang.text(&key), first) {
            ("", _) => english(),
            (_, Some(first)) => self.lang.say(&key, &[("count", &count), ("first", first)]),
            (_, None) => self.lang.say(&key, &[("count", &count)]),
        }
    }

    /// Page `index` of the layout: its part of the main line's grid, with
    /// the game's result after the last page.
    pub fn page(&self, index: usize) -> String {
        let mut out = format!(r#"<div class="mainline" data-page="{index}">"#);
        out.push_str(&self.boxes(self.layout.pages[index].clone()));
        if index + 1 == self.layout.pages.len() {
            let result = self.game.tag("Result").unwrap_or("*");
            let label = if cfg!(feature = "app-words") {
                self.lang.say("result-label", &[("result", result)])
            } else {
                format!("result {result}")
            };
            let _ = write!(out, r#"<div class="result" aria-label="{}">{}</div>"#, escape(&label), escape(result));
        }
        out.push_str("</div>");
        out
    }

    /// The items `range` in their boxes: interruptions of the main line
    /// holding variation blocks of depth 1 holding blocks of depth 2. A box
    /// cut by the page's start or end is marked `split-before` or
    /// `split-after`, so that the pages join without a seam.
    fn boxes(&self, range: std::ops::Range<usize>) -> String {
        let items = &self.layout.items[..];
        let before = range.start.checked_sub(1).map_or(Boxes::default(), |i| items[i].boxes);
        let after = items.get(range.end).map_or(Boxes::default(), |p| p.boxes);
        let mut top = String::new();
        let mut open: Vec<OpenBox> = Vec::new();
        let close = |open: &mut Vec<OpenBox>, top: &mut String, split_after: bool| {
            let level = open.len() - 1;
            let b = open.pop().expect("a box to close");
            if b.folded && b.continued {
                // The rest of a folded block: nothing to write.
                return;
            }
            let mut class = String::from(match level {
                0 => "interruption",
                1 => "var var-d1",
                _ => "var var-d2",
            });
            for (on, name) in [(b.folded, " folded"), (b.continued, " split-before"), (split_after, " split-after")] {
                if on {
                    class.push_str(name);
                }
            }
            let markup = if level == 0 {
                format!(r#"<div class="{class}">{}</div>"#, b.markup)
            } else {
                format!(r#"<div class="{class}" data-depth="{level}">{}</div>"#, b.markup)
            };
            match open.last_mut() {
                Some(parent) => parent.markup.push_str(&markup),
                None => top.push_str(&markup),
            }
        };
        for (i, placed) in items[range.clone()].iter().enumerate() {
            let b = placed.boxes;
            let levels = if b.interruption == 0 {
                0
            } else if b.block1 == 0 {
                1
            } else if b.block2 == 0 {
                2
            } else {
                3
            };
            let mut keep = 0;
            while keep < open.len() && keep < levels && open[keep].id == b.at(keep) {
                keep += 1;
            }
            while open.len() > keep {
                close(&mut open, &mut top, false);
            }
            if open.iter().any(|b| b.folded) {
                continue;
            }
            while open.len() < levels {
                let level = open.len();
                let id = b.at(level);
                let continued = i == 0 && before.at(level) == id;
                let block = if level > 0 { self.layout.block(id) } else { None };
                let folded = block.is_some_and(|b| self.folded.contains(&b.start));
                let mut markup = String::new();
                if let (Some(block), false) = (block, continued) {
                    markup.push_str(&self.fold_toggle(block, folded));
                }
                open.push(OpenBox { id, markup, continued, folded });
                if folded {
                    break;
                }
            }
            if open.last().is_some_and(|b| b.folded) {
                continue;
            }
            let item = self.item(placed.item);
            match open.last_mut() {
                Some(b) => b.markup.push_str(&item),
                None => top.push_str(&item),
            }
        }
        while let Some(b) = open.last() {
            let split = after.at(open.len() - 1) == b.id;
            close(&mut open, &mut top, split);
        }
        top
    }

    /// The button that folds or unfolds a variation block (its triangle
    /// drawn by the style sheet, so that the list's text is the moves
    /// alone), and when folded the placeholder that stands for its moves
    /// (a click unfolds it too).
    fn fold_toggle(&self, block: Block, folded: bool) -> String {
        let start = block.start;
        let node = self.game.node(start);
        let dots = if node.by_white { "." } else { "..." };
        let first = format!("{}{} {}", node.number, dots, self.notation.write(node));
        let moves = block.moves;
        let plural = if moves == 1 { "" } else { "s" };
        let label = self.counted(if folded { "fold-show" } else { "fold-hide" }, moves.into(), Some(&first), || {
            format!("{} the variation {first} ({moves} move{plural})", if folded { "Show" } else { "Hide" })
        });
        let title = if folded {
            self.lang.text_or("fold-show-title", "Show this variation")
        } else {
            self.lang.text_or("fold-hide-title", "Hide this variation")
        };
        let mut out = format!(
            r#"<button type="button" class="var-fold" data-fold="{start}" aria-expanded="{}" aria-label="{}" title="{}"></button>"#,
            !folded,
            escape(&label),
            escape(title)
        );
        if folded {
            let text =
                self.counted("folded", moves.into(), Some(&first), || format!("({first} … {moves} move{plural})"));
            let _ = write!(
                out,
                r#"<span class="var-folded" data-fold="{start}" aria-hidden="true">{}</span>"#,
                escape(&text)
            );
        }
        out
    }

    /// One item.
    fn item(&self, item: Item) -> String {
        match item {
            Item::RowNumber(number) => format!(r#"<span class="num">{number}</span>"#),
            Item::Filler { dots } => {
                format!(r#"<span class="mv-filler" aria-hidden="true">{}</span>"#, if dots { "…" } else { "" })
            }
            Item::Move(ix) => self.move_button(ix),
            Item::Number { number, black } => {
                format!(r#"<span class="num">{number}{}</span>"#, if black { "..." } else { "." })
            }
            Item::Comment { node, before, index, block } => {
                let n = self.game.node(node);
                let list = if before { &n.before } else { &n.after };
                let class = if block { "comment comment-block" } else { "comment" };
                self.shortened(class, &list[index as usize], None)
            }
            Item::Unplayed { node, index } => {
                let title =
                    self.lang.text_or("unplayed", "Not understood as moves: kept as written, and exported unchanged");
                self.shortened("unplayed", &self.game.node(node).unplayed[index as usize], Some(title))
            }
            Item::Open => r#"<span class="var-paren">(</span>"#.to_owned(),
            Item::Close => r#"<span class="var-paren">)</span>"#.to_owned(),
        }
    }

    /// A move's button with its NAGs.
    fn move_button(&self, ix: NodeIx) -> String {
        let node = self.game.node(ix);
        // A move shows its first few NAGs; a flood of them (files have
        // thousands) is counted, not drawn.
        let nags: Vec<_> = node.nags.iter().take(MAX_NAGS_SHOWN).map(|&n| nag_view_in(n, self.lang)).collect();
        let more = node.nags.len().saturating_sub(MAX_NAGS_SHOWN);
        let written = self.notation.write(node);
        // The name holds the move as shown (figurines and other letters too).
        let dots = if node.by_white { "." } else { "..." };
        let mut label = format!("{}{} {}", node.number, dots, written);
        for v in nags.iter().filter(|v| !v.meaning.is_empty()) {
            label.push_str(", ");
            label.push_str(v.meaning);
        }
        let more_text = (more > 0)
            .then(|| self.counted("nags-more", more as u64, None, || format!("{more} more annotation glyphs")));
        if let Some(more_text) = &more_text {
            label.push_str(&if cfg!(feature = "app-words") {
                self.lang.say("and-more", &[("more", more_text)])
            } else {
                format!(", and {more_text}")
            });
        }
        let mut out = format!(
            r#"<button type="button" class="mv" tabindex="-1" data-node="{ix}" aria-label="{}"><span class="san">{}</span>"#,
            escape(&label),
            escape(&written)
        );
        for judges_move in [true, false] {
            let class = if judges_move { "nag nag-move" } else { "nag nag-position" };
            for v in nags.iter().filter(|v| v.judges_move == judges_move) {
                let _ =
                    write!(out, r#"<span class="{class}" title="{}">{}</span>"#, escape(v.meaning), escape(&v.glyph));
            }
        }
        if let Some(more_text) = more_text {
            let _ = write!(out, r#"<span class="nag nag-more" title="{}">+{more}</span>"#, escape(&more_text));
        }
        out.push_str("</button>");
        out
    }

    /// A text from the file: a long one shows its start, the rest behind a
    /// disclosure.
    fn shortened(&self, class: &str, text: &str, title: Option<&str>) -> String {
        let title = title.map(|t| format!(r#" title="{}""#, escape(t))).unwrap_or_default();
        if text.len() > LONG {
            let cut = text.char_indices().nth(240).map_or(text.len(), |(i, _)| i);
            let rest = text[cut..].chars().count();
            let more = if cfg!(feature = "app-words") {
                let count = rest.to_string();
                format!(
                    "… ({})",
                    self.lang.say(&format!("more-characters-{}", self.lang.plural(rest as u64)), &[("count", &count)])
                )
            } else {
                format!("… ({rest} more characters)")
            };
            return format!(
                r#"<details class="{class} long-text"{title}><summary>{}<span class="ellipsis">{}</span></summary><span>{}</span></details>"#,
                escape(&text[..cut]),
                escape(&more),
                escape(&text[cut..])
            );
        }
        format!(r#"<span class="{class}"{title}>{}</span>"#, escape(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::game_source::open_first_game;
    use crate::game::url_state::{node_at, path_of};

    /// Every page of a game's list, written with the variations starting
    /// at `folded` folded.
    fn list_folded(game: &ViewGame, folded: &[NodeIx]) -> String {
        let layout = Layout::of(game);
        let ctx = PageContext { lang: Lang::En, game, notation: Notation::San, layout: &layout, folded };
        (0..layout.pages.len()).map(|p| ctx.page(p)).collect()
    }

    fn list_of(game: &ViewGame) -> String {
        list_folded(game, &[])
    }

    /// What a piece of markup holds: each element (its name and class, and
    /// how deep it is) and its texts, unescaped, in order.
    struct Scan {
        elements: Vec<(String, String, usize)>,
        texts: Vec<String>,
    }

    fn scan(markup: &str) -> Scan {
        let unescape =
            |t: &str| t.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&");
        let (mut elements, mut texts, mut depth) = (Vec::new(), Vec::new(), 0usize);
        let mut rest = markup;
        while let Some(open) = rest.find('<') {
            let text = rest[..open].trim();
            if !text.is_empty() {
                texts.push(unescape(text));
            }
            let close = rest[open..].find('>').expect("a closed tag") + open;
            let tag = &rest[open + 1..close];
            if let Some(_end) = tag.strip_prefix('/') {
                depth -= 1;
            } else {
                let name = tag.split_whitespace().next().unwrap_or("").to_owned();
                let class = tag.split("class=\"").nth(1).and_then(|c| c.split('"').next()).unwrap_or("").to_owned();
                depth += 1;
                elements.push((name, class, depth));
            }
            rest = &rest[close + 1..];
        }
        assert_eq!(depth, 0, "every element is closed");
        Scan { elements, texts }
    }

    fn moves_in(scan: &Scan) -> usize {
        scan.elements.iter().filter(|(name, class, _)| name == "button" && class == "mv").count()
    }

    #[test]
    fn text_from_the_file_is_escaped() {
        let game = open_first_game(
            b"[Result \"<i>1-0</i>\"]\n\n1. e4 {<img src=x onerror=alert(1)> \"quoted\" & more} e5 2. Nf3 <b>bold</b> *",
        );
        let markup = list_of(&game);
        assert!(!markup.contains("<img") && !markup.contains("<b>") && !markup.contains("<i>"), "{markup}");
        assert!(markup.contains("&lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot; &amp; more"), "{markup}");
        assert!(markup.contains(r#"aria-label="result &lt;i&gt;1-0&lt;/i&gt;""#), "{markup}");
    }

    #[test]
    fn moves_are_buttons_with_their_nodes_and_nags() {
        let game = open_first_game(b"1. e4 $1 $14 e5 (1... c5 2. Nf3) 2. Nf3 *");
        let markup = list_of(&game);
        let e4 = game.next(0).unwrap();
        assert!(markup.contains(&format!(r#"data-node="{e4}" aria-label="1. e4, good move, "#)), "{markup}");
        assert!(markup.contains(r#"<span class="nag nag-move" title="good move">!</span>"#), "{markup}");
        assert_eq!(moves_in(&scan(&markup)), game.nodes.len() - 1);
        assert!(markup.contains(r#"class="var-fold" data-fold="#), "{markup}");
    }

    #[test]
    fn hostile_games_make_shallow_lists_without_deep_calls() {
        // A thread with far less stack than a wasm page has: recursion as
        // deep as the file would overflow it.
        let run = std::thread::Builder::new().stack_size(256 << 10).spawn(|| {
            for bytes in [
                movetext_hostile::deep_variations(10_000),
                movetext_hostile::many_siblings(10_000),
                movetext_hostile::long_game(20_000),
            ] {
                let game = open_first_game(&bytes);
                let scan = scan(&list_of(&game));
                let depth = scan.elements.iter().map(|e| e.2).max().unwrap_or(0);
                assert!(depth <= 8, "elements nest {depth} deep");
                assert_eq!(moves_in(&scan), game.nodes.len() - 1, "every move has its button");
                let deepest = (0..game.nodes.len()).max_by_key(|&ix| {
                    let (mut n, mut at) = (0, ix);
                    while let Some(p) = game.node(at).parent {
                        n += 1;
                        at = p;
                    }
                    n
                });
                let deepest = deepest.unwrap();
                assert_eq!(node_at(&game, &path_of(&game, deepest)), deepest);
            }
        });
        run.unwrap().join().unwrap();
    }

    #[test]
    fn a_box_cut_by_pages_is_drawn_once_and_continued() {
        for bytes in [
            movetext_hostile::deep_variations(3_000),
            movetext_hostile::many_siblings(3_000),
            b"1. e4 {x} e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 *".to_vec(),
        ] {
            let game = open_first_game(&bytes);
            let layout = Layout::of(&game);
            let mut ids = std::collections::HashSet::new();
            for p in &layout.items {
                ids.extend([p.boxes.interruption, p.boxes.block1 + 1_000_000, p.boxes.block2 + 2_000_000]);
            }
            let boxes = ids.into_iter().filter(|&id| id % 1_000_000 != 0).count();
            let (mut new_boxes, mut continued) = (0, 0);
            for (_, class, _) in scan(&list_of(&game)).elements {
                if class.contains("interruption") || class.contains("var-d") {
                    if class.contains("split-before") {
                        continued += 1;
                    } else {
                        new_boxes += 1;
                    }
                }
            }
            assert_eq!(new_boxes, boxes, "each box begins once");
            assert_eq!(
                continued > 0,
                layout.pages.len() > 1 && boxes > 0,
                "{continued} continued boxes in {} pages",
                layout.pages.len()
            );
        }
    }

    #[test]
    fn a_folded_variation_draws_its_toggle_and_placeholder_only() {
        let game = open_first_game(b"1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) d6) (1... e6 2. d4) 2. Nf3 *");
        let c5 = (0..game.nodes.len()).find(|&ix| game.node(ix).san == "c5").unwrap();
        let c3 = (0..game.nodes.len()).find(|&ix| game.node(ix).san == "c3").unwrap();
        let all = moves_in(&scan(&list_folded(&game, &[])));
        assert_eq!(all, game.nodes.len() - 1);
        let inner = moves_in(&scan(&list_folded(&game, &[c3])));
        assert_eq!(inner, all - 2, "c3 d5 hidden");
        let outer = scan(&list_folded(&game, &[c5]));
        assert_eq!(moves_in(&outer), all - 5, "c5 Nf3 d6 and c3 d5 hidden");
        assert!(outer.texts.iter().any(|t| t == "(1... c5 … 5 moves)"), "{:?}", outer.texts);
    }

    #[test]
    fn a_flood_of_nags_is_counted_not_drawn() {
        let game = open_first_game(&movetext_hostile::nag_flood(100_000));
        let scan = scan(&list_of(&game));
        let spans = scan.elements.iter().filter(|e| e.0 == "span").count();
        assert!(spans < 40, "{spans} spans");
        assert!(scan.texts.iter().any(|t| t == "+99994"), "{:?}", scan.texts);
    }

    #[test]
    fn inline_variations_are_written_in_parentheses() {
        let game = open_first_game(b"1. e4 e5 (1... c5 2. Nf3 (2. c3 d5 (2... Nf6 3. e5 (3. Nf3)) 3. d4) d6) 2. Nf3 *");
        let text = scan(&list_of(&game)).texts.join(" ");
        assert!(text.contains("( 2... Nf6 3. e5 ( 3. Nf3 ) ) 3. d4"), "{text}");
    }

    #[test]
    fn a_long_comment_shows_its_start_and_keeps_the_rest() {
        let long = "word ".repeat(400);
        let game = open_first_game(format!("1. e4 {{{long}}} *").as_bytes());
        let markup = list_of(&game);
        assert!(markup.contains(r#"long-text"><summary>word word"#), "{markup}");
        assert_eq!(markup.matches("word").count(), 400, "every word is kept");
    }
}
