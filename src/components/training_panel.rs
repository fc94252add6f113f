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
            <section class="training" aria-label="Guess the move">
                <span class="training-label">{ "Guess the moves of" }</span>
                <button type="button" class="btn train-white" onclick={start(Color::White)} aria-label="Guess White's moves"
                    title="Play White's moves of the game from here; the moves to come are hidden">{ "White" }</button>
                <button type="button" class="btn train-black" onclick={start(Color::Black)} aria-label="Guess Black's moves"
                    title="Play Black's moves of the game from here; the moves to come are hidden">{ "Black" }</button>
            </section>
        };
    };
    let (class, text) = match &t.feedback {
        None => {
            ("", format!("Your move as {}: play it on the board.", if t.side.is_white() { "White" } else { "Black" }))
        }
        Some(Feedback::Right(m)) => ("right", format!("Right: {m}")),
        Some(Feedback::Wrong(m)) => ("wrong", format!("{m} is not the game's move. Try again.")),
        Some(Feedback::Hint(sq)) => ("hint", format!("Hint: the piece on {sq} moves.")),
        Some(Feedback::Revealed(m)) => ("revealed", format!("The game went on {m}.")),
        Some(Feedback::Done) => ("done", "The game ends here.".to_owned()),
    };
    html! {
        <section class="training on" aria-label="Guess the move" data-right={t.right.to_string()}
            data-wrong={t.wrong.to_string()} data-revealed={t.revealed.to_string()}>
            <span class="training-score">{ t.score() }</span>
            <span class={classes!("training-feedback", class)} role="status">{ text }</span>
            if let Some(note) = &props.engine_note {
                <span class="training-engine" role="status">{ note.clone() }</span>
            }
            <button type="button" class="btn training-hint" onclick={click(&props.on_hint)}>{ "Hint" }</button>
            <button type="button" class="btn training-reveal" onclick={click(&props.on_reveal)}>{ "Show move" }</button>
            <button type="button" class="btn training-stop" onclick={click(&props.on_stop)}>{ "Stop" }</button>
        </section>
    }
}
