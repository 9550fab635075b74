//! The remove.bg-compatible API (`POST /v1.0/removebg`) and the API keys
//! that authenticate it: keys shown once, listed and revoked; every refusal
//! in remove.bg's error format with nothing charged; a good call answers the
//! image with remove.bg's headers and charges one cutout; a call that runs
//! out of time is refunded; and remove.bg's own Python client (PyPI
//! `removebg`, unmodified) works against pixmart.

use pixmart_shared::db::store::{ledger, tasks};
use pixmart_shared::domain::{Bucket, UserId};
use pixmart_tests::images::{encode_png, product_photo};
use pixmart_tests::removebg_client::{self, Call};
use pixmart_tests::{TestApp, TestClient, TestDatabase};
use serde_json::{json, Value};

use crate::support::fleet;

/// Creates a key; its id and secret.
async fn create_key(c: &TestClient, name: &str) -> (String, String) {
    let (status, body) = c.post_json("/api/api-keys", json!({ "name": name })).await;
    assert_eq!(status, 200, "{body}");
    let key = &body["data"];
    let secret = key["secret"].as_str().unwrap().to_owned();
    assert_eq!(key["prefix"].as_str().unwrap(), &secret[..12], "{key}");
    (key["id"].as_str().unwrap().to_owned(), secret)
}

/// One remove.bg call's answer.
struct Answer {
    status: u16,
    headers: reqwest::header::HeaderMap,
    body: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> &str {
        self.headers.get(name).map(|v| v.to_str().unwrap()).unwrap_or_default()
    }

    /// remove.bg's `errors[0].code`, checking the error's shape.
    fn error_code(&self) -> String {
        let body: Value = serde_json::from_slice(&self.body)
            .unwrap_or_else(|_| panic!("not JSON ({}): {}", self.status, String::from_utf8_lossy(&self.body)));
        let errors = body["errors"].as_array().unwrap_or_else(|| panic!("no errors array: {body}"));
        assert_eq!(errors.len(), 1, "{body}");
        assert!(errors[0]["title"].is_string() && errors[0]["detail"].is_string(), "{body}");
        errors[0]["code"].as_str().unwrap().to_owned()
    }
}

async fn call(app: &TestApp, key: Option<&str>, form: reqwest::multipart::Form) -> Answer {
    let mut req = reqwest::Client::new().post(format!("{}/v1.0/removebg", app.base_url)).multipart(form);
    if let Some(k) = key {
        req = req.header("X-Api-Key", k);
    }
    let resp = req.send().await.unwrap();
    Answer {
        status: resp.status().as_u16(),
        headers: resp.headers().clone(),
        body: resp.bytes().await.unwrap().to_vec(),
    }
}

async fn call_json(app: &TestApp, key: &str, body: Value) -> Answer {
    let resp = reqwest::Client::new()
        .post(format!("{}/v1.0/removebg", app.base_url))
        .header("X-Api-Key", key)
        .json(&body)
        .send()
        .await
        .unwrap();
    Answer {
        status: resp.status().as_u16(),
        headers: resp.headers().clone(),
        body: resp.bytes().await.unwrap().to_vec(),
    }
}

async fn get_account(app: &TestApp, key: &str) -> (u16, Value) {
    let resp = reqwest::Client::new()
        .get(format!("{}/v1.0/account", app.base_url))
        .header("X-Api-Key", key)
        .send()
        .await
        .unwrap();
    (resp.status().as_u16(), resp.json().await.unwrap())
}

fn image_form(png: Vec<u8>, options: &[(&str, &str)]) -> reqwest::multipart::Form {
    let part = reqwest::multipart::Part::bytes(png).file_name("photo.png").mime_str("image/png").unwrap();
    let mut form = reqwest::multipart::Form::new().part("image_file", part);
    for (k, v) in options {
        form = form.text(k.to_string(), v.to_string());
    }
    form
}

async fn entries(app: &TestApp, user: UserId) -> Vec<ledger::Entry> {
    ledger::entries(&app.db().await, user).await.unwrap()
}

async fn keys_are_shown_once_listed_and_revoked(db: TestDatabase) {
    let app = TestApp::start(db).await;
    let mut alice = app.client();
    alice.register_random().await;
    let me = fleet::user_id(&alice).await;
    let before = entries(&app, me).await;

    assert_eq!(app.client().get("/api/api-keys").await.0, 401, "signed-in users only");
    let (status, body) = alice.post_json("/api/api-keys", json!({ "name": "  " })).await;
    assert_eq!((status, body["error"].as_str(), body["field"].as_str()), (400, Some("INVALID_PARAM"), Some("name")));

    let (id, secret) = create_key(&alice, "shop plugin").await;
    assert!(secret.starts_with("pmk_") && secret.len() == 68, "{secret}");
    let (status, list) = alice.get("/api/api-keys").await;
    assert_eq!(status, 200, "{list}");
    let listed = &list["data"]["list"];
    assert_eq!(listed.as_array().unwrap().len(), 1, "{list}");
    assert_eq!((listed[0]["id"].as_str(), listed[0]["name"].as_str()), (Some(id.as_str()), Some("shop plugin")));
    assert!(listed[0]["lastUsedAt"].is_null(), "{list}");
    assert!(!list.to_string().contains(&secret[12..]), "the list never carries the secret: {list}");

    // Not a key, a well-formed unknown key, no key: auth_failed (403).
    let unknown = format!("pmk_{}", "0".repeat(64));
    for key in [Some("not-a-key"), Some(unknown.as_str()), None] {
        let a = call(&app, key, image_form(b"irrelevant".to_vec(), &[])).await;
        assert_eq!((a.status, a.error_code().as_str()), (403, "auth_failed"), "{key:?}");
    }

    // remove.bg's balance call: the owner's lingshi (the free plan's 500
    // gift: 100 cutouts).
    let (status, account) = get_account(&app, &secret).await;
    assert_eq!(status, 200, "{account}");
    let attributes = &account["data"]["attributes"];
    assert_eq!(
        (attributes["credits"]["total"].as_i64(), attributes["api"]["free_calls"].as_i64()),
        (Some(500), Some(100))
    );

    // A call with the key marks it used (here refused for its image: the
    // key was good).
    let a = call(&app, Some(&secret), image_form(b"not an image".to_vec(), &[])).await;
    assert_eq!((a.status, a.error_code().as_str()), (400, "invalid_image"));
    let (_, list) = alice.get("/api/api-keys").await;
    assert!(list["data"]["list"][0]["lastUsedAt"].is_string(), "{list}");

    // Someone else neither sees nor revokes it.
    let mut mallory = app.client();
    mallory.register_random().await;
    assert_eq!(mallory.get("/api/api-keys").await.1["data"]["list"], json!([]));
    let (status, body) = mallory.delete(&format!("/api/api-keys/{id}")).await;
    assert_eq!((status, body["error"].as_str()), (404, Some("API_KEY_NOT_FOUND")));

    // Revoked: gone from the list, refused at once, not revocable twice.
    let (status, body) = alice.delete(&format!("/api/api-keys/{id}")).await;
    assert_eq!((status, &body["data"]), (200, &json!(true)), "{body}");
    assert_eq!(alice.get("/api/api-keys").await.1["data"]["list"], json!([]));
    let a = call(&app, Some(&secret), image_form(b"irrelevant".to_vec(), &[])).await;
    assert_eq!((a.status, a.error_code().as_str()), (403, "auth_failed"));
    let (status, account) = get_account(&app, &secret).await;
    assert_eq!((status, &account["errors"][0]["code"]), (403, &json!("auth_failed")), "{account}");
    assert_eq!(alice.delete(&format!("/api/api-keys/{id}")).await.0, 404);

    // At most 20 live keys.
    for i in 0..20 {
        create_key(&alice, &format!("key {i}")).await;
    }
    let (status, body) = alice.post_json("/api/api-keys", json!({ "name": "one too many" })).await;
    assert_eq!((status, body["error"].as_str()), (409, Some("API_KEY_LIMIT")), "{body}");

    assert_eq!(entries(&app, me).await, before, "no refusal charged anything");
    assert_eq!(tasks::count_tasks(&app.db().await).await.unwrap(), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn api_keys_on_sqlite() {
    keys_are_shown_once_listed_and_revoked(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn api_keys_on_postgres() {
    keys_are_shown_once_listed_and_revoked(TestDatabase::postgres().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn calls_are_rate_limited_per_key() {
    let app = TestApp::start_with(TestDatabase::sqlite(), |s| s.limits.api_requests_per_key_per_minute = 2).await;
    let mut c = app.client();
    c.register_random().await;
    let (_, first) = create_key(&c, "a").await;
    let (_, second) = create_key(&c, "b").await;
    // Three calls inside one minute window (a second try in case the first
    // straddled a window's end).
    let mut limited = None;
    for _ in 0..2 {
        let mut answers = Vec::new();
        for _ in 0..3 {
            answers.push(call(&app, Some(&first), image_form(b"not an image".to_vec(), &[])).await);
        }
        if answers[2].status == 429 {
            assert!(answers[..2].iter().all(|a| a.status == 400));
            limited = answers.pop();
            break;
        }
    }
    let limited = limited.expect("the third call of a minute is refused");
    assert_eq!(limited.error_code(), "rate_limit_exceeded");
    let retry: u64 = limited.header("Retry-After").parse().unwrap();
    assert!((1..=60).contains(&retry), "Retry-After {retry}");
    // The limit is the key's, not the user's.
    let other = call(&app, Some(&second), image_form(b"not an image".to_vec(), &[])).await;
    assert_eq!(other.status, 400);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn removebg_calls_charge_one_cutout_and_refusals_nothing() {
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    app.start_worker();
    let mut c = app.client();
    c.register_random().await;
    c.wait_capability("MATTING_IMAGE", "available").await;
    let me = fleet::user_id(&c).await;
    let (_, key) = create_key(&c, "shop").await;
    let start = entries(&app, me).await;

    // Refused before anything is stored or charged.
    let a = call(&app, Some(&key), image_form(b"GIF89a not an image at all".to_vec(), &[])).await;
    assert_eq!((a.status, a.error_code().as_str()), (400, "invalid_image"));
    let a = call(&app, Some(&key), reqwest::multipart::Form::new().text("size", "auto")).await;
    assert_eq!((a.status, a.error_code().as_str()), (400, "missing_source"));
    let a =
        call(&app, Some(&key), reqwest::multipart::Form::new().text("image_url", "https://example.com/a.jpg")).await;
    assert_eq!((a.status, a.error_code().as_str()), (400, "image_url_unsupported"));
    let (photo, truth) = product_photo(800, 600);
    let png = encode_png(&photo);
    let a = call(&app, Some(&key), image_form(png.clone(), &[("size", "enormous")])).await;
    assert_eq!((a.status, a.error_code().as_str()), (400, "invalid_parameter"));
    assert_eq!(entries(&app, me).await, start, "refusals charge nothing");

    // A good call: the cutout at full size, charged once.
    let a = call(&app, Some(&key), image_form(png.clone(), &[("size", "full")])).await;
    assert_eq!(a.status, 200, "{}", String::from_utf8_lossy(&a.body));
    assert_eq!(a.header("Content-Type"), "image/png");
    assert_eq!((a.header("X-Width"), a.header("X-Height")), ("800", "600"));
    assert_eq!(a.header("X-Credits-Charged"), "5");
    assert_eq!(a.header("X-Type"), "other");
    let cutout = image::load_from_memory(&a.body).unwrap().to_rgba8();
    let alpha = image::GrayImage::from_fn(800, 600, |x, y| image::Luma([cutout.get_pixel(x, y)[3]]));
    let iou = pixmart_models::mask_iou(&alpha, &truth, 128);
    assert!(iou >= 0.9, "cutout alpha IoU {iou:.3}");
    let after = entries(&app, me).await;
    let new: Vec<_> = after.iter().filter(|e| !start.contains(e)).collect();
    let charged: i64 = new.iter().map(|e| e.amount).sum();
    assert_eq!(charged, -5, "one cutout's price: {new:?}");
    assert_eq!(new.iter().filter(|e| e.kind == "charge").count(), 1, "{new:?}");

    // remove.bg's JSON body with the image in base64: the zip of a
    // cropped, preview-sized cutout on a colour.
    use base64::Engine as _;
    let b64 = base64::engine::general_purpose::STANDARD.encode(&png);
    let a = call_json(
        &app,
        &key,
        json!({ "image_file_b64": b64, "format": "zip", "crop": true, "bg_color": "81d4fa", "size": "preview", "type": "product" }),
    )
    .await;
    assert_eq!(a.status, 200, "{}", String::from_utf8_lossy(&a.body));
    assert_eq!((a.header("Content-Type"), a.header("X-Type")), ("application/zip", "product"));
    let (w, h): (u32, u32) = (a.header("X-Width").parse().unwrap(), a.header("X-Height").parse().unwrap());
    assert!(u64::from(w) * u64::from(h) <= 250_000 && w < 800 && h < 600, "cropped and preview-sized: {w}×{h}");
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(a.body)).unwrap();
    for name in ["color.jpg", "alpha.png"] {
        let mut data = Vec::new();
        std::io::Read::read_to_end(&mut zip.by_name(name).unwrap(), &mut data).unwrap();
        let img = image::load_from_memory(&data).unwrap();
        assert_eq!((img.width(), img.height()), (w, h), "{name}");
    }
    let (_, info) = c.get("/api/user/info").await;
    assert_eq!(info["data"]["points"], 490, "two cutouts: {info}");

    // No lingshi left: insufficient_credits (402), nothing charged or created.
    let db = app.db().await;
    ledger::expire(&db, me, Bucket::Free, "test-expire").await.unwrap();
    let empty = entries(&app, me).await;
    let tasks_before = tasks::count_tasks(&db).await.unwrap();
    let a = call(&app, Some(&key), image_form(png, &[])).await;
    assert_eq!((a.status, a.error_code().as_str()), (402, "insufficient_credits"));
    assert_eq!(entries(&app, me).await, empty, "nothing charged");
    assert_eq!(tasks::count_tasks(&db).await.unwrap(), tasks_before, "no task created");
}

/// A call that waits longer than `limits.api_wait_secs` stops its task,
/// which refunds it exactly once, and answers 504.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_out_of_time_is_refunded_once() {
    let mut app = TestApp::start_with(TestDatabase::sqlite(), |s| s.limits.api_wait_secs = 1).await;
    app.start_worker();
    let mut c = app.client();
    c.register_random().await;
    c.wait_capability("MATTING_IMAGE", "available").await;
    // The pool remembers the worker's types, so the task is admitted and
    // waits for a worker that does not come.
    app.stop_workers();
    let me = fleet::user_id(&c).await;
    let (_, key) = create_key(&c, "slow").await;
    let a = call(&app, Some(&key), image_form(encode_png(&product_photo(600, 600).0), &[])).await;
    assert_eq!((a.status, a.error_code().as_str()), (504, "timeout"));
    let all = entries(&app, me).await;
    let charges: i64 = all.iter().filter(|e| e.kind == "charge").map(|e| e.amount).sum();
    let refunds: i64 = all.iter().filter(|e| e.kind == "refund").map(|e| e.amount).sum();
    assert_eq!((charges, refunds), (-5, 5), "{all:?}");
    let (_, info) = c.get("/api/user/info").await;
    assert_eq!(info["data"]["points"], 500, "{info}");
}

/// remove.bg's own Python client, unmodified but for its endpoint.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn remove_bg_python_client_works_against_pixmart() {
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    app.start_worker();
    let mut c = app.client();
    c.register_random().await;
    c.wait_capability("MATTING_IMAGE", "available").await;
    let (_, key) = create_key(&c, "python").await;
    let dir = tempfile::tempdir().unwrap();
    let image = dir.path().join("bottle.png");
    std::fs::write(&image, encode_png(&product_photo(1000, 800).0)).unwrap();

    let (base, image2) = (app.base_url.clone(), image.clone());
    let report = tokio::task::spawn_blocking(move || removebg_client::run(&base, &key, &image2, Call::File, "regular"))
        .await
        .unwrap();
    assert_eq!(report["status"], 200, "{report}");
    let written = std::path::PathBuf::from(report["written"].as_str().unwrap());
    assert_eq!(written, dir.path().join("bottle.png_no_bg.png"));
    let out = image::open(&written).unwrap();
    assert!(out.color().has_alpha(), "a transparent PNG");
    // `regular` is 0.25 megapixels, same proportions.
    assert!(u64::from(out.width()) * u64::from(out.height()) <= 250_000, "{}×{}", out.width(), out.height());
    assert_eq!(out.width() * 4 / out.height(), 5, "{}×{}", out.width(), out.height());

    let out_b64 = dir.path().join("from-base64.png");
    let (base, key2, image2, out2) =
        (app.base_url.clone(), create_key(&c, "b64").await.1, image.clone(), out_b64.clone());
    let report = tokio::task::spawn_blocking(move || {
        removebg_client::run(&base, &key2, &image2, Call::Base64 { out: &out2 }, "hd")
    })
    .await
    .unwrap();
    assert_eq!(report["status"], 200, "{report}");
    let out = image::open(&out_b64).unwrap();
    assert_eq!((out.width(), out.height()), (1000, 800), "hd keeps 0.8 MP");

    // A wrong key: the client raises remove.bg's 403.
    let base = app.base_url.clone();
    let report =
        tokio::task::spawn_blocking(move || removebg_client::run(&base, "pmk_wrong", &image, Call::File, "regular"))
            .await
            .unwrap();
    assert_eq!(report["status"], 403, "{report}");
    assert_eq!(report["body"]["errors"][0]["code"], "auth_failed", "{report}");
    let (_, info) = c.get("/api/user/info").await;
    assert_eq!(info["data"]["points"], 490, "two calls charged: {info}");
}
