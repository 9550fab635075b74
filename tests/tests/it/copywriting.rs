//! Text generation on the queue (TEXT_REWRITE, HOT_ARTICLE_REWRITE): the
//! charge at submit, text streamed to `GET /api/tasks/{id}/events` while it
//! is written, settlement on success, one refund on failure or stop, and
//! retries, against both providers: an OpenAI-compatible endpoint (a
//! faithful local double, `pixmart_tests::openai_double`) and the real
//! Qwen2.5-Coder-0.5B on candle.

use std::time::Duration;

use pixmart_tests::openai_double::{OpenAiDouble, Reply};
use pixmart_tests::{TestApp, TestDatabase, WorkerProcess};
use serde_json::json;

use crate::support::text_tasks::{ledger_sums, lingshi, local, remote, submit, KEY, MODEL};

/// A redbook note that meets every rule.
const GOOD_NOTE: &str = "好的，以下是改写后的笔记：\n标题：通勤党的续命保温杯☕\n正文：\n早八赶地铁的姐妹看过来！这只保温杯真的救了我的命🔥\n\n316不锈钢内胆，早上灌的热水到下午三点还烫嘴，一整天都能喝上热水。\n\n杯身只有280克，塞进通勤包完全没负担，颜值也在线。\n话题：#保温杯 #通勤好物 #打工人必备";
/// Fluent, but English: refused for a Chinese request.
const ENGLISH_NOTE: &str = "Title: Your new favourite bottle\nBody:\nThis bottle keeps your coffee hot from the first meeting to the very last one of the day.\nTags: #bottle";
const SOURCE: &str = "这款保温杯采用316不锈钢内胆，保温12小时，重量280克，适合上班族通勤使用。";

async fn rewrites_through_the_endpoint(db: TestDatabase) {
    let double = OpenAiDouble::start(MODEL, KEY, Reply::text(GOOD_NOTE, Duration::from_millis(15)));
    let mut app = TestApp::start(db).await;
    app.start_worker_with(remote(&double, 2));
    app.wait_workers(1).await;
    let mut c = app.client();
    c.register_random().await;
    assert_eq!(c.wait_capability("TEXT_REWRITE", "available").await["state"], "available");
    let before = lingshi(&c).await;

    let task_id =
        submit(&c, "TEXT_REWRITE", json!({ "content": SOURCE, "socialPlatform": "redbook", "genNum": 2 })).await;
    assert_eq!(lingshi(&c).await, before - 10, "5 per answer, charged at submit");
    let events = c.listen(&task_id).await;
    let done = events
        .wait_for(Duration::from_secs(60), |f| {
            f.event == "task" && f.data["status"] != "NEW" && f.data["status"] != "RUNNING"
        })
        .await;
    assert_eq!(done.data["status"], "SUCCESS", "{}", done.data);
    events.wait_end(Duration::from_secs(5)).await;

    // Text arrived while it was being written, before the task ended.
    let frames = events.frames();
    let first_text = frames.iter().position(|f| f.event == "text" && !f.data["text"].as_str().unwrap().is_empty());
    let end = frames.iter().position(|f| f.event == "task" && f.data["status"] == "SUCCESS");
    assert!(first_text.unwrap() < end.unwrap(), "{frames:?}");
    let growing: Vec<usize> = events
        .texts()
        .iter()
        .filter(|t| t["index"] == 0 && t["attempt"] == 0)
        .map(|t| t["text"].as_str().unwrap().chars().count())
        .collect();
    assert!(growing.windows(2).any(|w| w[1] > w[0] && w[0] > 0), "partial text grows: {growing:?}");

    let (_, task) = c.get(&format!("/api/tasks/{task_id}")).await;
    let results = task["data"]["results"].as_array().unwrap();
    assert_eq!(results.len(), 2);
    for r in results {
        assert_eq!(r["kind"], "text");
        let copy = &r["copy"];
        assert_eq!(copy["shape"], "note");
        assert_eq!(copy["title"], "通勤党的续命保温杯☕");
        assert_eq!(copy["tags"], json!(["保温杯", "通勤好物", "打工人必备"]));
        assert_eq!(copy["paragraphs"].as_array().unwrap().len(), 3, "the preface line is not content");
        let (status, plain) = c.get_bytes(r["url"].as_str().unwrap()).await;
        assert_eq!(status, 200);
        let plain = String::from_utf8(plain).unwrap();
        assert!(
            plain.starts_with("通勤党的续命保温杯☕\n\n") && plain.ends_with("#保温杯 #通勤好物 #打工人必备"),
            "{plain}"
        );
    }
    assert_eq!(lingshi(&c).await, before - 10, "settled, not refunded");
    assert_eq!(ledger_sums(&app, &c).await, (-10, 0));

    // What the endpoint was asked: the platform's format, the style, the source.
    let asked = double.received();
    assert_eq!(asked.len(), 2);
    let system = asked[0].body["messages"][0]["content"].as_str().unwrap();
    let user = asked[0].body["messages"][1]["content"].as_str().unwrap();
    assert!(system.contains("小红书") && system.contains("整活幽默") && system.contains("标题："), "{system}");
    assert!(user.contains(SOURCE), "{user}");
    assert_ne!(asked[0].body["seed"], asked[1].body["seed"], "two answers, two seeds");

    // The history keeps it, the node says which model serves it.
    let (_, page) = c.get("/api/tasks?pageNum=1&pageSize=10&bizType=TEXT_REWRITE").await;
    assert_eq!(page["data"]["total"], 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_openai_compatible_endpoint_rewrites_copy_streamed_charged_and_settled_on_sqlite() {
    rewrites_through_the_endpoint(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_openai_compatible_endpoint_rewrites_copy_streamed_charged_and_settled_on_postgres() {
    rewrites_through_the_endpoint(TestDatabase::postgres().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_that_breaks_a_rule_is_written_again_and_never_delivered() {
    let double = OpenAiDouble::start(MODEL, KEY, Reply::text(GOOD_NOTE, Duration::ZERO));
    double.script([Reply::text(ENGLISH_NOTE, Duration::ZERO)]);
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    app.start_worker_with(remote(&double, 2));
    let mut c = app.client();
    c.register_random().await;
    let task_id = submit(&c, "TEXT_REWRITE", json!({ "content": SOURCE, "genNum": 1 })).await;
    let events = c.listen(&task_id).await;
    let task = c.wait_task(&task_id, Duration::from_secs(60)).await;
    assert_eq!(task["status"], "SUCCESS", "{task}");
    assert_eq!(task["results"][0]["copy"]["title"], "通勤党的续命保温杯☕");
    assert_eq!(double.received().len(), 2, "the English answer was refused and written again");
    events.wait_end(Duration::from_secs(5)).await;
    assert!(events.texts().iter().any(|t| t["attempt"] == 1), "the page hears the rewrite");

    // Never a good answer: the task fails with its own code, refunded once.
    double.script([
        Reply::text(ENGLISH_NOTE, Duration::ZERO),
        Reply::text(ENGLISH_NOTE, Duration::ZERO),
        Reply::text(ENGLISH_NOTE, Duration::ZERO),
    ]);
    let before = lingshi(&c).await;
    let task_id = submit(&c, "TEXT_REWRITE", json!({ "content": SOURCE, "genNum": 1 })).await;
    let task = c.wait_task(&task_id, Duration::from_secs(60)).await;
    assert_eq!((task["status"].as_str(), task["errorCode"].as_str()), (Some("FAILED"), Some("COPY_GENERATION_FAILED")));
    assert_eq!(lingshi(&c).await, before);
    assert_eq!(ledger_sums(&app, &c).await, (-10, 5));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn endpoint_errors_fail_or_retry_and_refund_exactly_once() {
    let double = OpenAiDouble::start(MODEL, KEY, Reply::text(GOOD_NOTE, Duration::ZERO));
    let mut app = TestApp::start_with(TestDatabase::sqlite(), |s| s.tasks.max_attempts = 2).await;
    app.start_worker_with(remote(&double, 2));
    let mut c = app.client();
    c.register_random().await;
    let before = lingshi(&c).await;

    // A refused request cannot succeed: failed at once, refunded.
    double.script([Reply::Error { status: 400, message: "This model's maximum context length is 8192 tokens".into() }]);
    let task_id = submit(&c, "TEXT_REWRITE", json!({ "content": SOURCE, "genNum": 1 })).await;
    let task = c.wait_task(&task_id, Duration::from_secs(60)).await;
    assert_eq!((task["status"].as_str(), task["errorCode"].as_str()), (Some("FAILED"), Some("GENERATION_FAILED")));
    assert_eq!(lingshi(&c).await, before);

    // Overloaded, then a first token too slow: transient, so retried on
    // another attempt; success within the attempts is charged once.
    double.script([
        Reply::Error { status: 503, message: "overloaded".into() },
        Reply::Stream { pieces: vec!["标题：".into()], first: Duration::from_secs(4), between: Duration::ZERO },
    ]);
    let task_id = submit(&c, "TEXT_REWRITE", json!({ "content": SOURCE, "genNum": 1 })).await;
    let task = c.wait_task(&task_id, Duration::from_secs(90)).await;
    assert_eq!(
        (task["status"].as_str(), task["errorCode"].as_str()),
        (Some("FAILED"), Some("GENERATION_FAILED")),
        "{task}"
    );
    assert_eq!(lingshi(&c).await, before, "out of attempts: refunded");

    double.script([Reply::Error { status: 503, message: "overloaded".into() }]);
    let task_id = submit(&c, "TEXT_REWRITE", json!({ "content": SOURCE, "genNum": 1 })).await;
    let task = c.wait_task(&task_id, Duration::from_secs(90)).await;
    assert_eq!(task["status"], "SUCCESS", "the second attempt succeeds: {task}");
    assert_eq!(lingshi(&c).await, before - 5);
    assert_eq!(ledger_sums(&app, &c).await, (-15, 10), "three charges, two refunds, none twice");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stopping_mid_generation_refunds_once_and_ends_the_generation() {
    // A long answer, slowly: time to stop it half-way.
    let slow = Reply::text(&GOOD_NOTE.repeat(3), Duration::from_millis(100));
    let double = OpenAiDouble::start(MODEL, KEY, slow);
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    app.start_worker_with(remote(&double, 2));
    let mut c = app.client();
    c.register_random().await;
    let before = lingshi(&c).await;
    let task_id = submit(&c, "TEXT_REWRITE", json!({ "content": SOURCE, "genNum": 2 })).await;
    let events = c.listen(&task_id).await;
    events
        .wait_for(Duration::from_secs(30), |f| {
            f.event == "text" && f.data["text"].as_str().is_some_and(|t| t.chars().count() > 10)
        })
        .await;
    let (status, body) = c.post_json(&format!("/api/tasks/{task_id}/stop"), json!({})).await;
    assert_eq!(status, 200, "{body}");
    let end = events.wait_for(Duration::from_secs(10), |f| f.event == "task" && f.data["status"] == "FAILED").await;
    assert_eq!(end.data["errorCode"], "TASK_STOPPED");
    events.wait_end(Duration::from_secs(5)).await;
    assert_eq!(lingshi(&c).await, before);
    // The worker notices between tokens: no second answer is started.
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(double.received().len(), 1);
    let (_, task) = c.get(&format!("/api/tasks/{task_id}")).await;
    assert_eq!(task["data"]["status"], "FAILED");
    assert_eq!(ledger_sums(&app, &c).await, (-10, 10), "one charge, one refund");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_killed_mid_generation_is_retried_on_another_and_charged_once() {
    const WORKER: &str = env!("CARGO_BIN_EXE_pixmart-fleet-worker");
    // The note streams for about ten seconds: long enough to kill the worker
    // part-way through it.
    let double = OpenAiDouble::start(MODEL, KEY, Reply::text(GOOD_NOTE, Duration::from_millis(200)));
    let mut app = TestApp::start_with(TestDatabase::sqlite(), |s| s.tasks.sweep_interval_ms = 200).await;
    // Progress renews the lease; once killed, its lease runs out in 10 s.
    let mut doomed = WorkerProcess::spawn_with_env(
        WORKER,
        &app.settings,
        10,
        &[],
        &[
            ("PIXMART__TEXT__PROVIDER", "openai"),
            ("PIXMART__TEXT__OPENAI__BASE_URL", &double.base_url),
            ("PIXMART__TEXT__OPENAI__MODEL", MODEL),
            ("PIXMART__TEXT__OPENAI__API_KEY", KEY),
        ],
    );
    let mut c = app.client();
    c.register_random().await;
    let before = lingshi(&c).await;
    let task_id =
        submit(&c, "TEXT_REWRITE", json!({ "content": SOURCE, "socialPlatform": "redbook", "genNum": 1 })).await;
    let events = c.listen(&task_id).await;
    events
        .wait_for(Duration::from_secs(300), |f| f.event == "text" && !f.data["text"].as_str().unwrap().is_empty())
        .await;
    doomed.sigkill();
    app.start_worker_with(remote(&double, 30));
    let task = c.wait_task(&task_id, Duration::from_secs(300)).await;
    assert_eq!(task["status"], "SUCCESS", "{task}");
    let db = app.db().await;
    let record = pixmart_shared::db::store::tasks::get_task(&db, task_id.parse().unwrap()).await.unwrap().unwrap();
    assert_eq!(record.attempts, 2, "the lease expired and another worker took it");
    let (charges, refunds) = ledger_sums(&app, &c).await;
    assert_eq!((charges, refunds), (-5, 0), "charged once, nothing refunded");
    assert_eq!(lingshi(&c).await, before - 5);
}

// ---------------------------------------------------------------- the real model

async fn rewrites_on_the_real_small_model(db: TestDatabase) {
    let mut app = TestApp::start(db).await;
    app.start_worker_with(local);
    let mut c = app.client();
    c.register_random().await;
    assert_eq!(c.wait_capability("TEXT_REWRITE", "available").await["state"], "available");
    let before = lingshi(&c).await;
    // A weibo post: the shortest answer, so the CPU run stays short.
    let task_id =
        submit(&c, "TEXT_REWRITE", json!({ "content": SOURCE, "socialPlatform": "weibo", "genNum": 1 })).await;
    let events = c.listen(&task_id).await;
    let task = c.wait_task(&task_id, Duration::from_secs(900)).await;
    events.wait_end(Duration::from_secs(10)).await;
    let frames = events.frames();
    let first_text = frames.iter().position(|f| f.event == "text" && !f.data["text"].as_str().unwrap().is_empty());
    let end = frames
        .iter()
        .position(|f| f.event == "task" && ["SUCCESS", "FAILED"].contains(&f.data["status"].as_str().unwrap()));
    assert!(first_text.is_some() && first_text < end, "tokens stream before the end: {frames:?}");
    // The small model may fail the rules three times (then the task says
    // so, refunded); what it delivers always meets them.
    match task["status"].as_str() {
        Some("SUCCESS") => {
            let copy = &task["results"][0]["copy"];
            assert_eq!(copy["shape"], "post", "{task}");
            let chars: usize =
                copy["paragraphs"].as_array().unwrap().iter().map(|p| p.as_str().unwrap().chars().count()).sum();
            assert!((30..=500).contains(&chars), "{copy}");
            assert_eq!(lingshi(&c).await, before - 5);
        }
        _ => {
            assert_eq!(task["errorCode"], "COPY_GENERATION_FAILED", "{task}");
            assert_eq!(lingshi(&c).await, before);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_real_qwen_0_5b_rewrites_copy_streamed_on_sqlite() {
    rewrites_on_the_real_small_model(TestDatabase::sqlite()).await;
}
