//! The image dialog's animated GIF part: the pace (a delay a move, or the
//! game's own pace when it has times), the moves from and to, a progress
//! bar with Cancel while the GIF is made, and its download as `game.gif`.
//! The preview shows the still position until a GIF is made, then the GIF
//! itself (until a setting changes; its address is freed on close).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use js_sys::Array;
use movetext_view::game::model::SharedGame;
use movetext_view::game::move_times::move_times;
use yew::prelude::*;

use crate::dialogs::export_panel::offer;
use crate::dialogs::gif_export::{animated_gif, frame_delays, GifSettings, Pace};
use crate::i18n::Lang;

/// The paces offered: label and pace (the real ones only for a game with times).
const PACES: [(&str, Pace); 6] = [
    ("gif-pace-half", Pace::Fixed(50)),
    ("gif-pace-1", Pace::Fixed(100)),
    ("gif-pace-2", Pace::Fixed(200)),
    ("pace-real", Pace::Real(1)),
    ("gif-pace-real-5", Pace::Real(5)),
    ("gif-pace-real-20", Pace::Real(20)),
];

/// What the GIF part needs from the image dialog.
#[derive(Properties, PartialEq)]
pub struct GifPanelProps {
    /// The game.
    pub game: SharedGame,
    /// Black at the bottom.
    pub flipped: bool,
    /// Files and ranks along the edges.
    pub coordinates: bool,
    /// The players and the move under the board.
    pub caption: bool,
    /// Width in pixels.
    pub width: u32,
    /// Close the dialog.
    pub on_close: Callback<()>,
    /// The still image of the shown position (an object URL).
    pub still: Option<String>,
    /// The still image's alternative text.
    pub still_alt: AttrValue,
}

/// A GIF made: its settings and its object URL, freed when dropped.
struct MadeGif {
    settings: Rc<GifSettings>,
    url: String,
}

impl Drop for MadeGif {
    fn drop(&mut self) {
        let _ = web_sys::Url::revoke_object_url(&self.url);
    }
}

/// The GIF part of the image dialog: its options, progress and actions.
#[function_component(GifPanel)]
pub fn gif_panel(props: &GifPanelProps) -> Html {
    let lang = crate::i18n::use_lang();
    let pace = use_state(|| 1usize);
    let range = use_state(|| None::<(usize, usize)>);
    let progress = use_state(|| None::<(usize, usize)>);
    let status = use_state(|| None::<String>);
    let cancelled = use_mut_ref(|| Rc::new(Cell::new(false)));
    // The GIF made last (dropped, its URL freed, with the dialog).
    let made_gif = use_state(|| None::<Rc<MadeGif>>);
    {
        // Closing the dialog (or leaving the GIF format) stops the work.
        let cancelled = cancelled.clone();
        use_effect_with((), move |_| move || cancelled.borrow().set(true));
    }
    let game = &props.game;
    let line = game.main_line();
    let times = move_times(game);
    let has_times = times.iter().any(|t| t.tenths.is_some());
    let paces: Vec<(&str, Pace)> =
        PACES.iter().copied().filter(|(_, p)| has_times || matches!(p, Pace::Fixed(_))).collect();
    let (from, to) = range.filter(|(_, b)| *b < line.len()).unwrap_or((0, line.len() - 1));
    let settings = {
        let chosen = paces.get(*pace).map_or(Pace::Fixed(100), |p| p.1);
        let tenths: Vec<Option<u32>> = times.iter().map(|t| t.tenths).collect();
        Rc::new(GifSettings {
            nodes: line[from..=to].to_vec(),
            delays: frame_delays(chosen, tenths.get(from..to).unwrap_or(&[])),
            flipped: props.flipped,
            coordinates: props.coordinates,
            caption: props.caption,
            width: props.width,
            lang,
        })
    };
    let make_gif = {
        let job = GifJob {
            game: game.clone(),
            status: status.clone(),
            progress: progress.clone(),
            made_gif: made_gif.clone(),
        };
        let (cancelled, settings) = (cancelled.clone(), settings.clone());
        Callback::from(move |_: MouseEvent| make_gif(&job, &cancelled, &settings, lang))
    };
    let cancel = {
        let cancelled = cancelled.clone();
        Callback::from(move |_: MouseEvent| cancelled.borrow().set(true))
    };
    let on_pace = {
        let pace = pace.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            pace.set(select.selected_index().max(0) as usize);
        })
    };
    let on_range = |end: bool| {
        let range = range.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            let ply = select.selected_index().max(0) as usize;
            range.set(Some(if end { (from.min(ply), ply) } else { (ply, to.max(ply)) }));
        })
    };
    let ply_options = |chosen: usize| {
        line.iter()
            .enumerate()
            .map(|(ply, ix)| {
                let label = if *ix == 0 { lang.text("caption-start").to_owned() } else { game.numbered_san(*ix) };
                html! { <option selected={ply == chosen}>{ label }</option> }
            })
            .collect::<Html>()
    };
    let close = {
        let cb = props.on_close.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    html! {
        <>
            { preview(props, made_gif.as_ref(), &settings, lang) }
            <div class="export-options" role="group" aria-label={lang.text("gif-options")}>
                <label class="export-option">{ lang.text("gif-pace") }{ " " }
                    <select class="gif-pace" onchange={on_pace}>
                        { for paces.iter().enumerate().map(|(i, (label, _))| html! { <option selected={i == *pace}>{ lang.text(label) }</option> }) }
                    </select>
                </label>
                <label class="export-option">{ lang.text("gif-from") }{ " " }
                    <select class="gif-from" onchange={on_range(false)}>{ ply_options(from) }</select>
                </label>
                <label class="export-option">{ lang.text("gif-to") }{ " " }
                    <select class="gif-to" onchange={on_range(true)}>{ ply_options(to) }</select>
                </label>
            </div>
            if let Some((done, of)) = *progress {
                { progress_bar(done, of, lang) }
            }
            <div class="dialog-actions">
                if progress.is_some() {
                    <button type="button" class="btn gif-cancel" onclick={cancel}>{ lang.text("cancel") }</button>
                } else {
                    <button type="button" class="btn btn-primary image-download gif-download" onclick={make_gif}>
                        { lang.say("gif-download", &[("positions", &(to - from + 1).to_string())]) }
                    </button>
                }
                <span class="spacer" aria-live="polite">{ (*status).clone().unwrap_or_default() }</span>
                <button type="button" class="btn" onclick={close}>{ lang.text("close") }</button>
            </div>
        </>
    }
}

/// What making a GIF reports to: the game, the status line, the progress
/// and the GIF made.
struct GifJob {
    game: SharedGame,
    status: UseStateHandle<Option<String>>,
    progress: UseStateHandle<Option<(usize, usize)>>,
    made_gif: UseStateHandle<Option<Rc<MadeGif>>>,
}

/// Makes the GIF of `settings` (unless one is being made) and offers it
/// as `game.gif`, showing its progress; a new flag in `cancelled` stops it.
fn make_gif(job: &GifJob, cancelled: &Rc<RefCell<Rc<Cell<bool>>>>, settings: &Rc<GifSettings>, lang: Lang) {
    if job.progress.is_some() {
        return;
    }
    let flag = Rc::new(Cell::new(false));
    *cancelled.borrow_mut() = flag.clone();
    let (game, settings, status, progress) =
        (job.game.clone(), settings.clone(), job.status.clone(), job.progress.clone());
    let made_gif = job.made_gif.clone();
    progress.set(Some((0, settings.nodes.len())));
    status.set(None);
    wasm_bindgen_futures::spawn_local(async move {
        let started = js_sys::Date::now();
        let shown = progress.clone();
        let made = animated_gif(&game.0, &settings, move |done, of| shown.set(Some((done, of))), flag).await;
        progress.set(None);
        match made {
            Ok(Some(bytes)) => {
                let options = web_sys::BlobPropertyBag::new();
                options.set_type("image/gif");
                let parts = Array::of1(&js_sys::Uint8Array::from(bytes.as_slice()));
                if let Ok(blob) = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options) {
                    offer("game.gif", &blob);
                    if let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) {
                        made_gif.set(Some(Rc::new(MadeGif { settings: settings.clone(), url })));
                    }
                }
                status.set(Some(lang.say(
                    "gif-made",
                    &[
                        ("positions", &settings.nodes.len().to_string()),
                        ("kb", &bytes.len().div_ceil(1024).to_string()),
                        ("seconds", &lang.decimal(&format!("{:.1}", (js_sys::Date::now() - started) / 1000.0))),
                    ],
                )));
            }
            Ok(None) => status.set(Some(lang.text("gif-cancelled").into())),
            Err(e) => status.set(Some(lang.say("gif-failed", &[("reason", &e)]))),
        }
    });
}

/// The GIF made, while the settings are those it was made with; else the
/// still position.
fn preview(props: &GifPanelProps, made_gif: Option<&Rc<MadeGif>>, settings: &GifSettings, lang: Lang) -> Html {
    match made_gif.filter(|m| *m.settings == *settings) {
        Some(m) => html! {
            <img class="image-preview gif-made" src={m.url.clone()}
                alt={lang.say("gif-alt", &[("positions", &m.settings.nodes.len().to_string())])} />
        },
        None => match &props.still {
            Some(url) => html! { <img class="image-preview" src={url.clone()} alt={props.still_alt.clone()} /> },
            None => Html::default(),
        },
    }
}

/// The progress of making the GIF: `done` frames of `of`.
fn progress_bar(done: usize, of: usize, lang: Lang) -> Html {
    html! {
        <div class="gif-progress" role="progressbar" aria-label={lang.text("gif")} aria-valuemin="0"
            aria-valuemax={of.to_string()} aria-valuenow={done.to_string()}>
            <div class="gif-progress-bar" style={format!("width: {:.1}%", done as f64 * 100.0 / of.max(1) as f64)}></div>
            <span class="gif-progress-text">{ lang.say("gif-frame", &[("done", &done.to_string()), ("of", &of.to_string())]) }</span>
        </div>
    }
}
