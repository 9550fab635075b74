//! Turns token bytes into text deltas: whole UTF-8 characters only (byte-level
//! BPE splits a Chinese character or an emoji over several tokens), and never
//! any part of a stop string.

/// What [`TextStream::push`] found.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Pushed {
    /// Text that may be shown now (possibly empty).
    Delta(String),
    /// A stop string was completed: the text before it, to show now; the
    /// stream is finished.
    Stopped(String),
}

/// Incremental decoder for one generation.
#[derive(Debug, Default)]
pub(crate) struct TextStream {
    stop: Vec<String>,
    /// Bytes of an unfinished UTF-8 character.
    partial: Vec<u8>,
    /// All complete text so far.
    text: String,
    /// `text[..emitted]` has been handed out.
    emitted: usize,
}

impl TextStream {
    pub(crate) fn new(stop: &[String]) -> Self {
        Self { stop: stop.iter().filter(|s| !s.is_empty()).cloned().collect(), ..Self::default() }
    }

    /// Adds one token's bytes.
    pub(crate) fn push(&mut self, bytes: &[u8]) -> Pushed {
        self.partial.extend_from_slice(bytes);
        let valid = match std::str::from_utf8(&self.partial) {
            Ok(s) => s.len(),
            Err(e) if e.error_len().is_some() => {
                // Not a prefix of any character: cannot become valid; replace it.
                let lossy = String::from_utf8_lossy(&self.partial).into_owned();
                self.partial.clear();
                self.text.push_str(&lossy);
                return self.after_append();
            }
            Err(e) => e.valid_up_to(),
        };
        let rest = self.partial.split_off(valid);
        let done = std::mem::replace(&mut self.partial, rest);
        // `done` is valid UTF-8 (checked above); from_utf8_lossy does not copy twice.
        self.text.push_str(&String::from_utf8_lossy(&done));
        self.after_append()
    }

    fn after_append(&mut self) -> Pushed {
        // A stop string can only end in the new text, so search from where the
        // longest one could start.
        let longest = self.stop.iter().map(String::len).max().unwrap_or(0);
        let from = floor_char_boundary(&self.text, self.emitted.saturating_sub(longest));
        let hit = self.stop.iter().filter_map(|s| self.text[from..].find(s.as_str()).map(|i| from + i)).min();
        if let Some(at) = hit {
            let at = at.max(self.emitted);
            let delta = self.text[self.emitted..at].to_owned();
            self.text.truncate(at);
            self.emitted = at;
            return Pushed::Stopped(delta);
        }
        // Hold back the longest tail that is the start of a stop string.
        let mut safe = self.text.len();
        for (i, _) in self.text[self.emitted..].char_indices() {
            let tail = &self.text[self.emitted + i..];
            if self.stop.iter().any(|s| s.starts_with(tail)) {
                safe = self.emitted + i;
                break;
            }
        }
        let delta = self.text[self.emitted..safe].to_owned();
        self.emitted = safe;
        Pushed::Delta(delta)
    }

    /// At the end (end of turn, token limit): what is still held back (a
    /// possible stop-string start that never completed; an unfinished
    /// character is dropped).
    pub(crate) fn finish(&mut self) -> String {
        self.partial.clear();
        let delta = self.text[self.emitted..].to_owned();
        self.emitted = self.text.len();
        delta
    }

    /// The text handed out so far.
    pub(crate) fn emitted(&self) -> &str {
        &self.text[..self.emitted]
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deltas(stop: &[&str], tokens: &[&[u8]]) -> (Vec<String>, bool, String) {
        let stop: Vec<String> = stop.iter().map(|s| (*s).to_owned()).collect();
        let mut s = TextStream::new(&stop);
        let mut out = Vec::new();
        for t in tokens {
            match s.push(t) {
                Pushed::Delta(d) => out.push(d),
                Pushed::Stopped(d) => {
                    out.push(d);
                    return (out, true, s.emitted().to_owned());
                }
            }
        }
        out.push(s.finish());
        (out, false, s.emitted().to_owned())
    }

    #[test]
    fn split_characters_wait_for_their_last_byte() {
        let bytes = "好😀".as_bytes();
        let tokens: Vec<&[u8]> = bytes.chunks(1).collect();
        let (out, stopped, text) = deltas(&[], &tokens);
        assert!(!stopped);
        assert_eq!(text, "好😀");
        assert_eq!(out.iter().filter(|d| !d.is_empty()).collect::<Vec<_>>(), vec!["好", "😀"]);
    }

    #[test]
    fn stop_strings_end_the_stream_and_are_never_shown() {
        let (out, stopped, text) = deltas(&["END"], &[b"ab", b"E", b"N", b"D", b"zz"]);
        assert!(stopped);
        assert_eq!(text, "ab");
        assert_eq!(out.concat(), "ab");
        // A held-back prefix that does not complete is released.
        let (out, stopped, text) = deltas(&["END"], &[b"ab", b"EN", b"x"]);
        assert!(!stopped);
        assert_eq!(text, "abENx");
        assert_eq!(out, vec!["ab", "", "ENx", ""]);
        // Stop inside one token, and a stop string in Chinese split over bytes.
        let (_, stopped, text) = deltas(&["。"], &["你好。再见".as_bytes()]);
        assert!(stopped);
        assert_eq!(text, "你好");
        let bytes = "甲乙。".as_bytes();
        let tokens: Vec<&[u8]> = bytes.chunks(2).collect();
        let (out, stopped, text) = deltas(&["乙。"], &tokens);
        assert!(stopped);
        assert_eq!(text, "甲");
        assert!(out.iter().all(|d| !d.contains('乙')));
    }

    #[test]
    fn invalid_bytes_become_replacement_characters() {
        let (_, _, text) = deltas(&[], &[b"a", &[0xFF], b"b"]);
        assert_eq!(text, "a\u{FFFD}b");
    }
}
