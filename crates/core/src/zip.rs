//! The members of a zip archive, for reading the PGN files inside one (as
//! TWIC and federations publish them): each member's name, how it is
//! stored (as it is, or deflated) and where its bytes are. The bytes are
//! not inflated here: the caller does that (the browser has a deflate
//! stream of its own). An archive cut short gives the members whose bytes
//! are all there.
//!
//! ```
//! use movetext_core::zip::{members, Method};
//! // An archive of one file, `a.pgn`, stored as it is.
//! let mut zip = b"PK\x03\x04\x0a\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00".to_vec();
//! zip.extend_from_slice(&[7, 0, 0, 0, 7, 0, 0, 0, 5, 0, 0, 0]);
//! zip.extend_from_slice(b"a.pgn1. e4 *");
//! let found = members(&zip);
//! assert_eq!(found.members[0].name, "a.pgn");
//! assert_eq!(found.members[0].method, Method::Stored);
//! assert_eq!(&zip[found.members[0].data.clone()], b"1. e4 *");
//! ```

use std::ops::Range;

/// How a member's bytes are stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// As they are.
    Stored,
    /// Deflated (raw deflate, RFC 1951).
    Deflated,
    /// Any other method (its number), which is not read.
    Other(u16),
}

/// A member of an archive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    /// Its path in the archive.
    pub name: String,
    /// How it is stored.
    pub method: Method,
    /// Where its stored bytes are in the archive.
    pub data: Range<usize>,
}

/// What was found in an archive.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Members {
    /// The members whose bytes are all there, in the archive's order.
    pub members: Vec<Member>,
    /// Where the archive breaks off (a byte offset), if it is cut short or
    /// damaged.
    pub broken_at: Option<usize>,
}

const LOCAL: u32 = 0x0403_4b50;
const CENTRAL: u32 = 0x0201_4b50;
const END: u32 = 0x0605_4b50;

fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

fn method(n: u16) -> Method {
    match n {
        0 => Method::Stored,
        8 => Method::Deflated,
        n => Method::Other(n),
    }
}

/// The archive's members: from its central directory when the archive is
/// whole, else from its members' own headers, in order, up to where it
/// breaks off.
pub fn members(bytes: &[u8]) -> Members {
    central(bytes).unwrap_or_else(|| local(bytes))
}

/// The bytes of the member whose local header is at `at` and whose stored
/// size is `size`: its name and where its data are.
fn member_at(bytes: &[u8], at: usize, size: usize, m: u16) -> Option<Member> {
    if u32_at(bytes, at)? != LOCAL {
        return None;
    }
    let (name_len, extra_len) = (u16_at(bytes, at + 26)? as usize, u16_at(bytes, at + 28)? as usize);
    let name = bytes.get(at + 30..at + 30 + name_len)?;
    let start = at + 30 + name_len + extra_len;
    let end = start.checked_add(size)?;
    (end <= bytes.len()).then(|| Member {
        name: String::from_utf8_lossy(name).into_owned(),
        method: method(m),
        data: start..end,
    })
}

/// From the central directory, found through the end record.
fn central(bytes: &[u8]) -> Option<Members> {
    let search_from = bytes.len().saturating_sub(22 + 0xffff);
    let end = (search_from..=bytes.len().checked_sub(22)?).rev().find(|&i| u32_at(bytes, i) == Some(END))?;
    let count = u16_at(bytes, end + 10)? as usize;
    let mut at = u32_at(bytes, end + 16)? as usize;
    let mut found = Members::default();
    for _ in 0..count {
        if u32_at(bytes, at)? != CENTRAL {
            return None;
        }
        let m = u16_at(bytes, at + 10)?;
        let size = u32_at(bytes, at + 20)? as usize;
        let (n, x, c) =
            (u16_at(bytes, at + 28)? as usize, u16_at(bytes, at + 30)? as usize, u16_at(bytes, at + 32)? as usize);
        let local_at = u32_at(bytes, at + 42)? as usize;
        match member_at(bytes, local_at, size, m) {
            Some(member) => found.members.push(member),
            None => found.broken_at = found.broken_at.or(Some(local_at)),
        }
        at += 46 + n + x + c;
    }
    Some(found)
}

/// From the members' own headers, one after another.
fn local(bytes: &[u8]) -> Members {
    let mut found = Members::default();
    let mut at = 0;
    while at < bytes.len() {
        if u32_at(bytes, at) != Some(LOCAL) {
            // The central directory (or nothing) follows the last member.
            if u32_at(bytes, at) != Some(CENTRAL) {
                found.broken_at = Some(at);
            }
            break;
        }
        let flags = u16_at(bytes, at + 6).unwrap_or(0);
        let size = u32_at(bytes, at + 18).unwrap_or(0) as usize;
        let m = u16_at(bytes, at + 8).unwrap_or(0);
        // Sizes written after the data (flag 3) cannot be followed here.
        let Some(member) = member_at(bytes, at, size, m).filter(|_| flags & 8 == 0) else {
            found.broken_at = Some(at);
            break;
        };
        at = member.data.end;
        found.members.push(member);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A local header for a member stored as it is.
    fn stored(name: &str, data: &[u8]) -> Vec<u8> {
        let mut out = LOCAL.to_le_bytes().to_vec();
        out.extend_from_slice(&[20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        out.extend_from_slice(&(data.len() as u32).to_le_bytes());
        out.extend_from_slice(&(data.len() as u32).to_le_bytes());
        out.extend_from_slice(&(name.len() as u16).to_le_bytes());
        out.extend_from_slice(&[0, 0]);
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(data);
        out
    }

    /// An archive with its central directory.
    fn archive(files: &[(&str, &[u8])]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut dir = Vec::new();
        for (name, data) in files {
            let at = out.len() as u32;
            out.extend(stored(name, data));
            dir.extend_from_slice(&CENTRAL.to_le_bytes());
            dir.extend_from_slice(&[20, 0, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
            dir.extend_from_slice(&(data.len() as u32).to_le_bytes());
            dir.extend_from_slice(&(data.len() as u32).to_le_bytes());
            dir.extend_from_slice(&(name.len() as u16).to_le_bytes());
            dir.extend_from_slice(&[0; 12]);
            dir.extend_from_slice(&at.to_le_bytes());
            dir.extend_from_slice(name.as_bytes());
        }
        let dir_at = out.len() as u32;
        out.extend_from_slice(&dir);
        out.extend_from_slice(&END.to_le_bytes());
        out.extend_from_slice(&[0, 0, 0, 0]);
        out.extend_from_slice(&(files.len() as u16).to_le_bytes());
        out.extend_from_slice(&(files.len() as u16).to_le_bytes());
        out.extend_from_slice(&(dir.len() as u32).to_le_bytes());
        out.extend_from_slice(&dir_at.to_le_bytes());
        out.extend_from_slice(&[0, 0]);
        out
    }

    #[test]
    fn members_are_found_through_the_central_directory() {
        let zip = archive(&[("a.pgn", b"1. e4 *"), ("dir/b.PGN", b"1. d4 *"), ("readme.txt", b"hi")]);
        let found = members(&zip);
        let names: Vec<_> = found.members.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["a.pgn", "dir/b.PGN", "readme.txt"]);
        assert_eq!(&zip[found.members[1].data.clone()], b"1. d4 *");
        assert_eq!(found.broken_at, None);
    }

    #[test]
    fn an_archive_cut_short_keeps_the_members_before_the_cut() {
        let zip = archive(&[("a.pgn", b"1. e4 *"), ("b.pgn", b"1. d4 d5 2. c4 *")]);
        let second = stored("a.pgn", b"1. e4 *").len();
        let cut = &zip[..second + 40];
        let found = members(cut);
        assert_eq!(found.members.len(), 1);
        assert_eq!(found.members[0].name, "a.pgn");
        assert_eq!(found.broken_at, Some(second));
        // Not an archive at all: nothing, broken at 0.
        assert_eq!(members(b"[Event \"x\"]").broken_at, Some(0));
    }
}
