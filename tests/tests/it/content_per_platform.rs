//! Content per platform through the HTTP API, Redis and a worker: a batch
//! over the four platforms charges one post each; a stopped post is
//! refunded and ignores its task's end; a regenerated one is charged again
//! and replaces the text; continue writes the stopped one again; a post
//! whose answers never meet the rules fails and is refunded exactly once;
//! edits, pictures and likes persist. The posts are written through the
//! OpenAI-compatible double (answered by platform) and, once, on the real
//! Qwen2.5-Coder-0.5B.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use image::DynamicImage;
use pixmart_shared::domain::task_spec::parse_upload_url;
use pixmart_tests::fixtures::png;
use pixmart_tests::images::{encode_png, product_photo};
use pixmart_tests::openai_double::{OpenAiDouble, Reply};
use pixmart_tests::{TestApp, TestClient, TestDatabase};
use serde_json::{json, Value};

use crate::support::text_tasks::{ledger_sums, lingshi, remote, KEY, MODEL};

const PRODUCT: &str = "桂花乌龙奶茶";
const INFO: &str = "中杯16元，低糖，桂花香，秋季限定";
const NOTE: &str = "标题：秋天的第一杯桂花乌龙🍂\n正文：\n立秋这天，办公室里人手一杯奶茶，我选了这杯桂花乌龙。\n\n一口下去是淡淡的桂花香，乌龙茶底很清爽，低糖也不腻，喝完整个人都秋天了。\n\n中杯16元，秋季限定，错过就要等明年啦！\n话题：#秋天的第一杯奶茶 #桂花乌龙 #立秋";
const NOTE_AGAIN: &str = "标题：桂花香里的立秋🌼\n正文：\n今年立秋，我的第一杯奶茶是桂花乌龙。\n\n桂花的香气一打开杯盖就飘出来，乌龙茶底回甘，低糖配方喝着没负担。\n\n秋季限定，中杯16元，和同事拼单更划算！\n话题：#立秋 #桂花乌龙 #奶茶推荐";
const POST: &str = "正文：立秋了，秋天的第一杯奶茶你喝了吗？🍂 这杯桂花乌龙奶茶，桂花香配乌龙茶底，低糖不腻，中杯16元，秋季限定，喝一口就是秋天的味道！\n话题：#秋天的第一杯奶茶# #立秋#";
const SCRIPT: &str = "标题：立秋第一杯奶茶\n镜头1（3秒）\n画面：落叶飘过奶茶店门口\n台词：立秋了，你的第一杯奶茶安排了吗？\n镜头2（4秒）\n画面：店员做桂花乌龙，桂花撒在奶盖上\n台词：这杯桂花乌龙，桂花香混着乌龙茶香，低糖也好喝。\n镜头3（4秒）\n画面：主角在办公室喝一口，露出满足的表情\n台词：一口下去，整个人都秋天了。\n镜头4（3秒）\n画面：菜单上的价格特写\n台词：中杯16元，秋季限定，快去店里试试！\n话题：#立秋 #奶茶 #桂花乌龙";
const ARTICLE: &str = "标题：立秋喝什么？这杯桂花乌龙刚刚好\n每年立秋，“秋天的第一杯奶茶”都会刷屏。今年我们准备了一杯更有秋天味道的饮品：桂花乌龙奶茶。\n## 桂花香，是秋天的信号\n桂花是秋天最有代表性的香气。我们把桂花和乌龙茶放在一起，一打开杯盖就能闻到淡淡的花香，让人一下子感受到季节的变化。\n## 低糖，喝得更轻松\n很多朋友担心奶茶太甜。这杯桂花乌龙采用低糖配方，茶底清爽回甘，甜度刚刚好，下午喝一杯也没有负担。\n## 秋季限定，错过等一年\n桂花乌龙是秋季限定饮品，中杯只要16元。约上同事朋友，一起喝下秋天的第一杯吧，到店就能买到。";
/// Fluent, but English: refused for a Chinese request, every time.
const ENGLISH: &str = "Title: Autumn tea\nBody:\nThis is a lovely autumn drink that everyone in the office will enjoy this season.\nTags: #tea";

/// Which platform a request is for, by the role its system prompt sets.
fn platform_of(body: &Value) -> &'static str {
    let system = body["messages"][0]["content"].as_str().unwrap_or_default();
    if system.contains("小红书") {
        "redbook"
    } else if system.contains("微博") {
        "weibo"
    } else if system.contains("抖音") {
        "tiktok"
    } else if system.contains("公众号") {
        "wechat"
    } else {
        "other"
    }
}

async fn batch(c: &TestClient, id: &str) -> Value {
    let (status, body) = c.get(&format!("/api/content-batches/{id}")).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

/// Polls the batch (each read also takes finished posts in) until `done`.
async fn wait_batch(c: &TestClient, id: &str, timeout: Duration, done: impl Fn(&Value) -> bool) -> Value {
    let started = Instant::now();
    loop {
        let b = batch(c, id).await;
        if done(&b) {
            return b;
        }
        assert!(started.elapsed() < timeout, "batch not there in {timeout:?}: {b}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

async fn wait_settled(c: &TestClient, id: &str, timeout: Duration) -> Value {
    wait_batch(c, id, timeout, |b| b["loading"] == false).await
}

fn item<'a>(b: &'a Value, platform: &str) -> &'a Value {
    b["items"].as_array().unwrap().iter().find(|i| i["platform"] == platform).unwrap()
}

fn item_id(b: &Value, platform: &str) -> String {
    item(b, platform)["id"].as_str().unwrap().to_owned()
}

/// A picture uploaded as a note's (small pictures allowed), by its id.
async fn note_picture(c: &TestClient) -> String {
    let data = png(&DynamicImage::new_rgb8(320, 320));
    let (status, body) = c.upload_to("/api/uploads?purpose=note", "note.png", "image/png", data).await;
    assert_eq!(status, 200, "{body}");
    parse_upload_url(body["data"]["urls"][0].as_str().unwrap()).unwrap().to_string()
}

async fn start(c: &TestClient, body: Value) -> Value {
    let (status, b) = c.post_json("/api/content-batches", body).await;
    assert_eq!(status, 200, "{b}");
    b["data"].clone()
}

async fn app_with_double(db: TestDatabase, double: &OpenAiDouble) -> (TestApp, TestClient) {
    let mut app = TestApp::start(db).await;
    app.start_worker_with(remote(double, 5));
    let mut c = app.client();
    c.register_random().await;
    c.wait_capability("MKT_CONTENT_GEN", "available").await;
    (app, c)
}

fn calendar_day() -> Value {
    json!({
        "source": "calendar", "topic": "立秋", "topicDesc": "二十四节气之一，秋天的开始",
        "productName": PRODUCT, "productInfo": INFO,
        "platforms": ["redbook", "weibo", "tiktok", "wechat"], "ideaStyle": "生动活泼",
    })
}

async fn four_platforms_one_stopped_one_regenerated(db: TestDatabase) {
    let double = OpenAiDouble::start(MODEL, KEY, Reply::text(ENGLISH, Duration::ZERO));
    let weibo_asked = Arc::new(AtomicUsize::new(0));
    let redbook_asked = Arc::new(AtomicUsize::new(0));
    let (w, r) = (weibo_asked.clone(), redbook_asked.clone());
    double.respond(move |body| {
        Some(match platform_of(body) {
            // The first weibo post is written slowly (about 20 s): long
            // enough to be stopped whatever order the posts run in.
            "weibo" if w.fetch_add(1, Ordering::SeqCst) == 0 => Reply::text(POST, Duration::from_millis(300)),
            "weibo" => Reply::text(POST, Duration::ZERO),
            "redbook" if r.fetch_add(1, Ordering::SeqCst) == 0 => Reply::text(NOTE, Duration::ZERO),
            "redbook" => Reply::text(NOTE_AGAIN, Duration::ZERO),
            "tiktok" => Reply::text(SCRIPT, Duration::ZERO),
            "wechat" => Reply::text(ARTICLE, Duration::ZERO),
            _ => return None,
        })
    });
    let (app, c) = app_with_double(db, &double).await;
    let before = lingshi(&c).await;

    let started = start(&c, calendar_day()).await;
    assert_eq!(started["loading"], true);
    assert_eq!(started["source"], "calendar");
    let platforms: Vec<&str> =
        started["items"].as_array().unwrap().iter().map(|i| i["platform"].as_str().unwrap()).collect();
    assert_eq!(platforms, ["redbook", "weibo", "tiktok", "wechat"]);
    assert!(started["items"]
        .as_array()
        .unwrap()
        .iter()
        .all(|i| i["status"] == "generating" && i["result"] == "loading"));
    assert_eq!(lingshi(&c).await, before - 40, "one post per platform, 10 each");
    let id = started["id"].as_str().unwrap().to_owned();

    // Stop the weibo post: refunded, and it stays stopped.
    let weibo = item_id(&started, "weibo");
    let (status, stopped) = c.post_json(&format!("/api/content-items/{weibo}/stop"), json!({})).await;
    assert_eq!(status, 200, "{stopped}");
    assert_eq!(item(&stopped["data"], "weibo")["status"], "stopped");
    assert_eq!(item(&stopped["data"], "weibo")["result"], "stop");
    assert_eq!(lingshi(&c).await, before - 30);

    let done = wait_settled(&c, &id, Duration::from_secs(120)).await;
    for p in ["redbook", "tiktok", "wechat"] {
        assert_eq!(item(&done, p)["status"], "completed", "{p}: {done}");
        assert_eq!(item(&done, p)["result"], "success");
    }
    let note = item(&done, "redbook");
    assert_eq!(note["title"], "秋天的第一杯桂花乌龙🍂");
    assert!(note["content"].as_str().unwrap().starts_with("立秋这天"), "{note}");
    assert_eq!(note["tags"], json!(["秋天的第一杯奶茶", "桂花乌龙", "立秋"]));
    assert!(item(&done, "tiktok")["content"].as_str().unwrap().contains("镜头1"), "{done}");
    assert!(item(&done, "wechat")["title"].as_str().unwrap().starts_with("立秋喝什么"));
    let stopped = item(&done, "weibo");
    assert_eq!((stopped["status"].as_str(), stopped["content"].as_str()), (Some("stopped"), None));
    // The prompt carried the day, the product and its facts.
    let asked = double.received();
    let user = asked.iter().find(|r| platform_of(&r.body) == "redbook").unwrap().body["messages"][1]["content"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(user.contains("主题：立秋") && user.contains(PRODUCT) && user.contains(INFO), "{user}");

    // Regenerate the note: charged again, a new text replaces the old.
    let redbook = item_id(&done, "redbook");
    let (status, again) = c.post_json(&format!("/api/content-items/{redbook}/regenerate"), json!({})).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(item(&again["data"], "redbook")["status"], "re_generating");
    // While it is written it cannot be edited or regenerated again.
    let (status, busy) = c.post_json(&format!("/api/content-items/{redbook}/regenerate"), json!({})).await;
    assert_eq!((status, busy["error"].as_str()), (409, Some("CONTENT_ITEM_BUSY")), "{busy}");
    let done = wait_settled(&c, &id, Duration::from_secs(60)).await;
    assert_eq!(item(&done, "redbook")["title"], "桂花香里的立秋🌼");

    // Continue: the stopped weibo post is written again, charged again.
    let (status, continued) = c.post_json(&format!("/api/content-batches/{id}/continue"), json!({})).await;
    assert_eq!(status, 200, "{continued}");
    assert_eq!(item(&continued["data"], "weibo")["status"], "continue_generating");
    let done = wait_settled(&c, &id, Duration::from_secs(60)).await;
    assert_eq!(item(&done, "weibo")["status"], "completed", "{done}");
    assert_eq!(item(&done, "weibo")["title"], Value::Null);
    assert!(item(&done, "weibo")["content"].as_str().unwrap().contains("桂花乌龙"));
    let (status, nothing) = c.post_json(&format!("/api/content-batches/{id}/continue"), json!({})).await;
    assert_eq!((status, nothing["error"].as_str()), (409, Some("CONTENT_NOTHING_TO_CONTINUE")));

    // Exactly: six posts charged (four, the regeneration, the continuation),
    // one refunded (the stop).
    assert_eq!(ledger_sums(&app, &c).await, (-60, 10));
    assert_eq!(lingshi(&c).await, before - 50);
    // More reads change nothing.
    for _ in 0..3 {
        batch(&c, &id).await;
    }
    assert_eq!(ledger_sums(&app, &c).await, (-60, 10));

    let (_, list) = c.get("/api/content-batches").await;
    assert_eq!(list["data"]["total"], 1);
    assert_eq!(list["data"]["list"][0]["id"], id);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_platforms_one_stopped_one_regenerated_on_sqlite() {
    four_platforms_one_stopped_one_regenerated(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_platforms_one_stopped_one_regenerated_on_postgres() {
    four_platforms_one_stopped_one_regenerated(TestDatabase::postgres().await).await;
}

async fn a_failed_post_is_refunded_once_and_the_rest_are_kept(db: TestDatabase) {
    // The article never meets the rules (English for a Chinese request).
    let double = OpenAiDouble::start(MODEL, KEY, Reply::text(ENGLISH, Duration::ZERO));
    double.respond(|body| match platform_of(body) {
        "redbook" => Some(Reply::text(NOTE, Duration::ZERO)),
        _ => None,
    });
    let (app, c) = app_with_double(db, &double).await;
    let before = lingshi(&c).await;
    let body =
        json!({ "topic": "立秋", "productName": PRODUCT, "productInfo": INFO, "platforms": ["redbook", "wechat"] });
    let started = start(&c, body).await;
    assert_eq!(started["source"], "custom");
    let id = started["id"].as_str().unwrap().to_owned();
    let done = wait_settled(&c, &id, Duration::from_secs(120)).await;
    assert_eq!(item(&done, "redbook")["status"], "completed", "{done}");
    let failed = item(&done, "wechat");
    assert_eq!((failed["status"].as_str(), failed["result"].as_str()), (Some("failed"), Some("fail")), "{done}");
    assert_eq!(failed["errorCode"], "COPY_GENERATION_FAILED");
    assert_eq!(lingshi(&c).await, before - 10);
    assert_eq!(ledger_sums(&app, &c).await, (-20, 10), "the failed post refunded once");
    for _ in 0..3 {
        assert_eq!(item(&batch(&c, &id).await, "wechat")["status"], "failed");
    }
    assert_eq!(ledger_sums(&app, &c).await, (-20, 10));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_post_is_refunded_once_and_the_rest_are_kept_on_sqlite() {
    a_failed_post_is_refunded_once_and_the_rest_are_kept(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_post_is_refunded_once_and_the_rest_are_kept_on_postgres() {
    a_failed_post_is_refunded_once_and_the_rest_are_kept(TestDatabase::postgres().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn edits_pictures_and_likes_persist_within_the_platforms_limits() {
    let double = OpenAiDouble::start(MODEL, KEY, Reply::text(POST, Duration::ZERO));
    let (app, c) = app_with_double(TestDatabase::sqlite(), &double).await;
    let started =
        start(&c, json!({ "topic": "立秋", "productName": PRODUCT, "productInfo": INFO, "platforms": ["weibo"] }))
            .await;
    let id = started["id"].as_str().unwrap().to_owned();
    let done = wait_settled(&c, &id, Duration::from_secs(60)).await;
    let weibo = item_id(&done, "weibo");

    let (status, saved) = c
        .put_json(
            &format!("/api/content-items/{weibo}/text"),
            json!({ "content": " 改过的微博正文 ", "tags": ["#立秋", ""] }),
        )
        .await;
    assert_eq!(status, 200, "{saved}");
    let post = item(&saved["data"], "weibo");
    assert_eq!((post["content"].as_str(), post["edited"].as_bool()), (Some("改过的微博正文"), Some(true)));
    assert_eq!(post["tags"], json!(["立秋"]));
    for (body, code, field) in [
        (json!({ "content": "正文", "title": "微博没有标题" }), "INVALID_PARAM", "title"),
        (json!({ "content": "字".repeat(501) }), "CONTENT_TEXT_TOO_LONG", "content"),
        (json!({ "content": "  " }), "INVALID_PARAM", "content"),
    ] {
        let (status, refused) = c.put_json(&format!("/api/content-items/{weibo}/text"), body.clone()).await;
        assert_eq!(
            (status / 100, refused["error"].as_str(), refused["field"].as_str()),
            (4, Some(code), Some(field)),
            "{body}: {refused}"
        );
    }

    // Pictures: the caller's own image, added once, then removed.
    let upload = note_picture(&c).await;
    let (status, added) =
        c.post_json(&format!("/api/content-items/{weibo}/images"), json!({ "uploadId": upload })).await;
    assert_eq!(status, 200, "{added}");
    let images = &item(&added["data"], "weibo")["images"];
    assert_eq!(images.as_array().unwrap().len(), 1);
    assert_eq!(images[0]["url"], format!("/api/files/uploads/{upload}"));
    let (_, again) = c.post_json(&format!("/api/content-items/{weibo}/images"), json!({ "uploadId": upload })).await;
    assert_eq!(item(&again["data"], "weibo")["images"].as_array().unwrap().len(), 1, "added once");
    let mut other = app.client();
    other.register_random().await;
    let theirs = note_picture(&other).await;
    let (status, refused) =
        c.post_json(&format!("/api/content-items/{weibo}/images"), json!({ "uploadId": theirs })).await;
    assert_eq!((status / 100, refused["error"].as_str()), (4, Some("IMAGE_NOT_FOUND")), "{refused}");
    let (status, removed) = c.delete(&format!("/api/content-items/{weibo}/images/{upload}")).await;
    assert_eq!(status, 200, "{removed}");
    assert_eq!(item(&removed["data"], "weibo")["images"], json!([]));

    // Like, then dislike, then neither; each read back.
    for (op, expected) in
        [(json!("like"), json!("like")), (json!("dislike"), json!("dislike")), (Value::Null, Value::Null)]
    {
        let (status, rated) =
            c.put_json(&format!("/api/content-items/{weibo}/rating"), json!({ "operationType": op })).await;
        assert_eq!(status, 200, "{rated}");
        assert_eq!(item(&batch(&c, &id).await, "weibo")["rating"], expected);
    }
    // The statistics count a post's like for the task that wrote it, and
    // the post under its platform.
    c.put_json(&format!("/api/content-items/{weibo}/rating"), json!({ "operationType": "like" })).await;
    let (_, stats) = c.get("/api/marketing/statistics").await;
    let totals = &stats["data"]["totals"];
    assert_eq!((totals["likes"].as_u64(), totals["dislikes"].as_u64()), (Some(1), Some(0)), "{stats}");
    assert_eq!(stats["data"]["byPlatform"], json!([{ "platform": "weibo", "generations": 1 }]), "{stats}");
    // Someone else's post is not found.
    let (status, hidden) =
        other.put_json(&format!("/api/content-items/{weibo}/rating"), json!({ "operationType": "like" })).await;
    assert_eq!((status, hidden["error"].as_str()), (404, Some("CONTENT_ITEM_NOT_FOUND")));
    let (status, hidden) = other.get(&format!("/api/content-batches/{id}")).await;
    assert_eq!((status, hidden["error"].as_str()), (404, Some("CONTENT_BATCH_NOT_FOUND")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_are_refused_before_anything_is_charged() {
    let double = OpenAiDouble::start(MODEL, KEY, Reply::text(POST, Duration::ZERO));
    let (app, c) = app_with_double(TestDatabase::sqlite(), &double).await;
    let before = lingshi(&c).await;
    let good = json!({ "topic": "立秋", "productName": PRODUCT, "platforms": ["weibo"] });
    let with = |k: &str, v: Value| {
        let mut b = good.clone();
        b[k] = v;
        b
    };
    for (body, code, field) in [
        (with("productName", json!(" ")), "CONTENT_PRODUCT_REQUIRED", "productName"),
        (with("platforms", json!([])), "CONTENT_PLATFORM_REQUIRED", "platforms"),
        (with("platforms", json!(["weibo", "weibo"])), "INVALID_PARAM", "platforms"),
        (with("topic", Value::Null), "IDEA_TOPIC_REQUIRED", "topic"),
        (with("ideaStyle", json!("grumpy")), "COPY_BAD_STYLE", "ideaStyle"),
        (with("source", json!("hotspot")), "IDEA_TOPIC_REQUIRED", "hotspotId"),
        (with("hotspotId", json!(uuid::Uuid::new_v4().to_string())), "HOTSPOT_NOT_FOUND", ""),
        (
            json!({ "reportId": uuid::Uuid::new_v4().to_string(), "ideaIndex": 0, "productName": PRODUCT, "platforms": ["weibo"] }),
            "IDEA_REPORT_NOT_FOUND",
            "reportId",
        ),
    ] {
        let (s, b) = c.post_json("/api/content-batches", body.clone()).await;
        assert_eq!((s / 100, b["error"].as_str()), (4, Some(code)), "{body}: {b}");
        if !field.is_empty() {
            assert_eq!(b["field"], field, "{b}");
        }
    }
    // A post's task is never submitted directly.
    let (s, b) = c.post_json("/api/tasks", json!({ "bizType": "MKT_CONTENT_GEN", "params": {} })).await;
    assert_eq!(s / 100, 4, "{b}");
    assert_eq!(lingshi(&c).await, before);
    assert_eq!(ledger_sums(&app, &c).await, (0, 0));
}

/// The real Qwen2.5-Coder-0.5B (the small model `scripts/test` fetches)
/// writes a redbook note and a weibo post for a calendar day: both met the
/// copy rules within their attempts. The 1.5B default writes better copy;
/// this proves the path with real weights.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_real_qwen_0_5b_writes_posts_for_redbook_and_weibo() {
    use crate::support::text_tasks::local;

    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    app.start_worker_with(local);
    let mut c = app.client();
    c.register_random().await;
    c.wait_capability("MKT_CONTENT_GEN", "available").await;
    let before = lingshi(&c).await;
    let mut body = calendar_day();
    body["platforms"] = json!(["redbook", "weibo"]);
    let started = start(&c, body).await;
    let id = started["id"].as_str().unwrap().to_owned();
    let done = wait_settled(&c, &id, Duration::from_secs(900)).await;
    for p in ["redbook", "weibo"] {
        let post = item(&done, p);
        assert_eq!(post["status"], "completed", "{p}: {done}");
        assert!(post["content"].as_str().is_some_and(|t| t.chars().count() >= 30), "{p}: {post}");
    }
    assert!(item(&done, "redbook")["title"].as_str().is_some_and(|t| !t.is_empty() && t.chars().count() <= 20));
    assert_eq!(before - lingshi(&c).await, 20);
}

/// With a product photo, a written post gets a scene and a design picture,
/// made by free tasks that start with the text; a regenerated post gets new
/// ones.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_with_a_product_photo_gets_its_pictures() {
    let double = OpenAiDouble::start(MODEL, KEY, Reply::text(POST, Duration::ZERO));
    let (app, c) = app_with_double(TestDatabase::sqlite(), &double).await;
    c.wait_capability("PLACARD_GEN", "available").await;
    let photo = c.upload_png(encode_png(&product_photo(900, 1000).0)).await;
    let before = lingshi(&c).await;
    let body = json!({ "topic": "立秋", "productName": PRODUCT, "productInfo": INFO, "platforms": ["weibo"], "productImage": photo });
    let started = start(&c, body).await;
    let id = started["id"].as_str().unwrap().to_owned();
    let done =
        wait_batch(&c, &id, Duration::from_secs(180), |b| b["loading"] == false && b["picturesPending"] == false).await;
    let post = item(&done, "weibo");
    assert_eq!(post["status"], "completed", "{done}");
    let pictures = post["genImages"].as_array().unwrap();
    let kinds: Vec<&str> = pictures.iter().map(|p| p["type"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["scene_pic", "design_pic"], "{post}");
    for p in pictures {
        assert_eq!(p["status"], "SUCCESS", "{p}");
        let (status, _) = c.get_bytes(p["url"].as_str().unwrap()).await;
        assert_eq!(status, 200);
    }
    // A new version brings new pictures, and clears the old text's like.
    let first: Vec<Value> = pictures.iter().map(|p| p["taskId"].clone()).collect();
    let weibo = item_id(&done, "weibo");
    c.put_json(&format!("/api/content-items/{weibo}/rating"), json!({ "operationType": "like" })).await;
    c.post_json(&format!("/api/content-items/{weibo}/regenerate"), json!({})).await;
    let again =
        wait_batch(&c, &id, Duration::from_secs(180), |b| b["loading"] == false && b["picturesPending"] == false).await;
    let second: Vec<Value> =
        item(&again, "weibo")["genImages"].as_array().unwrap().iter().map(|p| p["taskId"].clone()).collect();
    assert_eq!(second.len(), 2);
    assert!(second.iter().all(|t| !first.contains(t)), "{first:?} {second:?}");
    assert_eq!(item(&again, "weibo")["rating"], Value::Null);
    // Two posts' text charged; the pictures came with them.
    assert_eq!(before - lingshi(&c).await, 20);
    assert_eq!(ledger_sums(&app, &c).await, (-20, 0));
}
