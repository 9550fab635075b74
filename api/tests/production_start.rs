//! A plain start of the `pixmart-api` program is a production start: with
//! any development convenience or built-in secret it exits non-zero and
//! names each offending setting.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::Command;

fn api(env: &[(&str, &str)]) -> (bool, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_pixmart-api"));
    for (key, _) in std::env::vars() {
        if key.starts_with("PIXMART") {
            cmd.env_remove(key);
        }
    }
    // Any port: a refused start never binds (and a started one is not awaited).
    cmd.current_dir(std::env::temp_dir()).env("PIXMART__SERVER__PORT", "0").envs(env.iter().copied());
    let out = cmd.output().expect("run pixmart-api");
    (out.status.success(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn a_plain_start_refuses_every_development_default_and_names_it() {
    let (ok, stderr) = api(&[]);
    assert!(!ok, "a plain start must fail: {stderr}");
    for setting in [
        "PIXMART__AUTH__SENDER__SMS",
        "PIXMART__AUTH__SENDER__MAIL",
        "PIXMART__PAYMENTS__PROVIDER",
        "PIXMART__PAYMENTS__NOTIFY_SECRET",
        "PIXMART__AUTH__CODE_PEPPER",
    ] {
        assert!(stderr.contains(setting), "{setting} not named in: {stderr}");
    }
    assert!(stderr.contains("PIXMART__MODE=development"), "{stderr}");
}

#[test]
fn only_the_remaining_offender_is_named() {
    let secret = "0123456789abcdef0123456789abcdef";
    let (ok, stderr) = api(&[
        ("PIXMART__AUTH__SENDER__KIND", "http"),
        ("PIXMART__AUTH__SENDER__URL", "http://127.0.0.1:9/send"),
        ("PIXMART__AUTH__SENDER__KEY", "k"),
        ("PIXMART__AUTH__CODE_PEPPER", secret),
        ("PIXMART__PAYMENTS__NOTIFY_SECRET", secret),
    ]);
    assert!(!ok, "{stderr}");
    assert!(stderr.contains("PIXMART__PAYMENTS__PROVIDER"), "{stderr}");
    assert!(!stderr.contains("PIXMART__AUTH__CODE_PEPPER"), "{stderr}");
    assert!(!stderr.contains("PIXMART__AUTH__SENDER__SMS"), "{stderr}");
    assert!(!stderr.contains("PIXMART__AUTH__SENDER__MAIL"), "{stderr}");
}

#[test]
fn a_production_start_names_the_sender_settings_it_lacks() {
    let secret = "0123456789abcdef0123456789abcdef";
    let (ok, stderr) = api(&[
        ("PIXMART__AUTH__SENDER__SMS", "aliyun"),
        ("PIXMART__AUTH__SENDER__MAIL", "smtp"),
        ("PIXMART__AUTH__SENDER__SMTP__HOST", "smtp.example.com"),
        ("PIXMART__AUTH__SENDER__SMTP__TLS", "none"),
        ("PIXMART__AUTH__SENDER__ALIYUN__ACCESS_KEY_ID", "LTAIexample"),
        ("PIXMART__AUTH__CODE_PEPPER", secret),
        ("PIXMART__PAYMENTS__NOTIFY_SECRET", secret),
    ]);
    assert!(!ok, "{stderr}");
    for setting in [
        "PIXMART__AUTH__SENDER__SMTP__FROM_ADDRESS",
        "PIXMART__AUTH__SENDER__SMTP__TLS",
        "PIXMART__AUTH__SENDER__ALIYUN__ACCESS_KEY_SECRET",
        "PIXMART__AUTH__SENDER__ALIYUN__SIGN_NAME",
        "PIXMART__AUTH__SENDER__ALIYUN__TEMPLATE_CODE_ZH",
    ] {
        assert!(stderr.contains(setting), "{setting} not named in: {stderr}");
    }
    for setting in [
        "PIXMART__AUTH__SENDER__SMS",
        "PIXMART__AUTH__SENDER__MAIL",
        "PIXMART__AUTH__SENDER__SMTP__HOST",
        "PIXMART__AUTH__SENDER__ALIYUN__ACCESS_KEY_ID:",
    ] {
        assert!(!stderr.contains(setting), "{setting} named in: {stderr}");
    }
}

#[test]
fn wechatpay_names_its_missing_settings() {
    let secret = "0123456789abcdef0123456789abcdef";
    let (ok, stderr) = api(&[
        ("PIXMART__AUTH__SENDER__KIND", "http"),
        ("PIXMART__AUTH__SENDER__URL", "http://127.0.0.1:9/send"),
        ("PIXMART__AUTH__SENDER__KEY", "k"),
        ("PIXMART__AUTH__CODE_PEPPER", secret),
        ("PIXMART__PAYMENTS__PROVIDER", "wechatpay"),
        ("PIXMART__PAYMENTS__WECHATPAY__APIV3_KEY", "too-short"),
    ]);
    assert!(!ok, "{stderr}");
    for setting in [
        "PIXMART__PAYMENTS__WECHATPAY__MCHID",
        "PIXMART__PAYMENTS__WECHATPAY__APIV3_KEY",
        "PIXMART__PAYMENTS__WECHATPAY__MERCHANT_PRIVATE_KEY_PATH",
        "PIXMART__PAYMENTS__WECHATPAY__PLATFORM_PUBLIC_KEY_PATH",
        "PIXMART__PAYMENTS__WECHATPAY__NOTIFY_URL",
    ] {
        assert!(stderr.contains(setting), "{setting} not named in: {stderr}");
    }
    assert!(!stderr.contains("PIXMART__PAYMENTS__NOTIFY_SECRET"), "{stderr}");
    assert!(!stderr.contains("PIXMART__PAYMENTS__PROVIDER:"), "{stderr}");
}
