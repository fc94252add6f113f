//! Building the benchmark input from a sample file.

/// Default size of the benchmark input: 64 MiB.
pub const DEFAULT_TARGET_BYTES: usize = 64 << 20;

/// Repeats `sample` until the result holds at least `target` bytes.
///
/// The copies are joined by a blank line so that the last game of one copy and
/// the first game of the next stay two games: the sample's trailing whitespace
/// is dropped and every copy ends in `"\n\n"`. A byte order mark at the start
/// of the sample is dropped as well, since it may only appear at the start of
/// a file. An empty sample gives an empty result.
pub fn repeat_to(sample: &[u8], target: usize) -> Vec<u8> {
    let body = sample.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(sample);
    let end = body.iter().rposition(|b| !b.is_ascii_whitespace()).map_or(0, |i| i + 1);
    let body = &body[..end];
    if body.is_empty() {
        return Vec::new();
    }
    let copy = body.len() + 2;
    let copies = target.div_ceil(copy).max(1);
    let mut out = Vec::with_capacity(copies * copy);
    for _ in 0..copies {
        out.extend_from_slice(body);
        out.extend_from_slice(b"\n\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_are_separated_by_a_blank_line() {
        let out = repeat_to(b"\xEF\xBB\xBF[Event \"a\"]\n\n1. e4 *\n\n\n", 40);
        let copy: &[u8] = b"[Event \"a\"]\n\n1. e4 *\n\n";
        assert_eq!(out.len() % copy.len(), 0);
        assert!(out.len() >= 40);
        assert!(out.chunks(copy.len()).all(|c| c == copy));
    }

    #[test]
    fn empty_sample_gives_empty_input() {
        assert!(repeat_to(b" \n\n", 100).is_empty());
    }
}
