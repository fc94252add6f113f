//! "Guess the move": the button that starts training as White or Black
//! from the shown position, and while training the score, what the last
//! guess was, a hint, the move revealed, and stop.

use movetext_core::shakmaty::Color;
use yew::prelude::*;

use movetext_view::game::training::{feedback, score, tries, Training};

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
                    title={lang.text_or("training-white-title", "Play White's moves of the game from here; the moves to come are hidden")}>{ lang.text_or("side-white", "White") }</button>
                <button type="button" class="btn train-black" onclick={start(Color::Black)} aria-label={lang.text_or("training-black", "Guess Black's moves")}
                    title={lang.text_or("training-black-title", "Play Black's moves of the game from here; the moves to come are hidden")}>{ lang.text_or("side-black", "Black") }</button>
            </section>
        };
    };
    let (class, text) = feedback(lang, t);
    html! {
        <section class="training on" aria-label={lang.text_or("training", "Guess the move")} data-right={t.right.to_string()}
            data-wrong={t.wrong.to_string()} data-revealed={t.revealed.to_string()}>
            <span class="training-score">{ score(lang, t) }</span>
            <span class="training-tries">{ tries(lang, t) }</span>
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
