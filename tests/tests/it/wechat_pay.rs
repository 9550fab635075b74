//! WeChat Pay API v3 (Native QR code payments) against a faithful local
//! double (tests/src/wechat_pay_double.rs), the real API and a real
//! database, each on SQLite and PostgreSQL:
//! - the QR code encodes the double's `code_url`; the signed, encrypted
//!   TRANSACTION.SUCCESS pays the order and grants once;
//! - refunds: status 6, lingshi taken back, the shortfall recorded, once;
//! - refused notifications: bad or missing signature, another key, stale
//!   timestamp, replayed nonce, wrong amount, another merchant, unknown
//!   order — nothing granted;
//! - duplicates and notices out of order grant nothing more;
//! - reconciliation: a payment whose notification was lost is found by the
//!   scheduler's query; an expired unpaid order is closed at WeChat Pay.

use std::time::{Duration, Instant};

use base64::Engine;
use pixmart_shared::config::Settings;
use pixmart_shared::db::store::{membership, orders};
use pixmart_shared::domain::{OrderNo, Tier, UserId};
use pixmart_tests::images::{encode_png, product_photo};
use pixmart_tests::wechat_pay_double::{SignedNotice, MCHID};
use pixmart_tests::{TestApp, TestClient, TestDatabase, WechatPayDouble};
use serde_json::{json, Value};

async fn start(db: TestDatabase, double: &WechatPayDouble, adjust: impl FnOnce(&mut Settings)) -> TestApp {
    TestApp::start_with(db, |s| {
        double.configure(s);
        // Driven by hand unless a test turns it up.
        s.payments.scheduler_interval_ms = 3_600_000;
        adjust(s);
    })
    .await
}

async fn info(c: &TestClient) -> Value {
    let (s, info) = c.get("/api/user/info").await;
    assert_eq!(s, 200, "{info}");
    info["data"].clone()
}

async fn user_id(c: &TestClient) -> UserId {
    UserId(info(c).await["user"]["id"].as_i64().unwrap())
}

fn buckets(info: &Value) -> (i64, i64, i64) {
    let b = &info["buckets"];
    (b["topup"].as_i64().unwrap(), b["plan"].as_i64().unwrap(), b["free"].as_i64().unwrap())
}

async fn order(c: &TestClient, product: &str) -> (String, Value) {
    let (s, b) = c.post_json("/api/orders", json!({ "productId": product })).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["data"]["status"], 0, "{b}");
    (b["data"]["orderNo"].as_str().unwrap().to_owned(), b["data"].clone())
}

async fn status(c: &TestClient, no: &str) -> i64 {
    let (s, b) = c.get(&format!("/api/orders/{no}")).await;
    assert_eq!(s, 200, "{b}");
    b["data"]["status"].as_i64().unwrap()
}

/// What the order's QR code image says.
fn decode_qr(order: &Value) -> String {
    let data = order["payment"]["qrCode"].as_str().unwrap().strip_prefix("data:image/png;base64,").unwrap();
    let png = base64::engine::general_purpose::STANDARD.decode(data).unwrap();
    let grey = image::load_from_memory(&png).unwrap().to_luma8();
    let found = pixmart_models::qr::decode_with_rqrr(&grey);
    assert_eq!(found.len(), 1, "{found:?}");
    found[0].clone()
}

async fn admin(app: &TestApp) -> TestClient {
    let mut c = app.client();
    let phone = c.register_random().await;
    pixmart_api::admin_cli::set_admin(&app.settings, &phone, true).await.unwrap();
    c
}

async fn spend_five(c: &TestClient, url: &str) {
    let (s, b) = c.post_json("/api/tasks", json!({ "bizType": "MATTING_IMAGE", "params": { "imageUrl": url } })).await;
    assert_eq!(s, 200, "{b}");
}

fn notify_url(app: &TestApp) -> String {
    format!("{}/api/payments/wechatpay/notify", app.base_url)
}

/// Order → QR → signed encrypted notification → paid and granted once;
/// refunds with and without a shortfall.
async fn end_to_end(db: TestDatabase) {
    let double = WechatPayDouble::start();
    let app = start(db, &double, |_| {}).await;
    let conn = app.db().await;
    let mut c = app.client();
    c.register_random().await;
    let me = user_id(&c).await;

    // A pack: WeChat Pay's code_url is what the QR code says.
    let (pack_no, pack) = order(&c, "pack-1000").await;
    let at_double = double.order(&pack_no).expect("created at WeChat Pay");
    assert_eq!(pack["payment"]["payUrl"], at_double.code_url.as_str());
    assert!(at_double.code_url.starts_with("weixin://wxpay/bizpayurl?pr="));
    assert_eq!(decode_qr(&pack), at_double.code_url);
    assert_eq!(at_double.amount, 1000);
    assert_eq!(at_double.notify_url, notify_url(&app), "from configuration, not the Host header");
    assert!(at_double.time_expire.ends_with("+08:00"), "{}", at_double.time_expire);
    // Polling the order does not create it again.
    let (_, polled) = c.get(&format!("/api/orders/{pack_no}")).await;
    assert_eq!(polled["data"]["payment"]["payUrl"], at_double.code_url.as_str());
    let natives = double.requests().iter().filter(|r| r.1 == "/v3/pay/transactions/native").count();
    assert_eq!(natives, 1);
    assert!(double.requests().iter().all(|r| r.2), "every request was signed correctly");

    let (s, body) = double.pay_and_notify(&pack_no).await;
    assert_eq!((s, body.as_str()), (204, ""), "WeChat Pay's success answer: 204, no body");
    assert_eq!(status(&c, &pack_no).await, 1);
    assert_eq!(buckets(&info(&c).await), (1000, 0, 500));
    // WeChat Pay retries (a fresh nonce): nothing more.
    assert_eq!(double.notify_payment(&pack_no).await.0, 204);
    assert_eq!(buckets(&info(&c).await), (1000, 0, 500), "granted once");

    // A plan.
    let (plan_no, _) = order(&c, "professional-month").await;
    assert_eq!(double.pay_and_notify(&plan_no).await.0, 204);
    assert_eq!(membership::current_tier(&conn, me).await.unwrap(), Tier::Professional);
    assert_eq!(buckets(&info(&c).await), (1000, 15_000, 500));

    // Refund the pack after 5 of it were spent: 995 come back, 5 are the
    // shortfall. WeChat Pay answers PROCESSING; the notification finishes it.
    let url = c.upload_png(encode_png(&product_photo(700, 700).0)).await;
    spend_five(&c, &url).await;
    assert_eq!(buckets(&info(&c).await), (995, 15_000, 500));
    let adm = admin(&app).await;
    let (s, b) = c.post_json(&format!("/api/admin/orders/{pack_no}/refund"), json!({})).await;
    assert_eq!((s, b["error"].as_str()), (403, Some("ADMIN_ONLY")), "admins only");
    let (s, b) = adm.post_json(&format!("/api/admin/orders/{pack_no}/refund"), json!({})).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!((b["data"]["refund"].as_str(), b["data"]["status"].as_i64()), (Some("processing"), Some(1)), "{b}");
    let refund_no = b["data"]["refundNo"].as_str().unwrap().to_owned();
    assert_eq!(double.refund(&refund_no).unwrap().refund, 1000);
    // Asking again reuses the refund number: WeChat Pay refunds once.
    let (s, b) = adm.post_json(&format!("/api/admin/orders/{pack_no}/refund"), json!({})).await;
    assert_eq!((s, b["data"]["refundNo"].as_str()), (200, Some(refund_no.as_str())), "{b}");
    assert_eq!(buckets(&info(&c).await), (995, 15_000, 500), "nothing taken before WeChat Pay confirms");

    assert_eq!(double.refund_and_notify(&refund_no).await.0, 204);
    assert_eq!(status(&c, &pack_no).await, 6);
    assert_eq!(buckets(&info(&c).await), (0, 15_000, 500));
    let row = orders::get_order(&conn, &OrderNo::parse(&pack_no).unwrap()).await.unwrap().unwrap();
    assert_eq!(row.refund_shortfall, Some(5), "the spent part is recorded on the order");
    // The notice again (WeChat Pay retries): nothing more.
    let again = double.signed_notice("REFUND.SUCCESS", &double.refund_resource(&refund_no));
    assert_eq!(double.deliver(&notify_url(&app), &again).await.0, 204);
    assert_eq!(buckets(&info(&c).await), (0, 15_000, 500));
    let (s, b) = adm.post_json(&format!("/api/admin/orders/{pack_no}/refund"), json!({})).await;
    assert_eq!((s, b["error"].as_str()), (409, Some("ORDER_NOT_REFUNDABLE")), "{b}");
    let (_, page) = c.get("/api/ledger?pageNum=1&pageSize=20").await;
    let revoked: Vec<i64> = page["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "revoke")
        .map(|e| e["amount"].as_i64().unwrap())
        .collect();
    assert_eq!(revoked, vec![-995]);
    // A charge names the feature it paid for.
    let charge = page["data"]["list"].as_array().unwrap().iter().find(|e| e["kind"] == "charge").unwrap();
    assert_eq!(charge["bizType"], "MATTING_IMAGE", "{charge}");

    // Refund the plan, confirmed at once: the membership ends, the plan
    // lingshi left go, the 5 spent from them are the shortfall.
    spend_five(&c, &url).await;
    assert_eq!(buckets(&info(&c).await), (0, 14_995, 500));
    double.answer_refunds_with("SUCCESS");
    let (s, b) = adm.post_json(&format!("/api/admin/orders/{plan_no}/refund"), json!({})).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!((b["data"]["refund"].as_str(), b["data"]["status"].as_i64()), (Some("succeeded"), Some(6)), "{b}");
    assert_eq!((b["data"]["taken"].as_i64(), b["data"]["shortfall"].as_i64()), (Some(14_995), Some(5)), "{b}");
    assert_eq!(membership::current_tier(&conn, me).await.unwrap(), Tier::Free, "the plan reverts");
    assert_eq!(buckets(&info(&c).await), (0, 0, 500));
    // A late REFUND.SUCCESS for it changes nothing.
    let plan_refund = b["data"]["refundNo"].as_str().unwrap().to_owned();
    let late = double.signed_notice("REFUND.SUCCESS", &double.refund_resource(&plan_refund));
    assert_eq!(double.deliver(&notify_url(&app), &late).await.0, 204);
    assert_eq!(buckets(&info(&c).await), (0, 0, 500));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn end_to_end_on_sqlite() {
    end_to_end(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn end_to_end_on_postgres() {
    end_to_end(TestDatabase::postgres().await).await;
}

fn fail_code(body: &str) -> String {
    let v: Value = serde_json::from_str(body).unwrap_or_else(|_| panic!("not JSON: {body}"));
    assert!(v["message"].as_str().is_some(), "{body}");
    v["code"].as_str().unwrap().to_owned()
}

/// Every forged, stale, replayed or wrong notification is refused with
/// WeChat Pay's FAIL answer, and nothing is granted until a good one.
async fn refusals(db: TestDatabase) {
    let double = WechatPayDouble::start();
    let app = start(db, &double, |_| {}).await;
    let mut c = app.client();
    c.register_random().await;
    let url = notify_url(&app);
    let (no, _) = order(&c, "pack-1000").await;
    double.buyer_pays(&no);
    let paid = double.transaction(&no);
    let now = chrono::Utc::now().timestamp();

    // Tampered body (the signature was over another one).
    let good = double.signed_notice("TRANSACTION.SUCCESS", &paid);
    let other_body = double.notice_body("TRANSACTION.SUCCESS", &paid);
    let tampered = SignedNotice { body: other_body, ..good.clone() };
    let (s, b) = double.deliver(&url, &tampered).await;
    assert_eq!((s, fail_code(&b).as_str()), (401, "FAIL"), "{b}");
    // Another key id, and garbage.
    let (s, _) = double.deliver(&url, &SignedNotice { serial: "PUB_KEY_ID_X".into(), ..good.clone() }).await;
    assert_eq!(s, 401);
    let (s, _) = double.deliver(&url, &SignedNotice { signature: "AAAA".into(), ..good.clone() }).await;
    assert_eq!(s, 401);
    // No signature headers at all.
    let resp = reqwest::Client::new().post(&url).body(good.body.clone()).send().await.unwrap();
    assert_eq!(resp.status().as_u16(), 401);
    // Stale: signed 6 minutes ago (and 6 minutes ahead).
    let stale =
        double.sign(&double.notice_body("TRANSACTION.SUCCESS", &paid), now - 360, "stalenonce0000000000000000000001");
    let (s, b) = double.deliver(&url, &stale).await;
    assert_eq!(s, 401, "{b}");
    assert!(b.contains("timestamp"), "{b}");
    let ahead =
        double.sign(&double.notice_body("TRANSACTION.SUCCESS", &paid), now + 360, "stalenonce0000000000000000000002");
    assert_eq!(double.deliver(&url, &ahead).await.0, 401);
    // Correctly signed and encrypted, but the wrong amount / merchant /
    // AppID / order.
    let mut cheap = paid.clone();
    cheap["amount"]["total"] = json!(1);
    let (s, b) = double.deliver(&url, &double.signed_notice("TRANSACTION.SUCCESS", &cheap)).await;
    assert_eq!(s, 400, "{b}");
    assert!(b.contains("amount"), "{b}");
    let mut other = paid.clone();
    other["mchid"] = json!("1900000002");
    assert_eq!(double.deliver(&url, &double.signed_notice("TRANSACTION.SUCCESS", &other)).await.0, 400);
    let mut other_app = paid.clone();
    other_app["appid"] = json!("wx0000000000000000");
    assert_eq!(double.deliver(&url, &double.signed_notice("TRANSACTION.SUCCESS", &other_app)).await.0, 400);
    let mut unknown = paid.clone();
    unknown["out_trade_no"] = json!("PM20260101000000000000");
    assert_eq!(double.deliver(&url, &double.signed_notice("TRANSACTION.SUCCESS", &unknown)).await.0, 404);
    // A resource encrypted under another APIv3 key does not authenticate.
    let mut wrong_key: Value = serde_json::from_str(&double.notice_body("TRANSACTION.SUCCESS", &paid)).unwrap();
    let ct = wrong_key["resource"]["ciphertext"].as_str().unwrap().to_owned();
    let mut raw = base64::engine::general_purpose::STANDARD.decode(ct).unwrap();
    raw[0] ^= 0x55;
    wrong_key["resource"]["ciphertext"] = json!(base64::engine::general_purpose::STANDARD.encode(raw));
    let forged = double.sign(&wrong_key.to_string(), now, "forgedciphertext0000000000000001");
    assert_eq!(double.deliver(&url, &forged).await.0, 400);
    assert_eq!(status(&c, &no).await, 0);
    assert_eq!(buckets(&info(&c).await), (0, 0, 500), "nothing granted by refused notifications");

    // The good one, then the very same delivery again (a replayed nonce).
    assert_eq!(double.deliver(&url, &good).await.0, 204);
    let (s, b) = double.deliver(&url, &good).await;
    assert_eq!((s, fail_code(&b).as_str()), (409, "FAIL"), "{b}");
    // Many duplicates at once (fresh nonces): still granted once.
    let dupes = (0..8).map(|_| {
        let n = double.signed_notice("TRANSACTION.SUCCESS", &paid);
        let (d, u) = (&double, url.clone());
        async move { d.deliver(&u, &n).await.0 }
    });
    let codes = futures::future::join_all(dupes).await;
    assert!(codes.iter().all(|s| *s == 204), "{codes:?}");
    assert_eq!(status(&c, &no).await, 1);
    assert_eq!(buckets(&info(&c).await), (1000, 0, 500), "granted once");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_on_sqlite() {
    refusals(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_on_postgres() {
    refusals(TestDatabase::postgres().await).await;
}

/// Notices out of order: a refund notice before the payment, a payment
/// after the order was cancelled (closed at WeChat Pay too), a refund notice
/// that matches no refund we asked for.
async fn out_of_order(db: TestDatabase) {
    let double = WechatPayDouble::start();
    let app = start(db, &double, |_| {}).await;
    let mut c = app.client();
    c.register_random().await;
    let url = notify_url(&app);

    let (a, _) = order(&c, "pack-1000").await;
    let early_refund = json!({
        "mchid": MCHID, "out_trade_no": a, "transaction_id": "4200000000000000",
        "out_refund_no": "RF-EARLY-1", "refund_id": "50300000", "refund_status": "SUCCESS",
        "amount": { "total": 1000, "refund": 1000, "payer_total": 1000, "payer_refund": 1000 }
    });
    assert_eq!(double.deliver(&url, &double.signed_notice("REFUND.SUCCESS", &early_refund)).await.0, 204);
    assert_eq!(status(&c, &a).await, 0, "a refund notice for an unpaid order changes nothing");
    assert_eq!(double.pay_and_notify(&a).await.0, 204);
    assert_eq!(status(&c, &a).await, 1);
    // A refund notice for the paid order that we never asked for.
    assert_eq!(double.deliver(&url, &double.signed_notice("REFUND.SUCCESS", &early_refund)).await.0, 204);
    assert_eq!(status(&c, &a).await, 1);
    assert_eq!(buckets(&info(&c).await), (1000, 0, 500));

    // Cancel: closed here and at WeChat Pay; a SUCCESS arriving afterwards
    // (a buyer who paid at the last moment) grants nothing.
    let (b, _) = order(&c, "pack-5000").await;
    let (s, body) = c.post_json(&format!("/api/orders/{b}/cancel"), json!({})).await;
    assert_eq!((s, body["data"]["status"].as_i64()), (200, Some(5)), "{body}");
    assert_eq!(double.order(&b).unwrap().trade_state, "CLOSED");
    let mut late = double.transaction(&b);
    late["trade_state"] = json!("SUCCESS");
    late["transaction_id"] = json!("4200000000000000000000000001");
    assert_eq!(double.deliver(&url, &double.signed_notice("TRANSACTION.SUCCESS", &late)).await.0, 204);
    assert_eq!(status(&c, &b).await, 5);
    assert_eq!(buckets(&info(&c).await), (1000, 0, 500), "nothing granted for a closed order");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn out_of_order_on_sqlite() {
    out_of_order(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn out_of_order_on_postgres() {
    out_of_order(TestDatabase::postgres().await).await;
}

async fn wait_for(c: &TestClient, no: &str, want: i64) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let s = status(c, no).await;
        if s == want {
            return;
        }
        assert!(Instant::now() < deadline, "order {no} is {s}, not {want}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The scheduler settles a payment whose notification was lost, closes an
/// expired unpaid order at WeChat Pay and here, and confirms a refund whose
/// notification was lost.
async fn reconciliation(db: TestDatabase) {
    let double = WechatPayDouble::start();
    let app = start(db, &double, |s| {
        s.payments.scheduler_interval_ms = 200;
        s.payments.order_timeout_secs = 2;
    })
    .await;
    let mut c = app.client();
    c.register_random().await;
    let (paid, _) = order(&c, "pack-1000").await;
    let (unpaid, _) = order(&c, "pack-5000").await;
    double.buyer_pays(&paid);

    wait_for(&c, &paid, 1).await;
    wait_for(&c, &unpaid, 4).await;
    assert_eq!(buckets(&info(&c).await), (1000, 0, 500), "the lost notification's payment is granted, once");
    assert_eq!(double.order(&unpaid).unwrap().trade_state, "CLOSED", "closed at WeChat Pay first");
    assert_eq!(double.order(&paid).unwrap().trade_state, "SUCCESS");
    let queried = double
        .requests()
        .iter()
        .filter(|r| r.0 == "GET" && r.1 == format!("/v3/pay/transactions/out-trade-no/{paid}?mchid={MCHID}"))
        .count();
    assert!(queried >= 1);
    // The notification arrives after all: nothing more.
    assert_eq!(double.notify_payment(&paid).await.0, 204);
    assert_eq!(buckets(&info(&c).await), (1000, 0, 500));

    // A refund whose notification is lost: the scheduler asks.
    let adm = admin(&app).await;
    let (s, b) = adm.post_json(&format!("/api/admin/orders/{paid}/refund"), json!({})).await;
    assert_eq!(s, 200, "{b}");
    double.refund_succeeds(b["data"]["refundNo"].as_str().unwrap());
    wait_for(&c, &paid, 6).await;
    assert_eq!(buckets(&info(&c).await), (0, 0, 500));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconciliation_on_sqlite() {
    reconciliation(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconciliation_on_postgres() {
    reconciliation(TestDatabase::postgres().await).await;
}

/// The double refuses a request with a bad merchant signature (401
/// SIGN_ERROR), and the API refuses an answer not signed by the configured
/// WeChat Pay public key: no QR code, the order is closed at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn signatures_are_checked_both_ways() {
    let double = WechatPayDouble::start();
    let resp = reqwest::Client::new()
        .post(format!("{}/v3/pay/transactions/native", double.base_url))
        .header(
            "Authorization",
            format!(
                "WECHATPAY2-SHA256-RSA2048 mchid=\"{MCHID}\",nonce_str=\"abc\",signature=\"AAAA\",timestamp=\"{}\",serial_no=\"{}\"",
                chrono::Utc::now().timestamp(),
                pixmart_tests::wechat_pay_double::MERCHANT_SERIAL
            ),
        )
        .body("{}")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 401);
    assert_eq!(resp.json::<Value>().await.unwrap()["code"], "SIGN_ERROR");

    // The API trusts the merchant's own public key instead of WeChat Pay's.
    let app = start(TestDatabase::sqlite(), &double, |s| {
        s.payments.wechatpay.platform_public_key_path = Some(double.merchant_public_key_path());
    })
    .await;
    let mut c = app.client();
    c.register_random().await;
    let (s, b) = c.post_json("/api/orders", json!({ "productId": "professional-month" })).await;
    assert_eq!((s, b["error"].as_str()), (503, Some("PAYMENT_UNAVAILABLE")), "{b}");
    // The failed order does not hold the pending plan slot.
    let (_, list) = c.get("/api/orders").await;
    assert_eq!(list["data"]["list"][0]["status"], 5, "{list}");
}
