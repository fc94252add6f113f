//! "Guess the move": the button that starts training as White or Black
//! from the shown position, and while training the score, what the last
//! guess was, a hint, the move revealed, and stop.

use movetext_core::shakmaty::Color;
use yew::prelude::*;

use crate::state::training::{Feedback, Training};

/// What the training panel shows.
#[derive(Properties, PartialEq)]
pub struct TrainingPanelProps {
    /// The session, while training.
    pub state: Option<Training>,
    /// Start as a side.
    pub on_start: Callback<Color>,
    /// Stop.
    pub on_stop: Callback<()>,
    /// Show where the game's move starts.
    pub on_hint: Callback<()>,
    /// Play the game's move.
    pub on_reveal: Callback<()>,
    /// The engine's note on a wrong guess (with the analysis on).
    #[prop_or_default]
    pub engine_note: Option<AttrValue>,
}

/// The training panel.
#[function_component(TrainingPanel)]
pub fn training_panel(props: &TrainingPanelProps) -> Html {
    let lang = crate::i18n::use_lang();
    let click = |cb: &Callback<()>| {
        let cb = cb.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let Some(t) = &props.state else {
        let start = |side: Color| {
            let cb = props.on_start.clone();
            Callback::from(move |_: MouseEvent| cb.emit(side))
        };
        return html! {
            <section class="training" aria-label={lang.text_or("training", "Guess the move")}>
                <span class="training-label">{ lang.text_or("training-of", "Guess the moves of") }</span>
                <button type="button" class="btn train-white" onclick={start(Color::White)} aria-label={lang.text_or("training-white", "Guess White's moves")}
                    title={lang.text_or("training-white-title", "Play White's moves of the game from here; the moves to come are hidden")}>{ lang.text("side-white") }</button>
                <button type="button" class="btn train-black" onclick={start(Color::Black)} aria-label={lang.text_or("training-black", "Guess Black's moves")}
                    title={lang.text_or("training-black-title", "Play Black's moves of the game from here; the moves to come are hidden")}>{ lang.text("side-black") }</button>
            </section>
        };
    };
    let (class, text) = match &t.feedback {
        None => (
            "",
            if t.side.is_white() {
                lang.text_or("training-your-move-white", "Your move as White: play it on the board.")
            } else {
                lang.text_or("training-your-move-black", "Your move as Black: play it on the board.")
            }
            .to_owned(),
        ),
        Some(Feedback::Right(m)) => ("right", lang.say_or("training-right", "Right: { $move }", &[("move", m)])),
        Some(Feedback::Wrong(m)) => {
            ("wrong", lang.say_or("training-wrong", "{ $move } is not the game's move. Try again.", &[("move", m)]))
        }
        Some(Feedback::Hint(sq)) => (
            "hint",
            lang.say_or(
                "training-hint-square",
                "Hint: the piece on { $square } moves.",
                &[("square", &sq.to_string())],
            ),
        ),
        Some(Feedback::Revealed(m)) => {
            ("revealed", lang.say_or("training-revealed", "The game went on { $move }.", &[("move", m)]))
        }
        Some(Feedback::Done) => ("done", lang.text_or("training-done", "The game ends here.").to_owned()),
    };
    html! {
        <section class="training on" aria-label={lang.text_or("training", "Guess the move")} data-right={t.right.to_string()}
            data-wrong={t.wrong.to_string()} data-revealed={t.revealed.to_string()}>
            <span class="training-score">{ lang.say_or("training-score", "{ $right } of { $total } right", &[("right", &t.right.to_string()), ("total", &t.asked().to_string())]) }</span>
            <span class={classes!("training-feedback", class)} role="status">{ text }</span>
            if let Some(note) = &props.engine_note {
                <span class="training-engine" role="status">{ note.clone() }</span>
            }
            <button type="button" class="btn training-hint" onclick={click(&props.on_hint)}>{ lang.text_or("training-hint", "Hint") }</button>
            <button type="button" class="btn training-reveal" onclick={click(&props.on_reveal)}>{ lang.text_or("training-show", "Show move") }</button>
            <button type="button" class="btn training-stop" onclick={click(&props.on_stop)}>{ lang.text_or("training-stop", "Stop") }</button>
        </section>
    }
}
