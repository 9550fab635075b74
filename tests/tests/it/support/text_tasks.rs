//! What the text-task tests share: workers with either provider (the
//! OpenAI-compatible double or the real small model), submitting, and the
//! user's lingshi and ledger.

use pixmart_shared::config::{Settings, TextProvider, TextSettings};
use pixmart_shared::db::store::ledger;
use pixmart_tests::openai_double::OpenAiDouble;
use pixmart_tests::{TestApp, TestClient};
use secrecy::SecretString;
use serde_json::{json, Value};

pub const MODEL: &str = "qwen2.5-72b-instruct";
pub const KEY: &str = "sk-double-test";

/// A worker writing through `double`, timing out a silent endpoint after
/// `timeout_secs`.
pub fn remote(double: &OpenAiDouble, timeout_secs: u64) -> impl FnOnce(&mut Settings) + '_ {
    move |s| {
        s.text = TextSettings { provider: TextProvider::Openai, ..TextSettings::default() };
        s.text.openai.base_url = double.base_url.clone();
        s.text.openai.model = MODEL.to_owned();
        s.text.openai.api_key = Some(SecretString::from(KEY.to_owned()));
        s.text.openai.first_token_timeout_secs = timeout_secs;
        s.text.openai.idle_timeout_secs = timeout_secs;
    }
}

/// A worker writing on the real Qwen2.5-Coder-0.5B.
pub fn local(s: &mut Settings) {
    s.text.provider = TextProvider::Local;
    s.text.local_model = "qwen2.5-coder-0.5b".to_owned();
}

pub async fn lingshi(c: &TestClient) -> i64 {
    let (_, info) = c.get("/api/user/info").await;
    info["data"]["points"].as_i64().unwrap()
}

pub async fn submit(c: &TestClient, biz: &str, params: Value) -> String {
    let (status, body) = c.post_json("/api/tasks", json!({ "bizType": biz, "params": params })).await;
    assert_eq!(status, 200, "{body}");
    body["data"]["taskId"].as_str().unwrap().to_owned()
}

/// The user's charges and refunds, summed.
pub async fn ledger_sums(app: &TestApp, c: &TestClient) -> (i64, i64) {
    let entries = ledger::entries(&app.db().await, c.user_id().await).await.unwrap();
    let sum = |kind: &str| entries.iter().filter(|e| e.kind == kind).map(|e| e.amount).sum::<i64>();
    (sum("charge"), sum("refund"))
}
