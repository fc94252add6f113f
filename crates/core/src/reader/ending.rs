//! The end of a game's movetext: its termination marker beside the Result
//! tag, or the marker's absence.

use super::{is_result, skip_ws_back, skip_ws_fwd, Parser, KNOWN_RESULT};
use crate::diagnostic::Severity;
use crate::game::Text;

impl Parser {
    /// The termination marker at `start..end` of the game's text (`own`:
    /// the marker as read, when it is not as written), beside the Result
    /// tag.
    #[cfg_attr(not(feature = "compact"), inline(always))]
    pub(super) fn result_marker(&mut self, start: usize, end: usize, own: Option<String>) {
        self.g.result = Some(match own {
            Some(own) => Text::Own(own.into()),
            None => Text::Src(start as u32, end as u32),
        });
        self.result_tag();
        let marker = self.g.result().to_string();
        let Some(tag) = self.known_tag(KNOWN_RESULT).filter(|t| *t != marker).map(str::to_owned) else { return };
        if tag == "*" && marker != "*" {
            // The end of the game knows more than the tag.
            self.diag(Severity::Fixed, start, end, "result-tag-unknown", vec![("result", marker.clone())]);
            self.set_result_tag(&marker);
        } else if marker == "*" && tag != "*" && is_result(tag.as_bytes()) {
            self.diag(Severity::Fixed, start, end, "result-unknown", vec![("tag", tag.clone())]);
            self.g.result = Some(Text::Own(tag.into()));
        } else if tag != marker && is_result(tag.as_bytes()) {
            let args = vec![("result", marker.clone()), ("tag", tag.clone())];
            self.diag(Severity::Warning, start, end, "result-mismatch", args);
        }
    }

    /// No termination marker in the game's text `bytes`: said (with the
    /// Result tag's, when it has one) unless the movetext from `start` is
    /// empty.
    #[cfg_attr(not(feature = "compact"), inline(always))]
    pub(super) fn no_result(&mut self, bytes: &[u8], start: usize) {
        self.result_tag();
        let at = skip_ws_back(bytes, bytes.len());
        let (key, args) = match self.known_tag(KNOWN_RESULT) {
            Some(r) if is_result(r.as_bytes()) => ("no-result-from-tag", vec![("result", r.to_owned())]),
            _ => ("no-result", Vec::new()),
        };
        if start < bytes.len() && skip_ws_fwd(bytes, start) < bytes.len() {
            self.diag(Severity::Fixed, at, at, key, args);
        }
    }
}
