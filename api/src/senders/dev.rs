//! The development sender: codes go to the log and to an in-memory outbox a
//! developer (or a test) can read. Development mode only (a production start
//! refuses it).

use std::collections::VecDeque;
use std::sync::Mutex;

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::{CodeMessage, CodeSender, SendFuture};

/// Entries kept; older ones are dropped.
const KEEP: usize = 1000;

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OutboxEntry {
    pub to: String,
    pub channel: &'static str,
    pub code: String,
    pub sent_at: DateTime<Utc>,
}

#[derive(Default)]
pub struct DevOutbox {
    sent: Mutex<VecDeque<OutboxEntry>>,
}

impl DevOutbox {
    /// Codes sent to `to`, newest first.
    pub fn sent_to(&self, to: &str) -> Vec<OutboxEntry> {
        let sent = self.sent.lock().unwrap_or_else(|e| e.into_inner());
        sent.iter().rev().filter(|e| e.to == to).cloned().collect()
    }
}

impl CodeSender for DevOutbox {
    fn send<'a>(&'a self, msg: &'a CodeMessage) -> SendFuture<'a> {
        Box::pin(async move {
            // Logging the code is this sender's purpose (local runs only).
            tracing::info!(to = %msg.to, channel = msg.channel.as_str(), code = msg.code.reveal(), "development sender: verification code");
            let mut sent = self.sent.lock().unwrap_or_else(|e| e.into_inner());
            if sent.len() >= KEEP {
                sent.pop_front();
            }
            sent.push_back(OutboxEntry {
                to: msg.to.clone(),
                channel: msg.channel.as_str(),
                code: msg.code.reveal().to_owned(),
                sent_at: Utc::now(),
            });
            Ok(())
        })
    }
}
