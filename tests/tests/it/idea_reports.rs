//! Idea reports through the HTTP API, Redis and a worker: every stage runs
//! in the plan's order as its own queued task and the report completes; a
//! stage whose answers never meet the rules fails the report, naming the
//! stage, and refunds it exactly once; a cancel stops the running stage and
//! refunds it, keeping what was delivered (a finished report cannot be
//! cancelled); the report exports to Word. The
//! stages write through the OpenAI-compatible double (answers scripted per
//! stage) and, once, on the real Qwen2.5-Coder-0.5B.

use std::io::Read;
use std::time::{Duration, Instant};

use pixmart_tests::images::{encode_png, product_photo};
use pixmart_tests::openai_double::{OpenAiDouble, Reply};
use pixmart_tests::{TestApp, TestClient, TestDatabase};
use serde_json::{json, Value};

use crate::support::text_tasks::{ledger_sums, lingshi, remote, KEY, MODEL};

const PRODUCT: &str = "桂花乌龙奶茶，18元一杯，低糖";
const SUMMARY: &str =
    "事件总结：立秋当天，“秋天的第一杯奶茶”话题再次登上热搜，年轻人纷纷晒出自己的第一杯，品牌借势互动。";
const IDEAS: &str = "创意1：秋日第一杯\n内容：拍一张落叶和奶茶的合照，文案写立秋的仪式感，邀请粉丝晒单。\n创意2：桂花香里的秋天\n内容：用桂花特写配文案，讲低糖也好喝，评论区抽奖送券。\n创意3：打工人续命\n内容：办公室场景，奶茶配周一表情包，轻松搞笑地讲18元的小确幸。";
const ASSOCIATION: &str = "1. 晒第一杯奶茶的年轻人正是奶茶的主要顾客。\n2. 立秋的仪式感和桂花的季节感很搭。";
const RISK: &str = "1. 不要夸大低糖的功效，避免虚假宣传。\n2. 不要使用他人拍摄的热点图片，避免侵权。";

/// What each stage's request says, to tell them apart in the double's log.
fn stage_of(system: &str) -> &'static str {
    if system.contains("总结这个热点事件") {
        "summary"
    } else if system.contains("图文创意") {
        "advice_online"
    } else if system.contains("关联点") {
        "association"
    } else if system.contains("风险") {
        "risk"
    } else {
        "other"
    }
}

async fn report(c: &TestClient, id: &str) -> Value {
    let (status, body) = c.get(&format!("/api/idea-reports/{id}")).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

/// Polls the report (each read also moves it on) until `done` holds.
async fn wait_report(c: &TestClient, id: &str, timeout: Duration, done: impl Fn(&Value) -> bool) -> Value {
    let started = Instant::now();
    loop {
        let r = report(c, id).await;
        if done(&r) {
            return r;
        }
        assert!(started.elapsed() < timeout, "report not there in {timeout:?}: {r}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

async fn wait_final(c: &TestClient, id: &str, timeout: Duration) -> Value {
    wait_report(c, id, timeout, |r| r["process"] != "generating").await
}

async fn start(c: &TestClient, body: Value) -> Value {
    let (status, b) = c.post_json("/api/idea-reports", body).await;
    assert_eq!(status, 200, "{b}");
    b["data"].clone()
}

async fn app_with_double(db: TestDatabase, double: &OpenAiDouble) -> (TestApp, TestClient) {
    let mut app = TestApp::start(db).await;
    app.start_worker_with(remote(double, 5));
    let mut c = app.client();
    c.register_random().await;
    c.wait_capability("MKT_IDEA_GEN", "available").await;
    (app, c)
}

async fn a_report_runs_every_stage_in_order(db: TestDatabase) {
    let double = OpenAiDouble::start(MODEL, KEY, Reply::text(RISK, Duration::ZERO));
    double.script([SUMMARY, IDEAS, ASSOCIATION, RISK].map(|t| Reply::text(t, Duration::ZERO)));
    let (app, c) = app_with_double(db, &double).await;
    let (_, saved) =
        c.post_json("/api/hotspots", json!({ "title": "秋天的第一杯奶茶", "summary": "立秋当天话题冲上热搜" })).await;
    let hotspot = saved["data"]["id"].as_str().unwrap().to_owned();
    let before = lingshi(&c).await;

    let started = start(
        &c,
        json!({ "hotspotId": hotspot, "marketDesc": PRODUCT, "socialType": ["image"], "ideaStyle": "整活幽默" }),
    )
    .await;
    assert_eq!(started["process"], "generating");
    assert_eq!(started["stages"], json!(["summary", "advice_online", "association", "risk"]));
    assert_eq!(started["runningStage"], "summary");
    assert_eq!(started["reportTitle"], "秋天的第一杯奶茶");
    let id = started["id"].as_str().unwrap().to_owned();

    let done = wait_final(&c, &id, Duration::from_secs(120)).await;
    assert_eq!(done["process"], "completed", "{done}");
    assert_eq!(done["stage"], "risk");
    let content = &done["reportContent"];
    assert!(content["eventSummary"].as_str().unwrap().starts_with("立秋当天"), "label dropped: {content}");
    assert_eq!(content["socialMediaMkts"].as_array().unwrap().len(), 3);
    assert_eq!(content["socialMediaMkts"][0]["title"], "秋日第一杯");
    assert_eq!(content["association"].as_array().unwrap().len(), 2);
    assert_eq!(content["marketingRisk"][1], "不要使用他人拍摄的热点图片，避免侵权。");
    assert_eq!(content["socialMediaMktVideos"], json!([]));

    // One request per stage, in the plan's order; later stages read the summary.
    let asked = double.received();
    let order: Vec<&str> = asked.iter().map(|r| stage_of(r.body["messages"][0]["content"].as_str().unwrap())).collect();
    assert_eq!(order, ["summary", "advice_online", "association", "risk"]);
    let user = asked[1].body["messages"][1]["content"].as_str().unwrap();
    assert!(user.contains("事件总结：立秋当天") && user.contains(PRODUCT), "{user}");
    // Only the picture ideas are charged: 30, once, never refunded.
    assert_eq!(lingshi(&c).await, before - 30);
    assert_eq!(ledger_sums(&app, &c).await, (-30, 0));

    // The Word export holds the title asked for and every section.
    let (status, bytes) = c.get_bytes(&format!("/api/idea-reports/{id}/export.docx")).await;
    assert_eq!(status, 200);
    let xml = document_xml(bytes);
    for text in ["热点营销策划", "事件总结", "秋日第一杯", "营销风险", "避免侵权"] {
        assert!(xml.contains(text), "{text} missing from the document");
    }
    let (_, bytes) =
        c.get_bytes(&format!("/api/idea-reports/{id}/export.docx?title=%E5%A5%B6%E8%8C%B6%E7%AD%96%E5%88%92")).await;
    assert!(document_xml(bytes).contains("奶茶策划"));

    let (status, refused) = c.post_json(&format!("/api/idea-reports/{id}/cancel"), json!({})).await;
    assert_eq!((status, refused["error"].as_str()), (409, Some("IDEA_REPORT_ENDED")));

    let (_, list) = c.get("/api/idea-reports").await;
    assert_eq!(list["data"]["total"], 1);
    assert_eq!(list["data"]["list"][0]["id"], id);
}

fn document_xml(docx: Vec<u8>) -> String {
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(docx)).expect("a .docx is a zip");
    let mut xml = String::new();
    zip.by_name("word/document.xml").unwrap().read_to_string(&mut xml).unwrap();
    xml
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_report_runs_every_stage_in_order_on_sqlite() {
    a_report_runs_every_stage_in_order(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_report_runs_every_stage_in_order_on_postgres() {
    a_report_runs_every_stage_in_order(TestDatabase::postgres().await).await;
}

async fn a_failed_stage_fails_the_report_and_is_refunded_once(db: TestDatabase) {
    let double = OpenAiDouble::start(MODEL, KEY, Reply::text(RISK, Duration::ZERO));
    // The ideas stage gets two ideas, then the same two three times (the
    // double's default after its script is the risk points, no idea at
    // all): the two are kept, the third never comes.
    let two = "创意1：秋日第一杯\n内容：拍一张落叶和奶茶的合照。\n创意2：桂花香\n内容：用桂花特写配文案，很香。";
    double.script([SUMMARY, two, two, two].map(|t| Reply::text(t, Duration::ZERO)));
    let (app, c) = app_with_double(db, &double).await;
    let before = lingshi(&c).await;
    let started = start(
        &c,
        json!({ "reportTitle": "立秋", "marketDesc": PRODUCT, "socialType": ["image", "offline"], "hotspotSourceType": "CALENDAR" }),
    )
    .await;
    let id = started["id"].as_str().unwrap().to_owned();
    let done = wait_final(&c, &id, Duration::from_secs(120)).await;
    assert_eq!(done["process"], "failed", "{done}");
    assert_eq!(
        (done["errorStage"].as_str(), done["errorCode"].as_str()),
        (Some("advice_online"), Some("COPY_GENERATION_FAILED"))
    );
    assert_eq!(done["stage"], "summary", "the summary was delivered and kept");
    assert!(done["reportContent"]["eventSummary"].is_string());
    // The summary, the first ideas answer, then three refused answers for
    // the missing idea; no stage after the failed one was asked.
    assert_eq!(double.received().len(), 5);
    let asked_again = double.received()[2].body.to_string();
    assert!(asked_again.contains("已经写好的创意（不要重复）：秋日第一杯；桂花香"), "{asked_again}");
    assert_eq!(lingshi(&c).await, before);
    assert_eq!(ledger_sums(&app, &c).await, (-30, 30), "charged once, refunded once");
    // A few more reads change nothing.
    for _ in 0..3 {
        assert_eq!(report(&c, &id).await["process"], "failed");
    }
    assert_eq!(ledger_sums(&app, &c).await, (-30, 30));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_stage_fails_the_report_and_is_refunded_once_on_sqlite() {
    a_failed_stage_fails_the_report_and_is_refunded_once(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_stage_fails_the_report_and_is_refunded_once_on_postgres() {
    a_failed_stage_fails_the_report_and_is_refunded_once(TestDatabase::postgres().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancel_stops_the_running_stage_refunds_it_and_keeps_what_was_delivered() {
    let double = OpenAiDouble::start(MODEL, KEY, Reply::text(RISK, Duration::ZERO));
    // The ideas are written slowly: a piece every 200 ms, about 25 s in all.
    double.script([Reply::text(SUMMARY, Duration::ZERO), Reply::text(IDEAS, Duration::from_millis(200))]);
    let (app, c) = app_with_double(TestDatabase::sqlite(), &double).await;
    let before = lingshi(&c).await;
    let started = start(&c, json!({ "reportTitle": "立秋", "marketDesc": PRODUCT, "socialType": ["image"] })).await;
    let id = started["id"].as_str().unwrap().to_owned();
    // Wait until the ideas are being written (charged, running).
    let running = wait_report(&c, &id, Duration::from_secs(60), |r| r["runningStage"] == "advice_online").await;
    let task = running["currentTaskId"].as_str().unwrap().to_owned();
    let started_at = Instant::now();
    loop {
        let (_, t) = c.get(&format!("/api/tasks/{task}")).await;
        if t["data"]["status"] == "RUNNING" {
            break;
        }
        assert!(started_at.elapsed() < Duration::from_secs(30), "{t}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(lingshi(&c).await, before - 30);

    let (status, cancelled) = c.post_json(&format!("/api/idea-reports/{id}/cancel"), json!({})).await;
    assert_eq!(status, 200, "{cancelled}");
    assert_eq!(cancelled["data"]["process"], "cancelled");
    assert!(cancelled["data"]["reportContent"]["eventSummary"].is_string(), "the summary stays");
    assert_eq!(cancelled["data"]["reportContent"]["socialMediaMkts"], json!([]));
    assert_eq!(lingshi(&c).await, before);
    assert_eq!(ledger_sums(&app, &c).await, (-30, 30));
    let (_, t) = c.get(&format!("/api/tasks/{task}")).await;
    assert_eq!(t["data"]["errorCode"], "TASK_STOPPED");

    // It stays cancelled: no later stage starts, a second cancel is refused.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let after = report(&c, &id).await;
    assert_eq!((after["process"].as_str(), after["currentTaskId"].as_str()), (Some("cancelled"), None));
    // A second cancel answers the same, and refunds nothing more.
    let (status, again) = c.post_json(&format!("/api/idea-reports/{id}/cancel"), json!({})).await;
    assert_eq!((status, again["data"]["process"].as_str()), (200, Some("cancelled")), "{again}");
    assert_eq!(ledger_sums(&app, &c).await, (-30, 30));
    assert_eq!(double.received().len(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_are_refused_before_anything_is_charged() {
    let double = OpenAiDouble::start(MODEL, KEY, Reply::text(RISK, Duration::ZERO));
    let (app, c) = app_with_double(TestDatabase::sqlite(), &double).await;
    let before = lingshi(&c).await;
    for (body, code, field) in [
        (json!({ "reportTitle": "立秋" }), "IDEA_MARKET_DESC_REQUIRED", Some("marketDesc")),
        (json!({ "marketDesc": PRODUCT }), "IDEA_TOPIC_REQUIRED", Some("reportTitle")),
        (
            json!({ "reportTitle": "立秋", "marketDesc": PRODUCT, "socialType": [] }),
            "IDEA_SOCIAL_TYPE_REQUIRED",
            Some("socialType"),
        ),
        (
            json!({ "reportTitle": "立秋", "marketDesc": PRODUCT, "ideaStyle": "grumpy" }),
            "INVALID_PARAM",
            Some("ideaStyle"),
        ),
        (json!({ "hotspotId": uuid::Uuid::new_v4().to_string(), "marketDesc": PRODUCT }), "HOTSPOT_NOT_FOUND", None),
        (json!({ "reportTitle": "立秋", "marketDesc": "字".repeat(501) }), "IDEA_TEXT_TOO_LONG", None),
    ] {
        let (s, b) = c.post_json("/api/idea-reports", body.clone()).await;
        assert_eq!((s / 100, b["error"].as_str()), (4, Some(code)), "{body}: {b}");
        if let Some(field) = field {
            assert_eq!(b["field"], field, "{b}");
        }
    }
    // A stage task is never submitted directly.
    let (s, b) = c.post_json("/api/tasks", json!({ "bizType": "MKT_IDEA_GEN", "params": {} })).await;
    assert_eq!(s / 100, 4, "{b}");
    // Someone else's report is not found.
    let mut other = app.client();
    other.register_random().await;
    let started = start(&other, json!({ "reportTitle": "立秋", "marketDesc": PRODUCT, "socialType": ["video"] })).await;
    let (s, b) = c.get(&format!("/api/idea-reports/{}", started["id"].as_str().unwrap())).await;
    assert_eq!((s, b["error"].as_str()), (404, Some("IDEA_REPORT_NOT_FOUND")));
    assert_eq!(lingshi(&c).await, before);
    assert_eq!(ledger_sums(&app, &c).await, (0, 0));
}

/// The real Qwen2.5-Coder-0.5B (the small model `scripts/test` fetches)
/// writes a whole report: every stage's answer met the rules (three complete
/// ideas, a summary, points) within its attempts. The 1.5B default writes
/// better plans; this proves the path with real weights.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_real_qwen_0_5b_writes_a_whole_report() {
    use crate::support::text_tasks::local;

    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    app.start_worker_with(local);
    let mut c = app.client();
    c.register_random().await;
    c.wait_capability("MKT_IDEA_GEN", "available").await;
    let before = lingshi(&c).await;
    let started = start(
        &c,
        json!({ "reportTitle": "秋天的第一杯奶茶", "topicDesc": "立秋当天，晒秋天第一杯奶茶的话题冲上热搜", "marketDesc": PRODUCT, "socialType": ["image"] }),
    )
    .await;
    let id = started["id"].as_str().unwrap().to_owned();
    let done = wait_final(&c, &id, Duration::from_secs(1500)).await;
    let charged = before - lingshi(&c).await;
    match done["process"].as_str() {
        Some("completed") => {
            let content = &done["reportContent"];
            assert!(content["eventSummary"].as_str().is_some_and(|s| s.chars().count() >= 10), "{content}");
            let ideas = content["socialMediaMkts"].as_array().unwrap();
            assert_eq!(ideas.len(), 3, "{content}");
            assert!(ideas.iter().all(|i| i["title"].as_str().is_some_and(|t| !t.is_empty())));
            assert!(content["marketingRisk"].as_array().unwrap().len() >= 2);
            assert_eq!(charged, 30);
        }
        // An unlucky draw may fail a stage; then it must say which, and the
        // ideas must not be charged unless they were delivered.
        _ => {
            assert!(done["errorStage"].is_string(), "{done}");
            let ideas_delivered = !done["reportContent"]["socialMediaMkts"].as_array().unwrap().is_empty();
            assert_eq!(charged, if ideas_delivered { 30 } else { 0 }, "{done}");
            panic!("the 0.5B did not complete a report: {done}");
        }
    }
}

/// With a product photo, each picture idea gets a scene picture (the
/// product on a library background chosen for the idea) and a design
/// picture (a poster of the idea), made by their own free tasks created
/// with the ideas; the report still costs 30.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_picture_idea_gets_a_scene_and_a_design_picture() {
    let double = OpenAiDouble::start(MODEL, KEY, Reply::text(RISK, Duration::ZERO));
    double.script([SUMMARY, IDEAS, ASSOCIATION, RISK].map(|t| Reply::text(t, Duration::ZERO)));
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    app.start_worker_with(remote(&double, 5));
    let mut c = app.client();
    c.register_random().await;
    c.wait_capability("MKT_IDEA_GEN", "available").await;
    c.wait_capability("PLACARD_GEN", "available").await;
    let photo = c.upload_png(encode_png(&product_photo(900, 1000).0)).await;
    let before = lingshi(&c).await;
    let started = start(
        &c,
        json!({ "reportTitle": "秋天的第一杯奶茶", "marketDesc": PRODUCT, "socialType": ["image"], "productImage": photo }),
    )
    .await;
    let id = started["id"].as_str().unwrap().to_owned();
    let done = wait_report(&c, &id, Duration::from_secs(300), |r| {
        r["process"] != "generating" && r["picturesPending"] == false
    })
    .await;
    assert_eq!(done["process"], "completed", "{done}");
    let pictures = done["pictures"].as_array().unwrap();
    assert_eq!(pictures.len(), 6, "{done}");
    for idea in 0..3 {
        for kind in ["scene", "design"] {
            let p = pictures.iter().find(|p| p["idea"] == idea && p["kind"] == kind).unwrap();
            assert_eq!(p["status"], "SUCCESS", "{p}");
            let url = p["url"].as_str().unwrap();
            let (status, bytes) = c.get_bytes(url).await;
            assert_eq!(status, 200);
            let img = image::load_from_memory(&bytes).unwrap();
            // Both are 3:4, like a redbook note.
            assert_eq!(img.width() * 4, img.height() * 3, "{kind} {}x{}", img.width(), img.height());
        }
    }
    // The first idea is about a drink: its scene is the marble counter.
    let scene = pictures.iter().find(|p| p["idea"] == 0 && p["kind"] == "scene").unwrap();
    let (_, task) = c.get(&format!("/api/tasks/{}", scene["taskId"].as_str().unwrap())).await;
    assert_eq!(task["data"]["bizType"], "PRODUCT_IMAGE");
    assert_eq!(task["data"]["params"]["backgroundId"], "marble-counter", "{task}");
    // The Word export shows them under their ideas.
    let (status, docx) = c.get_bytes(&format!("/api/idea-reports/{id}/export.docx")).await;
    assert_eq!(status, 200);
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(docx)).expect("a .docx is a zip");
    let names: Vec<String> = (0..zip.len()).map(|i| zip.by_index(i).unwrap().name().unwrap().into_owned()).collect();
    assert_eq!(names.iter().filter(|n| n.starts_with("word/media/")).count(), 6, "{names:?}");
    // The pictures came with the ideas: nothing more was charged.
    assert_eq!(lingshi(&c).await, before - 30);
    assert_eq!(ledger_sums(&app, &c).await, (-30, 0));
}
