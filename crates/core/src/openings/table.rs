//! A table of opening names as bytes: written from the table compiled into
//! a build ([`Table::compiled`], [`Table::to_bytes`]) and read back where
//! the table is not compiled in ([`Table::from_bytes`]), so that a program
//! can fetch it when it first names an opening.

use std::fmt;

use super::Opening;
use crate::positions::PositionKey;

const MAGIC: &[u8; 8] = b"MTOPEN1\n";

/// Every ECO code, `A00` to `E99`, three bytes each.
static ECO_CODES: [u8; 1500] = eco_codes();

const fn eco_codes() -> [u8; 1500] {
    let mut out = [0; 1500];
    let mut i = 0;
    while i < 500 {
        out[i * 3] = b'A' + (i / 100) as u8;
        out[i * 3 + 1] = b'0' + (i / 10 % 10) as u8;
        out[i * 3 + 2] = b'0' + (i % 10) as u8;
        i += 1;
    }
    out
}

/// The ECO code of index `i` (`A00` is 0, `E99` is 499).
fn eco_code(i: u16) -> &'static str {
    let at = usize::from(i) * 3;
    std::str::from_utf8(&ECO_CODES[at..at + 3]).unwrap_or("")
}

/// The index of an ECO code, if it is one.
fn eco_index(code: &str) -> Option<u16> {
    match code.as_bytes() {
        &[l @ b'A'..=b'E', d1 @ b'0'..=b'9', d2 @ b'0'..=b'9'] => {
            Some(u16::from(l - b'A') * 100 + u16::from(d1 - b'0') * 10 + u16::from(d2 - b'0'))
        }
        _ => None,
    }
}

/// A table of opening names held in memory: the sorted position keys, each
/// with an ECO code and a name made of pieces kept once each.
///
/// ```
/// use movetext_core::openings::Table;
///
/// let table = Table::compiled();
/// let again = Table::from_bytes(&table.to_bytes()).unwrap();
/// assert_eq!(again.len(), table.len());
/// assert!(Table::from_bytes(b"not a table").is_err());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    keys: Vec<u64>,
    ecos: Vec<u16>,
    names: Vec<u16>,
    name_starts: Vec<u16>,
    name_pieces: Vec<u16>,
    piece_starts: Vec<u16>,
    piece_text: String,
    deepest: usize,
}

/// Why bytes are not a table of opening names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError(&'static str);

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a table of opening names: {}", self.0)
    }
}

impl std::error::Error for TableError {}

impl Table {
    /// A copy of the table compiled into this build (empty without the
    /// feature `openings`).
    pub fn compiled() -> Table {
        use super::compiled as c;
        Table {
            keys: c::KEYS.to_vec(),
            ecos: c::ECOS.iter().map(|&e| eco_index(&c::ECO_TEXT[usize::from(e) * 3..][..3]).unwrap_or(0)).collect(),
            names: c::NAMES.to_vec(),
            name_starts: c::NAME_STARTS.to_vec(),
            name_pieces: c::NAME_PIECES.to_vec(),
            piece_starts: c::PIECE_STARTS.to_vec(),
            piece_text: c::PIECE_TEXT.to_owned(),
            deepest: c::DEEPEST,
        }
    }

    /// How many positions the table names.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether the table names no position.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The most moves (plies) of a named line.
    pub fn deepest_line(&self) -> usize {
        self.deepest
    }

    /// The opening whose line reaches this position, if it is named.
    pub fn lookup(&self, key: PositionKey) -> Option<Opening> {
        let i = self.keys.binary_search(&key.0).ok()?;
        let name = usize::from(self.names[i]);
        let pieces = &self.name_pieces[usize::from(self.name_starts[name])..usize::from(self.name_starts[name + 1])];
        let name = pieces
            .iter()
            .map(|&p| {
                let p = usize::from(p);
                &self.piece_text[usize::from(self.piece_starts[p])..usize::from(self.piece_starts[p + 1])]
            })
            .collect();
        Some(Opening { eco: eco_code(self.ecos[i]), name })
    }

    /// The opening of a line of play: its deepest named position.
    pub fn of_line(&self, keys: impl IntoIterator<Item = PositionKey>) -> Option<Opening> {
        keys.into_iter().filter_map(|k| self.lookup(k)).last()
    }

    /// The table as bytes, for [`Table::from_bytes`].
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        put_u32(&mut out, self.deepest);
        put_u32(&mut out, self.keys.len());
        for k in &self.keys {
            out.extend_from_slice(&k.to_le_bytes());
        }
        for list in [&self.ecos, &self.names] {
            put_u16s(&mut out, list);
        }
        for list in [&self.name_starts, &self.name_pieces, &self.piece_starts] {
            put_u32(&mut out, list.len());
            put_u16s(&mut out, list);
        }
        put_u32(&mut out, self.piece_text.len());
        out.extend_from_slice(self.piece_text.as_bytes());
        out
    }

    /// Reads a table written by [`Table::to_bytes`], checking that every
    /// index it holds is in range, so that no lookup can fail.
    pub fn from_bytes(bytes: &[u8]) -> Result<Table, TableError> {
        let mut r = Bytes(bytes.strip_prefix(MAGIC.as_slice()).ok_or(TableError("no header"))?);
        let deepest = r.u32()?;
        let n = r.u32()?;
        let keys = (0..n).map(|_| r.u64()).collect::<Result<Vec<_>, _>>()?;
        let ecos = r.u16s(n)?;
        let names = r.u16s(n)?;
        let len = r.u32()?;
        let name_starts = r.u16s(len)?;
        let len = r.u32()?;
        let name_pieces = r.u16s(len)?;
        let len = r.u32()?;
        let piece_starts = r.u16s(len)?;
        let len = r.u32()?;
        let piece_text = std::str::from_utf8(r.take(len)?).map_err(|_| TableError("names not UTF-8"))?.to_owned();
        if !r.0.is_empty() {
            return Err(TableError("bytes after the table"));
        }
        let table = Table { keys, ecos, names, name_starts, name_pieces, piece_starts, piece_text, deepest };
        table.check()?;
        Ok(table)
    }

    fn check(&self) -> Result<(), TableError> {
        let starts_fit = |starts: &[u16], len: usize| {
            starts.first() == Some(&0)
                && starts.windows(2).all(|w| w[0] <= w[1])
                && starts.last().is_some_and(|&l| usize::from(l) == len)
        };
        if !self.keys.windows(2).all(|w| w[0] < w[1]) {
            return Err(TableError("keys not sorted"));
        }
        if self.ecos.iter().any(|&e| e >= 500) {
            return Err(TableError("an ECO code out of range"));
        }
        if !starts_fit(&self.name_starts, self.name_pieces.len())
            || self.names.iter().any(|&n| usize::from(n) + 1 >= self.name_starts.len())
        {
            return Err(TableError("a name out of range"));
        }
        if !starts_fit(&self.piece_starts, self.piece_text.len())
            || self.name_pieces.iter().any(|&p| usize::from(p) + 1 >= self.piece_starts.len())
            || !self.piece_starts.iter().all(|&s| self.piece_text.is_char_boundary(usize::from(s)))
        {
            return Err(TableError("a piece of a name out of range"));
        }
        Ok(())
    }
}

fn put_u32(out: &mut Vec<u8>, n: usize) {
    out.extend_from_slice(&u32::try_from(n).unwrap_or(u32::MAX).to_le_bytes());
}

fn put_u16s(out: &mut Vec<u8>, list: &[u16]) {
    for v in list {
        out.extend_from_slice(&v.to_le_bytes());
    }
}

/// Bytes read from the front.
struct Bytes<'a>(&'a [u8]);

impl<'a> Bytes<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], TableError> {
        if self.0.len() < n {
            return Err(TableError("cut short"));
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Ok(head)
    }

    fn u32(&mut self) -> Result<usize, TableError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
    }

    fn u64(&mut self) -> Result<u64, TableError> {
        let b = self.take(8)?;
        Ok(u64::from_le_bytes(b.try_into().unwrap_or([0; 8])))
    }

    fn u16s(&mut self, n: usize) -> Result<Vec<u16>, TableError> {
        let b = self.take(n.checked_mul(2).ok_or(TableError("cut short"))?)?;
        Ok(b.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eco_codes_run_from_a00_to_e99() {
        assert_eq!((eco_code(0), eco_code(499), eco_code(260)), ("A00", "E99", "C60"));
        assert_eq!(eco_index("C60"), Some(260));
        assert_eq!(eco_index("F00"), None);
    }

    #[test]
    fn the_compiled_table_comes_back_from_its_bytes_and_names_alike() {
        let table = Table::compiled();
        let again = Table::from_bytes(&table.to_bytes()).unwrap();
        assert_eq!(again, table);
        assert_eq!(again.len(), super::super::count());
        for &k in table.keys.iter().step_by(7) {
            assert_eq!(again.lookup(PositionKey(k)), super::super::lookup(PositionKey(k)));
        }
    }

    #[test]
    fn broken_bytes_are_refused_not_trusted() {
        let bytes = Table::compiled().to_bytes();
        // Every cut is refused.
        for cut in [0, 7, 8, 12, bytes.len() / 2, bytes.len() - 1] {
            assert!(Table::from_bytes(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        // A name index out of range is refused rather than read.
        let mut t = Table::from_bytes(&bytes).unwrap();
        t.keys = vec![1];
        t.ecos = vec![0];
        t.names = vec![u16::MAX];
        assert!(Table::from_bytes(&t.to_bytes()).is_err());
        t.names = vec![0];
        t.ecos = vec![500];
        assert!(Table::from_bytes(&t.to_bytes()).is_err());
    }
}
