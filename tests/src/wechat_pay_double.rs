//! A local WeChat Pay API v3 double, faithful to the documented protocol:
//! it verifies each merchant request's `Authorization` signature
//! (`WECHATPAY2-SHA256-RSA2048`, RSA-SHA256 over
//! `METHOD\nURL\ntimestamp\nnonce\nbody\n`) with the merchant's public key
//! and refuses a bad one with 401 `SIGN_ERROR`; it keeps orders and refunds;
//! it signs every answer with its own platform key (`Wechatpay-Signature`
//! over `timestamp\nnonce\nbody\n`, `Wechatpay-Serial` = the public key id);
//! and it sends notifications the documented way: a JSON envelope whose
//! `resource` is AEAD_AES_256_GCM-encrypted with the APIv3 key, signed like
//! an answer. It generates its own RSA keys; the merchant key pair is handed
//! to the API as PEM files, the platform private key never leaves it.

use std::collections::HashMap;
use std::net::TcpListener;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

use actix_web::{web, HttpRequest, HttpResponse};
use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Nonce};
use base64::engine::general_purpose::STANDARD as B64;
use base64::Engine;
use pixmart_shared::config::Settings;
use rsa::pkcs1v15::{Signature, SigningKey, VerifyingKey};
use rsa::pkcs8::{EncodePrivateKey, EncodePublicKey, LineEnding};
use rsa::sha2::Sha256;
use rsa::signature::{SignatureEncoding, Signer, Verifier};
use rsa::{RsaPrivateKey, RsaPublicKey};
use secrecy::SecretString;
use serde_json::{json, Value};

pub const MCHID: &str = "1900000001";
pub const APPID: &str = "wxd678efh567hg6787";
pub const MERCHANT_SERIAL: &str = "5157F09EFDC096DE15EBE81A47057A7232F1B8E1";
pub const PLATFORM_KEY_ID: &str = "PUB_KEY_ID_0114232134912410000000000000";
pub const APIV3_KEY: &str = "a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6";

/// The two key pairs (merchant, platform): made once per test binary.
fn keys() -> &'static (RsaPrivateKey, RsaPrivateKey) {
    static KEYS: OnceLock<(RsaPrivateKey, RsaPrivateKey)> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut rng = rsa::rand_core::OsRng;
        (RsaPrivateKey::new(&mut rng, 2048).unwrap(), RsaPrivateKey::new(&mut rng, 2048).unwrap())
    })
}

fn random_string(n: usize) -> String {
    use rand::distr::{Alphanumeric, SampleString};
    Alphanumeric.sample_string(&mut rand::rng(), n)
}

#[derive(Debug, Clone)]
pub struct DoubleOrder {
    pub out_trade_no: String,
    pub amount: i64,
    pub notify_url: String,
    pub code_url: String,
    pub time_expire: String,
    pub description: String,
    /// NOTPAY, SUCCESS, CLOSED, REFUND.
    pub trade_state: String,
    pub transaction_id: Option<String>,
}

#[derive(Debug, Clone)]
pub struct DoubleRefund {
    pub out_refund_no: String,
    pub out_trade_no: String,
    pub refund: i64,
    pub total: i64,
    pub notify_url: String,
    /// PROCESSING, SUCCESS, CLOSED, ABNORMAL.
    pub status: String,
}

#[derive(Default)]
struct Books {
    orders: HashMap<String, DoubleOrder>,
    refunds: HashMap<String, DoubleRefund>,
    /// Every request: (method, path with query, accepted signature).
    requests: Vec<(String, String, bool)>,
    /// What a refund call answers at once (PROCESSING by default).
    refund_answer: String,
}

struct Inner {
    platform: SigningKey<Sha256>,
    merchant_public: VerifyingKey<Sha256>,
    books: Mutex<Books>,
}

/// A notification ready to send: the raw body and its signature headers.
#[derive(Debug, Clone)]
pub struct SignedNotice {
    pub body: String,
    pub timestamp: i64,
    pub nonce: String,
    pub signature: String,
    pub serial: String,
}

pub struct WechatPayDouble {
    pub base_url: String,
    inner: Arc<Inner>,
    keys_dir: tempfile::TempDir,
    http: reqwest::Client,
}

impl WechatPayDouble {
    pub fn start() -> Self {
        let (merchant, platform) = keys();
        let keys_dir = tempfile::tempdir().unwrap();
        std::fs::write(
            keys_dir.path().join("apiclient_key.pem"),
            merchant.to_pkcs8_pem(LineEnding::LF).unwrap().as_bytes(),
        )
        .unwrap();
        std::fs::write(
            keys_dir.path().join("apiclient_pub.pem"),
            RsaPublicKey::from(merchant).to_public_key_pem(LineEnding::LF).unwrap(),
        )
        .unwrap();
        std::fs::write(
            keys_dir.path().join("pub_key.pem"),
            RsaPublicKey::from(platform).to_public_key_pem(LineEnding::LF).unwrap(),
        )
        .unwrap();
        let inner = Arc::new(Inner {
            platform: SigningKey::new(platform.clone()),
            merchant_public: VerifyingKey::new(RsaPublicKey::from(merchant)),
            books: Mutex::new(Books { refund_answer: "PROCESSING".into(), ..Default::default() }),
        });
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base_url = format!("http://{}", listener.local_addr().unwrap());
        let data = web::Data::from(inner.clone());
        std::thread::spawn(move || {
            actix_web::rt::System::new().block_on(async move {
                actix_web::HttpServer::new(move || {
                    actix_web::App::new().app_data(data.clone()).default_service(web::to(serve))
                })
                .workers(1)
                .listen(listener)
                .unwrap()
                .run()
                .await
                .unwrap();
            });
        });
        WechatPayDouble { base_url, inner, keys_dir, http: reqwest::Client::new() }
    }

    pub fn merchant_key_path(&self) -> PathBuf {
        self.keys_dir.path().join("apiclient_key.pem")
    }

    /// The merchant's public key (what a misconfigured API might trust).
    pub fn merchant_public_key_path(&self) -> PathBuf {
        self.keys_dir.path().join("apiclient_pub.pem")
    }

    pub fn platform_public_key_path(&self) -> PathBuf {
        self.keys_dir.path().join("pub_key.pem")
    }

    /// Points the API's settings at this double.
    pub fn configure(&self, s: &mut Settings) {
        s.payments.provider = "wechatpay".into();
        let wx = &mut s.payments.wechatpay;
        wx.mchid = MCHID.into();
        wx.appid = APPID.into();
        wx.merchant_serial_no = MERCHANT_SERIAL.into();
        wx.merchant_private_key_path = Some(self.merchant_key_path());
        wx.apiv3_key = SecretString::from(APIV3_KEY);
        wx.platform_public_key_path = Some(self.platform_public_key_path());
        wx.platform_public_key_id = PLATFORM_KEY_ID.into();
        wx.api_base_url = self.base_url.clone();
    }

    pub fn order(&self, out_trade_no: &str) -> Option<DoubleOrder> {
        self.inner.books.lock().unwrap().orders.get(out_trade_no).cloned()
    }

    pub fn refund(&self, out_refund_no: &str) -> Option<DoubleRefund> {
        self.inner.books.lock().unwrap().refunds.get(out_refund_no).cloned()
    }

    /// Every request so far: (method, path with query, signature accepted).
    pub fn requests(&self) -> Vec<(String, String, bool)> {
        self.inner.books.lock().unwrap().requests.clone()
    }

    /// What the next refund calls answer at once: PROCESSING or SUCCESS.
    pub fn answer_refunds_with(&self, status: &str) {
        self.inner.books.lock().unwrap().refund_answer = status.into();
    }

    /// The buyer pays (no notification yet). Returns the transaction id.
    pub fn buyer_pays(&self, out_trade_no: &str) -> String {
        let mut books = self.inner.books.lock().unwrap();
        let o = books.orders.get_mut(out_trade_no).expect("no such order at the double");
        assert_eq!(o.trade_state, "NOTPAY", "only an unpaid order can be paid");
        let id = format!("4200{}", random_string(24).to_ascii_lowercase());
        o.trade_state = "SUCCESS".into();
        o.transaction_id = Some(id.clone());
        id
    }

    /// WeChat Pay finishes a refund (no notification yet).
    pub fn refund_succeeds(&self, out_refund_no: &str) {
        let mut books = self.inner.books.lock().unwrap();
        books.refunds.get_mut(out_refund_no).expect("no such refund").status = "SUCCESS".into();
    }

    /// The transaction resource as WeChat Pay sends it (plain).
    pub fn transaction(&self, out_trade_no: &str) -> Value {
        let o = self.order(out_trade_no).expect("no such order at the double");
        transaction_json(&o)
    }

    /// The refund resource as WeChat Pay sends it (plain).
    pub fn refund_resource(&self, out_refund_no: &str) -> Value {
        let r = self.refund(out_refund_no).expect("no such refund");
        json!({
            "mchid": MCHID, "out_trade_no": r.out_trade_no, "transaction_id": "4200000000000000",
            "out_refund_no": r.out_refund_no, "refund_id": format!("5030{}", &r.out_refund_no[2..]),
            "refund_status": r.status, "success_time": "2026-11-26T18:00:00+08:00",
            "user_received_account": "招商银行信用卡0403",
            "amount": { "total": r.total, "refund": r.refund, "payer_total": r.total, "payer_refund": r.refund }
        })
    }

    /// A notification body: `resource` encrypted with the APIv3 key.
    pub fn notice_body(&self, event_type: &str, resource: &Value) -> String {
        let original_type = if event_type.starts_with("REFUND.") { "refund" } else { "transaction" };
        let nonce = random_string(12);
        let cipher = Aes256Gcm::new_from_slice(APIV3_KEY.as_bytes()).unwrap();
        let sealed = cipher
            .encrypt(
                Nonce::from_slice(nonce.as_bytes()),
                Payload { msg: resource.to_string().as_bytes(), aad: original_type.as_bytes() },
            )
            .unwrap();
        json!({
            "id": format!("EV-{}", random_string(20)),
            "create_time": "2026-11-26T18:00:00+08:00",
            "resource_type": "encrypt-resource",
            "event_type": event_type,
            "summary": if original_type == "refund" { "退款成功" } else { "支付成功" },
            "resource": {
                "original_type": original_type,
                "algorithm": "AEAD_AES_256_GCM",
                "ciphertext": B64.encode(sealed),
                "associated_data": original_type,
                "nonce": nonce,
            }
        })
        .to_string()
    }

    /// Signs `body` as WeChat Pay does, at `timestamp` with `nonce`.
    pub fn sign(&self, body: &str, timestamp: i64, nonce: &str) -> SignedNotice {
        SignedNotice {
            body: body.to_owned(),
            timestamp,
            nonce: nonce.to_owned(),
            signature: sign_b64(&self.inner.platform, &format!("{timestamp}\n{nonce}\n{body}\n")),
            serial: PLATFORM_KEY_ID.to_owned(),
        }
    }

    /// A freshly signed notification (now, a new nonce).
    pub fn signed_notice(&self, event_type: &str, resource: &Value) -> SignedNotice {
        self.sign(&self.notice_body(event_type, resource), chrono::Utc::now().timestamp(), &random_string(32))
    }

    /// Posts a notification to `url`; returns the status and body.
    pub async fn deliver(&self, url: &str, n: &SignedNotice) -> (u16, String) {
        let resp = self
            .http
            .post(url)
            .header("Content-Type", "application/json")
            .header("Wechatpay-Signature", &n.signature)
            .header("Wechatpay-Timestamp", n.timestamp.to_string())
            .header("Wechatpay-Nonce", &n.nonce)
            .header("Wechatpay-Serial", &n.serial)
            .header("Wechatpay-Signature-Type", "WECHATPAY2-SHA256-RSA2048")
            .body(n.body.clone())
            .send()
            .await
            .unwrap();
        (resp.status().as_u16(), resp.text().await.unwrap())
    }

    /// The buyer pays and WeChat Pay notifies the order's notify_url.
    pub async fn pay_and_notify(&self, out_trade_no: &str) -> (u16, String) {
        self.buyer_pays(out_trade_no);
        self.notify_payment(out_trade_no).await
    }

    /// Sends (another) TRANSACTION.SUCCESS for an order.
    pub async fn notify_payment(&self, out_trade_no: &str) -> (u16, String) {
        let o = self.order(out_trade_no).unwrap();
        let n = self.signed_notice("TRANSACTION.SUCCESS", &transaction_json(&o));
        self.deliver(&o.notify_url, &n).await
    }

    /// Finishes a refund and sends REFUND.SUCCESS to its notify_url.
    pub async fn refund_and_notify(&self, out_refund_no: &str) -> (u16, String) {
        self.refund_succeeds(out_refund_no);
        let r = self.refund(out_refund_no).unwrap();
        let n = self.signed_notice("REFUND.SUCCESS", &self.refund_resource(out_refund_no));
        self.deliver(&r.notify_url, &n).await
    }
}

fn transaction_json(o: &DoubleOrder) -> Value {
    let mut t = json!({
        "appid": APPID, "mchid": MCHID, "out_trade_no": o.out_trade_no,
        "trade_type": "NATIVE", "trade_state": o.trade_state, "trade_state_desc": o.trade_state,
        "attach": "", "amount": { "total": o.amount, "currency": "CNY" },
    });
    if let Some(id) = &o.transaction_id {
        t["transaction_id"] = json!(id);
        t["bank_type"] = json!("OTHERS");
        t["success_time"] = json!("2026-11-26T18:00:00+08:00");
        t["payer"] = json!({ "openid": "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o" });
        t["amount"]["payer_total"] = json!(o.amount);
        t["amount"]["payer_currency"] = json!("CNY");
    }
    t
}

fn sign_b64(key: &SigningKey<Sha256>, message: &str) -> String {
    B64.encode(key.sign(message.as_bytes()).to_bytes())
}

/// Parses `WECHATPAY2-SHA256-RSA2048 k="v",k="v",...`.
fn parse_authorization(header: &str) -> Option<HashMap<String, String>> {
    let rest = header.strip_prefix("WECHATPAY2-SHA256-RSA2048 ")?;
    let mut out = HashMap::new();
    for part in rest.split(',') {
        let (k, v) = part.trim().split_once('=')?;
        out.insert(k.to_owned(), v.strip_prefix('"')?.strip_suffix('"')?.to_owned());
    }
    Some(out)
}

/// Whether the request carries a valid merchant signature.
fn verify_request(inner: &Inner, req: &HttpRequest, body: &str) -> bool {
    let Some(auth) = req.headers().get("Authorization").and_then(|v| v.to_str().ok()) else { return false };
    let Some(f) = parse_authorization(auth) else { return false };
    let (Some(mchid), Some(nonce), Some(sig), Some(ts), Some(serial)) =
        (f.get("mchid"), f.get("nonce_str"), f.get("signature"), f.get("timestamp"), f.get("serial_no"))
    else {
        return false;
    };
    let Ok(ts_num) = ts.parse::<i64>() else { return false };
    if mchid != MCHID || serial != MERCHANT_SERIAL || chrono::Utc::now().timestamp().abs_diff(ts_num) > 300 {
        return false;
    }
    let url = req.uri().path_and_query().map(|p| p.as_str().to_owned()).unwrap_or_default();
    let message = format!("{}\n{url}\n{ts}\n{nonce}\n{body}\n", req.method().as_str());
    let Ok(raw) = B64.decode(sig) else { return false };
    let Ok(sig) = Signature::try_from(raw.as_slice()) else { return false };
    inner.merchant_public.verify(message.as_bytes(), &sig).is_ok()
}

/// A signed answer.
fn answer(inner: &Inner, status: u16, body: Option<Value>) -> HttpResponse {
    let text = body.map(|b| b.to_string()).unwrap_or_default();
    let ts = chrono::Utc::now().timestamp();
    let nonce = random_string(32);
    let sig = sign_b64(&inner.platform, &format!("{ts}\n{nonce}\n{text}\n"));
    let mut r = HttpResponse::build(actix_web::http::StatusCode::from_u16(status).unwrap());
    r.insert_header(("Wechatpay-Signature", sig))
        .insert_header(("Wechatpay-Timestamp", ts.to_string()))
        .insert_header(("Wechatpay-Nonce", nonce))
        .insert_header(("Wechatpay-Serial", PLATFORM_KEY_ID))
        .insert_header(("Request-ID", random_string(16)));
    if text.is_empty() {
        r.finish()
    } else {
        r.content_type("application/json").body(text)
    }
}

fn error(inner: &Inner, status: u16, code: &str, message: &str) -> HttpResponse {
    answer(inner, status, Some(json!({ "code": code, "message": message })))
}

async fn serve(inner: web::Data<Inner>, req: HttpRequest, body: web::Bytes) -> HttpResponse {
    let body = String::from_utf8_lossy(&body).into_owned();
    let ok = verify_request(&inner, &req, &body);
    let path_q = req.uri().path_and_query().map(|p| p.as_str().to_owned()).unwrap_or_default();
    inner.books.lock().unwrap().requests.push((req.method().to_string(), path_q, ok));
    if !ok {
        // As documented: no answer signature for a request that failed its own.
        return HttpResponse::Unauthorized().json(json!({ "code": "SIGN_ERROR", "message": "签名错误" }));
    }
    let path = req.path().to_owned();
    let method = req.method().as_str().to_owned();
    let parsed: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
    let mut books = inner.books.lock().unwrap();
    if method == "POST" && path == "/v3/pay/transactions/native" {
        if parsed["mchid"] != MCHID || parsed["appid"] != APPID {
            return error(&inner, 400, "PARAM_ERROR", "mchid/appid");
        }
        let no = parsed["out_trade_no"].as_str().unwrap_or_default().to_owned();
        let amount = parsed["amount"]["total"].as_i64().unwrap_or(-1);
        let desc = parsed["description"].as_str().unwrap_or_default().to_owned();
        let notify_url = parsed["notify_url"].as_str().unwrap_or_default().to_owned();
        let time_expire = parsed["time_expire"].as_str().unwrap_or_default().to_owned();
        if no.is_empty()
            || amount <= 0
            || desc.is_empty()
            || !notify_url.starts_with("http")
            || parsed["amount"]["currency"] != "CNY"
        {
            return error(&inner, 400, "PARAM_ERROR", "missing or invalid parameters");
        }
        if chrono::DateTime::parse_from_rfc3339(&time_expire).is_err() {
            return error(&inner, 400, "PARAM_ERROR", "time_expire");
        }
        if let Some(existing) = books.orders.get(&no) {
            if existing.amount != amount || existing.trade_state != "NOTPAY" {
                return error(&inner, 400, "INVALID_REQUEST", "201 商户订单号重复");
            }
            let code_url = existing.code_url.clone();
            return answer(&inner, 200, Some(json!({ "code_url": code_url })));
        }
        let code_url = format!("weixin://wxpay/bizpayurl?pr={}", random_string(7));
        books.orders.insert(
            no.clone(),
            DoubleOrder {
                out_trade_no: no,
                amount,
                notify_url,
                code_url: code_url.clone(),
                time_expire,
                description: desc,
                trade_state: "NOTPAY".into(),
                transaction_id: None,
            },
        );
        return answer(&inner, 200, Some(json!({ "code_url": code_url })));
    }
    if let Some(rest) = path.strip_prefix("/v3/pay/transactions/out-trade-no/") {
        if let Some(no) = rest.strip_suffix("/close") {
            if method != "POST" || parsed["mchid"] != MCHID {
                return error(&inner, 400, "PARAM_ERROR", "mchid");
            }
            return match books.orders.get_mut(no) {
                None => error(&inner, 404, "ORDER_NOT_EXIST", "订单不存在"),
                Some(o) if o.trade_state == "SUCCESS" || o.trade_state == "REFUND" => {
                    error(&inner, 400, "ORDERPAID", "订单已支付")
                }
                Some(o) => {
                    o.trade_state = "CLOSED".into();
                    answer(&inner, 204, None)
                }
            };
        }
        if method != "GET" || req.query_string() != format!("mchid={MCHID}") {
            return error(&inner, 400, "PARAM_ERROR", "mchid");
        }
        return match books.orders.get(rest) {
            None => error(&inner, 404, "ORDER_NOT_EXIST", "订单不存在"),
            Some(o) => answer(&inner, 200, Some(transaction_json(o))),
        };
    }
    if method == "POST" && path == "/v3/refund/domestic/refunds" {
        let no = parsed["out_trade_no"].as_str().unwrap_or_default().to_owned();
        let refund_no = parsed["out_refund_no"].as_str().unwrap_or_default().to_owned();
        let refund = parsed["amount"]["refund"].as_i64().unwrap_or(-1);
        let total = parsed["amount"]["total"].as_i64().unwrap_or(-1);
        let Some(order) = books.orders.get(&no).cloned() else {
            return error(&inner, 404, "RESOURCE_NOT_EXISTS", "订单不存在");
        };
        if let Some(r) = books.refunds.get(&refund_no) {
            // Same out_refund_no: the same refund, never a second one.
            let r = r.clone();
            return answer(&inner, 200, Some(refund_answer(&r)));
        }
        if order.trade_state != "SUCCESS" || total != order.amount || refund <= 0 || refund > total {
            return error(&inner, 400, "INVALID_REQUEST", "订单状态或金额不符");
        }
        let status = books.refund_answer.clone();
        let r = DoubleRefund {
            out_refund_no: refund_no.clone(),
            out_trade_no: no.clone(),
            refund,
            total,
            notify_url: parsed["notify_url"].as_str().unwrap_or(&order.notify_url).to_owned(),
            status,
        };
        books.refunds.insert(refund_no, r.clone());
        if let Some(o) = books.orders.get_mut(&no) {
            o.trade_state = "REFUND".into();
        }
        return answer(&inner, 200, Some(refund_answer(&r)));
    }
    if let Some(refund_no) = path.strip_prefix("/v3/refund/domestic/refunds/") {
        return match books.refunds.get(refund_no) {
            None => error(&inner, 404, "RESOURCE_NOT_EXISTS", "退款单不存在"),
            Some(r) => answer(&inner, 200, Some(refund_answer(r))),
        };
    }
    error(&inner, 404, "NOT_FOUND", "no such API")
}

fn refund_answer(r: &DoubleRefund) -> Value {
    json!({
        "refund_id": format!("5030{}", r.out_refund_no.get(2..).unwrap_or_default()),
        "out_refund_no": r.out_refund_no, "out_trade_no": r.out_trade_no,
        "transaction_id": "4200000000000000", "channel": "ORIGINAL",
        "user_received_account": "招商银行信用卡0403", "status": r.status,
        "create_time": "2026-11-26T18:00:00+08:00",
        "amount": { "total": r.total, "refund": r.refund, "payer_total": r.total, "payer_refund": r.refund, "currency": "CNY" }
    })
}
