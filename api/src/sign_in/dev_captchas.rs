//! Development mode only: the answer of the captcha last drawn per account,
//! so a developer or an automated test can pass the captcha step
//! (`GET /api/dev/captcha`) whatever sender delivers the codes. A
//! production start neither keeps it nor routes the view.

use std::collections::HashMap;
use std::sync::Mutex;

/// Accounts remembered; beyond, the memory starts afresh.
const KEEP: usize = 1000;

#[derive(Default)]
pub struct DevCaptchas {
    answers: Mutex<HashMap<String, String>>,
}

impl DevCaptchas {
    pub fn remember(&self, key: &str, answer: &str) {
        let mut map = self.answers.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() >= KEEP {
            map.clear();
        }
        map.insert(key.to_owned(), answer.to_owned());
    }

    /// The answer of the captcha most recently drawn for `key`.
    pub fn answer(&self, key: &str) -> Option<String> {
        self.answers.lock().unwrap_or_else(|e| e.into_inner()).get(key).cloned()
    }
}
