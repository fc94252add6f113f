//! A file's fingerprint: a 128-bit hash of its bytes and its length, by
//! which the same file opened again is recognised. Not a cryptographic
//! hash: two files that differ are told apart with near certainty, which is
//! all recognising needs. It is fed a piece at a time, so that a file of a
//! gigabyte is read in slices between the page's other work.
//!
//! ```
//! use movetext_view::game::fingerprint::Fingerprint;
//!
//! let mut f = Fingerprint::new();
//! f.update(b"1. e4 e5 ");
//! f.update(b"2. Nf3 *");
//! assert_eq!(f.finish(), Fingerprint::of(b"1. e4 e5 2. Nf3 *"));
//! assert_ne!(Fingerprint::of(b"1. e4 e5 *"), Fingerprint::of(b"1. e4 e6 *"));
//! ```

const K1: u64 = 0x9E37_79B9_7F4A_7C15;
const K2: u64 = 0xC2B2_AE3D_27D4_EB4F;

/// A fingerprint being computed.
#[derive(Clone, Debug)]
pub struct Fingerprint {
    lanes: [u64; 2],
    len: u64,
    pending: [u8; 16],
    held: usize,
}

impl Default for Fingerprint {
    fn default() -> Fingerprint {
        Fingerprint::new()
    }
}

fn mix(lane: u64, word: u64, k: u64) -> u64 {
    (lane ^ word).wrapping_mul(k).rotate_left(31)
}

fn word(bytes: &[u8]) -> u64 {
    let mut w = [0u8; 8];
    w[..bytes.len()].copy_from_slice(bytes);
    u64::from_le_bytes(w)
}

impl Fingerprint {
    /// Nothing read yet.
    pub fn new() -> Fingerprint {
        Fingerprint { lanes: [K2, K1], len: 0, pending: [0; 16], held: 0 }
    }

    /// The fingerprint of some bytes, at once.
    pub fn of(bytes: &[u8]) -> String {
        let mut f = Fingerprint::new();
        f.update(bytes);
        f.finish()
    }

    fn block(&mut self, block: &[u8]) {
        self.lanes[0] = mix(self.lanes[0], word(&block[..8]), K1);
        self.lanes[1] = mix(self.lanes[1], word(&block[8..16]), K2);
    }

    /// Reads the next bytes.
    pub fn update(&mut self, mut bytes: &[u8]) {
        self.len += bytes.len() as u64;
        if self.held > 0 {
            let take = (16 - self.held).min(bytes.len());
            self.pending[self.held..self.held + take].copy_from_slice(&bytes[..take]);
            self.held += take;
            bytes = &bytes[take..];
            if self.held < 16 {
                return;
            }
            let block = self.pending;
            self.block(&block);
            self.held = 0;
        }
        let mut blocks = bytes.chunks_exact(16);
        for block in &mut blocks {
            self.block(block);
        }
        let rest = blocks.remainder();
        self.pending[..rest.len()].copy_from_slice(rest);
        self.held = rest.len();
    }

    /// The fingerprint, as text: 32 hexadecimal digits and the length.
    pub fn finish(&self) -> String {
        let mut lanes = self.lanes;
        let tail = &self.pending[..self.held];
        lanes[0] = mix(lanes[0], word(&tail[..tail.len().min(8)]), K1);
        lanes[1] = mix(lanes[1], word(tail.get(8..).unwrap_or(&[])), K2);
        let mut out = [0u64; 2];
        for (i, o) in out.iter_mut().enumerate() {
            let mut h = lanes[i] ^ lanes[1 - i].rotate_left(17) ^ self.len.wrapping_mul(K2);
            h ^= h >> 33;
            h = h.wrapping_mul(K1);
            h ^= h >> 29;
            *o = h;
        }
        format!("{:016x}{:016x}-{}", out[0], out[1], self.len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_of_any_size_give_the_fingerprint_of_the_whole() {
        let bytes: Vec<u8> = (0..1000u32).map(|i| (i * 7 % 251) as u8).collect();
        let whole = Fingerprint::of(&bytes);
        for size in [1, 3, 15, 16, 17, 100, 999] {
            let mut f = Fingerprint::new();
            for piece in bytes.chunks(size) {
                f.update(piece);
            }
            assert_eq!(f.finish(), whole, "pieces of {size}");
        }
    }

    #[test]
    fn any_change_or_length_tells_files_apart() {
        let bytes = b"[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n".to_vec();
        let whole = Fingerprint::of(&bytes);
        for i in 0..bytes.len() {
            let mut other = bytes.clone();
            other[i] ^= 1;
            assert_ne!(Fingerprint::of(&other), whole, "byte {i} changed");
        }
        assert_ne!(Fingerprint::of(&bytes[..bytes.len() - 1]), whole);
        assert_ne!(Fingerprint::of(b""), Fingerprint::of(b"\0"));
        assert!(whole.ends_with(&format!("-{}", bytes.len())));
    }
}
