//! Plans, top-up packs, orders and payment through the development
//! provider, against the real API and database: the order lifecycle
//! (pay page, paying, paid), auto-close, cancel (not restorable), the
//! pending-order rule, signature / stale / replay protection (granted
//! once), packs into the top-up bucket, plans into a membership with its
//! gift, the spending order, and the monthly gift job (idempotent, with
//! expiry entries).

use chrono::{Duration, Utc};
use pixmart_api::payments::{Notification, NotifyStatus};
use pixmart_shared::db::store::{ledger, membership, orders};
use pixmart_shared::domain::{Tier, UserId};
use pixmart_tests::images::{encode_png, product_photo};
use pixmart_tests::{TestApp, TestClient, TestDatabase};
use serde_json::{json, Value};

async fn start(db: TestDatabase) -> TestApp {
    // The scheduler is driven by hand (store functions with a chosen "now").
    TestApp::start_with(db, |s| s.payments.scheduler_interval_ms = 3_600_000).await
}

async fn user_id(c: &TestClient) -> UserId {
    let (_, info) = c.get("/api/user/info").await;
    UserId(info["data"]["user"]["id"].as_i64().unwrap())
}

async fn info(c: &TestClient) -> Value {
    let (s, info) = c.get("/api/user/info").await;
    assert_eq!(s, 200, "{info}");
    info["data"].clone()
}

async fn order(c: &TestClient, product: &str) -> Value {
    let (s, b) = c.post_json("/api/orders", json!({ "productId": product })).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["data"]["status"], 0, "{b}");
    b["data"].clone()
}

fn notification(app: &TestApp, order: &Value, nonce: &str, timestamp: i64) -> Notification {
    Notification {
        order_no: order["orderNo"].as_str().unwrap().to_owned(),
        trade_no: format!("T-{nonce}"),
        amount_fen: order["amountFen"].as_i64().unwrap(),
        status: NotifyStatus::Success,
        timestamp,
        nonce: nonce.to_owned(),
        sign: String::new(),
    }
    .signed(&app.settings.payments.notify_secret)
}

async fn notify(c: &TestClient, n: &Notification) -> (u16, Value) {
    let anon = TestClient { token: None, ..c.clone() };
    anon.post_json("/api/payments/notify", serde_json::to_value(n).unwrap()).await
}

/// Pays through the development provider's pay page, as a buyer would.
async fn pay_on_page(c: &TestClient, order: &Value) -> String {
    let pay_url = order["payment"]["payUrl"].as_str().unwrap();
    assert!(order["payment"]["qrCode"].as_str().unwrap().starts_with("data:image/png;base64,"));
    let page = c.http.get(pay_url).send().await.unwrap();
    assert_eq!(page.status().as_u16(), 200);
    let html = page.text().await.unwrap();
    assert!(html.contains("确认支付"), "{html}");
    let no = order["orderNo"].as_str().unwrap();
    let (_, polled) = c.get(&format!("/api/orders/{no}")).await;
    assert_eq!(polled["data"]["status"], 3, "opening the pay page makes it paying");
    let done = c.http.post(format!("{pay_url}/pay")).send().await.unwrap();
    assert_eq!(done.status().as_u16(), 200);
    done.text().await.unwrap()
}

async fn cutout(c: &TestClient, url: &str) {
    let (s, b) = c.post_json("/api/tasks", json!({ "bizType": "MATTING_IMAGE", "params": { "imageUrl": url } })).await;
    assert_eq!(s, 200, "{b}");
}

fn buckets(info: &Value) -> (i64, i64, i64) {
    let b = &info["buckets"];
    (b["topup"].as_i64().unwrap(), b["plan"].as_i64().unwrap(), b["free"].as_i64().unwrap())
}

/// The money path: a pack lands in the top-up bucket, a plan becomes a
/// membership with its month's gift, and replays grant nothing.
async fn money_path(db: TestDatabase) {
    let app = start(db).await;
    let mut c = app.client();
    c.register_random().await;
    let me = info(&c).await;
    assert_eq!(
        (me["points"].as_i64(), me["benefitPackage"]["product"]["productType"].as_str()),
        (Some(500), Some("free"))
    );
    assert_eq!(me["vipUser"], false);

    // Products are public.
    let (s, products) = TestClient { token: None, ..c.clone() }.get("/api/benefits/products").await;
    assert_eq!(s, 200);
    assert!(products["data"]["plans"].as_array().unwrap().iter().any(|p| p["productId"] == "professional-month"));
    assert!(products["data"]["packs"].as_array().unwrap().iter().any(|p| p["productId"] == "pack-1000"));

    // A pack through the pay page.
    let pack = order(&c, "pack-1000").await;
    assert_eq!(pack["amountFen"], 1000);
    let html = pay_on_page(&c, &pack).await;
    assert!(html.contains("支付成功"), "{html}");
    let (_, paid) = c.get(&format!("/api/orders/{}", pack["orderNo"].as_str().unwrap())).await;
    assert_eq!(paid["data"]["status"], 1);
    assert!(paid["data"]["payment"].is_null());
    assert_eq!(buckets(&info(&c).await), (1000, 0, 500));

    // A plan through a notification; then the same notification again
    // (replayed nonce) and a provider retry with a fresh nonce.
    let plan = order(&c, "professional-month").await;
    let now = Utc::now().timestamp();
    let n = notification(&app, &plan, "nonce-plan-0001", now);
    let (s, b) = notify(&c, &n).await;
    assert_eq!((s, b["data"]["granted"].as_bool()), (200, Some(true)), "{b}");
    let (s, b) = notify(&c, &n).await;
    assert_eq!((s, b["error"].as_str()), (409, Some("PAYMENT_REPLAYED")), "{b}");
    let (s, b) = notify(&c, &notification(&app, &plan, "nonce-plan-0002", now)).await;
    assert_eq!((s, b["data"]["granted"].as_bool(), b["data"]["status"].as_i64()), (200, Some(false), Some(1)));
    let me = info(&c).await;
    assert_eq!(buckets(&me), (1000, 15_000, 500), "granted once");
    assert_eq!(me["points"], 16_500);
    assert_eq!(me["benefitPackage"]["product"]["productType"], "professional");
    assert_eq!((me["vipUser"].as_bool(), me["isChatAllow"].as_bool()), (Some(true), Some(true)));
    assert_eq!(me["benefits"]["allows2k"], true);
    assert!(me["benefitPackage"]["endTime"].as_str().is_some());
    let conn = app.db().await;
    assert_eq!(membership::current_tier(&conn, user_id(&c).await).await.unwrap(), Tier::Professional);

    // Coin details, newest first.
    let (s, page) = c.get("/api/ledger?pageNum=1&pageSize=10").await;
    assert_eq!(s, 200, "{page}");
    let kinds: Vec<(&str, &str, i64)> = page["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["kind"].as_str().unwrap(), e["bucket"].as_str().unwrap(), e["amount"].as_i64().unwrap()))
        .collect();
    assert_eq!(kinds[0], ("grant", "plan", 15_000));
    assert!(kinds.contains(&("topup", "topup", 1000)));
    assert!(kinds.contains(&("grant", "free", 500)));
    assert_eq!(page["data"]["total"], 3, "{page}");

    // The orders list.
    let (_, list) = c.get("/api/orders").await;
    assert_eq!(list["data"]["total"], 2);
    assert_eq!(list["data"]["list"][0]["orderNo"], plan["orderNo"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn money_path_on_sqlite() {
    money_path(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn money_path_on_postgres() {
    money_path(TestDatabase::postgres().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notifications_need_a_valid_fresh_signature() {
    let app = start(TestDatabase::sqlite()).await;
    let mut c = app.client();
    c.register_random().await;
    let pack = order(&c, "pack-5000").await;
    let now = Utc::now().timestamp();

    let mut forged = notification(&app, &pack, "nonce-forged-01", now);
    forged.amount_fen = 1;
    let (s, b) = notify(&c, &forged).await;
    assert_eq!((s, b["error"].as_str()), (401, Some("PAYMENT_BAD_SIGNATURE")), "{b}");
    assert_eq!(b["msg"], "支付通知签名无效");

    let other_key = Notification { sign: String::new(), ..notification(&app, &pack, "nonce-forged-02", now) }
        .signed(&secrecy::SecretString::from("not-the-secret"));
    let (s, b) = notify(&c, &other_key).await;
    assert_eq!((s, b["error"].as_str()), (401, Some("PAYMENT_BAD_SIGNATURE")));

    let (s, b) = notify(&c, &notification(&app, &pack, "nonce-stale-001", now - 3600)).await;
    assert_eq!((s, b["error"].as_str()), (401, Some("PAYMENT_STALE")), "{b}");

    // A correctly signed notification with the wrong amount.
    let mut cheap = notification(&app, &pack, "nonce-cheap-001", now);
    cheap.amount_fen = 1;
    let cheap = Notification { sign: String::new(), ..cheap }.signed(&app.settings.payments.notify_secret);
    let (s, b) = notify(&c, &cheap).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("PAYMENT_AMOUNT_MISMATCH")));

    assert_eq!(info(&c).await["points"], 500, "nothing granted by refused notifications");
    let (s, b) = notify(&c, &notification(&app, &pack, "nonce-good-0001", now)).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(buckets(&info(&c).await), (5000, 0, 500));

    // Several duplicates at once: granted exactly once.
    let dupes = (0..8).map(|i| {
        let c = c.clone();
        let n = notification(&app, &pack, &format!("nonce-dupe-{i:04}"), now);
        tokio::spawn(async move { notify(&c, &n).await })
    });
    for d in dupes.collect::<Vec<_>>() {
        let (s, b) = d.await.unwrap();
        assert_eq!((s, b["data"]["granted"].as_bool()), (200, Some(false)), "{b}");
    }
    assert_eq!(buckets(&info(&c).await), (5000, 0, 500));
    let (s, b) = c.get("/api/orders/PM00000000000000000000").await;
    assert_eq!((s, b["error"].as_str()), (404, Some("ORDER_NOT_FOUND")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pending_plan_orders_cancel_and_auto_close() {
    let app = start(TestDatabase::sqlite()).await;
    let mut c = app.client();
    c.register_random().await;
    let conn = app.db().await;

    let first = order(&c, "basic-month").await;
    let (s, b) = c.post_json("/api/orders", json!({ "productId": "premium-month" })).await;
    assert_eq!((s, b["error"].as_str()), (409, Some("ORDER_PENDING_EXISTS")), "{b}");
    assert_eq!(b["data"]["orderNo"], first["orderNo"]);
    assert_eq!(b["msg"], "您有一笔待支付的会员订单，请继续支付或取消后重新下单");
    // A pack is not a plan: allowed meanwhile.
    let pack = order(&c, "pack-1000").await;
    let (s, b) = c.post_json("/api/orders", json!({ "productId": "no-such-thing" })).await;
    assert_eq!((s, b["error"].as_str()), (404, Some("PRODUCT_NOT_FOUND")));

    // Cancel: status 5, not restorable, a late payment grants nothing.
    let no = first["orderNo"].as_str().unwrap();
    let (s, b) = c.post_json(&format!("/api/orders/{no}/cancel"), json!({})).await;
    assert_eq!((s, b["data"]["status"].as_i64()), (200, Some(5)), "{b}");
    let (s, b) = c.post_json(&format!("/api/orders/{no}/cancel"), json!({})).await;
    assert_eq!((s, b["error"].as_str()), (409, Some("ORDER_NOT_CANCELLABLE")));
    let (s, b) = notify(&c, &notification(&app, &first, "nonce-late-0001", Utc::now().timestamp())).await;
    assert_eq!((s, b["data"]["granted"].as_bool(), b["data"]["status"].as_i64()), (200, Some(false), Some(5)));
    assert_eq!(info(&c).await["benefitPackage"]["product"]["productType"], "free");

    // Someone else cannot see or cancel my order.
    let mut other = app.client();
    other.register_random().await;
    let pack_no = pack["orderNo"].as_str().unwrap();
    let (s, _) = other.get(&format!("/api/orders/{pack_no}")).await;
    assert_eq!(s, 404);
    let (s, _) = other.post_json(&format!("/api/orders/{pack_no}/cancel"), json!({})).await;
    assert_eq!(s, 404);

    // After cancelling, a new plan order is accepted; then the timeout
    // closes both open orders (status 4), and paying a closed one grants
    // nothing.
    let second = order(&c, "premium-month").await;
    assert_eq!(orders::close_expired(&conn, Utc::now()).await.unwrap(), 0, "not due yet");
    let later = Utc::now() + Duration::seconds(i64::try_from(app.settings.payments.order_timeout_secs).unwrap() + 1);
    assert_eq!(orders::close_expired(&conn, later).await.unwrap(), 2);
    let (_, b) = c.get(&format!("/api/orders/{}", second["orderNo"].as_str().unwrap())).await;
    assert_eq!((b["data"]["status"].as_i64(), b["data"]["payment"].is_null()), (Some(4), true));
    let html = pay_closed(&c, &pack).await;
    assert!(!html.contains("确认支付"), "a closed order's page offers no Pay button");
    let (_, b) = notify(&c, &notification(&app, &pack, "nonce-closed-01", Utc::now().timestamp())).await;
    assert_eq!(b["data"]["granted"], false);
    assert_eq!(info(&c).await["points"], 500);
    // The slot is free again.
    order(&c, "basic-month").await;
}

async fn pay_closed(c: &TestClient, order: &Value) -> String {
    let url = order["payment"]["payUrl"].as_str().unwrap();
    c.http.get(url).send().await.unwrap().text().await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spending_order_monthly_gifts_and_expiry() {
    let app = start(TestDatabase::sqlite()).await;
    let mut c = app.client();
    c.register_random().await;
    let user = user_id(&c).await;
    let conn = app.db().await;
    let url = c.upload_png(encode_png(&product_photo(700, 700).0)).await;

    // A yearly basic plan: 5000 a month.
    let plan = order(&c, "basic-year").await;
    let (s, _) = notify(&c, &notification(&app, &plan, "nonce-year-0001", Utc::now().timestamp())).await;
    assert_eq!(s, 200);
    assert_eq!(buckets(&info(&c).await), (0, 5000, 500));
    cutout(&c, &url).await;
    assert_eq!(buckets(&info(&c).await), (0, 4995, 500), "the plan before the free gift");
    let pack = order(&c, "pack-1000").await;
    notify(&c, &notification(&app, &pack, "nonce-pack-0001", Utc::now().timestamp())).await;
    cutout(&c, &url).await;
    assert_eq!(buckets(&info(&c).await), (995, 4995, 500), "top-up first");

    // Month 1: the job, run twice and by two "instances" at once, expires
    // the remainder and grants the new month once.
    let next_month = Utc::now() + Duration::days(32);
    let (a, b) = tokio::join!(membership::run_due(&conn, next_month), membership::run_due(&conn, next_month));
    let (a, b) = (a.unwrap(), b.unwrap());
    assert_eq!(a.gifts + b.gifts, 1, "{a:?} {b:?}");
    assert_eq!(membership::run_due(&conn, next_month).await.unwrap().gifts, 0);
    assert_eq!(ledger::balances(&conn, user).await.unwrap().plan, 5000);
    let entries = ledger::entries(&conn, user).await.unwrap();
    let expiries: Vec<i64> = entries.iter().filter(|e| e.kind == "expire" && e.amount != 0).map(|e| e.amount).collect();
    assert_eq!(expiries, vec![-4995]);
    let gifts =
        entries.iter().filter(|e| e.kind == "grant" && e.bucket == pixmart_shared::domain::Bucket::Plan).count();
    assert_eq!(gifts, 2);

    // The plan ends: its remainder expires, the user is free again.
    let after_end = Utc::now() + Duration::days(400);
    let report = membership::run_due(&conn, after_end).await.unwrap();
    assert_eq!((report.ended, report.expired_lingshi), (1, 5000));
    assert_eq!(membership::run_due(&conn, after_end).await.unwrap().ended, 0);
    let balances = ledger::balances(&conn, user).await.unwrap();
    assert_eq!((balances.topup, balances.plan, balances.free), (995, 0, 500));
    assert!(membership::current(&conn, user, after_end).await.unwrap().is_none());
    // Balances are the sum of the entries.
    let sum: i64 = ledger::entries(&conn, user).await.unwrap().iter().map(|e| e.amount).sum();
    assert_eq!(sum, balances.total());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_tier_replaces_the_plan_and_its_gift() {
    let app = start(TestDatabase::sqlite()).await;
    let mut c = app.client();
    c.register_random().await;
    let basic = order(&c, "basic-month").await;
    notify(&c, &notification(&app, &basic, "nonce-basic-001", Utc::now().timestamp())).await;
    let first_end = info(&c).await["benefitPackage"]["endTime"].clone();
    // The same tier again extends the period without a second gift now.
    let again = order(&c, "basic-month").await;
    notify(&c, &notification(&app, &again, "nonce-basic-002", Utc::now().timestamp())).await;
    let me = info(&c).await;
    assert_eq!(buckets(&me), (0, 5000, 500));
    assert_ne!(me["benefitPackage"]["endTime"], first_end, "extended");
    // Another tier: the basic remainder expires, the flagship gift arrives.
    let flagship = order(&c, "flagship-month").await;
    notify(&c, &notification(&app, &flagship, "nonce-flag-0001", Utc::now().timestamp())).await;
    let me = info(&c).await;
    assert_eq!(buckets(&me), (0, 80_000, 500));
    assert_eq!(
        (me["premiumVipUser"].as_bool(), me["benefitPackage"]["product"]["productType"].as_str()),
        (Some(true), Some("flagship"))
    );
    assert!(me["reminder"].is_null(), "a month left: no reminder");
}

/// The API's own scheduler closes a pending order once its window passes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_scheduler_closes_pending_orders_on_time() {
    let app = TestApp::start_with(TestDatabase::sqlite(), |s| {
        s.payments.scheduler_interval_ms = 200;
        s.payments.order_timeout_secs = 1;
    })
    .await;
    let mut c = app.client();
    c.register_random().await;
    let pending = order(&c, "pack-1000").await;
    let no = pending["orderNo"].as_str().unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let (_, b) = c.get(&format!("/api/orders/{no}")).await;
        if b["data"]["status"] == 4 {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "still open: {b}");
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    let (s, b) = c.post_json(&format!("/api/orders/{no}/cancel"), json!({})).await;
    assert_eq!((s, b["error"].as_str()), (409, Some("ORDER_NOT_CANCELLABLE")));
}
