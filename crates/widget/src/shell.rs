//! The widget's frame as markup: written once when it mounts, with a slot
//! for each part that is written again as the game or the move changes
//! (slots take no room of their own: `display: contents`).

use movetext_view::game::library::Library;
use movetext_view::game::model::ViewGame;
use movetext_view::markup::markup_text::escape;
use movetext_view::text::i18n::Lang;
use movetext_view::text::tag_values::player_name;
use movetext_view::widget_config::WidgetOptions;

/// Icon paths of the controls, in a 24 × 24 box.
const FIRST: &str = "M6 5v14M18 5l-8 7 8 7";
const PREV: &str = "M15 5l-8 7 8 7";
const NEXT: &str = "M9 5l8 7-8 7";
const LAST: &str = "M18 5v14M6 5l8 7-8 7";
const FLIP: &str = "M7 4v15M4 16l3 3 3-3M17 20V5M14 8l3-3 3 3";
/// The play button's icons: play, pause.
pub const PLAY: &str = "M7 4.5v15l12-7.5z";
/// The play button's icon while autoplay runs.
pub const PAUSE: &str = "M8 5v14M16 5v14";

/// The autoplay delays offered, in milliseconds.
pub const DELAYS: [(u32, &str); 5] = [(250, "0.25 s"), (500, "0.5 s"), (1000, "1 s"), (2000, "2 s"), (4000, "4 s")];
/// The real paces offered: how many times as fast as the moves were played.
pub const PACES: [u32; 3] = [1, 10, 60];

/// The moves beside or below the board: the list and the problems found.
pub const SIDE: &str = "<div class=\"mt-side\" part=\"moves\"><div class=\"move-list\" role=\"region\"></div>\
                        <div class=\"mt-slot\" data-slot=\"problems\"></div></div>";

/// The frame: the bar (picker, live marker, menu), the board's column
/// (players' bars, the board, the controls) and the moves beside or below.
pub fn frame(opts: &WidgetOptions, lang: Lang, several_games: bool) -> String {
    let mut out = format!(
        "<div class=\"mt-frame\" lang=\"{}\"><div class=\"mt-widget {}\" part=\"frame\" data-theme=\"{}\" data-board=\"{}\" \
         tabindex=\"0\" role=\"group\">",
        lang.tag(),
        opts.moves.class(),
        escape(&opts.theme),
        escape(&opts.board)
    );
    if several_games || opts.menu || opts.live {
        out.push_str("<div class=\"mt-bar\"><div class=\"mt-slot\" data-slot=\"picker\"></div>");
        out.push_str("<div class=\"mt-slot\" data-slot=\"live\"></div>");
        if opts.menu {
            out.push_str(&menu_button(lang));
        }
        out.push_str("</div>");
    }
    out.push_str("<section class=\"mt-board-col\"><div class=\"mt-slot\" data-slot=\"notice\"></div>");
    if opts.players {
        out.push_str("<div class=\"mt-slot\" data-slot=\"top\"></div>");
    }
    out.push_str("<div class=\"board-row\"><div class=\"mt-slot\" data-slot=\"eval\"></div>");
    out.push_str(&board(lang, opts));
    out.push_str("</div>");
    if opts.players {
        out.push_str("<div class=\"mt-slot\" data-slot=\"bottom\"></div>");
    }
    if opts.controls {
        out.push_str(&controls(lang));
    }
    out.push_str("<div class=\"mt-slot\" data-slot=\"training\"></div>");
    out.push_str(
        "<div class=\"sr-only\" aria-live=\"polite\" aria-atomic=\"true\" data-slot=\"said\"></div></section>",
    );
    out.push_str("<div class=\"mt-slot\" data-slot=\"side\"></div>");
    out.push_str("</div></div>");
    out
}

/// The board's element and drawing, with the piece definitions of the set
/// chosen; its squares, pieces and marks are written into its groups.
fn board(lang: Lang, opts: &WidgetOptions) -> String {
    let editable = opts.editable;
    let (role, extra) = if editable {
        ("application", format!(" tabindex=\"0\" aria-roledescription=\"{}\"", escape(lang.text("board-role"))))
    } else {
        ("img", String::new())
    };
    format!(
        "<div class=\"board{}\" part=\"board\" role=\"{role}\"{extra} aria-describedby=\"board-description\">\
         <p id=\"board-description\" class=\"sr-only\"></p><p class=\"sr-only\" aria-live=\"polite\"></p>\
         <svg class=\"board-svg\" viewBox=\"0 0 800 800\" aria-hidden=\"true\" focusable=\"false\">\
         <defs>{}</defs><rect class=\"sq-light\" x=\"0\" y=\"0\" width=\"800\" height=\"800\"></rect>\
         <g class=\"squares\"></g><g class=\"highlights\"></g><g class=\"coords\"></g><g class=\"picked\"></g>\
         <g class=\"pieces\"></g><g class=\"targets\"></g><g class=\"arrows\"></g><g class=\"floating\"></g>\
         </svg></div>",
        if editable { " editable" } else { "" },
        movetext_view::markup::board_markup::defs(opts.pieces),
    )
}

/// A navigation button.
fn nav_button(lang: Lang, name: &str, key: &str, keys: &str, icon: &str) -> String {
    let label = escape(lang.text(key));
    format!(
        "<button type=\"button\" class=\"nav nav-{name}\" data-nav=\"{name}\" aria-label=\"{label}\" \
         title=\"{label} ({keys})\" aria-keyshortcuts=\"{keys}\">\
         <svg viewBox=\"0 0 24 24\" aria-hidden=\"true\" focusable=\"false\"><path d=\"{icon}\"></path></svg></button>"
    )
}

/// The navigation bar: first, previous, play, next, last, the autoplay
/// delay, flip. Their state (disabled, pressed) is set on them as the game
/// moves, so a focused button keeps its focus.
fn controls(lang: Lang) -> String {
    let mut out = format!(
        "<div class=\"controls\" part=\"controls\" role=\"toolbar\" aria-label=\"{}\">",
        escape(lang.text("nav-bar"))
    );
    out.push_str(&nav_button(lang, "first", "nav-first", "Home", FIRST));
    out.push_str(&nav_button(lang, "prev", "nav-prev", "ArrowLeft", PREV));
    out.push_str(&nav_button(lang, "play", "autoplay-play", "Space", PLAY));
    out.push_str(&nav_button(lang, "next", "nav-next", "ArrowRight", NEXT));
    out.push_str(&nav_button(lang, "last", "nav-last", "End", LAST));
    let delay = escape(lang.text("autoplay-delay"));
    out.push_str(&format!("<select class=\"autoplay-delay\" aria-label=\"{delay}\" title=\"{delay}\"></select>"));
    out.push_str(&nav_button(lang, "flip", "nav-flip", "F", FLIP));
    out.push_str("</div>");
    out
}

/// The autoplay delay's options: the delays, and the real paces when the
/// game's moves have times.
pub fn delay_options(lang: Lang, delay: u32, pace: Option<u32>, timed: bool) -> String {
    let mut out = String::new();
    for (ms, label) in DELAYS {
        let selected = if pace.is_none() && ms == delay { " selected" } else { "" };
        out.push_str(&format!("<option{selected}>{label}</option>"));
    }
    if timed {
        let title = escape(lang.text("autoplay-real"));
        for times in PACES {
            let selected = if pace == Some(times) { " selected" } else { "" };
            let label = if times == 1 {
                lang.text("pace-real").to_owned()
            } else {
                lang.say("pace-times", &[("times", &times.to_string())])
            };
            out.push_str(&format!("<option{selected} title=\"{title}\">{}</option>", escape(&label)));
        }
    }
    out
}

/// The menu's button and its status line (the list is written when it opens).
fn menu_button(lang: Lang) -> String {
    let label = escape(lang.text("menu-button"));
    format!(
        "<div class=\"mt-menu\" part=\"menu\"><button type=\"button\" class=\"mt-menu-button\" aria-haspopup=\"menu\" \
         aria-expanded=\"false\" aria-label=\"{label}\" title=\"{label}\">⋯</button>\
         <div class=\"mt-slot\" data-slot=\"menu\"></div><span class=\"mt-menu-status\" role=\"status\"></span></div>"
    )
}

/// The menu's items: copy the PGN, copy the FEN, download, flip, and open
/// in the app when the widget knows where the app is. In the `train` mode
/// (`training`) only those that do not give the game's moves away: copy
/// the FEN and flip.
pub fn menu_list(lang: Lang, open_url: Option<&str>, training: bool) -> String {
    let mut out = format!("<div class=\"mt-menu-list\" role=\"menu\" aria-label=\"{}\">", escape(lang.text("picker")));
    for (action, key) in [
        ("copy-pgn", "menu-copy-pgn"),
        ("copy-fen", "menu-copy-fen"),
        ("download", "menu-download"),
        ("flip", "nav-flip"),
    ] {
        if training && action != "copy-fen" && action != "flip" {
            continue;
        }
        out.push_str(&format!(
            "<button type=\"button\" role=\"menuitem\" data-menu=\"{action}\">{}</button>",
            escape(lang.text(key))
        ));
    }
    if let Some(url) = open_url.filter(|_| !training) {
        out.push_str(&format!(
            "<a role=\"menuitem\" data-menu=\"open\" href=\"{}\" target=\"_blank\" rel=\"noopener\">{}</a>",
            escape(url),
            escape(lang.text("menu-open-app"))
        ));
    }
    out.push_str("</div>");
    out
}

/// The game picker: each game's number, players, result and round.
pub fn picker(lang: Lang, library: &Library, index: usize) -> String {
    let mut out = format!("<select class=\"mt-picker\" aria-label=\"{}\">", escape(lang.text("picker")));
    for i in 0..library.len() {
        let r = library.row(i);
        let round = library.game_tag(i, "Round").filter(|v| !v.is_empty() && v != "?");
        // A game without players is named by its sides (`2. White – Black`).
        let mut label = format!("{}. ", i + 1);
        label.push_str(player_name(Some(&r.white), true, lang));
        label.push_str(" – ");
        label.push_str(player_name(Some(&r.black), false, lang));
        if !r.result.is_empty() {
            label.push_str(&format!(", {}", r.result));
        }
        if let Some(round) = round {
            label.push_str(&format!(" (round {})", movetext_view::game::model::shown_part(&round)));
        }
        let selected = if i == index { " selected" } else { "" };
        out.push_str(&format!("<option{selected}>{}</option>", escape(&label)));
    }
    out.push_str("</select>");
    out
}

/// The live marker.
pub fn live_marker(lang: Lang) -> String {
    format!(
        "<span class=\"mt-live\" role=\"status\" title=\"{}\">{}</span>",
        escape(lang.text("live-title")),
        escape(lang.text("live"))
    )
}

/// The count of problems found in the game, with their list as its title.
/// The module leaves out what the reader says in English: until the page's
/// script has given those words (`words/en.ftl`), the count is marked
/// `data-words="en"`, which asks for them.
pub fn problems(lang: Lang, game: &ViewGame) -> String {
    if game.diagnostics.is_empty() {
        return String::new();
    }
    let mut wanting = false;
    let said: Vec<String> = game
        .diagnostics
        .iter()
        .map(|d| {
            let (line, column) = (d.line.to_string(), d.col.to_string());
            let message = lang.diagnostic(d);
            wanting |= message.is_empty();
            lang.say("problem-at", &[("line", &line), ("column", &column), ("message", &message)])
        })
        .collect();
    format!(
        "<p class=\"mt-problems\"{} title=\"{}\">⚠ {}</p>",
        if wanting { " data-words=\"en\"" } else { "" },
        escape(&said.join("\n")),
        escape(&lang.count("problems", game.diagnostics.len() as u64))
    )
}

/// What is wrong with one of the widget's attributes (what is shown in its
/// place is said too).
pub fn notice(text: &str) -> String {
    format!("<p class=\"mt-notice\" role=\"status\" part=\"notice\">⚠ {}</p>", escape(text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use movetext_view::game::game_source::open_first_game;
    use movetext_view::widget_config::MovesPlace;

    #[test]
    fn the_frame_has_a_slot_for_each_part_asked_for() {
        let opts = WidgetOptions { menu: false, ..WidgetOptions::default() };
        let html = frame(&opts, Lang::En, false);
        for slot in ["top", "bottom", "eval", "said", "side", "training"] {
            assert!(html.contains(&format!("data-slot=\"{slot}\"")), "{slot}");
        }
        assert!(html.contains("class=\"controls\""));
        assert!(!html.contains("mt-bar"));
        let bare = WidgetOptions { players: false, controls: false, moves: MovesPlace::None, ..opts };
        let html = frame(&bare, Lang::En, true);
        assert!(!html.contains("data-slot=\"top\"") && !html.contains("controls"));
        assert!(html.contains("data-slot=\"picker\""));
    }

    #[test]
    fn text_from_the_file_is_escaped() {
        let lib = Library::indexed(
            "t",
            b"[White \"<img src=x onerror=alert(1)>\"]\n[Round \"<b>\"]\n\n1. e4 *\n\n1. d4 *".to_vec(),
        );
        let html = picker(Lang::En, &lib, 1);
        assert!(!html.contains("<img") && !html.contains("<b>"), "{html}");
        assert!(html.contains("&lt;img"));
        assert_eq!(html.matches("<option").count(), 2);
        assert!(html.contains("<option selected>2. "));
        let game = open_first_game(b"[White \"<script>\"]\n\n1. e4 e5 2. Kx *");
        assert!(problems(Lang::En, &game).starts_with("<p class=\"mt-problems\""));
        let opts = WidgetOptions { theme: "\"><script>".into(), ..WidgetOptions::default() };
        assert!(!frame(&opts, Lang::En, false).contains("<script>"));
    }

    #[test]
    fn a_game_without_players_is_named_by_its_sides() {
        let lib =
            Library::indexed("t", b"[White \"A\"]\n[Black \"B\"]\n\n1. e4 *\n\n[White \"?\"]\n\n1. d4 *".to_vec());
        let html = picker(Lang::En, &lib, 0);
        assert!(html.contains("<option>2. White – Black</option>"), "{html}");
        assert!(html.contains("<option selected>1. A – B</option>"), "{html}");
    }

    #[test]
    fn the_train_mode_menu_keeps_the_answers() {
        let all = menu_list(Lang::En, Some("https://example.org/"), false);
        assert!(all.contains("\"copy-pgn\"") && all.contains("data-menu=\"open\""), "{all}");
        let train = menu_list(Lang::En, Some("https://example.org/"), true);
        for hidden in ["\"copy-pgn\"", "\"download\"", "data-menu=\"open\""] {
            assert!(!train.contains(hidden), "{hidden}: {train}");
        }
        assert!(train.contains("\"copy-fen\"") && train.contains("\"flip\""), "{train}");
    }

    #[test]
    fn real_paces_are_offered_for_timed_games() {
        assert_eq!(delay_options(Lang::En, 1000, None, false).matches("<option").count(), 5);
        let timed = delay_options(Lang::En, 1000, Some(10), true);
        assert_eq!(timed.matches("<option").count(), 8);
        assert_eq!(timed.matches("selected").count(), 1);
    }
}
