use std::collections::BTreeSet;
use std::path::PathBuf;

use super::*;

fn ids(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(|s| (*s).to_owned()).collect()
}

/// A fresh directory under the system temp dir, removed on drop.
struct TempDir(PathBuf);
impl TempDir {
    fn new(tag: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("pixmart-registry-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}
impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const SMALL: &str = r#"
[[model]]
id = "a"
name = "A"
kind = "onnx"
licence = "MIT"
commercial_use = true
memory_mb = 1
devices = ["cpu"]
obtainable_here = true
how = "fetch a"
[[model.files]]
path = "a.onnx"
size = 3
sha256 = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"

[[model]]
id = "nc"
name = "Non-commercial"
kind = "safetensors"
licence = "CC BY-NC-SA 4.0"
commercial_use = false
memory_mb = 1
devices = ["gpu"]
obtainable_here = false
how = "hub"
[[model.files]]
path = "nc/w.safetensors"
url = "https://example.org/w.safetensors"

[[model]]
id = "c"
name = "Commercial alternative"
kind = "safetensors"
licence = "OpenRAIL"
commercial_use = true
memory_mb = 1
devices = ["gpu"]
obtainable_here = false
how = "hub"
[[model.files]]
path = "c/w.safetensors"

[[task]]
type = "CUT"
needs = [["a"]]

[[task]]
type = "TRY"
needs = [["nc", "c"], ["a"]]

[[task]]
type = "FREE"
"#;

#[test]
fn the_shipped_manifest_parses_and_knows_the_product_models() {
    let r = Registry::embedded().unwrap();
    for id in [
        "onnxruntime",
        "isnet-fp16",
        "u2netp",
        "u2net",
        "realesrgan-x4plus",
        "style-arbitrary",
        "blazeface",
        "qwen2.5-coder-0.5b",
        "qwen2.5-coder-1.5b",
        "whisper-base",
    ] {
        let m = r.model(id).unwrap_or_else(|| panic!("{id} missing"));
        assert!(m.obtainable_here, "{id} ships in a package registry");
        assert!(m.commercial_use, "{id}");
    }
    for id in ["sd15", "sd15-inpainting", "sdxl-base", "sdxl-inpainting"] {
        let m = r.model(id).unwrap();
        assert!(!m.obtainable_here, "{id}: no model hub here");
        assert!(m.files.iter().all(|f| f.url.is_some()), "{id}: hub URLs");
    }
    for id in ["catvton", "idm-vton", "ootdiffusion"] {
        let m = r.model(id).unwrap();
        assert!(!m.commercial_use, "{id} is CC BY-NC-SA");
        assert_eq!(m.licence, "CC BY-NC-SA 4.0");
    }
    // Operator-supplied weights count as non-commercial until declared.
    assert!(!r.model("sd-custom").unwrap().commercial_use);
    let isnet = r.model("isnet-fp16").unwrap();
    assert_eq!(isnet.files[0].path, "isnet_fp16.onnx");
    assert_eq!(isnet.files[0].size, 88_188_479);
    assert_eq!(r.task("MATTING_IMAGE").unwrap().needs, vec![vec!["isnet-fp16".to_owned()]]);
    assert!(r.serves("isnet-fp16").contains(&"MATTING_IMAGE"));
}

#[test]
fn bad_manifests_are_refused_with_the_reason() {
    let err = |text: &str| Registry::parse(text).unwrap_err().to_string();
    assert!(err("[[model]]\nid = 1").contains("not valid TOML"));
    let dup = format!("{SMALL}\n[[task]]\ntype = \"CUT\"\n");
    assert!(err(&dup).contains("CUT appears twice"), "{}", err(&dup));
    let unknown = SMALL.replace("needs = [[\"a\"]]", "needs = [[\"zzz\"]]");
    assert!(err(&unknown).contains("unknown model zzz"));
    let escape = SMALL.replace("path = \"a.onnx\"", "path = \"../a.onnx\"");
    assert!(err(&escape).contains("must be relative"));
    let bad_sha = SMALL.replace("ba7816bf", "BA7816BF");
    assert!(err(&bad_sha).contains("sha256"));
    let extra = SMALL.replace("how = \"fetch a\"", "how = \"fetch a\"\nlicense = \"MIT\"");
    assert!(err(&extra).contains("unknown field"));
    let dotted = SMALL.replacen("id = \"a\"", "id = \"a.1\"", 1).replace("\"a\"]", "\"a.1\"]");
    assert!(Registry::parse(&dotted).is_ok(), "a dot inside an id is fine");
    for id in [".a", "a..b"] {
        let bad = SMALL.replacen("id = \"a\"", &format!("id = \"{id}\""), 1);
        assert!(err(&bad).contains("use a-z"), "{id}: {}", err(&bad));
    }
}

#[test]
fn presence_checks_existence_and_recorded_size() {
    let r = Registry::parse(SMALL).unwrap();
    let dir = TempDir::new("presence");
    let p = presence(&r, &dir.0);
    assert_eq!(p.len(), 3);
    assert!(p.iter().all(|p| !p.is_present()));
    assert_eq!(p[0].reason().unwrap(), "a.onnx is missing");

    std::fs::write(dir.0.join("a.onnx"), b"ab").unwrap();
    let p = presence(&r, &dir.0);
    assert_eq!(p[0].problems, vec![FileProblem::WrongSize { path: "a.onnx".into(), expected: 3, actual: 2 }]);

    std::fs::write(dir.0.join("a.onnx"), b"abc").unwrap();
    std::fs::create_dir_all(dir.0.join("nc")).unwrap();
    // Size not recorded: any size counts.
    std::fs::write(dir.0.join("nc/w.safetensors"), b"x").unwrap();
    let p = presence(&r, &dir.0);
    assert!(p[0].is_present() && p[1].is_present() && !p[2].is_present());
}

#[test]
fn plan_names_the_missing_models_of_each_unmet_group() {
    let r = Registry::parse(SMALL).unwrap();
    let plan = r.plan(&ids(&[]), Policy::default());
    assert_eq!(plan.get("CUT").unwrap().outcome, Err(Unavailable { missing: vec!["a".into()], refused: vec![] }));
    assert_eq!(
        plan.get("TRY").unwrap().outcome,
        Err(Unavailable { missing: vec!["nc".into(), "c".into(), "a".into()], refused: vec![] })
    );
    // A task type that needs no model is always served.
    assert_eq!(plan.get("FREE").unwrap().outcome, Ok(true));

    let plan = r.plan(&ids(&["a"]), Policy::default());
    assert_eq!(plan.served().collect::<Vec<_>>(), vec!["CUT", "FREE"]);
    assert_eq!(
        plan.get("TRY").unwrap().outcome,
        Err(Unavailable { missing: vec!["nc".into(), "c".into()], refused: vec![] })
    );
}

#[test]
fn non_commercial_models_serve_only_where_the_policy_allows_and_are_marked() {
    let r = Registry::parse(SMALL).unwrap();
    let loaded = ids(&["a", "nc"]);
    // Allowed: served, but not with commercial-use models only.
    assert_eq!(r.plan(&loaded, Policy::default()).get("TRY").unwrap().outcome, Ok(false));
    // Refused for the deployment: not served, and the refusal is named.
    let refuse = Policy { allow_non_commercial: false };
    assert_eq!(
        r.plan(&loaded, refuse).get("TRY").unwrap().outcome,
        Err(Unavailable { missing: vec!["nc".into(), "c".into()], refused: vec!["nc".into()] })
    );
    // A commercial alternative serves it under either policy.
    let both = ids(&["a", "nc", "c"]);
    assert_eq!(r.plan(&both, refuse).get("TRY").unwrap().outcome, Ok(true));
    assert_eq!(r.plan(&both, Policy::default()).get("TRY").unwrap().outcome, Ok(true));
}

#[test]
fn declared_licences_replace_the_manifests() {
    let mut r = Registry::parse(SMALL).unwrap();
    assert!(r.declare_licence("nc", Some("Apache-2.0"), Some(true)));
    assert_eq!((r.model("nc").unwrap().licence.as_str(), r.model("nc").unwrap().commercial_use), ("Apache-2.0", true));
    let refuse = Policy { allow_non_commercial: false };
    assert!(refuse.permits(r.model("nc").unwrap()));
    // Only what is declared changes.
    assert!(r.declare_licence("a", None, Some(false)));
    assert_eq!((r.model("a").unwrap().licence.as_str(), r.model("a").unwrap().commercial_use), ("MIT", false));
    assert!(!refuse.permits(r.model("a").unwrap()));
    assert!(!r.declare_licence("nope", Some("MIT"), Some(true)));
}
