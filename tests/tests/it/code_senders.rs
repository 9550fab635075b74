//! The real code senders through the real sign-in flow (captcha, code,
//! register / log in): mail through a real SMTP server (Python's aiosmtpd,
//! `tests/support/smtp_sink.py`) and SMS through a faithful local double of
//! Aliyun's Dysmsapi that checks signatures, nonces and timestamps as the
//! provider documents. A failed send is `SEND_FAILED` and costs neither the
//! resend countdown nor the hourly quota.

use std::collections::BTreeMap;

use pixmart_api::senders::{AliyunSmsSender, CodeMessage, CodeSender, SendError, SmtpSender};
use pixmart_shared::config::{AliyunSmsSettings, MailSenderKind, Settings, SmsSenderKind, SmtpSettings, SmtpTls};
use pixmart_shared::db::entities::verify_codes;
use pixmart_shared::domain::{Channel, VerifyCode};
use pixmart_shared::Lang;
use pixmart_tests::aliyun_double::AliyunDouble;
use pixmart_tests::app::random_phone;
use pixmart_tests::smtp_sink::{free_port, ReceivedMail};
use pixmart_tests::{SmtpSink, TestApp, TestClient, TestDatabase};
use sea_orm::EntityTrait;
use secrecy::SecretString;
use serde_json::{json, Value};

const FROM: &str = "no-reply@pixmart.test";

fn en(c: &TestClient) -> TestClient {
    let mut e = c.clone();
    e.lang = Some("en");
    e
}

fn smtp_settings(port: u16) -> SmtpSettings {
    SmtpSettings {
        host: Some("127.0.0.1".into()),
        port: Some(port),
        tls: SmtpTls::None,
        from_address: Some(FROM.into()),
        from_name: Some("PixMart 像素集市".into()),
        timeout_ms: 5000,
        ..SmtpSettings::default()
    }
}

/// Mail codes by SMTP on `port`; SMS codes stay with the development sender.
fn use_smtp(s: &mut Settings, port: u16) {
    s.auth.sender.mail = Some(MailSenderKind::Smtp);
    s.auth.sender.smtp = smtp_settings(port);
}

/// The six digits following `marker` in the mail text.
fn code_in(mail: &ReceivedMail, marker: &str) -> String {
    let text = mail.info["text"].as_str().unwrap();
    let at = text.find(marker).unwrap_or_else(|| panic!("{marker:?} not in {text:?}")) + marker.len();
    let code: String = text[at..].chars().take(6).collect();
    assert!(code.chars().all(|c| c.is_ascii_digit()), "{text}");
    code
}

async fn send_mail_code(c: &TestClient, mail: &str) -> (u16, Value) {
    c.solve_captcha(mail).await;
    c.post_json("/api/auth/mail-code", json!({ "mail": mail })).await
}

async fn register_mail(c: &TestClient, mail: &str, code: &str) {
    let body = json!({ "mail": mail, "verifyCode": code, "password": "secret-pass",
                       "confirmPassword": "secret-pass", "agreement": true });
    let (s, b) = c.post_json("/api/auth/register", body).await;
    assert_eq!(s, 200, "{b}");
    assert!(b["data"]["token"].as_str().is_some_and(|t| !t.is_empty()), "{b}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mail_codes_go_through_a_real_smtp_server_in_the_readers_language() {
    let sink = SmtpSink::start();
    let port = sink.port;
    let app = TestApp::start_with(TestDatabase::sqlite(), |s| use_smtp(s, port)).await;
    let c = app.client();

    // English.
    let mail = format!("reader-{}@example.com", uuid::Uuid::new_v4().simple());
    let (s, b) = send_mail_code(&en(&c), &mail).await;
    assert_eq!((s, &b["data"]["code"]), (200, &json!(1)), "{b}");
    let got = sink.wait_messages(1).await;
    let m = &got[0];
    assert_eq!(m.info["mail_from"], FROM);
    assert_eq!(m.info["rcpt_tos"], json!([mail]));
    assert_eq!(m.info["to"], mail);
    assert_eq!(m.info["from"], format!("PixMart 像素集市 <{FROM}>"));
    assert_eq!(m.info["subject"], "Your verification code");
    assert_eq!((&m.info["content_type"], &m.info["charset"]), (&json!("text/plain"), &json!("utf-8")));
    assert!(m.info["text"].as_str().unwrap().contains("It is valid for 5 minutes."), "{}", m.info);
    // Headers a receiving server expects, set by lettre.
    for header in ["\r\nDate: ", "\r\nMessage-ID: <", "\r\nMIME-Version: 1.0"] {
        assert!(m.raw.contains(header), "{header:?} missing in:\n{}", m.raw);
    }
    assert!(m.info["message_id"].as_str().unwrap().ends_with('>'), "{}", m.info);
    let code = code_in(m, "Your verification code is ");
    // The code went by mail, not to the development outbox (SMS only here).
    assert_eq!(c.get(&format!("/api/dev/outbox?to={mail}")).await.1["data"], json!([]));
    register_mail(&c, &mail, &code).await;

    // Chinese (the default language): subject and text in Chinese.
    let mail = format!("duzhe-{}@example.com", uuid::Uuid::new_v4().simple());
    let (s, b) = send_mail_code(&c, &mail).await;
    assert_eq!(s, 200, "{b}");
    let got = sink.wait_messages(2).await;
    let m = &got[1];
    assert_eq!(m.info["subject"], "您的验证码");
    assert!(m.info["text"].as_str().unwrap().contains("分钟内有效"), "{}", m.info);
    // The subject travels encoded (RFC 2047), the text in UTF-8.
    assert!(!m.raw.contains("Subject: 您的验证码"), "{}", m.raw);
    let code = code_in(m, "您的验证码是 ");
    register_mail(&c, &mail, &code).await;
    // And the code is single use: the same code no longer signs in.
    let (s, b) =
        c.post_json("/api/auth/login", json!({ "loginType": "mail_code", "mail": mail, "verifyCode": code })).await;
    assert_ne!(s, 200, "{b}");
}

/// SMTP down: `SEND_FAILED`, no code stored, and neither the countdown nor
/// the hourly quota (here 1) consumed; once the server is up the same
/// account gets its code at once, and only then does the countdown run.
async fn smtp_down_costs_nothing(db: TestDatabase) {
    let port = free_port();
    let app = TestApp::start_with(db, |s| {
        use_smtp(s, port);
        s.auth.codes_per_account_per_hour = 1;
    })
    .await;
    let c = app.client();
    let mail = format!("down-{}@example.com", uuid::Uuid::new_v4().simple());
    pixmart_tests::windows::fresh_window(3600, 60).await;
    for client in [c.clone(), en(&c)] {
        let (s, b) = send_mail_code(&client, &mail).await;
        assert_eq!((s, b["error"].as_str()), (502, Some("SEND_FAILED")), "{b}");
        assert_eq!(b["data"]["code"], 0, "{b}");
    }
    let (_, b) = en(&c).post_json("/api/auth/mail-code", json!({ "mail": mail })).await;
    assert_eq!(b["error"], "CAPTCHA_REQUIRED", "a failed send still used its captcha: {b}");
    let rows = verify_codes::Entity::find().all(&app.db().await).await.unwrap();
    assert!(rows.iter().all(|r| r.target != mail), "no code stored for a failed send");

    let sink = SmtpSink::start_on(port);
    let (s, b) = send_mail_code(&c, &mail).await;
    assert_eq!((s, &b["data"]["code"]), (200, &json!(1)), "no countdown nor quota was spent: {b}");
    let got = sink.wait_messages(1).await;
    register_mail(&c, &mail, &code_in(&got[0], "您的验证码是 ")).await;
    let (s, b) = send_mail_code(&c, &mail).await;
    assert_eq!((s, b["error"].as_str()), (429, Some("CODE_COUNTDOWN")), "{b}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_smtp_server_that_is_down_is_send_failed_and_costs_no_countdown_or_quota() {
    smtp_down_costs_nothing(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_smtp_server_that_is_down_costs_nothing_on_postgres() {
    smtp_down_costs_nothing(TestDatabase::postgres().await).await;
}

fn mail_message(to: &str) -> CodeMessage {
    CodeMessage {
        channel: Channel::Mail,
        to: to.into(),
        code: VerifyCode::parse("123456").unwrap(),
        lang: Lang::En,
        ttl_secs: 300,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn starttls_is_required_never_a_silent_plain_text_fallback() {
    // aiosmtpd here offers no STARTTLS: a sender told to use it must refuse
    // to send rather than carry the code in clear.
    let sink = SmtpSink::start();
    let mut settings = smtp_settings(sink.port);
    settings.tls = SmtpTls::Starttls;
    let sender = SmtpSender::new(&settings).unwrap();
    let err = sender.send(&mail_message("a@example.com")).await.unwrap_err();
    assert!(matches!(err, SendError::Smtp(_)), "{err:?}");
    // The same server in plain mode takes it: the refusal was the TLS rule.
    settings.tls = SmtpTls::None;
    SmtpSender::new(&settings).unwrap().send(&mail_message("a@example.com")).await.unwrap();
    let got = sink.wait_messages(1).await;
    assert_eq!(got.len(), 1);
}

const KEY_ID: &str = "LTAI5tTestKeyId";
const KEY_SECRET: &str = "test-secret-0123456789";

fn aliyun_settings(endpoint: &str, secret: &str) -> AliyunSmsSettings {
    AliyunSmsSettings {
        endpoint: endpoint.to_owned(),
        access_key_id: Some(KEY_ID.into()),
        access_key_secret: Some(SecretString::from(secret.to_owned())),
        sign_name: Some("像素集市".into()),
        template_code_zh: Some("SMS_100001".into()),
        template_code_en: Some("SMS_200002".into()),
        ..AliyunSmsSettings::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sms_codes_go_through_aliyun_signed_as_the_provider_checks_them() {
    let double = AliyunDouble::start(KEY_ID, KEY_SECRET);
    let endpoint = double.endpoint.clone();
    let app = TestApp::start_with(TestDatabase::sqlite(), |s| {
        s.auth.sender.sms = Some(SmsSenderKind::Aliyun);
        s.auth.sender.aliyun = aliyun_settings(&endpoint, KEY_SECRET);
    })
    .await;
    let c = app.client();

    // Delivered, in English: the English template, the code as TemplateParam.
    let phone = random_phone();
    en(&c).solve_captcha(&phone).await;
    let (s, b) = en(&c).post_json("/api/auth/sms-code", json!({ "mobileId": phone })).await;
    assert_eq!((s, &b["data"]["code"]), (200, &json!(1)), "{b}");
    let sent = double.sent();
    assert_eq!(sent.len(), 1);
    assert_eq!((sent[0].phone.as_str(), sent[0].sign_name.as_str()), (phone.as_str(), "像素集市"));
    assert_eq!(sent[0].template_code, "SMS_200002");
    let code = sent[0].template_param["code"].as_str().unwrap().to_owned();
    assert_eq!(sent[0].template_param, json!({ "code": code }));
    // No development outbox entry (mail still uses it): the SMS went to Aliyun.
    assert_eq!(c.get(&format!("/api/dev/outbox?to={phone}")).await.1["data"], json!([]));
    let (s, b) =
        c.post_json("/api/auth/login", json!({ "loginType": "sms_code", "mobileId": phone, "verifyCode": code })).await;
    assert_eq!(s, 200, "{b}");

    // A provider refusal (flow control) is SEND_FAILED, stores no code and
    // costs no countdown: once the provider delivers again, a code goes.
    double.set_business_error(Some("isv.BUSINESS_LIMIT_CONTROL"));
    let phone = random_phone();
    c.solve_captcha(&phone).await;
    let (s, b) = c.post_json("/api/auth/sms-code", json!({ "mobileId": phone })).await;
    assert_eq!((s, b["error"].as_str()), (502, Some("SEND_FAILED")), "{b}");
    let rows = verify_codes::Entity::find().all(&app.db().await).await.unwrap();
    assert!(rows.iter().all(|r| r.target != phone), "no code stored for a failed send");
    double.set_business_error(None);
    c.solve_captcha(&phone).await;
    let (s, b) = c.post_json("/api/auth/sms-code", json!({ "mobileId": phone })).await;
    assert_eq!((s, &b["data"]["code"]), (200, &json!(1)), "{b}");
    assert_eq!(double.sent().last().unwrap().template_code, "SMS_100001", "Chinese template");
}

fn sms_message(phone: &str) -> CodeMessage {
    CodeMessage {
        channel: Channel::Sms,
        to: phone.into(),
        code: VerifyCode::parse("654321").unwrap(),
        lang: Lang::Zh,
        ttl_secs: 300,
    }
}

/// POSTs a form exactly as given; returns the status and Aliyun's `Code`.
async fn post_form(endpoint: &str, params: &BTreeMap<String, String>) -> (u16, String) {
    let body = pixmart_api::senders::aliyun::canonical_query(params);
    let resp = reqwest::Client::new()
        .post(endpoint)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(body)
        .send()
        .await
        .unwrap();
    let status = resp.status().as_u16();
    let answer: Value = resp.json().await.unwrap();
    (status, answer["Code"].as_str().unwrap().to_owned())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_aliyun_double_refuses_wrong_signatures_replays_and_stale_timestamps() {
    let double = AliyunDouble::start(KEY_ID, KEY_SECRET);
    let phone = random_phone();

    // A wrong secret: the provider's SignatureDoesNotMatch, a send failure.
    let wrong = AliyunSmsSender::new(&aliyun_settings(&double.endpoint, "not-the-secret")).unwrap();
    match wrong.send(&sms_message(&phone)).await {
        Err(SendError::Provider { code }) => assert_eq!(code, "SignatureDoesNotMatch"),
        other => panic!("{other:?}"),
    }

    let sender = AliyunSmsSender::new(&aliyun_settings(&double.endpoint, KEY_SECRET)).unwrap();
    let now = chrono::Utc::now();
    let stamp = |t: chrono::DateTime<chrono::Utc>| t.format("%Y-%m-%dT%H:%M:%SZ").to_string();
    let signed = sender.signed_params(&sms_message(&phone), "nonce-replayed", &stamp(now));
    // The provider's own computation agrees with the sender's.
    let mut unsigned = signed.clone();
    let given = unsigned.remove("Signature").unwrap();
    assert_eq!(pixmart_tests::aliyun_double::provider_signature("POST", &unsigned, KEY_SECRET).0, given);

    assert_eq!(post_form(&double.endpoint, &signed).await, (200, "OK".to_owned()));
    // The same request again: the nonce is spent.
    assert_eq!(post_form(&double.endpoint, &signed).await, (400, "SignatureNonceUsed".to_owned()));
    // Another phone under the first signature: refused.
    let mut tampered = sender.signed_params(&sms_message(&phone), "nonce-tampered", &stamp(now));
    tampered.insert("PhoneNumbers".into(), random_phone());
    assert_eq!(post_form(&double.endpoint, &tampered).await, (400, "SignatureDoesNotMatch".to_owned()));
    // Signed, but an hour old.
    let stale = sender.signed_params(&sms_message(&phone), "nonce-stale", &stamp(now - chrono::Duration::hours(1)));
    assert_eq!(post_form(&double.endpoint, &stale).await, (400, "InvalidTimeStamp.Expired".to_owned()));
    // An unknown key id.
    let mut unknown = aliyun_settings(&double.endpoint, KEY_SECRET);
    unknown.access_key_id = Some("LTAIunknown".into());
    match AliyunSmsSender::new(&unknown).unwrap().send(&sms_message(&phone)).await {
        Err(SendError::Provider { code }) => assert_eq!(code, "InvalidAccessKeyId.NotFound"),
        other => panic!("{other:?}"),
    }
    // Only the one valid request was delivered.
    assert_eq!(double.sent().len(), 1);
    assert_eq!(double.sent()[0].template_param, json!({ "code": "654321" }));

    // A real send picks a fresh nonce each time: two sends, two deliveries.
    sender.send(&sms_message(&phone)).await.unwrap();
    sender.send(&sms_message(&phone)).await.unwrap();
    assert_eq!(double.sent().len(), 3);
}
