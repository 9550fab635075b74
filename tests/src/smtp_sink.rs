//! A real SMTP server for the mail-code tests: `tests/support/smtp_sink.py`
//! (Python's aiosmtpd from PyPI, which `scripts/test` installs under
//! `~/.cache/pixmart/python`). Each accepted message lands in a directory
//! as `.eml` plus a `.json` of what Python's email package read in it.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::python::{python, require_modules};

/// A free TCP port on 127.0.0.1 (nothing listens on it afterwards).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

pub struct SmtpSink {
    pub port: u16,
    dir: tempfile::TempDir,
    child: Child,
}

/// One message the sink accepted.
#[derive(Debug, Clone)]
pub struct ReceivedMail {
    /// Envelope, decoded headers and text (`tests/support/smtp_sink.py`).
    pub info: Value,
    /// The bytes received, as text.
    pub raw: String,
}

impl SmtpSink {
    /// On any free port.
    pub fn start() -> Self {
        Self::start_on(0)
    }

    /// On `port` (0: any free one).
    pub fn start_on(port: u16) -> Self {
        require_modules("aiosmtpd", "the Python package aiosmtpd (a real SMTP server)", "aiosmtpd==1.4.6");
        let dir = tempfile::tempdir().unwrap();
        let script = crate::repo_root().join("tests/support/smtp_sink.py");
        let mut child = python()
            .arg(&script)
            .args(["--dir", dir.path().to_str().unwrap(), "--port", &port.to_string()])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", script.display()));
        let stdout = child.stdout.take().unwrap();
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).unwrap();
        let port = line.trim().parse().unwrap_or_else(|_| {
            let _ = child.kill();
            panic!("smtp_sink.py did not start (printed {line:?}); see its error above")
        });
        SmtpSink { port, dir, child }
    }

    /// Messages accepted so far, oldest first.
    pub fn messages(&self) -> Vec<ReceivedMail> {
        let mut names: Vec<PathBuf> = std::fs::read_dir(self.dir.path())
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        names.sort();
        names
            .into_iter()
            .map(|json| ReceivedMail {
                info: serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap(),
                raw: String::from_utf8_lossy(&std::fs::read(json.with_extension("eml")).unwrap()).into_owned(),
            })
            .collect()
    }

    /// Waits (briefly) until `n` messages arrived; returns them.
    pub async fn wait_messages(&self, n: usize) -> Vec<ReceivedMail> {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let got = self.messages();
            if got.len() >= n {
                return got;
            }
            assert!(Instant::now() < deadline, "expected {n} messages, got {}", got.len());
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
