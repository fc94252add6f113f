//! JSON shapes shared by the commands.

use std::collections::HashSet;

use serde::ser::{Serialize, SerializeMap, Serializer};

/// A game's tags as a JSON object, in file order; a name written twice
/// keeps its first value.
pub struct Tags<N, V>(pub Vec<(N, V)>);

impl<N: AsRef<str>, V: AsRef<str>> Serialize for Tags<N, V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        // Games have a few tags: earlier names are looked through, a set is
        // made only for many.
        let mut seen = HashSet::new();
        for (i, (n, v)) in self.0.iter().enumerate() {
            let n = n.as_ref();
            let first =
                if self.0.len() <= 32 { !self.0[..i].iter().any(|(m, _)| m.as_ref() == n) } else { seen.insert(n) };
            if first {
                map.serialize_entry(n, v.as_ref())?;
            }
        }
        map.end()
    }
}

/// Writes `value` as one line of JSON to `out`.
pub fn line<T: Serialize>(out: &mut Vec<u8>, value: &T) {
    serde_json::to_writer(&mut *out, value).expect("JSON of plain data");
    out.push(b'\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_keep_their_order_and_first_values() {
        let tags = Tags(vec![("White", "A \"x\"\n"), ("Black", "B"), ("White", "C"), ("Event", "\u{1}")]);
        assert_eq!(serde_json::to_string(&tags).unwrap(), r#"{"White":"A \"x\"\n","Black":"B","Event":"\u0001"}"#);
    }
}
