//! The API never links the model code or the worker: it only enqueues and
//! reads results, so it builds fast, stays small, and a model crate's
//! native dependencies (ONNX Runtime, candle) never run in the web tier.
//! docs/ARCHITECTURE.md, "Crates and what each may import".

use std::process::Command;

#[test]
fn the_api_depends_on_neither_the_models_nor_the_worker() {
    let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
    let out = Command::new(env!("CARGO"))
        .args(["tree", "--offline", "--locked", "--prefix", "none", "--edges", "all", "--manifest-path", manifest])
        .args(["-p", "pixmart-api"])
        .output()
        .expect("cargo tree runs");
    assert!(out.status.success(), "cargo tree failed: {}", String::from_utf8_lossy(&out.stderr));
    let tree = String::from_utf8_lossy(&out.stdout);
    assert!(tree.contains("pixmart-shared"), "the tree lists the API's own dependencies:\n{tree}");
    for forbidden in ["pixmart-models", "pixmart-worker"] {
        assert!(!tree.lines().any(|l| l.starts_with(forbidden)), "pixmart-api depends on {forbidden}");
    }
}
