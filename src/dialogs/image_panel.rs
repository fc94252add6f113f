//! The image dialog: the shown position as an SVG or PNG image (board
//! orientation as shown; coordinates, arrows, coloured squares and the last
//! move as on the board; an optional caption with the players and the
//! move), previewed, to download or copy. The PNG is drawn by the browser
//! from the SVG, at the width chosen. A third format, an animated GIF of
//! the main line (or a part of it), is made by
//! [`crate::dialogs::gif_panel`].

use std::rc::Rc;

use js_sys::Array;
use movetext_view::game::model::{NodeIx, SharedGame};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::components::position_image::{caption_of, position_svg, ImageOptions};
use crate::dialogs::export_panel::{copy_text, offer};
use crate::i18n::Lang;

#[wasm_bindgen(inline_js = r#"
export function svg_to_png(svg, width, height) {
  return new Promise((ok, fail) => {
    const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    const img = new Image();
    img.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      canvas.getContext('2d').drawImage(img, 0, 0, width, height);
      URL.revokeObjectURL(url);
      canvas.toBlob((b) => (b ? ok(b) : fail(new Error('no PNG'))), 'image/png');
    };
    img.onerror = () => { URL.revokeObjectURL(url); fail(new Error('the image could not be drawn')); };
    img.src = url;
  });
}
export function copy_blob(blob) {
  return navigator.clipboard.write([new ClipboardItem({ [blob.type]: blob })]);
}
"#)]
extern "C" {
    fn svg_to_png(svg: &str, width: u32, height: u32) -> js_sys::Promise;
    #[wasm_bindgen(catch)]
    fn copy_blob(blob: &web_sys::Blob) -> Result<js_sys::Promise, JsValue>;
}

/// The PNG widths offered.
const SIZES: [u32; 4] = [360, 600, 800, 1200];

/// The image formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Svg,
    Png,
    Gif,
}

/// What the image dialog needs.
#[derive(Properties, PartialEq)]
pub struct ImagePanelProps {
    /// The game.
    pub game: SharedGame,
    /// The shown node.
    pub current: NodeIx,
    /// Black at the bottom.
    pub flipped: bool,
    /// Close the dialog.
    pub on_close: Callback<()>,
}

/// A blob of text of a type.
fn text_blob(text: &str, kind: &str) -> Option<web_sys::Blob> {
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(kind);
    web_sys::Blob::new_with_str_sequence_and_options(&Array::of1(&text.into()), &options).ok()
}

/// The animated GIF's options and actions.
fn animation(
    props: &ImagePanelProps,
    coordinates: bool,
    caption: bool,
    width: u32,
    still: (Option<String>, String),
) -> Html {
    html! {
        <crate::dialogs::gif_panel::GifPanel game={props.game.clone()} flipped={props.flipped}
            {coordinates} {caption} {width} on_close={props.on_close.clone()} still={still.0} still_alt={still.1} />
    }
}

/// The image dialog.
#[function_component(ImagePanel)]
pub fn image_panel(props: &ImagePanelProps) -> Html {
    let lang = crate::i18n::use_lang();
    let dialog_ref = use_node_ref();
    crate::dialogs::dialog_focus::use_focus_first(dialog_ref.clone());
    let format = use_state(|| Format::Svg);
    let png = *format == Format::Png;
    let gif = *format == Format::Gif;
    let size = use_state(|| 600u32);
    let coordinates = use_state(|| true);
    let caption = use_state(|| true);
    let status = use_state(|| None::<String>);
    let game = &props.game;
    let node = game.node(props.current);
    let caption_line = caption_of(game, props.current, lang);
    let svg = Rc::new(position_svg(&ImageOptions {
        board: node.board(),
        flipped: props.flipped,
        last_move: node.last_move,
        arrows: &node.arrows,
        marks: &node.marks,
        coordinates: *coordinates,
        caption: caption.then_some(caption_line.as_str()),
        size: *size,
    }));
    let height = (f64::from(*size) * if *caption { 856.0 } else { 800.0 } / 800.0).round() as u32;
    let preview = use_preview(&svg);
    let name = if props.current == 0 { "position".to_owned() } else { format!("position-{}", props.current) };
    let act = |copy: bool| {
        let image = Image { svg: svg.clone(), png, width: *size, height, name: name.clone() };
        let status = status.clone();
        Callback::from(move |_: MouseEvent| image_action(&image, copy, &status, lang))
    };
    let check = |label: &'static str, state: &UseStateHandle<bool>| {
        let state = state.clone();
        let on = *state;
        html! {
            <label class="export-option">
                <input type="checkbox" checked={on} onchange={Callback::from(move |_: Event| state.set(!*state))} />{ label }
            </label>
        }
    };
    let close = {
        let cb = props.on_close.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let onkeydown = crate::dialogs::dialog_focus::escape_closes(props.on_close.clone());
    html! {
        <div class="dialog-backdrop">
            <div class="dialog image-panel" ref={dialog_ref} role="dialog" aria-modal="true" aria-label={lang.text("image-dialog")} {onkeydown}>
                <h2>{ lang.text("image-dialog") }</h2>
                <div class="export-options" role="group" aria-label={lang.text("image-options")}>
                    { format_and_size(&format, &size, lang) }
                    { check(lang.text("image-coordinates"), &coordinates) }
                    { check(lang.text("image-caption"), &caption) }
                </div>
                if gif {
                    // The GIF's part shows the still position until a GIF is made, then the GIF.
                    { animation(props, *coordinates, *caption, *size, ((*preview).clone(), lang.say("image-preview", &[("caption", &caption_line)]))) }
                } else {
                    if let Some(url) = (*preview).clone() {
                        <img class="image-preview" src={url} alt={lang.say("image-preview", &[("caption", &caption_line)])} />
                    }
                    <div class="dialog-actions">
                        <button type="button" class="btn btn-primary image-download" onclick={act(false)}>{ lang.text("image-download") }</button>
                        <button type="button" class="btn image-copy" onclick={act(true)}>{ lang.text("image-copy") }</button>
                        <span class="spacer" aria-live="polite">{ (*status).clone().unwrap_or_default() }</span>
                        <button type="button" class="btn" onclick={close}>{ lang.text("close") }</button>
                    </div>
                }
            </div>
        </div>
    }
}

/// The preview of `svg`: its object URL, freed when another is made and
/// when the dialog closes.
#[hook]
fn use_preview(svg: &Rc<String>) -> Rc<Option<String>> {
    let preview = use_memo(svg.clone(), |svg| {
        text_blob(svg, "image/svg+xml").and_then(|b| web_sys::Url::create_object_url_with_blob(&b).ok())
    });
    {
        let preview = preview.clone();
        use_effect_with(preview, |url| {
            let url = (**url).clone();
            move || {
                if let Some(u) = url {
                    let _ = web_sys::Url::revoke_object_url(&u);
                }
            }
        });
    }
    preview
}

/// The image to download or copy.
struct Image {
    /// The SVG.
    svg: Rc<String>,
    /// As a PNG (drawn from the SVG), else the SVG itself.
    png: bool,
    /// The PNG's width and height in pixels.
    width: u32,
    height: u32,
    /// The file name, without its extension.
    name: String,
}

/// Downloads the image, or copies it (`copy`), saying in `status` what was
/// copied or what failed.
fn image_action(image: &Image, copy: bool, status: &UseStateHandle<Option<String>>, lang: Lang) {
    let (svg, status, name) = (image.svg.clone(), status.clone(), image.name.clone());
    if !image.png {
        if copy {
            copy_text(&svg);
            status.set(Some(lang.text("image-svg-copied").into()));
        } else if let Some(blob) = text_blob(&svg, "image/svg+xml") {
            offer(&format!("{name}.svg"), &blob);
        }
        return;
    }
    let (width, height) = (image.width, image.height);
    wasm_bindgen_futures::spawn_local(async move {
        let blob = wasm_bindgen_futures::JsFuture::from(svg_to_png(&svg, width, height)).await;
        let Some(blob) = blob.ok().and_then(|b| b.dyn_into::<web_sys::Blob>().ok()) else {
            status.set(Some(lang.text("image-png-failed").into()));
            return;
        };
        if copy {
            let copied = match copy_blob(&blob) {
                Ok(p) => wasm_bindgen_futures::JsFuture::from(p).await.is_ok(),
                Err(_) => false,
            };
            status.set(Some(lang.text(if copied { "image-png-copied" } else { "image-png-refused" }).into()));
        } else {
            offer(&format!("{name}.png"), &blob);
        }
    });
}

/// The choices of the format and of the width.
fn format_and_size(format: &UseStateHandle<Format>, size: &UseStateHandle<u32>, lang: Lang) -> Html {
    let on_format = {
        let (format, size) = (format.clone(), size.clone());
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            let chosen = match select.selected_index() {
                1 => Format::Png,
                2 => Format::Gif,
                _ => Format::Svg,
            };
            // An animation starts small.
            if chosen == Format::Gif && *format != Format::Gif {
                size.set(SIZES[0]);
            }
            format.set(chosen);
        })
    };
    let on_size = {
        let size = size.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            size.set(SIZES.get(select.selected_index().max(0) as usize).copied().unwrap_or(600));
        })
    };
    html! {
        <>
            <label class="export-option">{ lang.text("image-format") }{ " " }
                <select class="image-format" onchange={on_format}>
                    <option selected={**format == Format::Svg}>{ "SVG" }</option>
                    <option selected={**format == Format::Png}>{ "PNG" }</option>
                    <option selected={**format == Format::Gif}>{ lang.text("image-gif") }</option>
                </select>
            </label>
            <label class="export-option">{ lang.text("image-width") }{ " " }
                <select class="image-size" onchange={on_size}>
                    { for SIZES.iter().map(|s| html! { <option selected={*s == **size}>{ format!("{s} px") }</option> }) }
                </select>
            </label>
        </>
    }
}
