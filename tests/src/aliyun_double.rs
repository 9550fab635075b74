//! A faithful local stand-in for Aliyun's Dysmsapi `SendSms` (RPC style,
//! signature version 1.0) on 127.0.0.1: it checks a request the way the
//! provider documents, written here independently of the API's signer:
//! the AccessKeyId must be known, the signature recomputed over the sorted,
//! percent-encoded parameters (`METHOD&%2F&encode(query)`, HMAC-SHA1 keyed
//! with `secret + "&"`) must match, the timestamp must be within 15 minutes
//! and the SignatureNonce unused. Errors use Aliyun's bodies
//! (`{"Code":"SignatureDoesNotMatch",...}`); accepted messages are recorded
//! (phone, sign name, template, TemplateParam) so a test can use the code.

use std::collections::{BTreeMap, HashSet};
use std::sync::{Arc, Mutex};

use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
use base64::Engine;
use hmac::{Hmac, Mac};
use serde_json::{json, Value};

/// How far a request's timestamp may be from now.
const TIMESTAMP_TOLERANCE_SECS: i64 = 15 * 60;

/// One SMS the double accepted.
#[derive(Debug, Clone)]
pub struct SentSms {
    pub phone: String,
    pub sign_name: String,
    pub template_code: String,
    pub template_param: Value,
}

#[derive(Default)]
struct State {
    access_key_id: String,
    secret: String,
    nonces: Mutex<HashSet<String>>,
    sent: Mutex<Vec<SentSms>>,
    /// A business error code to answer with (HTTP 200, as Aliyun does).
    business_error: Mutex<Option<String>>,
}

pub struct AliyunDouble {
    /// Where to point `auth.sender.aliyun.endpoint`.
    pub endpoint: String,
    state: Arc<State>,
}

/// Aliyun's percent-encoding: unreserved characters kept, the rest `%XX`.
fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The signature as the provider computes it.
pub fn provider_signature(method: &str, params: &BTreeMap<String, String>, secret: &str) -> (String, String) {
    let query: Vec<String> = params.iter().map(|(k, v)| format!("{}={}", encode(k), encode(v))).collect();
    let string_to_sign = format!("{method}&{}&{}", encode("/"), encode(&query.join("&")));
    let mut mac = <Hmac<sha1::Sha1> as Mac>::new_from_slice(format!("{secret}&").as_bytes()).unwrap();
    mac.update(string_to_sign.as_bytes());
    (base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes()), string_to_sign)
}

fn error(status: u16, code: &str, message: &str) -> HttpResponse {
    HttpResponse::build(actix_web::http::StatusCode::from_u16(status).unwrap()).json(json!({
        "RequestId": uuid::Uuid::new_v4().to_string().to_uppercase(),
        "HostId": "dysmsapi.aliyuncs.com",
        "Code": code,
        "Message": message,
        "Recommend": "https://api.aliyun.com/troubleshoot",
    }))
}

fn handle(state: &State, method: &str, query: &str, body: &[u8]) -> HttpResponse {
    // RPC parameters may come in the query string and, for POST, in a form body.
    let mut params = BTreeMap::new();
    for source in [query.as_bytes(), body] {
        let Ok(text) = std::str::from_utf8(source) else { return error(400, "InvalidParameter", "not UTF-8") };
        let Ok(pairs) = web::Query::<Vec<(String, String)>>::from_query(text) else {
            return error(400, "InvalidParameter", "malformed parameters");
        };
        for (k, v) in pairs.into_inner() {
            if params.insert(k.clone(), v).is_some() {
                return error(400, "InvalidParameter", &format!("duplicate parameter {k}"));
            }
        }
    }
    for name in [
        "AccessKeyId",
        "Action",
        "PhoneNumbers",
        "SignName",
        "Signature",
        "SignatureMethod",
        "SignatureNonce",
        "SignatureVersion",
        "TemplateCode",
        "Timestamp",
        "Version",
    ] {
        if !params.contains_key(name) {
            return error(400, &format!("Missing{name}"), &format!("{name} is mandatory for this action."));
        }
    }
    if params["AccessKeyId"] != state.access_key_id {
        return error(404, "InvalidAccessKeyId.NotFound", "Specified access key is not found.");
    }
    if params["SignatureMethod"] != "HMAC-SHA1" || params["SignatureVersion"] != "1.0" {
        return error(400, "InvalidParameter", "unsupported signature method or version");
    }
    if params["Action"] != "SendSms" || params["Version"] != "2017-05-25" {
        return error(400, "InvalidAction.NotFound", "Specified api is not found, please check your url and method.");
    }
    if params.get("Format").is_some_and(|f| f != "JSON") {
        return error(400, "InvalidParameter", "this double answers JSON only");
    }
    let Ok(ts) = chrono::NaiveDateTime::parse_from_str(&params["Timestamp"], "%Y-%m-%dT%H:%M:%SZ") else {
        return error(400, "InvalidTimeStamp.Format", "Specified time stamp or date value is not well formatted.");
    };
    if (chrono::Utc::now().naive_utc() - ts).num_seconds().abs() > TIMESTAMP_TOLERANCE_SECS {
        return error(400, "InvalidTimeStamp.Expired", "Specified time stamp or date value is expired.");
    }
    let mut unsigned = params.clone();
    let given = unsigned.remove("Signature").unwrap_or_default();
    let (expected, string_to_sign) = provider_signature(method, &unsigned, &state.secret);
    if given != expected {
        // The real provider echoes its string to sign (hence the API never
        // logs this message).
        return error(
            400,
            "SignatureDoesNotMatch",
            &format!(
                "Specified signature is not matched with our calculation. server string to sign is:{string_to_sign}"
            ),
        );
    }
    if !state.nonces.lock().unwrap().insert(params["SignatureNonce"].clone()) {
        return error(400, "SignatureNonceUsed", "Specified signature nonce was used already.");
    }
    let template_param = match params.get("TemplateParam").map(|p| serde_json::from_str::<Value>(p)) {
        Some(Ok(v)) if v.is_object() => v,
        _ => return HttpResponse::Ok().json(json!({ "Code": "isv.INVALID_JSON_PARAM", "Message": "JSON参数不合法" })),
    };
    let request_id = uuid::Uuid::new_v4().to_string().to_uppercase();
    if let Some(code) = state.business_error.lock().unwrap().clone() {
        return HttpResponse::Ok()
            .json(json!({ "Code": code, "Message": "触发小时级流控Permits:5", "RequestId": request_id }));
    }
    state.sent.lock().unwrap().push(SentSms {
        phone: params["PhoneNumbers"].clone(),
        sign_name: params["SignName"].clone(),
        template_code: params["TemplateCode"].clone(),
        template_param,
    });
    HttpResponse::Ok()
        .json(json!({ "Code": "OK", "Message": "OK", "BizId": "900619746936498440^0", "RequestId": request_id }))
}

impl AliyunDouble {
    /// Listens on a random port of 127.0.0.1, knowing one key pair.
    pub fn start(access_key_id: &str, secret: &str) -> Self {
        let state =
            Arc::new(State { access_key_id: access_key_id.to_owned(), secret: secret.to_owned(), ..State::default() });
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let endpoint = format!("http://{}/", listener.local_addr().unwrap());
        let st = state.clone();
        std::thread::spawn(move || {
            actix_web::rt::System::new().block_on(async move {
                HttpServer::new(move || {
                    let st = st.clone();
                    App::new().default_service(web::to(move |req: HttpRequest, body: web::Bytes| {
                        let st = st.clone();
                        async move {
                            if req.path() != "/" {
                                return error(404, "InvalidAction.NotFound", "no such path");
                            }
                            handle(&st, req.method().as_str(), req.query_string(), &body)
                        }
                    }))
                })
                .workers(1)
                .listen(listener)
                .unwrap()
                .run()
                .await
                .unwrap();
            });
        });
        AliyunDouble { endpoint, state }
    }

    /// Messages accepted so far, oldest first.
    pub fn sent(&self) -> Vec<SentSms> {
        self.state.sent.lock().unwrap().clone()
    }

    /// From now on, answer valid requests with this business error (or, with
    /// `None`, deliver again).
    pub fn set_business_error(&self, code: Option<&str>) {
        *self.state.business_error.lock().unwrap() = code.map(str::to_owned);
    }
}
