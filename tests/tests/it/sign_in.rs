//! Sign-in: captcha, SMS and mail codes with their countdown and limits,
//! code login with auto-registration, register, reset, invites, logout, the
//! HTTP code sender against a local gateway; every message in zh and en.

use std::sync::atomic::{AtomicBool, AtomicU16, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use pixmart_shared::config::{Settings, TrustedProxies};
use pixmart_shared::db::entities::verify_codes;
use pixmart_shared::db::store::ledger;
use pixmart_shared::domain::UserId;
use pixmart_tests::app::{random_phone, urlencode};
use pixmart_tests::windows::{fresh_window, window_index};
use pixmart_tests::{TestApp, TestClient, TestDatabase};
use sea_orm::EntityTrait;
use serde_json::{json, Value};
use tokio::task::JoinSet;

fn assert_error(status: u16, body: &Value, http: u16, error: &str, msg: &str) {
    assert_eq!(status, http, "{body}");
    assert_eq!(body["error"], error, "{body}");
    assert_ne!(body["code"], 0, "{body}");
    assert_eq!(body["msg"], msg, "{body}");
}

fn en(c: &TestClient) -> TestClient {
    let mut e = c.clone();
    e.lang = Some("en");
    e
}

fn sms_login(phone: &str, code: &str) -> Value {
    json!({ "loginType": "sms_code", "mobileId": phone, "verifyCode": code })
}

fn register_body(account: Value, code: &str, password: &str, confirm: &str) -> Value {
    let mut b = json!({ "verifyCode": code, "password": password, "confirmPassword": confirm, "agreement": true });
    for (k, v) in account.as_object().unwrap() {
        b[k] = v.clone();
    }
    b
}

async fn user_id(c: &TestClient) -> UserId {
    let (s, info) = c.get("/api/user/info").await;
    assert_eq!(s, 200, "{info}");
    UserId(info["data"]["user"]["id"].as_i64().unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn captcha_is_an_image_blank_when_too_frequent_and_wrong_answers_need_a_new_one() {
    let app = TestApp::start_with(TestDatabase::sqlite(), |s| s.auth.captcha_per_account_per_minute = 3).await;
    let c = app.client();
    let phone = random_phone();
    fresh_window(60, 40).await;
    for _ in 0..3 {
        let (s, png) = c.get_bytes(&format!("/api/auth/captcha?mobileId={phone}")).await;
        assert_eq!(s, 200);
        let img = image::load_from_memory(&png).unwrap();
        assert_eq!((img.width(), img.height()), (160, 60));
    }
    let (s, blank) = c.get_bytes(&format!("/api/auth/captcha?mobileId={phone}")).await;
    assert_eq!((s, blank.len()), (200, 0), "too frequent: an empty body");
    // Another account is not affected.
    let other = random_phone();
    let (_, png) = c.get_bytes(&format!("/api/auth/captcha?mobileId={other}")).await;
    assert!(!png.is_empty());

    // A wrong answer: 验证失败请重试, data false, and the captcha is gone.
    let (_, dev) = c.get(&format!("/api/dev/captcha?mobileId={other}")).await;
    let answer = dev["data"]["code"].as_str().unwrap().to_owned();
    let (s, b) = c.post_json("/api/auth/captcha/verify", json!({ "mobileId": other, "code": "zzzz" })).await;
    assert_error(s, &b, 400, "CAPTCHA_WRONG", "验证失败请重试");
    assert_eq!(b["data"], false);
    let (s, b) = en(&c).post_json("/api/auth/captcha/verify", json!({ "mobileId": other, "code": answer })).await;
    assert_error(s, &b, 400, "CAPTCHA_WRONG", "Verification failed, please try again");

    // No solved captcha, no code.
    let (s, b) = c.post_json("/api/auth/sms-code", json!({ "mobileId": other })).await;
    assert_error(s, &b, 400, "CAPTCHA_REQUIRED", "请先完成图形验证");
    assert_eq!(b["data"]["code"], 0);
    assert_eq!(b["data"]["errMsg"], "请先完成图形验证");
    // A solved captcha buys exactly one code (answers are case-insensitive).
    c.get_bytes(&format!("/api/auth/captcha?mobileId={other}")).await;
    let (_, dev) = c.get(&format!("/api/dev/captcha?mobileId={other}")).await;
    let answer = dev["data"]["code"].as_str().unwrap().to_uppercase();
    let (s, b) = c.post_json("/api/auth/captcha/verify", json!({ "mobileId": other, "code": answer })).await;
    assert_eq!((s, &b["data"]), (200, &json!(true)), "{b}");
    let (s, b) = c.post_json("/api/auth/sms-code", json!({ "mobileId": other })).await;
    assert_eq!((s, &b["data"]["code"]), (200, &json!(1)), "{b}");
    assert_eq!(c.outbox_code(&other).await.unwrap().len(), 6);

    // Phone rules on the code endpoints.
    let (s, b) = c.post_json("/api/auth/sms-code", json!({ "mobileId": "" })).await;
    assert_error(s, &b, 400, "PHONE_REQUIRED", "请输入手机号～");
    let (s, b) = en(&c).post_json("/api/auth/sms-code", json!({ "mobileId": "" })).await;
    assert_error(s, &b, 400, "PHONE_REQUIRED", "Please enter your phone number");
    let (s, b) = c.post_json("/api/auth/sms-code", json!({ "mobileId": "23800138000" })).await;
    assert_error(s, &b, 400, "INVALID_PHONE", "请输入正确的手机号码");
    let (s, b) = c.post_json("/api/auth/mail-code", json!({ "mail": "nobody@" })).await;
    assert_error(s, &b, 400, "INVALID_EMAIL", "请输入正确的邮箱");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_resend_countdown_is_enforced_by_the_server() {
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let c = app.client();
    let phone = random_phone();
    c.request_code(&phone).await;
    c.solve_captcha(&phone).await;
    let (s, b) = c.post_json("/api/auth/sms-code", json!({ "mobileId": phone })).await;
    assert_eq!((s, b["error"].as_str()), (429, Some("CODE_COUNTDOWN")), "{b}");
    let left = b["data"]["secondsLeft"].as_u64().unwrap();
    assert!((58..=60).contains(&left), "{b}");
    assert_eq!(b["msg"], format!("验证码已发送，请{left}秒后再试"));
    assert_eq!(b["data"]["errMsg"], b["msg"]);
    let (_, b) = en(&c).post_json("/api/auth/sms-code", json!({ "mobileId": phone })).await;
    assert!(b["msg"].as_str().unwrap().starts_with("A code was just sent, please try again in "), "{b}");
    assert_eq!(app.client().get(&format!("/api/dev/outbox?to={phone}")).await.1["data"].as_array().unwrap().len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn codes_are_limited_per_phone_and_per_ip() {
    let app = TestApp::start_with(TestDatabase::sqlite(), |s| {
        s.auth.resend_secs = 0;
        s.auth.codes_per_account_per_hour = 2;
        s.auth.codes_per_ip_per_hour = 4;
    })
    .await;
    let c = app.client();
    fresh_window(3600, 60).await;
    let phone = random_phone();
    c.request_code(&phone).await;
    c.request_code(&phone).await;
    c.solve_captcha(&phone).await;
    let (s, b) = c.post_json("/api/auth/sms-code", json!({ "mobileId": phone })).await;
    assert_error(s, &b, 429, "SEND_LIMIT_ACCOUNT", "获取验证码过于频繁，请稍后再试");
    let (s, b) = en(&c).post_json("/api/auth/sms-code", json!({ "mobileId": phone })).await;
    assert_error(s, &b, 429, "SEND_LIMIT_ACCOUNT", "Too many codes requested for this account, please try again later");

    c.request_code(&random_phone()).await;
    c.request_code(&random_phone()).await;
    let fifth = random_phone();
    c.solve_captcha(&fifth).await;
    let (s, b) = c.post_json("/api/auth/sms-code", json!({ "mobileId": fifth })).await;
    assert_error(s, &b, 429, "SEND_LIMIT_IP", "请求频繁，请稍后再试");
    assert!(c.outbox_code(&fifth).await.is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sms_login_registers_a_new_phone_and_codes_are_single_use_and_stored_hashed() {
    let app = TestApp::start_with(TestDatabase::sqlite(), |s| s.auth.resend_secs = 0).await;
    let c = app.client();
    let phone = random_phone();

    // Format rules first; nothing is consumed by them.
    let (s, b) = c.post_json("/api/auth/login", sms_login("", "123456")).await;
    assert_error(s, &b, 400, "PHONE_REQUIRED", "请输入手机号～");
    let (s, b) = c.post_json("/api/auth/login", sms_login("1380013800", "123456")).await;
    assert_error(s, &b, 400, "INVALID_PHONE", "请输入正确的手机号码");
    for bad in ["", "12345", "1234567", "12a456"] {
        let (s, b) = c.post_json("/api/auth/login", sms_login(&phone, bad)).await;
        assert_error(s, &b, 400, "INVALID_VERIFY_CODE", "请输入正确的验证码");
    }
    let (s, b) = en(&c).post_json("/api/auth/login", sms_login(&phone, "12")).await;
    assert_error(s, &b, 400, "INVALID_VERIFY_CODE", "Please enter a correct verification code");
    let mut refused = sms_login(&phone, "123456");
    refused["agreement"] = json!(false);
    let (s, b) = c.post_json("/api/auth/login", refused.clone()).await;
    assert_error(s, &b, 400, "AGREEMENT_REQUIRED", "请阅读并勾选");
    let (s, b) = en(&c).post_json("/api/auth/login", refused).await;
    assert_error(s, &b, 400, "AGREEMENT_REQUIRED", "Please read and check");

    let code = c.request_code(&phone).await;
    // The table holds a hash, never the code.
    let db = app.db().await;
    let rows = verify_codes::Entity::find().all(&db).await.unwrap();
    assert_eq!(rows.len(), 1);
    assert!(!rows[0].code_hash.contains(&code) && rows[0].code_hash.len() == 64);

    let (s, b) = c.post_json("/api/auth/login", sms_login(&phone, &code)).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["data"]["registered"], true);
    assert_eq!(b["data"]["tokenType"], "bearer");
    assert_eq!(b["data"]["hint"], "该手机号尚未注册，将为您直接注册并登录");
    assert_eq!(b["data"]["mobileHint"], "未注册的手机号，通过验证后将自动注册账号");
    let mut me = c.clone();
    me.token = Some(b["data"]["token"].as_str().unwrap().to_owned());
    let (_, info) = me.get("/api/user/info").await;
    assert_eq!(info["data"]["user"]["phone"], phone);
    assert_eq!(info["data"]["points"], 500, "the free plan's gift: {info}");

    // Used once: the same code again is void.
    let (s, b) = c.post_json("/api/auth/login", sms_login(&phone, &code)).await;
    assert_error(s, &b, 400, "VERIFY_CODE_EXPIRED", "验证码已失效，请重新获取");
    // A registered phone signs in without the hint; the form encoding works too.
    let code = c.request_code(&phone).await;
    let resp = c
        .http
        .post(format!("{}/api/auth/login", c.base))
        .header("Accept-Language", "en")
        .form(&[("loginType", "sms_code"), ("mobileId", phone.as_str()), ("verifyCode", code.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 200);
    let b: Value = resp.json().await.unwrap();
    assert_eq!(b["data"]["registered"], false, "{b}");
    assert!(b["data"].get("hint").is_none(), "{b}");
    // An SMS-created account has no password until it is reset.
    let (s, b) = c.post_json("/api/auth/login", json!({ "loginType": "", "username": phone, "password": "!" })).await;
    assert_error(s, &b, 401, "LOGIN_FAILED", "用户名密码输入错误");

    // English hint.
    let other = random_phone();
    let code = c.request_code(&other).await;
    let (_, b) = en(&c).post_json("/api/auth/login", sms_login(&other, &code)).await;
    assert_eq!(
        b["data"]["hint"],
        "This phone number is not registered yet; it will be registered and signed in directly"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_codes_are_bounded_and_codes_expire_and_a_new_code_voids_the_old() {
    let app = TestApp::start_with(TestDatabase::sqlite(), |s| {
        s.auth.max_code_attempts = 2;
        s.auth.code_ttl_secs = 2;
        s.auth.resend_secs = 0;
    })
    .await;
    let c = app.client();
    let phone = random_phone();
    let code = c.request_code(&phone).await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for _ in 0..2 {
        let (s, b) = c.post_json("/api/auth/login", sms_login(&phone, wrong)).await;
        assert_error(s, &b, 400, "VERIFY_CODE_WRONG", "验证码错误，请重新输入");
    }
    let (s, b) = c.post_json("/api/auth/login", sms_login(&phone, &code)).await;
    assert_error(s, &b, 400, "VERIFY_CODE_ATTEMPTS", "验证码错误次数过多，请重新获取");
    let (s, b) = en(&c).post_json("/api/auth/login", sms_login(&phone, &code)).await;
    assert_error(s, &b, 400, "VERIFY_CODE_ATTEMPTS", "Too many wrong attempts, please request a new code");

    // A newer code replaces the older one.
    let old = c.request_code(&phone).await;
    let new = c.request_code(&phone).await;
    if old != new {
        let (s, b) = c.post_json("/api/auth/login", sms_login(&phone, &old)).await;
        assert_error(s, &b, 400, "VERIFY_CODE_WRONG", "验证码错误，请重新输入");
    }
    // Past its time, even the right code is refused.
    tokio::time::sleep(std::time::Duration::from_millis(2200)).await;
    let (s, b) = en(&c).post_json("/api/auth/login", sms_login(&phone, &new)).await;
    assert_error(s, &b, 400, "VERIFY_CODE_EXPIRED", "The verification code has expired, please request a new one");
    // No code ever sent.
    let (s, b) = c.post_json("/api/auth/login", sms_login(&random_phone(), "123456")).await;
    assert_error(s, &b, 400, "VERIFY_CODE_WRONG", "验证码错误，请重新输入");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn register_rules_email_login_reset_and_logout() {
    let app = TestApp::start_with(TestDatabase::sqlite(), |s| s.auth.resend_secs = 0).await;
    let c = app.client();
    let mail = "Buyer@Example.com";
    let acct = json!({ "mail": mail });

    let cases = [
        (
            register_body(acct.clone(), "12345", "secret-pass", "secret-pass"),
            400,
            "INVALID_VERIFY_CODE",
            "请输入正确的验证码",
        ),
        (
            register_body(acct.clone(), "123456", "secret-pass", "secret-past"),
            400,
            "PASSWORD_MISMATCH",
            "两次输入密码不一致～",
        ),
        (register_body(acct.clone(), "123456", "secret-pass", ""), 400, "PASSWORD_MISMATCH", "两次输入密码不一致～"),
        (
            register_body(json!({ "mobileId": "13800138000", "mail": mail }), "123456", "secret-pass", "secret-pass"),
            400,
            "INVALID_ACCOUNT",
            "请输入正确的手机号码/邮箱",
        ),
    ];
    for (body, http, error, msg) in cases {
        let (s, b) = c.post_json("/api/auth/register", body).await;
        assert_error(s, &b, http, error, msg);
    }
    let mut no_agreement = register_body(acct.clone(), "123456", "secret-pass", "secret-pass");
    no_agreement.as_object_mut().unwrap().remove("agreement");
    let (s, b) = c.post_json("/api/auth/register", no_agreement.clone()).await;
    assert_error(s, &b, 400, "AGREEMENT_REQUIRED", "请阅读并勾选");
    let (s, b) = en(&c).post_json("/api/auth/register", no_agreement).await;
    assert_error(s, &b, 400, "AGREEMENT_REQUIRED", "Please read and check");
    let (s, b) = en(&c)
        .post_json("/api/auth/register", register_body(acct.clone(), "123456", "secret-pass", "other-pass"))
        .await;
    assert_error(s, &b, 400, "PASSWORD_MISMATCH", "Passwords do not match");
    let mut bad_invite = register_body(acct.clone(), "123456", "secret-pass", "secret-pass");
    bad_invite["inviteCode"] = json!("ZZZZZZZZ");
    let (s, b) = c.post_json("/api/auth/register", bad_invite.clone()).await;
    assert_error(s, &b, 400, "INVITE_CODE_INVALID", "邀请码错误");
    let (s, b) = en(&c).post_json("/api/auth/register", bad_invite).await;
    assert_error(s, &b, 400, "INVITE_CODE_INVALID", "Wrong invite code");

    // Mail code sign-in needs an account: the holder of a valid code learns
    // so, and the same code then registers one.
    let (s, b) =
        c.post_json("/api/auth/login", json!({ "loginType": "mail_code", "mail": mail, "verifyCode": "123456" })).await;
    assert_error(s, &b, 400, "VERIFY_CODE_WRONG", "验证码错误，请重新输入");
    let code = c.request_code(&mail.to_lowercase()).await;
    let (s, b) =
        c.post_json("/api/auth/login", json!({ "loginType": "mail_code", "mail": mail, "verifyCode": code })).await;
    assert_error(s, &b, 404, "ACCOUNT_NOT_REGISTERED", "该账号尚未注册");
    let (s, b) =
        c.post_json("/api/auth/register", register_body(acct.clone(), &code, "secret-pass", "secret-pass")).await;
    assert_eq!(s, 200, "{b}");
    let code = c.request_code("buyer@example.com").await;
    let (s, b) = en(&c)
        .post_json("/api/auth/login", json!({ "loginType": "mail_code", "mail": mail, "verifyCode": code }))
        .await;
    assert_eq!(s, 200, "{b}");
    let mut me = c.clone();
    me.token = Some(b["data"]["token"].as_str().unwrap().to_owned());
    assert_eq!(me.get("/api/user/info").await.1["data"]["user"]["email"], "buyer@example.com");

    // Reset: rules, then the new password works, the old does not, and
    // every session of the account ends.
    let reset = |code: &str, p: &str, q: &str| register_body(acct.clone(), code, p, q);
    let (s, b) = c.post_json("/api/auth/reset-password", reset("123456", "new-secret", "new-secreT")).await;
    assert_error(s, &b, 400, "PASSWORD_MISMATCH", "两次输入密码不一致～");
    let (s, b) = c
        .post_json(
            "/api/auth/reset-password",
            register_body(json!({ "mail": "nobody@example.com" }), "123456", "new-secret", "new-secret"),
        )
        .await;
    assert_error(s, &b, 400, "VERIFY_CODE_WRONG", "验证码错误，请重新输入");
    let (s, b) = c.post_json("/api/auth/reset-password", reset("654321", "new-secret", "new-secret")).await;
    assert_error(s, &b, 400, "VERIFY_CODE_EXPIRED", "验证码已失效，请重新获取");
    let code = c.request_code("buyer@example.com").await;
    let (s, b) = c.post_json("/api/auth/reset-password", reset(&code, "new-secret", "new-secret")).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(me.get("/api/user/info").await.0, 401, "the reset ended the old session");
    let login = |p: &str| json!({ "loginType": "", "username": mail, "password": p });
    let (s, b) = c.post_json("/api/auth/login", login("secret-pass")).await;
    assert_error(s, &b, 401, "LOGIN_FAILED", "用户名密码输入错误");
    let (s, b) = c.post_json("/api/auth/login", login("new-secret")).await;
    assert_eq!(s, 200, "{b}");

    // Logout revokes the token.
    let mut me = c.clone();
    me.token = Some(b["data"]["token"].as_str().unwrap().to_owned());
    assert_eq!(me.get("/api/user/info").await.0, 200);
    assert_eq!(me.post_json("/api/auth/logout", json!({})).await.0, 200);
    let (s, b) = me.get("/api/user/info").await;
    assert_error(s, &b, 401, "UNAUTHORIZED", "请先登录");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invite_credits_the_inviter_100_lingshi_once_per_registration() {
    invites_credit_once(TestDatabase::sqlite()).await;
}

/// The same on PostgreSQL: codes, captchas and counters are upserts there too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn codes_captchas_limits_and_invites_work_on_postgres() {
    invites_credit_once(TestDatabase::postgres().await).await;
}

async fn invites_credit_once(db: TestDatabase) {
    let app = TestApp::start_with(db, |s| s.auth.resend_secs = 0).await;
    let mut inviter = app.client();
    inviter.register_random().await;
    let (_, info) = inviter.get("/api/user/info").await;
    let link = info["data"]["inviterLink"].as_str().unwrap().to_owned();
    assert!(link.starts_with("http://127.0.0.1:8080/?inviteCode="), "{link}");
    let invite = link.rsplit('=').next().unwrap().to_owned();
    assert_eq!(inviter.get("/api/user/info").await.1["data"]["inviterLink"], link.as_str(), "stable");
    let inviter_id = user_id(&inviter).await;

    // Through register (lower-case code works too).
    let c = app.client();
    let phone = random_phone();
    let code = c.request_code(&phone).await;
    let mut body = register_body(json!({ "mobileId": phone }), &code, "secret-pass", "secret-pass");
    body["inviteCode"] = json!(invite.to_lowercase());
    let (s, b) = c.post_json("/api/auth/register", body).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(inviter.get("/api/user/info").await.1["data"]["points"], 600);

    // Through SMS auto-registration.
    let phone2 = random_phone();
    let code = c.request_code(&phone2).await;
    let mut body = sms_login(&phone2, &code);
    body["inviteCode"] = json!(invite);
    let (s, b) = c.post_json("/api/auth/login", body).await;
    assert_eq!((s, &b["data"]["registered"]), (200, &json!(true)), "{b}");
    assert_eq!(inviter.get("/api/user/info").await.1["data"]["points"], 700);

    // Signing in again with the invite credits nothing.
    let code = c.request_code(&phone2).await;
    let mut body = sms_login(&phone2, &code);
    body["inviteCode"] = json!(invite);
    let (s, _) = c.post_json("/api/auth/login", body).await;
    assert_eq!(s, 200);
    assert_eq!(inviter.get("/api/user/info").await.1["data"]["points"], 700);

    let db = app.db().await;
    let entries = ledger::entries(&db, inviter_id).await.unwrap();
    let invites: Vec<_> = entries.iter().filter(|e| e.idempotency_key.starts_with("grant:invite:")).collect();
    assert_eq!(invites.len(), 2, "{entries:?}");
    assert!(invites.iter().all(|e| e.amount == 100));
}

/// Each gateway request: its `Authorization` header and JSON body.
type Recorded = Arc<Mutex<Vec<(Option<String>, Value)>>>;

/// A stand-in SMS / mail gateway: records each request and answers with the
/// status set by the test.
struct Gateway {
    url: String,
    requests: Recorded,
    status: Arc<AtomicU16>,
}

fn start_gateway() -> Gateway {
    use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/send", listener.local_addr().unwrap());
    let requests: Recorded = Arc::default();
    let status = Arc::new(AtomicU16::new(200));
    let (r, st) = (requests.clone(), status.clone());
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            HttpServer::new(move || {
                let (r, st) = (r.clone(), st.clone());
                App::new().route(
                    "/send",
                    web::post().to(move |req: HttpRequest, body: web::Json<Value>| {
                        let (r, st) = (r.clone(), st.clone());
                        async move {
                            let auth = req.headers().get("authorization").map(|v| v.to_str().unwrap().to_owned());
                            r.lock().unwrap().push((auth, body.into_inner()));
                            let code = st.load(Ordering::SeqCst);
                            HttpResponse::build(actix_web::http::StatusCode::from_u16(code).unwrap())
                                .json(json!({ "ok": code == 200 }))
                        }
                    }),
                )
            })
            .workers(1)
            .listen(listener)
            .unwrap()
            .run()
            .await
            .unwrap();
        });
    });
    Gateway { url, requests, status }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_http_sender_posts_the_code_to_the_gateway_and_reports_its_errors() {
    let gw = start_gateway();
    let url = gw.url.clone();
    let app = TestApp::start_with(TestDatabase::sqlite(), move |s| {
        s.auth.sender.kind = pixmart_shared::config::SenderKind::Http;
        s.auth.sender.url = Some(url);
        s.auth.sender.key = Some(secrecy::SecretString::from("gateway-key-123"));
    })
    .await;
    let c = app.client();
    // No development outbox with a real sender on both channels.
    assert_eq!(c.get("/api/dev/outbox?to=13800138000").await.0, 404);

    // Captchas with a known answer, stored through the store (default
    // pepper), as a deployment's own tooling could.
    let phone = random_phone();
    let db = app.db().await;
    let hasher = pixmart_shared::domain::CodeHasher::new("pixmart-development-pepper");
    let now = chrono::Utc::now();
    let put = |db: sea_orm::DatabaseConnection, phone: String| {
        let h = hasher.clone();
        async move {
            pixmart_shared::db::store::captchas::put(
                &db,
                &phone,
                h.captcha(&phone, "abcd"),
                now,
                now + chrono::Duration::seconds(300),
            )
            .await
            .unwrap();
        }
    };
    put(db.clone(), phone.clone()).await;
    let (s, b) = c.post_json("/api/auth/captcha/verify", json!({ "mobileId": phone, "code": "ABCD" })).await;
    assert_eq!((s, &b["data"]), (200, &json!(true)), "{b}");
    let (s, b) = en(&c).post_json("/api/auth/sms-code", json!({ "mobileId": phone })).await;
    assert_eq!((s, &b["data"]["code"]), (200, &json!(1)), "{b}");
    let (auth, body) = gw.requests.lock().unwrap()[0].clone();
    assert_eq!(auth.as_deref(), Some("Bearer gateway-key-123"));
    let code = body["params"]["code"].as_str().unwrap().to_owned();
    assert_eq!(
        body,
        json!({ "channel": "sms", "to": phone, "template": "verify_code",
                "params": { "code": code, "ttlMinutes": 5 }, "lang": "en" })
    );
    // The delivered code signs in.
    let (s, b) = c.post_json("/api/auth/login", sms_login(&phone, &code)).await;
    assert_eq!(s, 200, "{b}");

    // A gateway failure is SEND_FAILED and stores no code.
    gw.status.store(500, Ordering::SeqCst);
    let mail = "gw@example.com";
    put(db.clone(), mail.to_owned()).await;
    let (s, b) = c.post_json("/api/auth/captcha/verify", json!({ "mobileId": mail, "code": "abcd" })).await;
    assert_eq!(s, 200, "{b}");
    let (s, b) = c.post_json("/api/auth/mail-code", json!({ "mail": mail })).await;
    assert_error(s, &b, 502, "SEND_FAILED", "验证码发送失败，请稍后再试");
    assert_eq!(gw.requests.lock().unwrap().len(), 2);
    assert_eq!(gw.requests.lock().unwrap()[1].1["channel"], "mail");
    let (s, b) =
        c.post_json("/api/auth/login", json!({ "loginType": "mail_code", "mail": mail, "verifyCode": "123456" })).await;
    assert_error(s, &b, 400, "VERIFY_CODE_WRONG", "验证码错误，请重新输入");
    let rows = verify_codes::Entity::find().all(&db).await.unwrap();
    assert!(rows.iter().all(|r| r.target != mail), "no code stored for a failed send");
}

// ---------------------------------------------------------------------------
// Sign-in hardening (docs/security/sign-in.md). Every client of a test
// connects from 127.0.0.1; tests that need several client addresses make
// 127.0.0.1 a trusted proxy and send `X-Forwarded-For` as a proxy would.

fn trust_local_proxy(s: &mut Settings) {
    s.auth.trusted_proxies = TrustedProxies::parse_list("127.0.0.1/32, 10.0.0.0/8").unwrap();
}

fn password_login(account: &str, password: &str) -> Value {
    json!({ "loginType": "", "username": account, "password": password })
}

/// A POST that arrives through the proxy with this `X-Forwarded-For`.
async fn post_via(c: &TestClient, forwarded: &str, path: &str, body: Value) -> (u16, Value) {
    let resp = c
        .http
        .post(format!("{}{}", c.base, path))
        .header("X-Forwarded-For", forwarded)
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = resp.status().as_u16();
    (status, resp.json().await.unwrap())
}

/// Asks for a captcha image through the proxy: true when one was drawn.
async fn captcha_via(c: &TestClient, forwarded: &str, account: &str) -> bool {
    let resp = c
        .http
        .get(format!("{}/api/auth/captcha?mobileId={}", c.base, urlencode(account)))
        .header("X-Forwarded-For", forwarded)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 200);
    !resp.bytes().await.unwrap().is_empty()
}

fn percentile(latencies: &mut [Duration], p: f64) -> Duration {
    latencies.sort();
    let i = ((latencies.len() as f64 * p).ceil() as usize).clamp(1, latencies.len()) - 1;
    latencies[i]
}

fn median(mut v: Vec<Duration>) -> Duration {
    percentile(&mut v, 0.5)
}

/// P3: N parallel wrong guesses get exactly the configured attempts.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn parallel_wrong_codes_get_exactly_the_configured_attempts() {
    parallel_code_guesses(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn parallel_wrong_codes_get_exactly_the_configured_attempts_on_postgres() {
    parallel_code_guesses(TestDatabase::postgres().await).await;
}

async fn parallel_code_guesses(db: TestDatabase) {
    const ATTEMPTS: u32 = 5;
    let app = TestApp::start_with(db, |s| s.auth.max_code_attempts = ATTEMPTS).await;
    let c = app.client();
    let phone = random_phone();
    let code = c.request_code(&phone).await;
    let right: u32 = code.parse().unwrap();
    let mut guesses = JoinSet::new();
    for i in 0..50u32 {
        let wrong = format!("{:06}", (right + 1 + i) % 1_000_000);
        let (c, body) = (c.clone(), sms_login(&phone, &wrong));
        guesses.spawn(async move { c.post_json("/api/auth/login", body).await });
    }
    let (mut counted, mut refused) = (0, 0);
    while let Some(answer) = guesses.join_next().await {
        let (s, b) = answer.unwrap();
        assert_eq!(s, 400, "{b}");
        match b["error"].as_str().unwrap() {
            "VERIFY_CODE_WRONG" => counted += 1,
            "VERIFY_CODE_ATTEMPTS" => refused += 1,
            other => panic!("unexpected {other}: {b}"),
        }
    }
    assert_eq!((counted, refused), (ATTEMPTS, 50 - ATTEMPTS), "wrong entries counted vs refused");
    // The code is void now: even the right one is refused.
    let (s, b) = c.post_json("/api/auth/login", sms_login(&phone, &code)).await;
    assert_error(s, &b, 400, "VERIFY_CODE_ATTEMPTS", "验证码错误次数过多，请重新获取");
    let db = app.db().await;
    let rows = verify_codes::Entity::find().all(&db).await.unwrap();
    let row = rows.iter().find(|r| r.target == phone).unwrap();
    assert_eq!(row.attempts, ATTEMPTS as i32);
    assert!(row.consumed_at.is_none());
}

/// P2: a flood of password guesses from one address is cut off after the
/// configured count (refused guesses are not hashed), another address still
/// signs in, and other users' requests stay fast meanwhile.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn password_guesses_from_one_ip_are_throttled_and_the_api_stays_responsive() {
    password_flood(TestDatabase::sqlite(), "sqlite").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn password_guesses_from_one_ip_are_throttled_on_postgres() {
    password_flood(TestDatabase::postgres().await, "postgres").await;
}

async fn password_flood(db: TestDatabase, db_name: &str) {
    const IP_LIMIT: u32 = 20;
    let app = TestApp::start_with(db, |s| {
        trust_local_proxy(s);
        s.auth.login.ip_lock_after_failures = IP_LIMIT;
        // This test counts the lock alone; the captcha step has its own test.
        s.auth.login.ip_captcha_after_failures = 1_000;
    })
    .await;
    let mut other = app.client();
    let other_phone = other.register_random().await;

    // Another signed-in user keeps using the API during the attack.
    let stop = Arc::new(AtomicBool::new(false));
    let probe = {
        let (other, stop) = (other.clone(), stop.clone());
        tokio::spawn(async move {
            let mut latencies = vec![];
            while !stop.load(Ordering::SeqCst) {
                let t = Instant::now();
                let (s, b) = other.get("/api/user/info").await;
                assert_eq!(s, 200, "{b}");
                latencies.push(t.elapsed());
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            latencies
        })
    };

    let attacker = app.client();
    let started = Instant::now();
    let mut guesses = JoinSet::new();
    for _ in 0..100 {
        let c = attacker.clone();
        // Each guess names another account: only the address ties them.
        let account = random_phone();
        guesses.spawn(async move {
            post_via(&c, "198.51.100.7", "/api/auth/login", password_login(&account, "wrong-password")).await
        });
    }
    let (mut verified, mut locked) = (0, 0);
    while let Some(answer) = guesses.join_next().await {
        let (s, b) = answer.unwrap();
        match b["error"].as_str() {
            Some("LOGIN_FAILED") => verified += 1,
            Some("LOGIN_LOCKED") => {
                assert_eq!(s, 429, "{b}");
                assert!(b["data"]["secondsLeft"].as_u64().unwrap() > 0, "{b}");
                locked += 1;
            }
            _ => panic!("unexpected answer {s}: {b}"),
        }
    }
    let attack = started.elapsed();
    stop.store(true, Ordering::SeqCst);
    let mut latencies = probe.await.unwrap();
    let p99 = percentile(&mut latencies, 0.99);
    eprintln!(
        "[{db_name}] 100 guesses in {attack:?}: {verified} verified, {locked} locked; GET /api/user/info by another \
         user during the attack: p50 {:?}, p99 {p99:?} over {} requests",
        percentile(&mut latencies, 0.5),
        latencies.len()
    );
    assert_eq!((verified, locked), (IP_LIMIT, 100 - IP_LIMIT));
    assert!(p99 < Duration::from_secs(5), "p99 {p99:?}");

    // The locked address is refused even with the right password; another
    // address signs the user in.
    let (s, b) =
        post_via(&attacker, "198.51.100.7", "/api/auth/login", password_login(&other_phone, "secret-pass")).await;
    assert_eq!((s, b["error"].as_str()), (429, Some("LOGIN_LOCKED")), "{b}");
    let (s, b) =
        post_via(&attacker, "203.0.113.5", "/api/auth/login", password_login(&other_phone, "secret-pass")).await;
    assert_eq!(s, 200, "{b}");
}

/// P2: per account, a captcha after a few failures, then a lock that
/// doubles; a success forgets the failures.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn password_login_needs_a_captcha_after_failures_then_locks_with_growing_backoff() {
    account_throttle(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn password_login_account_throttle_on_postgres() {
    account_throttle(TestDatabase::postgres().await).await;
}

async fn account_throttle(db: TestDatabase) {
    let app = TestApp::start_with(db, |s| {
        trust_local_proxy(s);
        s.auth.login.captcha_after_failures = 2;
        s.auth.login.lock_after_failures = 4;
        s.auth.login.lock_base_secs = 1;
        s.auth.captcha_per_account_per_minute = 100;
        s.auth.captcha_per_account_all_ips_per_minute = 100;
    })
    .await;
    let mut user = app.client();
    let phone = user.register_random().await;
    let c = app.client();
    // Every guess from another address: the account's own count decides.
    let mut n = 0;
    let mut attempt = |password: &'static str| {
        n += 1;
        let (c, phone, ip) = (c.clone(), phone.clone(), format!("198.51.100.{n}"));
        async move { post_via(&c, &ip, "/api/auth/login", password_login(&phone, password)).await }
    };
    for _ in 0..2 {
        let (s, b) = attempt("wrong-password").await;
        assert_error(s, &b, 401, "LOGIN_FAILED", "用户名密码输入错误");
    }
    // Now a solved captcha is needed, even with the right password; asking
    // without one counts nothing.
    for pw in ["wrong-password", "secret-pass", "wrong-password"] {
        let (s, b) = attempt(pw).await;
        assert_error(s, &b, 400, "CAPTCHA_REQUIRED", "请先完成图形验证");
        assert_eq!(b["data"]["captchaRequired"], true, "{b}");
    }
    c.solve_captcha(&phone).await;
    let (s, b) = attempt("wrong-password").await;
    assert_error(s, &b, 401, "LOGIN_FAILED", "用户名密码输入错误");
    // One captcha buys one attempt.
    let (s, b) = attempt("wrong-password").await;
    assert_eq!(b["error"], "CAPTCHA_REQUIRED", "{s} {b}");
    c.solve_captcha(&phone).await;
    let (s, b) = attempt("wrong-password").await;
    assert_error(s, &b, 401, "LOGIN_FAILED", "用户名密码输入错误");
    // The fourth failure locked the account for 1 s: the right password too.
    c.solve_captcha(&phone).await;
    let (s, b) = attempt("secret-pass").await;
    assert_eq!((s, b["error"].as_str()), (429, Some("LOGIN_LOCKED")), "{b}");
    assert_eq!(b["data"]["secondsLeft"], 1, "{b}");
    assert_eq!(b["msg"], "登录失败次数过多，请1秒后再试");
    tokio::time::sleep(Duration::from_millis(1100)).await;
    // The fifth locks for twice as long.
    let (s, b) = attempt("wrong-password").await;
    assert_error(s, &b, 401, "LOGIN_FAILED", "用户名密码输入错误");
    let (s, b) = attempt("secret-pass").await;
    assert_eq!((s, b["error"].as_str()), (429, Some("LOGIN_LOCKED")), "{b}");
    assert_eq!(b["data"]["secondsLeft"], 2, "{b}");
    tokio::time::sleep(Duration::from_millis(2100)).await;
    c.solve_captcha(&phone).await;
    let (s, b) = attempt("secret-pass").await;
    assert_eq!(s, 200, "{b}");
    // The success forgot the failures: no captcha needed.
    let (s, b) = attempt("wrong-password").await;
    assert_error(s, &b, 401, "LOGIN_FAILED", "用户名密码输入错误");
    let (s, b) = attempt("secret-pass").await;
    assert_eq!(s, 200, "{b}");
}

/// P4: register, reset, mail-code and SMS sign-in answer a wrong code the
/// same for existing and unknown accounts; only a valid code's holder
/// learns which it is. Password login answers (and takes) the same.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_in_answers_do_not_reveal_whether_an_account_exists() {
    enumeration(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_in_answers_do_not_reveal_accounts_on_postgres() {
    enumeration(TestDatabase::postgres().await).await;
}

async fn enumeration(db: TestDatabase) {
    let app = TestApp::start_with(db, |s| {
        s.auth.resend_secs = 0;
        // Timing needs repeated wrong passwords without a captcha.
        s.auth.login.captcha_after_failures = 1_000;
        s.auth.login.lock_after_failures = 1_000;
        s.auth.login.ip_captcha_after_failures = 1_000;
        s.auth.login.ip_lock_after_failures = 1_000;
    })
    .await;
    let mut owner = app.client();
    let phone = owner.register_random().await;
    let c = app.client();
    let mail = format!("owner-{}@example.com", uuid::Uuid::new_v4().simple());
    let code = c.request_code(&mail).await;
    let (s, b) = c
        .post_json("/api/auth/register", register_body(json!({ "mail": mail }), &code, "secret-pass", "secret-pass"))
        .await;
    assert_eq!(s, 200, "{b}");
    let unknown_phone = random_phone();
    let unknown_mail = format!("nobody-{}@example.com", uuid::Uuid::new_v4().simple());
    // A code is pending for each, so a wrong code is a real wrong entry.
    let mut codes = std::collections::HashMap::new();
    for acct in [&phone, &unknown_phone, &mail, &unknown_mail] {
        codes.insert(acct.clone(), c.request_code(acct).await);
    }
    let wrong = |acct: &str| format!("{:06}", (codes[acct].parse::<u32>().unwrap() + 1) % 1_000_000);
    let phone_acct = |p: &str| json!({ "mobileId": p });
    let mail_acct = |m: &str| json!({ "mail": m });

    let pairs = [
        (
            "register",
            ("/api/auth/register", register_body(phone_acct(&phone), &wrong(&phone), "secret-pass", "secret-pass")),
            (
                "/api/auth/register",
                register_body(phone_acct(&unknown_phone), &wrong(&unknown_phone), "secret-pass", "secret-pass"),
            ),
        ),
        (
            "reset",
            ("/api/auth/reset-password", register_body(mail_acct(&mail), &wrong(&mail), "new-secret", "new-secret")),
            (
                "/api/auth/reset-password",
                register_body(mail_acct(&unknown_mail), &wrong(&unknown_mail), "new-secret", "new-secret"),
            ),
        ),
        (
            "mail login",
            ("/api/auth/login", json!({ "loginType": "mail_code", "mail": mail, "verifyCode": wrong(&mail) })),
            (
                "/api/auth/login",
                json!({ "loginType": "mail_code", "mail": unknown_mail, "verifyCode": wrong(&unknown_mail) }),
            ),
        ),
        (
            "sms login with an unknown invite code",
            (
                "/api/auth/login",
                json!({ "loginType": "sms_code", "mobileId": phone, "verifyCode": wrong(&phone), "inviteCode": "ZZZZZZZZ" }),
            ),
            (
                "/api/auth/login",
                json!({ "loginType": "sms_code", "mobileId": unknown_phone, "verifyCode": wrong(&unknown_phone), "inviteCode": "ZZZZZZZZ" }),
            ),
        ),
        (
            "password login",
            ("/api/auth/login", password_login(&phone, "wrong-password")),
            ("/api/auth/login", password_login(&unknown_phone, "wrong-password")),
        ),
    ];
    for (what, (p1, existing), (p2, unknown)) in pairs {
        let a = c.post_json(p1, existing).await;
        let b = c.post_json(p2, unknown).await;
        assert_eq!(a, b, "{what}: existing vs unknown account");
        assert!(a.0 >= 400, "{what}: {a:?}");
    }

    // The holder of a valid code learns the truth, and the code is not
    // spent on it: it still signs in (or registers).
    let (s, b) = c
        .post_json(
            "/api/auth/register",
            register_body(phone_acct(&phone), &codes[&phone], "secret-pass", "secret-pass"),
        )
        .await;
    assert_error(s, &b, 409, "ACCOUNT_EXISTS", "该账号已注册，请直接登录");
    let (s, b) = c.post_json("/api/auth/login", sms_login(&phone, &codes[&phone])).await;
    assert_eq!((s, &b["data"]["registered"]), (200, &json!(false)), "{b}");
    let (s, b) = c
        .post_json(
            "/api/auth/reset-password",
            register_body(mail_acct(&unknown_mail), &codes[&unknown_mail], "new-secret", "new-secret"),
        )
        .await;
    assert_error(s, &b, 404, "ACCOUNT_NOT_REGISTERED", "该账号尚未注册");
    let (s, b) = c
        .post_json(
            "/api/auth/login",
            json!({ "loginType": "mail_code", "mail": unknown_mail, "verifyCode": codes[&unknown_mail] }),
        )
        .await;
    assert_error(s, &b, 404, "ACCOUNT_NOT_REGISTERED", "该账号尚未注册");
    let (s, b) = c
        .post_json(
            "/api/auth/register",
            register_body(mail_acct(&unknown_mail), &codes[&unknown_mail], "secret-pass", "secret-pass"),
        )
        .await;
    assert_eq!(s, 200, "the code survived the refusal: {b}");

    // Password login costs the same for an unknown account: both verify an
    // argon2 hash (a generous bound; timings belong in benchmarks).
    let mut known = vec![];
    let mut unknown = vec![];
    for _ in 0..7 {
        let t = Instant::now();
        let (s, _) = c.post_json("/api/auth/login", password_login(&phone, "wrong-password")).await;
        known.push(t.elapsed());
        let t = Instant::now();
        let (s2, _) = c.post_json("/api/auth/login", password_login(&random_phone(), "wrong-password")).await;
        unknown.push(t.elapsed());
        assert_eq!((s, s2), (401, 401));
    }
    let (known, unknown) = (median(known), median(unknown));
    eprintln!("password login, median: existing account {known:?}, unknown account {unknown:?}");
    assert!(unknown * 3 >= known, "an unknown account answers much faster: {unknown:?} vs {known:?}");
}

/// P6: the client address for the limits is the rightmost address not
/// added by a trusted proxy; what the client writes to its left is ignored,
/// and without a trusted peer the header counts for nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spoofed_forwarded_for_does_not_change_the_ip_used_for_limits() {
    trusted_proxy(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spoofed_forwarded_for_is_ignored_on_postgres() {
    trusted_proxy(TestDatabase::postgres().await).await;
}

async fn trusted_proxy(db: TestDatabase) {
    let app = TestApp::start_with(db, |s| {
        trust_local_proxy(s);
        s.auth.captcha_per_ip_per_minute = 3;
    })
    .await;
    let c = app.client();
    // The proxy appends the real client, 198.51.100.7; the client writes a
    // different address to its left each time. The quota counts in fixed
    // minute windows: four requests that straddle a boundary prove nothing,
    // so the check is made again from a fresh client address in a fresh
    // window (a machine so loaded that four requests take a minute never
    // gets there).
    let mut held = false;
    for client in ["198.51.100.7", "198.51.100.8", "198.51.100.9"] {
        fresh_window(60, 40).await;
        let window = window_index(60);
        for i in 0..3 {
            assert!(captcha_via(&c, &format!("10.9.9.{i}, {client}"), &random_phone()).await);
        }
        let refused = !captcha_via(&c, &format!("172.16.0.1, {client}"), &random_phone()).await;
        if refused || window == window_index(60) {
            assert!(refused, "a spoofed leftmost address escaped the per-IP limit");
            held = true;
            break;
        }
        eprintln!("four requests crossed a minute boundary: again");
    }
    assert!(held, "never four requests within one minute");
    // Through two trusted proxies (10.1.1.1 then 127.0.0.1) the rightmost
    // untrusted hop is the client: its own quota, whatever it spoofs.
    for spoof in ["", "198.51.100.7, ", "1.2.3.4, "] {
        assert!(captcha_via(&c, &format!("{spoof}203.0.113.9, 10.1.1.1"), &random_phone()).await, "{spoof}");
    }
    assert!(!captcha_via(&c, "203.0.113.9, 10.1.1.1", &random_phone()).await);
    // Only trusted hops: the leftmost one is the client.
    assert!(captcha_via(&c, "10.2.2.2, 10.1.1.1", &random_phone()).await);
    // No header: the peer itself.
    assert!(captcha_via(&c, "", &random_phone()).await);

    // The peer must be trusted for the header to count at all.
    let app = TestApp::start_with(TestDatabase::sqlite(), |s| {
        s.auth.trusted_proxies = TrustedProxies::parse_list("10.0.0.0/8").unwrap();
        s.auth.captcha_per_ip_per_minute = 3;
    })
    .await;
    let c = app.client();
    fresh_window(60, 40).await;
    for i in 0..3 {
        assert!(captcha_via(&c, &format!("198.51.100.{i}"), &random_phone()).await);
    }
    assert!(!captcha_via(&c, "198.51.100.99", &random_phone()).await, "an untrusted peer's header was believed");
}

/// P6: the captcha counters move only for drawn images, and the per-account
/// quota is per address, so an attacker asking for a victim's captchas
/// cannot use up the victim's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_captcha_requests_do_not_consume_the_victims_quota() {
    captcha_quota(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_captcha_requests_do_not_consume_quota_on_postgres() {
    captcha_quota(TestDatabase::postgres().await).await;
}

async fn captcha_quota(db: TestDatabase) {
    let app = TestApp::start_with(db, |s| {
        trust_local_proxy(s);
        s.auth.captcha_per_account_per_minute = 3;
        s.auth.captcha_per_ip_per_minute = 5;
    })
    .await;
    let c = app.client();
    let victim = random_phone();
    let attacker = "198.51.100.66";
    fresh_window(60, 45).await;
    let mut drawn = 0;
    for _ in 0..20 {
        drawn += u32::from(captcha_via(&c, attacker, &victim).await);
    }
    assert_eq!(drawn, 3, "the attacker's share of the victim's quota");
    // The victim, from their own address, still gets images.
    for _ in 0..3 {
        assert!(captcha_via(&c, "203.0.113.20", &victim).await, "the victim's quota was used up");
    }
    // The 17 refused requests did not count against the attacker's address
    // either: two more images (5 in all) for other accounts, then none.
    assert!(captcha_via(&c, attacker, &random_phone()).await);
    assert!(captcha_via(&c, attacker, &random_phone()).await);
    assert!(!captcha_via(&c, attacker, &random_phone()).await);
}

/// New passwords need 8 characters; an account whose 6-character password
/// predates the rule still signs in with it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_passwords_need_8_characters_and_legacy_short_passwords_still_sign_in() {
    password_length(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn password_length_rules_on_postgres() {
    password_length(TestDatabase::postgres().await).await;
}

async fn password_length(db: TestDatabase) {
    let app = TestApp::start_with(db, |s| s.auth.resend_secs = 0).await;
    let c = app.client();
    let phone = random_phone();
    let code = c.request_code(&phone).await;
    let acct = json!({ "mobileId": phone });
    let (s, b) = c.post_json("/api/auth/register", register_body(acct.clone(), &code, "1234567", "1234567")).await;
    assert_error(s, &b, 400, "INVALID_PASSWORD", "密码长度需为8到64位");
    let (s, b) = en(&c).post_json("/api/auth/register", register_body(acct.clone(), &code, "abc123", "abc123")).await;
    assert_error(s, &b, 400, "INVALID_PASSWORD", "Password must be 8 to 64 characters");
    let (s, b) = c.post_json("/api/auth/register", register_body(acct.clone(), &code, "12345678", "12345678")).await;
    assert_eq!(s, 200, "{b}");
    let code = c.request_code(&phone).await;
    let (s, b) =
        c.post_json("/api/auth/reset-password", register_body(acct.clone(), &code, "abcdefg", "abcdefg")).await;
    assert_error(s, &b, 400, "INVALID_PASSWORD", "密码长度需为8到64位");
    let (s, b) = c.post_json("/api/auth/login", password_login(&phone, "12345678")).await;
    assert_eq!(s, 200, "{b}");

    // A legacy account, stored as the old rules allowed.
    use argon2::password_hash::{rand_core::OsRng, PasswordHasher, SaltString};
    let legacy = random_phone();
    let hash =
        argon2::Argon2::default().hash_password(b"abc123", &SaltString::generate(&mut OsRng)).unwrap().to_string();
    let db = app.db().await;
    let account = pixmart_shared::domain::Account::parse(&legacy).unwrap();
    pixmart_shared::db::store::users::create_user(&db, &account, hash).await.unwrap();
    let (s, b) = c.post_json("/api/auth/login", password_login(&legacy, "abc123")).await;
    assert_eq!(s, 200, "{b}");
    let (s, b) = c.post_json("/api/auth/login", password_login(&legacy, "abc124")).await;
    assert_error(s, &b, 401, "LOGIN_FAILED", "用户名密码输入错误");
}
