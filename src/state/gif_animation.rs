//! An animated GIF from a run of RGBA pictures of the same size (a game's
//! positions, one after another): one global palette of at most 255 colours
//! chosen once from sample pictures (the most common colours, counted in
//! buckets of 5 bits a channel), each pixel mapped to its nearest palette
//! colour (remembered per colour), and each picture after the first written
//! as only the rectangle that changed, with its unchanged pixels transparent,
//! so that the file stays small and the encoding quick.

use std::borrow::Cow;
use std::collections::HashMap;

use gif::{DisposalMethod, Encoder, Frame, Repeat};

/// The palette index left for "unchanged": transparent in later frames.
const TRANSPARENT: u8 = 255;

/// Colours of a palette (at most 255) and the nearest one of any colour.
#[derive(Clone, Debug)]
pub struct Palette {
    colours: Vec<[u8; 3]>,
    nearest: HashMap<u32, u8>,
}

impl Palette {
    /// The colours that must be in the palette first (`required`, such as
    /// the board's squares), then the most common colours of the `samples`
    /// (RGBA pixels), up to 255 in all.
    pub fn from_samples(required: &[[u8; 3]], samples: &[&[u8]]) -> Palette {
        let mut colours: Vec<[u8; 3]> = Vec::with_capacity(255);
        for c in required {
            if colours.len() < 255 && !colours.contains(c) {
                colours.push(*c);
            }
        }
        // Buckets of 5 bits a channel: a count and the sum of each channel.
        let mut buckets: HashMap<u16, (u32, [u32; 3])> = HashMap::new();
        for sample in samples {
            for px in sample.chunks_exact(4) {
                let key = (u16::from(px[0] >> 3) << 10) | (u16::from(px[1] >> 3) << 5) | u16::from(px[2] >> 3);
                let entry = buckets.entry(key).or_insert((0, [0; 3]));
                entry.0 += 1;
                for (sum, v) in entry.1.iter_mut().zip(px) {
                    *sum += u32::from(*v);
                }
            }
        }
        let mut ranked: Vec<(u16, (u32, [u32; 3]))> = buckets.into_iter().collect();
        ranked.sort_unstable_by(|a, b| b.1 .0.cmp(&a.1 .0).then(a.0.cmp(&b.0)));
        let required_len = colours.len();
        for (_, (count, sums)) in ranked {
            if colours.len() >= 255 {
                break;
            }
            let mean = sums.map(|s| ((s + count / 2) / count) as u8);
            // A bucket holding a required colour adds nothing new.
            if colours[..required_len].iter().any(|c| distance(*c, mean) < 48) || colours.contains(&mean) {
                continue;
            }
            colours.push(mean);
        }
        if colours.is_empty() {
            colours.push([0, 0, 0]);
        }
        Palette { colours, nearest: HashMap::new() }
    }

    /// The palette's colours.
    pub fn colours(&self) -> &[[u8; 3]] {
        &self.colours
    }

    /// The index of the palette colour nearest to `rgb`.
    pub fn index_of(&mut self, rgb: [u8; 3]) -> u8 {
        let key = (u32::from(rgb[0]) << 16) | (u32::from(rgb[1]) << 8) | u32::from(rgb[2]);
        if let Some(ix) = self.nearest.get(&key) {
            return *ix;
        }
        let mut best = (u32::MAX, 0u8);
        for (i, c) in self.colours.iter().enumerate() {
            let d = distance(*c, rgb);
            if d < best.0 {
                best = (d, i as u8);
                if d == 0 {
                    break;
                }
            }
        }
        self.nearest.insert(key, best.1);
        best.1
    }

    /// The palette as the GIF's colour table: 256 entries of RGB.
    fn table(&self) -> Vec<u8> {
        let mut table = vec![0u8; 256 * 3];
        for (i, c) in self.colours().iter().enumerate() {
            table[i * 3..i * 3 + 3].copy_from_slice(c);
        }
        table
    }
}

/// Squared distance of two colours, green weighted most (as the eye does).
fn distance(a: [u8; 3], b: [u8; 3]) -> u32 {
    let d = |i: usize| (i32::from(a[i]) - i32::from(b[i])).unsigned_abs();
    2 * d(0) * d(0) + 4 * d(1) * d(1) + 3 * d(2) * d(2)
}

/// An animated GIF being written, picture by picture.
pub struct GifAnimation {
    width: u16,
    height: u16,
    palette: Palette,
    previous: Option<Vec<u8>>,
    encoder: Encoder<Vec<u8>>,
}

impl GifAnimation {
    /// A looping animation of pictures `width` × `height` in the `palette`.
    pub fn new(width: u16, height: u16, palette: Palette) -> Result<GifAnimation, String> {
        let mut encoder = Encoder::new(Vec::new(), width, height, &palette.table()).map_err(|e| e.to_string())?;
        encoder.set_repeat(Repeat::Infinite).map_err(|e| e.to_string())?;
        Ok(GifAnimation { width, height, palette, previous: None, encoder })
    }

    /// Adds a picture (RGBA, `width` × `height`) shown for `delay`
    /// hundredths of a second.
    pub fn add(&mut self, rgba: &[u8], delay: u16) -> Result<(), String> {
        let (w, h) = (usize::from(self.width), usize::from(self.height));
        if rgba.len() != w * h * 4 {
            return Err(format!("a picture of {} bytes, not {w} × {h} × 4", rgba.len()));
        }
        // Runs of one colour are common: the last pixel's index is kept.
        let mut last = None;
        let indices: Vec<u8> = rgba
            .chunks_exact(4)
            .map(|px| {
                let rgb = [px[0], px[1], px[2]];
                match last {
                    Some((c, ix)) if c == rgb => ix,
                    _ => {
                        let ix = self.palette.index_of(rgb);
                        last = Some((rgb, ix));
                        ix
                    }
                }
            })
            .collect();
        let frame = match &self.previous {
            None => Frame {
                width: self.width,
                height: self.height,
                delay,
                dispose: DisposalMethod::Keep,
                buffer: Cow::Borrowed(&indices),
                ..Frame::default()
            },
            Some(previous) => changed_part(previous, &indices, w, h, delay),
        };
        self.encoder.write_frame(&frame).map_err(|e| e.to_string())?;
        self.previous = Some(indices);
        Ok(())
    }

    /// The GIF file.
    pub fn finish(self) -> Result<Vec<u8>, String> {
        self.encoder.into_inner().map_err(|e| e.to_string())
    }
}

/// The frame of what changed from `previous` to `next` (palette indices of
/// `w` × `h`): their bounding rectangle, unchanged pixels transparent; one
/// transparent pixel when nothing changed.
fn changed_part(previous: &[u8], next: &[u8], w: usize, h: usize, delay: u16) -> Frame<'static> {
    let (mut left, mut top, mut right, mut bottom) = (w, h, 0, 0);
    for y in 0..h {
        let row = y * w;
        let (a, b) = (&previous[row..row + w], &next[row..row + w]);
        if a == b {
            continue;
        }
        let first = a.iter().zip(b).position(|(p, n)| p != n).unwrap_or(0);
        let last = w - 1 - a.iter().rev().zip(b.iter().rev()).position(|(p, n)| p != n).unwrap_or(0);
        left = left.min(first);
        right = right.max(last);
        top = top.min(y);
        bottom = y;
    }
    let frame = |left: usize, top: usize, width: usize, height: usize, buffer: Vec<u8>| Frame {
        left: left as u16,
        top: top as u16,
        width: width as u16,
        height: height as u16,
        delay,
        dispose: DisposalMethod::Keep,
        transparent: Some(TRANSPARENT),
        buffer: Cow::Owned(buffer),
        ..Frame::default()
    };
    if top == h {
        return frame(0, 0, 1, 1, vec![TRANSPARENT]);
    }
    let (width, height) = (right - left + 1, bottom - top + 1);
    let mut buffer = Vec::with_capacity(width * height);
    for y in top..=bottom {
        let row = y * w;
        for x in left..=right {
            let n = next[row + x];
            buffer.push(if n == previous[row + x] { TRANSPARENT } else { n });
        }
    }
    frame(left, top, width, height, buffer)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A picture of `w` × `h` in one colour with a square of another.
    fn picture(w: usize, h: usize, ground: [u8; 3], square: Option<(usize, usize, [u8; 3])>) -> Vec<u8> {
        let mut out = Vec::with_capacity(w * h * 4);
        for y in 0..h {
            for x in 0..w {
                let c = match square {
                    Some((sx, sy, c)) if (sx..sx + 4).contains(&x) && (sy..sy + 4).contains(&y) => c,
                    _ => ground,
                };
                out.extend_from_slice(&[c[0], c[1], c[2], 255]);
            }
        }
        out
    }

    #[test]
    fn three_pictures_decode_back_with_their_delays_and_pixels() {
        let (w, h) = (16, 12);
        let board = [240, 217, 181];
        let red = [196, 43, 43];
        let frames = [
            picture(w, h, board, None),
            picture(w, h, board, Some((2, 3, red))),
            picture(w, h, board, Some((8, 6, red))),
        ];
        let palette = Palette::from_samples(&[board], &[&frames[0], &frames[1]]);
        let mut gif = GifAnimation::new(w as u16, h as u16, palette).unwrap();
        for (i, f) in frames.iter().enumerate() {
            gif.add(f, 50 + i as u16 * 10).unwrap();
        }
        let bytes = gif.finish().unwrap();

        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::RGBA);
        let mut decoder = options.read_info(bytes.as_slice()).unwrap();
        assert_eq!((decoder.width(), decoder.height()), (16, 12));
        let mut found = Vec::new();
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            found.push((frame.delay, frame.left, frame.top, frame.width, frame.height, frame.buffer.to_vec()));
        }
        assert_eq!(found.len(), 3);
        assert_eq!(found.iter().map(|f| f.0).collect::<Vec<_>>(), [50, 60, 70]);
        // The first in full; then only what changed: both squares, then the
        // rectangle from the old square to the new one.
        assert_eq!(found[0].1..found[0].4, 0..12);
        assert_eq!((found[1].1, found[1].2, found[1].3, found[1].4), (2, 3, 4, 4));
        assert_eq!((found[2].1, found[2].2, found[2].3, found[2].4), (2, 3, 10, 7));
        // The third frame's pixel (8, 6) is red, (2, 3) the board again.
        let px = |f: &(u16, u16, u16, u16, u16, Vec<u8>), x: u16, y: u16| {
            let i = usize::from((y - f.2) * f.3 + (x - f.1)) * 4;
            [f.5[i], f.5[i + 1], f.5[i + 2], f.5[i + 3]]
        };
        assert_eq!(px(&found[2], 8, 6), [196, 43, 43, 255]);
        assert_eq!(px(&found[2], 2, 3), [240, 217, 181, 255]);
        // Pixels left as they were are transparent.
        assert_eq!(px(&found[2], 6, 8)[3], 0);
    }

    #[test]
    fn an_unchanged_picture_is_one_transparent_pixel() {
        let p = picture(8, 8, [10, 20, 30], None);
        let mut gif = GifAnimation::new(8, 8, Palette::from_samples(&[], &[&p])).unwrap();
        gif.add(&p, 100).unwrap();
        gif.add(&p, 100).unwrap();
        let bytes = gif.finish().unwrap();
        let mut decoder = gif::DecodeOptions::new().read_info(bytes.as_slice()).unwrap();
        decoder.read_next_frame().unwrap().unwrap();
        let second = decoder.read_next_frame().unwrap().unwrap();
        assert_eq!((second.width, second.height, second.transparent), (1, 1, Some(TRANSPARENT)));
        assert!(decoder.read_next_frame().unwrap().is_none());
    }

    #[test]
    fn many_colours_keep_the_required_and_map_to_the_nearest() {
        // A gradient of 4,096 colours: the palette keeps 255 of them.
        let mut p = Vec::new();
        for i in 0..4096u32 {
            p.extend_from_slice(&[(i % 16 * 16) as u8, (i / 16 % 16 * 16) as u8, (i / 256 * 16) as u8, 255]);
        }
        let mut palette = Palette::from_samples(&[[1, 2, 3]], &[&p]);
        assert_eq!(palette.colours().len(), 255);
        assert_eq!(palette.colours()[0], [1, 2, 3]);
        assert_eq!(palette.index_of([0, 1, 3]), 0);
        // A colour next to a palette colour maps to it.
        let c = palette.colours()[100];
        let near = [c[0] + 1, c[1], c[2] + 1];
        let ix = usize::from(palette.index_of(near));
        assert_eq!(palette.colours()[ix], c);
        // The most common colour is in the palette.
        let mut q = p.clone();
        for px in q.chunks_exact_mut(4).take(100) {
            px.copy_from_slice(&[255, 255, 255, 255]);
        }
        assert!(Palette::from_samples(&[], &[&q]).colours().contains(&[255, 255, 255]));
    }

    #[test]
    fn a_picture_of_the_wrong_size_is_refused() {
        let p = picture(4, 4, [0, 0, 0], None);
        let mut gif = GifAnimation::new(5, 4, Palette::from_samples(&[], &[&p])).unwrap();
        assert!(gif.add(&p, 10).is_err());
    }
}
