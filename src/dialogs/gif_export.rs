//! The main line (or a part of it) as an animated GIF: each position drawn
//! as the image dialog draws it, turned into pixels by the browser (SVG to
//! canvas), then encoded by [`crate::state::gif_animation`] a frame at a
//! time, giving the page back between frames so that a progress bar moves
//! and Cancel is heard.

use std::cell::Cell;
use std::rc::Rc;

use movetext_core::commands::MarkColor;
use movetext_view::game::model::{NodeIx, ViewGame};
use wasm_bindgen::prelude::*;

use crate::components::position_image::{arrow_colour, caption_of, position_svg, ImageOptions};
use crate::i18n::Lang;
use crate::state::gif_animation::{GifAnimation, Palette};

#[wasm_bindgen(inline_js = r#"
let canvas = null;
export function svg_pixels(svg, width, height) {
  return new Promise((ok, fail) => {
    const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    const img = new Image();
    img.onload = () => {
      if (!canvas) canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d', { willReadFrequently: true });
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, width, height);
      ctx.drawImage(img, 0, 0, width, height);
      URL.revokeObjectURL(url);
      ok(ctx.getImageData(0, 0, width, height).data);
    };
    img.onerror = () => { URL.revokeObjectURL(url); fail(new Error('the image could not be drawn')); };
    img.src = url;
  });
}
"#)]
extern "C" {
    fn svg_pixels(svg: &str, width: u32, height: u32) -> js_sys::Promise;
}

/// How long each position is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pace {
    /// The same time for every move, in hundredths of a second.
    Fixed(u16),
    /// The time the moves took in the game, divided by this.
    Real(u16),
}

/// The shortest time a position is shown (hundredths of a second).
const SHORTEST: u16 = 10;
/// The least time the last position is held (hundredths of a second).
const LAST_HOLD: u16 = 300;

/// The delay of each of the positions before and after `times.len()` moves
/// (hundredths of a second): a position is shown for the time the next move
/// took (at the real pace; one second when not known), the last held at
/// least three seconds.
pub fn frame_delays(pace: Pace, times: &[Option<u32>]) -> Vec<u16> {
    let mut delays: Vec<u16> = times
        .iter()
        .map(|tenths| match pace {
            Pace::Fixed(cs) => cs,
            Pace::Real(divisor) => {
                let cs = tenths.map_or(100, |t| u64::from(t) * 10 / u64::from(divisor.max(1)));
                cs.clamp(u64::from(SHORTEST), u64::from(u16::MAX)) as u16
            }
        })
        .collect();
    let last = match pace {
        Pace::Fixed(cs) => cs,
        Pace::Real(_) => 100,
    };
    delays.push(last.max(LAST_HOLD));
    delays
}

/// `colour` at `alpha` over `under`.
fn blend(colour: [u8; 3], alpha: f32, under: [u8; 3]) -> [u8; 3] {
    std::array::from_fn(|i| (f32::from(colour[i]) * alpha + f32::from(under[i]) * (1.0 - alpha)).round() as u8)
}

/// `#rrggbb` as a colour.
fn hex(text: &str) -> [u8; 3] {
    let v = u32::from_str_radix(text.trim_start_matches('#'), 16).unwrap_or(0);
    [(v >> 16) as u8, (v >> 8) as u8, v as u8]
}

/// The colours every animation's palette holds: the squares, the pieces,
/// the caption, and the last move, coloured squares and arrows over both
/// kinds of square, as the image draws them.
pub fn board_colours() -> Vec<[u8; 3]> {
    let squares = [hex("#ecdec4"), hex("#a9825e")];
    let mut colours = squares.to_vec();
    colours.extend(["#ffffff", "#fbfaf6", "#2c2c2c", "#1d1d1d", "#0d0d0d", "#ebe7de", "#1f1c18"].map(hex));
    let kinds = [MarkColor::Green, MarkColor::Red, MarkColor::Blue, MarkColor::Yellow];
    // The square colours of `[%csl]` (as in the image) and of the last move.
    let marks = [([30, 150, 60], 0.55), ([214, 40, 40], 0.55), ([30, 90, 200], 0.5), ([240, 190, 20], 0.6)];
    for under in squares {
        colours.push(blend([226, 214, 64], 0.55, under));
        for (colour, alpha) in marks {
            colours.push(blend(colour, alpha, under));
        }
        for kind in kinds {
            colours.push(blend(hex(arrow_colour(kind)), 0.82, under));
        }
    }
    colours
}

/// What goes into the animation.
#[derive(Debug, PartialEq)]
pub struct GifSettings {
    /// The main-line nodes shown, in order.
    pub nodes: Vec<NodeIx>,
    /// Each one's delay (hundredths of a second).
    pub delays: Vec<u16>,
    /// Black at the bottom.
    pub flipped: bool,
    /// Files and ranks along the edges.
    pub coordinates: bool,
    /// The players and the move under the board.
    pub caption: bool,
    /// Width in pixels.
    pub width: u32,
    /// The language of the caption.
    pub lang: Lang,
}

impl GifSettings {
    /// The height in pixels (taller by the caption).
    pub fn height(&self) -> u32 {
        (f64::from(self.width) * if self.caption { 856.0 } else { 800.0 } / 800.0).round() as u32
    }

    /// The SVG of the `i`th position.
    fn svg(&self, game: &ViewGame, i: usize) -> String {
        let ix = self.nodes[i];
        let node = game.node(ix);
        let caption = caption_of(game, ix, self.lang);
        position_svg(&ImageOptions {
            board: node.board(),
            flipped: self.flipped,
            last_move: node.last_move,
            arrows: &node.arrows,
            marks: &node.marks,
            coordinates: self.coordinates,
            caption: self.caption.then_some(caption.as_str()),
            size: self.width,
        })
    }
}

/// The pixels (RGBA) of the `i`th position.
async fn pixels(settings: &GifSettings, game: &ViewGame, i: usize) -> Result<Vec<u8>, String> {
    let svg = settings.svg(game, i);
    let data = wasm_bindgen_futures::JsFuture::from(svg_pixels(&svg, settings.width, settings.height()))
        .await
        .map_err(|_| "a position could not be drawn".to_owned())?;
    Ok(js_sys::Uint8ClampedArray::from(data).to_vec())
}

/// The animated GIF of the settings' positions, telling `progress` (done,
/// of) after each frame; `None` when `cancelled` was set meanwhile.
pub async fn animated_gif(
    game: &ViewGame,
    settings: &GifSettings,
    progress: impl Fn(usize, usize),
    cancelled: Rc<Cell<bool>>,
) -> Result<Option<Vec<u8>>, String> {
    let count = settings.nodes.len();
    if count == 0 {
        return Err("no positions".into());
    }
    let (width, height) = (settings.width, settings.height());
    let too_big = || format!("{width} × {height} is too large");
    let (w16, h16) = (u16::try_from(width).map_err(|_| too_big())?, u16::try_from(height).map_err(|_| too_big())?);
    // The palette from the first position, the first move, the middle and the end.
    let mut samples = Vec::new();
    let mut sampled = vec![0, 1.min(count - 1), count / 2, count - 1];
    sampled.dedup();
    for i in sampled {
        samples.push(pixels(settings, game, i).await?);
    }
    let sample_refs: Vec<&[u8]> = samples.iter().map(Vec::as_slice).collect();
    let palette = Palette::from_samples(&board_colours(), &sample_refs);
    drop(sample_refs);
    drop(samples);
    let mut gif = GifAnimation::new(w16, h16, palette)?;
    for i in 0..count {
        if cancelled.get() {
            return Ok(None);
        }
        let rgba = pixels(settings, game, i).await?;
        gif.add(&rgba, settings.delays.get(i).copied().unwrap_or(100))?;
        progress(i + 1, count);
        gloo_timers::future::TimeoutFuture::new(0).await;
    }
    gif.finish().map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_fixed_and_at_the_real_pace() {
        assert_eq!(frame_delays(Pace::Fixed(50), &[Some(1), None]), [50, 50, 300]);
        assert_eq!(frame_delays(Pace::Fixed(400), &[None]), [400, 400]);
        // 12 s and 0.3 s at twice the pace; an unknown time is a second.
        assert_eq!(frame_delays(Pace::Real(2), &[Some(120), Some(3), None]), [600, 15, 100, 300]);
        // Never shorter than a tenth of a second.
        assert_eq!(frame_delays(Pace::Real(10), &[Some(0)]), [10, 300]);
    }

    #[test]
    fn the_board_colours_are_in_every_palette() {
        let colours = board_colours();
        assert!(colours.len() < 64);
        assert!(colours.contains(&[0xec, 0xde, 0xc4]));
        // The red arrow over a dark square, as the image test measures it.
        assert!(colours.contains(&blend([0xc4, 0x2b, 0x2b], 0.82, [0xa9, 0x82, 0x5e])));
    }
}
