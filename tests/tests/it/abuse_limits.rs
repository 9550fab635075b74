//! Abuse limits (security review problem 5), through the real API, Redis and
//! databases: per-user caps on event streams, refinements and concurrent
//! uploads, the upload storage quota and the sweeper of unreferenced
//! uploads, the per-IP throttle of the anonymous forms, and bounded paging.
//! See docs/security/abuse-limits.md.

use std::io::Write;
use std::time::{Duration, Instant};

use chrono::Utc;
use image::{DynamicImage, GrayImage, Luma};
use pixmart_shared::db::entities::uploads as upload_rows;
use pixmart_shared::db::store::dispatch as dispatch_store;
use pixmart_shared::db::store::tasks::{self as task_store, NewTask};
use pixmart_shared::db::store::uploads::{self as upload_store, UploadRecord};
use pixmart_shared::domain::task_spec::{parse_upload_url, upload_url};
use pixmart_shared::domain::{BizType, ImageFormat, Lingshi, ResultKind, TaskId, UploadFormat, UploadId};
use pixmart_shared::jobs::QueueKey;
use pixmart_tests::fixtures::{cutout_image, finished_cutout, waiting_task};
use pixmart_tests::images::{noise_png, product_photo};
use pixmart_tests::{TestApp, TestClient, TestDatabase};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{json, Value};

fn refused(got: (u16, Value), status: u16, error: &str) -> Value {
    let (s, body) = got;
    assert_eq!((s, body["error"].as_str()), (status, Some(error)), "{body}");
    assert!(body["data"].is_null(), "{body}");
    body
}

async fn signed_in(app: &TestApp) -> TestClient {
    let mut c = app.client();
    c.register_random().await;
    c
}

// ---------------------------------------------------------------- 1. streams

async fn open_stream(app: &TestApp, token: &str, task: TaskId) -> reqwest::Response {
    reqwest::Client::new()
        .get(format!("{}/api/tasks/{task}/events", app.base_url))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
}

/// Problem 5.1: a fifth open event stream of one user answers 429
/// TOO_MANY_STREAMS (default cap 4); another user is not affected; closing
/// one stream frees its place.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn event_streams_are_capped_per_user() {
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let c = signed_in(&app).await;
    let token = c.token.clone().unwrap();
    let task = TaskId::new();
    waiting_task(&app, c.user_id().await, task, Lingshi::new(0)).await;

    let mut open = Vec::new();
    for _ in 0..4 {
        let mut r = open_stream(&app, &token, task).await;
        assert_eq!(r.status(), 200);
        assert!(r.chunk().await.unwrap().is_some(), "first event");
        open.push(r);
    }
    let fifth = open_stream(&app, &token, task).await;
    assert_eq!(fifth.status(), 429);
    let body: Value = fifth.json().await.unwrap();
    assert_eq!(body["error"], "TOO_MANY_STREAMS", "{body}");

    // Someone else's streams are counted separately.
    let other = signed_in(&app).await;
    let theirs = TaskId::new();
    waiting_task(&app, other.user_id().await, theirs, Lingshi::new(0)).await;
    assert_eq!(open_stream(&app, other.token.as_ref().unwrap(), theirs).await.status(), 200);

    // A closed stream gives its place back (once the server notices).
    drop(open.pop());
    let deadline = Instant::now() + Duration::from_secs(40);
    loop {
        let r = open_stream(&app, &token, task).await;
        if r.status() == 200 {
            break;
        }
        assert!(Instant::now() < deadline, "a closed stream never freed its place");
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

/// Problem 5.1: an open stream ends once its token is revoked (logout).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn event_stream_ends_when_its_token_is_revoked() {
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let c = signed_in(&app).await;
    let task = TaskId::new();
    waiting_task(&app, c.user_id().await, task, Lingshi::new(0)).await;
    let mut stream = open_stream(&app, c.token.as_ref().unwrap(), task).await;
    assert_eq!(stream.status(), 200);
    assert!(stream.chunk().await.unwrap().is_some(), "first event");

    let (s, b) = c.post_json("/api/auth/logout", json!({})).await;
    assert_eq!(s, 200, "{b}");
    let ended =
        tokio::time::timeout(Duration::from_secs(12), async { while let Ok(Some(_)) = stream.chunk().await {} }).await;
    assert!(ended.is_ok(), "the stream outlived its revoked token");
}

// ------------------------------------------------------------ 2. refinements

/// A finished cutout of `c` to refine (no model run).
async fn refinable_task(app: &TestApp, c: &TestClient) -> TaskId {
    let (w, h) = (160u32, 120u32);
    let (_, truth) = product_photo(w, h);
    let mask = GrayImage::from_fn(w, h, |x, y| Luma([truth.get_pixel(x, y)[0]]));
    finished_cutout(
        app,
        c.user_id().await,
        &[
            (ResultKind::Image, "cutout.png", cutout_image(w, h)),
            (ResultKind::Mask, "mask.png", DynamicImage::ImageLuma8(mask)),
        ],
    )
    .await
}

async fn refine(app: &TestApp, token: &str, task: TaskId) -> (u16, Vec<u8>) {
    let res = reqwest::Client::new()
        .post(format!("{}/api/tasks/{task}/refine", app.base_url))
        .bearer_auth(token)
        .json(&json!({ "clicks": [{ "x": 5, "y": 5, "keep": false }] }))
        .send()
        .await
        .unwrap();
    (res.status().as_u16(), res.bytes().await.unwrap().to_vec())
}

/// Problem 5.2: with no worker to run them, a user's third refinement while
/// two wait answers 429 TOO_MANY_REFINEMENTS at once (default cap 2).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refinements_in_flight_are_capped_per_user() {
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let c = signed_in(&app).await;
    let task = refinable_task(&app, &c).await;
    let token = c.token.clone().unwrap();
    let waiting: Vec<_> = (0..2)
        .map(|_| {
            let (base, token) = (app.base_url.clone(), token.clone());
            tokio::spawn(async move {
                reqwest::Client::new()
                    .post(format!("{base}/api/tasks/{task}/refine"))
                    .bearer_auth(token)
                    .json(&json!({ "clicks": [{ "x": 5, "y": 5, "keep": false }] }))
                    .send()
                    .await
                    .unwrap()
                    .status()
                    .as_u16()
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(800)).await;
    let started = Instant::now();
    let (status, body) = refine(&app, &token, task).await;
    let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    assert_eq!((status, body["error"].as_str()), (429, Some("TOO_MANY_REFINEMENTS")), "{body}");
    assert!(started.elapsed() < Duration::from_secs(3), "refused at once, not after a wait");
    // Nobody ran them: they end unavailable, and their places come back.
    for w in waiting {
        assert_eq!(w.await.unwrap(), 503);
    }
    let other = signed_in(&app).await;
    let theirs = refinable_task(&app, &other).await;
    let (status, _) = refine(&app, other.token.as_ref().unwrap(), theirs).await;
    assert_eq!(status, 503, "another user's refinement is not refused by the cap");
}

fn total_connections(info: &str) -> u64 {
    info.lines().find_map(|l| l.strip_prefix("total_connections_received:")).map(|v| v.trim().parse().unwrap()).unwrap()
}

/// Problem 5.2: refinements reuse the API's Redis connections instead of
/// opening one per request; finished refinements give their place back
/// (more than the cap, one after another, all succeed).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refinements_reuse_redis_connections_and_release_on_finish() {
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    let c = signed_in(&app).await;
    let task = refinable_task(&app, &c).await;
    let token = c.token.clone().unwrap();
    app.start_worker();
    app.wait_workers(1).await;
    let (status, _) = refine(&app, &token, task).await;
    assert_eq!(status, 200);

    let redis = redis::Client::open(app.redis.as_ref().unwrap().url()).unwrap();
    let mut conn = redis.get_multiplexed_async_connection().await.unwrap();
    let info = |conn: &mut redis::aio::MultiplexedConnection| {
        let mut conn = conn.clone();
        async move { redis::cmd("INFO").arg("stats").query_async::<String>(&mut conn).await.unwrap() }
    };
    let before = total_connections(&info(&mut conn).await);
    for _ in 0..6 {
        let (status, png) = refine(&app, &token, task).await;
        assert_eq!(status, 200);
        assert!(png.starts_with(b"\x89PNG"));
    }
    let after = total_connections(&info(&mut conn).await);
    assert!(after - before < 3, "{} new Redis connections for 6 refinements", after - before);
}

// ---------------------------------------------------------------- 3. uploads

/// Opens an upload whose body never finishes (a slow client).
fn hanging_upload(app: &TestApp, token: &str) -> std::net::TcpStream {
    let addr = app.base_url.trim_start_matches("http://");
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    let head = format!(
        "POST /api/uploads HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: multipart/form-data; boundary=XyZ\r\nContent-Length: 5000000\r\n\r\n\
         --XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\n"
    );
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(&[0u8; 4096]).unwrap();
    s
}

/// Problem 5.3: a fourth upload of one user while three are still being
/// received answers 429 UPLOAD_TOO_MANY (default 3 at once); a finished
/// (here: abandoned) upload frees its place.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_uploads_are_capped_per_user() {
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let c = signed_in(&app).await;
    let token = c.token.clone().unwrap();
    let mut hanging: Vec<_> = (0..3).map(|_| hanging_upload(&app, &token)).collect();
    tokio::time::sleep(Duration::from_millis(800)).await;
    let got = c.upload("a.png", "image/png", noise_png(600, 500)).await;
    refused(got, 429, "UPLOAD_TOO_MANY");

    let other = signed_in(&app).await;
    other.upload_png(noise_png(600, 500)).await;

    drop(hanging.pop());
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let (s, b) = c.upload("a.png", "image/png", noise_png(600, 500)).await;
        if s == 200 {
            break;
        }
        assert_eq!(b["error"], "UPLOAD_TOO_MANY", "{b}");
        assert!(Instant::now() < deadline, "an abandoned upload never freed its place");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Problem 5.3: the free tier's upload storage (200 MiB by default) is a
/// quota: an upload that would pass it is refused with UPLOAD_QUOTA_EXCEEDED
/// in Chinese and English, and nothing of it is stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn upload_quota_by_tier() {
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let mut c = signed_in(&app).await;
    let user = c.user_id().await;
    // What the user already stores: just under the free quota.
    let db = app.db().await;
    let id = UploadId::new();
    upload_store::insert_upload(
        &db,
        &UploadRecord {
            id,
            owner: user,
            storage_key: format!("uploads/{id}.png"),
            format: UploadFormat::Image(ImageFormat::Png),
            width: 1000,
            height: 1000,
            size_bytes: 200 * 1024 * 1024 - 100 * 1024,
            created_at: Utc::now(),
        },
    )
    .await
    .unwrap();
    let files_before = app.stored_files().len();
    let body = refused(c.upload("a.png", "image/png", noise_png(600, 500)).await, 413, "UPLOAD_QUOTA_EXCEEDED");
    assert_eq!(body["msg"], "上传空间已满，请删除不再使用的图片或升级会员", "{body}");
    c.lang = Some("en");
    let body = refused(c.upload("a.png", "image/png", noise_png(600, 500)).await, 413, "UPLOAD_QUOTA_EXCEEDED");
    assert_eq!(body["msg"], "Your upload storage is full; delete images you no longer use or upgrade your plan");
    assert_eq!(upload_store::count_uploads(&db).await.unwrap(), 1);
    assert_eq!(app.stored_files().len(), files_before);
    // Someone else still uploads.
    signed_in(&app).await.upload_png(noise_png(600, 500)).await;
}

async fn backdate(app: &TestApp, id: UploadId, days: i64) {
    upload_rows::Entity::update_many()
        .col_expr(upload_rows::Column::CreatedAt, Expr::value(Utc::now() - chrono::Duration::days(days)))
        .filter(upload_rows::Column::Id.eq(id.to_string()))
        .exec(&app.db().await)
        .await
        .unwrap();
}

/// Problem 5.3: the sweeper deletes uploads (row and file) that no task and
/// no feedback references once they are older than the retention (7 days by
/// default); referenced ones and fresh ones stay.
async fn sweeper_deletes_unreferenced_old_uploads(db: TestDatabase) {
    // The sweep runs with the scheduler: often, for the test.
    let app = TestApp::start_with(db, |s| s.payments.scheduler_interval_ms = 300).await;
    let c = signed_in(&app).await;
    let user = c.user_id().await;
    let upload = |c: TestClient| async move { parse_upload_url(&c.upload_png(noise_png(600, 500)).await).unwrap() };
    let (used, unused, fresh, attached) =
        (upload(c.clone()).await, upload(c.clone()).await, upload(c.clone()).await, upload(c.clone()).await);
    // A task reads `used`; feedback carries `attached`.
    task_store::create_task(
        &app.db().await,
        NewTask {
            id: TaskId::new(),
            owner: user,
            biz_type: BizType::MattingImage,
            params: json!({ "imageUrl": upload_url(used), "model": "isnet" }),
            cost: Lingshi::new(0),
            pool: "fixtures".into(),
            lane: "standard".into(),
            share_key: dispatch_store::share_key(user, None),
            queue: QueueKey::for_task(BizType::MattingImage, Some("fixtures")).name(&app.settings.redis.namespace),
            idempotency_key: None,
        },
        10,
    )
    .await
    .unwrap();
    let (s, b) = c
        .post_json(
            "/api/feedback",
            json!({ "title": "t", "content": "c", "attachments": [{ "url": upload_url(attached) }] }),
        )
        .await;
    assert_eq!(s, 200, "{b}");
    for id in [used, unused, attached] {
        backdate(&app, id, 8).await;
    }
    let db = app.db().await;
    let deadline = Instant::now() + Duration::from_secs(40);
    while upload_store::get_upload(&db, unused).await.unwrap().is_some() {
        assert!(Instant::now() < deadline, "the unreferenced old upload was never swept");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let files: Vec<String> = app.stored_files().iter().map(|p| p.display().to_string()).collect();
    assert!(!files.iter().any(|f| f.contains(&unused.to_string())), "file removed with its row: {files:?}");
    for kept in [used, fresh, attached] {
        assert!(upload_store::get_upload(&db, kept).await.unwrap().is_some(), "{kept} must stay");
        assert!(files.iter().any(|f| f.contains(&kept.to_string())), "{kept}'s file must stay");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn upload_sweeper_sqlite() {
    sweeper_deletes_unreferenced_old_uploads(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn upload_sweeper_postgres() {
    sweeper_deletes_unreferenced_old_uploads(TestDatabase::postgres().await).await;
}

// -------------------------------------------------------- 4. anonymous forms

fn lead() -> Value {
    json!({ "name": "张三", "companyName": "像素科技", "phone": "13800138000" })
}

fn enquiry() -> Value {
    json!({ "name": "李四", "phone": "13800138000", "company": "像素科技" })
}

/// Problem 5.4: anonymous form posts are throttled per IP (default 5 per
/// hour, leads and enquiries together): the sixth answers 429
/// FORM_TOO_FREQUENT in Chinese and English.
async fn forms_are_throttled_per_ip(db: TestDatabase) {
    let app = TestApp::start_with(db, |s| s.limits.forms_per_ip_per_hour = 5).await;
    let c = app.client();
    pixmart_tests::windows::fresh_window(3600, 60).await;
    for i in 0..5 {
        let (path, body) = if i % 2 == 0 { ("/api/leads", lead()) } else { ("/api/enquiries", enquiry()) };
        let (s, b) = c.post_json(path, body).await;
        assert_eq!(s, 200, "{b}");
    }
    let body = refused(c.post_json("/api/leads", lead()).await, 429, "FORM_TOO_FREQUENT");
    assert_eq!(body["msg"], "提交过于频繁，请稍后再试");
    let mut en = c.clone();
    en.lang = Some("en");
    let body = refused(en.post_json("/api/enquiries", enquiry()).await, 429, "FORM_TOO_FREQUENT");
    assert_eq!(body["msg"], "Too many submissions, please try again later");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forms_throttled_sqlite() {
    forms_are_throttled_per_ip(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forms_throttled_postgres() {
    forms_are_throttled_per_ip(TestDatabase::postgres().await).await;
}

// ---------------------------------------------------------------- 5. paging

/// Problem 5.5: a page number of 2^63 or 10^30 (or a huge page size) is
/// INVALID_PARAM in the envelope on every list call, never a 500.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn huge_page_numbers_are_invalid_param_not_500() {
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let c = signed_in(&app).await;
    let lists = [
        ("/api/tasks", "pageNum", "pageSize"),
        ("/api/ledger", "pageNum", "pageSize"),
        ("/api/orders", "pageNum", "pageSize"),
        ("/api/messages", "pageNum", "pageSize"),
        ("/api/saved-images", "page", "size"),
    ];
    for (path, num, size) in lists {
        for huge in ["9223372036854775808", "18446744073709551615", "1000000000000000000000000000000"] {
            let body = refused(c.get(&format!("{path}?{num}={huge}")).await, 400, "INVALID_PARAM");
            assert_eq!(body["field"], num, "{path}: {body}");
            let body = refused(c.get(&format!("{path}?{size}={huge}")).await, 400, "INVALID_PARAM");
            assert_eq!(body["field"], size, "{path}: {body}");
        }
        let (s, b) = c.get(&format!("{path}?{num}=1000")).await;
        assert_eq!(s, 200, "{path}: a far page is simply empty: {b}");
    }
}
