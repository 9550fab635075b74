//! Every validation rule at the edge: bad input gets its stable code and the
//! user-facing message, in Chinese and English, and leaves nothing behind (no
//! stored file, no upload row, no task).

use pixmart_shared::db::store::{tasks, uploads};
use pixmart_tests::images::{encode_png, noise_png, product_photo};
use pixmart_tests::{TestApp, TestClient, TestDatabase};
use serde_json::{json, Value};

fn assert_error(status: u16, body: &Value, http: u16, error: &str, msg: &str) {
    assert_eq!(status, http, "{body}");
    assert_eq!(body["error"], error, "{body}");
    assert_ne!(body["code"], 0, "{body}");
    assert_eq!(body["msg"], msg, "{body}");
    assert!(body["data"].is_null(), "{body}");
}

async fn assert_nothing_stored(app: &TestApp) {
    let db = app.db().await;
    assert_eq!(uploads::count_uploads(&db).await.unwrap(), 0);
    assert_eq!(tasks::count_tasks(&db).await.unwrap(), 0);
    assert!(app.stored_files().is_empty(), "{:?}", app.stored_files());
}

/// A PNG header claiming 20000×20000, padded past the size floor: the
/// classic decompression bomb.
fn bomb_png() -> Vec<u8> {
    let img = image::GrayImage::new(20000, 20000);
    let mut out = Vec::new();
    image::ImageEncoder::write_image(
        image::codecs::png::PngEncoder::new_with_quality(
            &mut out,
            image::codecs::png::CompressionType::Fast,
            image::codecs::png::FilterType::NoFilter,
        ),
        img.as_raw(),
        20000,
        20000,
        image::ExtendedColorType::L8,
    )
    .unwrap();
    out
}

async fn signed_in(app: &TestApp) -> TestClient {
    let mut c = app.client();
    c.register_random().await;
    c
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn upload_rules_have_codes_and_spec_messages_and_store_nothing() {
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let c = signed_in(&app).await;

    let (s, b) = c.upload("a.gif", "image/gif", b"GIF89a..........".repeat(40_000)).await;
    assert_error(s, &b, 400, "UPLOAD_BAD_FORMAT", "请选择正确的格式");
    let mut en = c.clone();
    en.lang = Some("en");
    let (s, b) = en.upload("a.png", "image/png", b"not an image at all".repeat(40_000)).await;
    assert_error(s, &b, 400, "UPLOAD_BAD_FORMAT", "Please select the correct format");

    let (s, b) = c.upload("small.png", "image/png", noise_png(300, 300)).await;
    assert_error(s, &b, 400, "UPLOAD_BAD_SIZE", "图片大小需在500KB到10MB之间");
    let (s, b) = c.upload("huge.png", "image/png", noise_png(2000, 1900)).await;
    assert_error(s, &b, 400, "UPLOAD_BAD_SIZE", "图片大小需在500KB到10MB之间");

    let (s, b) = c.upload("wide.png", "image/png", noise_png(1300, 500)).await;
    assert_error(s, &b, 400, "UPLOAD_BAD_RATIO", "图片宽高比需在0.5到2之间");
    let (s, b) = en.upload("tall.png", "image/png", noise_png(400, 900)).await;
    assert_error(s, &b, 400, "UPLOAD_BAD_RATIO", "Image aspect ratio must be between 0.5 and 2");

    // Low resolution but heavy enough: a 250×250 PNG padded with a text chunk.
    let mut low = noise_png(250, 250);
    pad_png(&mut low, 520 * 1024);
    let (s, b) = c.upload("low.png", "image/png", low).await;
    assert_error(s, &b, 400, "UPLOAD_LOW_RESOLUTION", "图片分辨率不能小于 256*256");

    let (s, b) = c.upload("bomb.png", "image/png", bomb_png()).await;
    assert_error(s, &b, 400, "UPLOAD_TOO_MANY_PIXELS", "图片分辨率不能大于 8192*8192");

    let mut truncated = noise_png(700, 700);
    truncated.truncate(truncated.len() * 3 / 4);
    let (s, b) = c.upload("cut.png", "image/png", truncated).await;
    assert_error(s, &b, 400, "UPLOAD_CORRUPT", "图片已损坏，无法读取");

    let form = reqwest::multipart::Form::new().text("other", "x");
    let resp = c
        .http
        .post(format!("{}/api/uploads", c.base))
        .bearer_auth(c.token.as_ref().unwrap())
        .multipart(form)
        .send()
        .await
        .unwrap();
    let s = resp.status().as_u16();
    let b: Value = resp.json().await.unwrap();
    assert_error(s, &b, 400, "UPLOAD_MISSING_FILE", "请选择要上传的图片");

    let (s, b) = app.client().upload("p.png", "image/png", noise_png(700, 700)).await;
    assert_error(s, &b, 401, "UNAUTHORIZED", "请先登录");

    assert_nothing_stored(&app).await;

    // And a valid one is accepted (the rules are not refusing everything).
    let url = c.upload_png(encode_png(&product_photo(700, 700).0)).await;
    assert!(url.starts_with("/api/files/uploads/"));
}

/// Inserts a tEXt chunk after IHDR so the file is heavier without changing
/// its pixels.
fn pad_png(png: &mut Vec<u8>, target: usize) {
    let need = target.saturating_sub(png.len());
    let mut data = b"Comment\0".to_vec();
    data.extend(std::iter::repeat_n(b'x', need));
    let mut chunk = (data.len() as u32).to_be_bytes().to_vec();
    let mut typed = b"tEXt".to_vec();
    typed.extend(&data);
    chunk.extend(&typed);
    chunk.extend(crc32(&typed).to_be_bytes());
    // Signature (8) + IHDR chunk (25).
    let at = 8 + 25;
    png.splice(at..at, chunk);
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xffff_ffffu32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xedb8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn task_rules_have_codes_and_messages_and_create_nothing() {
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let c = signed_in(&app).await;
    let other = signed_in(&app).await;
    let theirs = other.upload_png(encode_png(&product_photo(700, 700).0)).await;

    let cases = [
        (json!({ "bizType": "CUTOUT", "params": {} }), 400, "UNKNOWN_BIZ_TYPE", "不支持的生成类型"),
        (json!({ "bizType": "MATTING_IMAGE", "params": {} }), 400, "INVALID_PARAM", "参数错误: imageUrl"),
        (
            json!({ "bizType": "MATTING_IMAGE", "params": { "imageUrl": "https://elsewhere/x.png" } }),
            400,
            "IMAGE_NOT_FOUND",
            "图片不存在，请重新上传",
        ),
        (
            json!({ "bizType": "MATTING_IMAGE", "params": { "imageUrl": theirs } }),
            400,
            "IMAGE_NOT_FOUND",
            "图片不存在，请重新上传",
        ),
        (
            json!({ "bizType": "MATTING_IMAGE", "params": { "imageUrl": theirs, "model": "sam" } }),
            400,
            "INVALID_PARAM",
            "参数错误: model",
        ),
        (json!({ "params": {} }), 400, "BAD_REQUEST", "请求格式错误"),
    ];
    for (body, http, error, msg) in cases {
        let (s, b) = c.post_json("/api/tasks", body.clone()).await;
        assert_error(s, &b, http, error, msg);
    }
    let (s, b) = app
        .client()
        .post_json("/api/tasks", json!({ "bizType": "MATTING_IMAGE", "params": { "imageUrl": theirs } }))
        .await;
    assert_error(s, &b, 401, "UNAUTHORIZED", "请先登录");

    let db = app.db().await;
    assert_eq!(tasks::count_tasks(&db).await.unwrap(), 0);
    let (s, b) = c.get("/api/tasks/not-a-task").await;
    assert_error(s, &b, 404, "TASK_NOT_FOUND", "任务不存在");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eleventh_unfinished_task_is_refused_with_the_spec_message() {
    // No worker runs, so every accepted task stays NEW.
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let c = signed_in(&app).await;
    let url = c.upload_png(encode_png(&product_photo(700, 700).0)).await;
    for _ in 0..10 {
        c.submit_cutout(&url, None).await;
    }
    let body = json!({ "bizType": "MATTING_IMAGE", "params": { "imageUrl": url } });
    let (s, b) = c.post_json("/api/tasks", body.clone()).await;
    assert_error(
        s,
        &b,
        429,
        "TASK_LIMIT",
        "已到达内容生成的任务上限（最多10个），建议导出并删除多余内容，再重新生成哦～",
    );
    let mut en = c.clone();
    en.lang = Some("en");
    let (s, b) = en.post_json("/api/tasks", body).await;
    assert_eq!((s, b["error"].as_str()), (429, Some("TASK_LIMIT")));
    let db = app.db().await;
    assert_eq!(tasks::count_tasks(&db).await.unwrap(), 10);
    let (_, page) = c.get("/api/tasks?pageSize=100").await;
    assert_eq!(page["data"]["total"], 10);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn account_rules_have_codes_and_spec_messages() {
    let app = TestApp::start_with(TestDatabase::sqlite(), |s| s.auth.resend_secs = 0).await;
    let c = app.client();
    let mut en = app.client();
    en.lang = Some("en");
    // Registration needs a code, matching passwords and the agreement; the
    // full set of sign-in rules is in sign_in.rs.
    let reg = |account: Value| {
        let mut b = json!({ "verifyCode": "123456", "password": "secret-pass",
                            "confirmPassword": "secret-pass", "agreement": true });
        for (k, v) in account.as_object().unwrap() {
            b[k] = v.clone();
        }
        b
    };
    let cases = [
        (reg(json!({ "mobileId": "23800138000" })), 400, "INVALID_PHONE", "请输入正确的手机号码"),
        (reg(json!({ "mail": "nobody@" })), 400, "INVALID_EMAIL", "请输入正确的邮箱"),
        (reg(json!({})), 400, "INVALID_ACCOUNT", "请输入正确的手机号码/邮箱"),
        (
            reg(json!({ "mobileId": "13800138000", "password": "123", "confirmPassword": "123" })),
            400,
            "INVALID_PASSWORD",
            "密码长度需为8到64位",
        ),
    ];
    for (body, http, error, msg) in cases {
        let (s, b) = c.post_json("/api/auth/register", body).await;
        assert_error(s, &b, http, error, msg);
    }
    let code = c.request_code("shop@example.com").await;
    let (s, b) =
        c.post_json("/api/auth/register", reg(json!({ "mail": "Shop@Example.com", "verifyCode": code }))).await;
    assert_eq!(s, 200, "{b}");
    // Only the holder of a valid code learns that the account exists.
    let code = c.request_code("shop@example.com").await;
    let (s, b) =
        c.post_json("/api/auth/register", reg(json!({ "mail": "shop@example.com", "verifyCode": code }))).await;
    assert_error(s, &b, 409, "ACCOUNT_EXISTS", "该账号已注册，请直接登录");

    let (s, b) = c
        .post_json(
            "/api/auth/login",
            json!({ "loginType": "", "username": "shop@example.com", "password": "wrong-pass" }),
        )
        .await;
    assert_error(s, &b, 401, "LOGIN_FAILED", "用户名密码输入错误");
    let (s, b) = en
        .post_json("/api/auth/login", json!({ "loginType": "", "username": "13900000000", "password": "secret-pass" }))
        .await;
    assert_error(s, &b, 401, "LOGIN_FAILED", "Username or Password Incorrect");
    let (s, b) = c
        .post_json("/api/auth/login", json!({ "loginType": "", "username": "shopkeeper", "password": "secret-pass" }))
        .await;
    assert_error(s, &b, 400, "INVALID_ACCOUNT", "请输入正确的手机号码/邮箱");

    // Login (JSON or the original app's form encoding), user info, logout.
    let (s, b) = c
        .post_json(
            "/api/auth/login",
            json!({ "loginType": "", "username": "SHOP@example.com", "password": "secret-pass" }),
        )
        .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["data"]["tokenType"], "bearer");
    let form = c
        .http
        .post(format!("{}/api/auth/login", c.base))
        .form(&[("loginType", ""), ("username", "shop@example.com"), ("password", "secret-pass")])
        .send()
        .await
        .unwrap();
    assert_eq!(form.status().as_u16(), 200);
    let mut me = c.clone();
    me.token = Some(b["data"]["token"].as_str().unwrap().to_owned());
    let (s, info) = me.get("/api/user/info").await;
    assert_eq!(s, 200, "{info}");
    assert_eq!(info["data"]["user"]["email"], "shop@example.com");
    for field in ["vipUser", "premiumVipUser", "professionalOrFlagship", "isChatAllow", "points", "benefitPackage"] {
        assert!(!info["data"][field].is_null(), "user info lacks {field}: {info}");
    }
    assert_eq!(me.post_json("/api/auth/logout", json!({})).await.0, 200);
    let (s, b) = me.get("/api/user/info").await;
    assert_error(s, &b, 401, "UNAUTHORIZED", "请先登录");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn not_enough_lingshi_is_refused_with_the_spec_message_and_charges_nothing() {
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let c = signed_in(&app).await;
    let (_, info) = c.get("/api/user/info").await;
    assert_eq!(info["data"]["points"], 500, "the free plan's gift: {info}");
    let url = c.upload_png(encode_png(&product_photo(700, 700).0)).await;

    // Spend all but 4 lingshi elsewhere (a cutout costs 5).
    let db = app.db().await;
    let user = pixmart_shared::domain::UserId(info["data"]["user"]["id"].as_i64().unwrap());
    let txn = sea_orm::TransactionTrait::begin(&db).await.unwrap();
    pixmart_shared::db::store::ledger::reserve(
        &txn,
        user,
        pixmart_shared::domain::TaskId::new(),
        pixmart_shared::domain::Lingshi::new(496),
    )
    .await
    .unwrap();
    txn.commit().await.unwrap();

    let body = json!({ "bizType": "MATTING_IMAGE", "params": { "imageUrl": url } });
    let (s, b) = c.post_json("/api/tasks", body.clone()).await;
    assert_error(s, &b, 402, "INSUFFICIENT_LINGSHI", "您的灵石数量不足，快去权益中心加购吧～");
    let mut en = c.clone();
    en.lang = Some("en");
    let (s, b) = en.post_json("/api/tasks", body).await;
    assert_error(s, &b, 402, "INSUFFICIENT_LINGSHI", "Not Enough Gold Coins");
    assert_eq!(tasks::count_tasks(&db).await.unwrap(), 0);
    let (_, info) = c.get("/api/user/info").await;
    assert_eq!(info["data"]["points"], 4);
}
