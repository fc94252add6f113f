//! Little-endian numbers and strings in a byte buffer: how the messages of
//! [`crate::protocol`] are written and read.

/// Writes numbers and strings one after another.
#[derive(Debug, Default)]
pub(crate) struct Writer(pub Vec<u8>);

impl Writer {
    pub fn u8(&mut self, v: u8) {
        self.0.push(v);
    }

    pub fn u16(&mut self, v: u16) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }

    pub fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }

    pub fn u64(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }

    /// A length (u32), then the bytes.
    pub fn bytes(&mut self, b: &[u8]) {
        self.u32(u32::try_from(b.len()).unwrap_or(u32::MAX));
        self.0.extend_from_slice(&b[..b.len().min(u32::MAX as usize)]);
    }

    pub fn str(&mut self, s: &str) {
        self.bytes(s.as_bytes());
    }
}

/// Reads what a [`Writer`] wrote; every read gives `None` past the end.
#[derive(Debug)]
pub(crate) struct Reader<'a> {
    rest: &'a [u8],
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { rest: bytes }
    }

    fn take<const N: usize>(&mut self) -> Option<[u8; N]> {
        let (head, rest) = self.rest.split_first_chunk::<N>()?;
        self.rest = rest;
        Some(*head)
    }

    pub fn u8(&mut self) -> Option<u8> {
        self.take::<1>().map(|b| b[0])
    }

    pub fn u16(&mut self) -> Option<u16> {
        self.take().map(u16::from_le_bytes)
    }

    pub fn u32(&mut self) -> Option<u32> {
        self.take().map(u32::from_le_bytes)
    }

    pub fn u64(&mut self) -> Option<u64> {
        self.take().map(u64::from_le_bytes)
    }

    pub fn bytes(&mut self) -> Option<&'a [u8]> {
        let len = self.u32()? as usize;
        if len > self.rest.len() {
            return None;
        }
        let (b, rest) = self.rest.split_at(len);
        self.rest = rest;
        Some(b)
    }

    pub fn string(&mut self) -> Option<String> {
        self.bytes().map(|b| String::from_utf8_lossy(b).into_owned())
    }

    /// A count of items, each at least `min_size` bytes: `None` when the
    /// rest cannot hold that many (so that a bad count allocates nothing).
    pub fn count(&mut self, min_size: usize) -> Option<usize> {
        let n = self.u32()? as usize;
        (n.saturating_mul(min_size) <= self.rest.len()).then_some(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_written_reads_back() {
        let mut w = Writer::default();
        w.u8(7);
        w.u16(513);
        w.u32(70_000);
        w.u64(u64::MAX - 1);
        w.str("Émile");
        let mut r = Reader::new(&w.0);
        assert_eq!(r.u8(), Some(7));
        assert_eq!(r.u16(), Some(513));
        assert_eq!(r.u32(), Some(70_000));
        assert_eq!(r.u64(), Some(u64::MAX - 1));
        assert_eq!(r.string().as_deref(), Some("Émile"));
        assert_eq!(r.u8(), None, "past the end");
    }

    #[test]
    fn a_bad_length_reads_nothing() {
        let mut w = Writer::default();
        w.u32(1_000_000);
        w.u8(1);
        assert_eq!(Reader::new(&w.0).bytes(), None);
        assert_eq!(Reader::new(&w.0).count(1), None);
    }
}
