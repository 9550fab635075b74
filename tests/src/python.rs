//! The tests' Python: `python3` with the packages `scripts/test` installs
//! under `~/.cache/pixmart/python` (aiosmtpd for the SMTP sink, remove.bg's
//! client), and a clear failure when one is missing.

use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Where `scripts/test` installs the tests' Python packages
/// (`PIXMART_PYTHON_DIR`, else `~/.cache/pixmart/python`).
pub fn python_packages_dir() -> PathBuf {
    std::env::var_os("PIXMART_PYTHON_DIR").map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(std::env::var_os("HOME").unwrap_or_else(|| "/root".into())).join(".cache/pixmart/python")
    })
}

/// `python3` (or `PIXMART_TEST_PYTHON`) with the tests' packages on its path.
pub fn python() -> Command {
    let mut cmd = Command::new(std::env::var("PIXMART_TEST_PYTHON").unwrap_or_else(|_| "python3".into()));
    let mut path = python_packages_dir().into_os_string();
    if let Some(existing) = std::env::var_os("PYTHONPATH") {
        path.push(":");
        path.push(existing);
    }
    cmd.env("PYTHONPATH", path);
    cmd
}

/// Fails the test, saying how to install them, when `modules` (comma
/// separated, as after `import`) cannot be imported: never a silent skip.
/// `what` says what they are, `pip` the pinned requirements.
pub fn require_modules(modules: &str, what: &str, pip: &str) {
    let ok = python()
        .args(["-c", &format!("import {modules}")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        ok,
        "this test needs {what}. scripts/test installs it; by hand:\n  python3 -m pip install --target {} {pip}",
        python_packages_dir().display()
    );
}
