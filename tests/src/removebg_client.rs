//! remove.bg's own Python client (PyPI `removebg`, which `scripts/test`
//! installs under `~/.cache/pixmart/python`) run against a test app by
//! `tests/support/removebg_client.py`: the client is unmodified, only its
//! endpoint constant points at the app.

use std::path::Path;

use serde_json::Value;

use crate::python::{python, require_modules};

/// How to call the client.
pub enum Call<'a> {
    /// `remove_background_from_img_file`: writes `<image>_no_bg.png`.
    File,
    /// `remove_background_from_base64_img`: writes `out`.
    Base64 { out: &'a Path },
}

/// Runs one call; its JSON report (`{"status":200,"written":…}` or the
/// error's `{"status","body"}`).
pub fn run(base_url: &str, api_key: &str, image: &Path, call: Call<'_>, size: &str) -> Value {
    require_modules("removebg, requests", "remove.bg's Python client", "removebg==0.04 requests==2.34.2");
    let script = crate::repo_root().join("tests/support/removebg_client.py");
    let log = image.with_extension("errors.log");
    let mut cmd = python();
    cmd.arg(script)
        .args(["--base-url", base_url, "--api-key", api_key, "--size", size])
        .arg("--image")
        .arg(image)
        .arg("--error-log")
        .arg(&log);
    if let Call::Base64 { out } = call {
        cmd.args(["--mode", "base64"]).arg("--out").arg(out);
    }
    let output = cmd.output().expect("python3 runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "removebg_client.py failed ({}):\n{stdout}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_str(stdout.trim()).unwrap_or_else(|_| panic!("not JSON: {stdout}"))
}
