//! Picture and video rewrites (HOT_PIC_REWRITE, HOT_VIDEO_REWRITE), and the
//! topic article (THEME_ARTICLE_GEN) written beside them: the
//! real OCR (PP-OCRv6) and speech (Whisper base) models read media made
//! here (text drawn in Noto Sans CJK by ffmpeg, speech by espeak-ng), the
//! task records what was read, and copy is written from it — by an
//! OpenAI-compatible endpoint (the local double, so the answer is known) or
//! by the real Qwen2.5-Coder-0.5B. Media with nothing to read fails with its
//! own code, refunded once; bad uploads are refused at the edge.

use std::time::Duration;

use pixmart_tests::media_files::{mute_clip, note_picture, silent_clip, spoken_clip};
use pixmart_tests::openai_double::{OpenAiDouble, Reply};
use pixmart_tests::{TestApp, TestClient, TestDatabase};
use serde_json::{json, Value};

use crate::support::text_tasks::{ledger_sums, lingshi, local, remote, submit, KEY, MODEL};

/// A redbook note that meets every rule.
const NOTE: &str = "标题：冰丝防晒衣，夏天的续命神器🧊\n正文：\n三十五度的天出门，穿上它像随身带了一台小空调，胳膊一点都不晒🔥\n\n冰丝面料轻薄透气，揉成一团塞进包里也不占地方。\n\n现在第二件半价，和闺蜜一人一件刚刚好。\n话题：#防晒衣 #夏日穿搭 #冰丝";
/// A short-video script that meets every rule.
const SCRIPT: &str = "标题：冰镇一整天的水杯\n镜头1（3秒）\n画面：烈日下的操场，主角举起水杯\n台词：三十度的天，我的水还是冰的！\n镜头2（4秒）\n画面：倒出冰块叮当作响\n台词：早上装的冰块，傍晚还在，十二个小时都不化。\n镜头3（4秒）\n画面：水杯放进背包侧袋\n台词：轻轻一拎就走，上班健身都带着。\n镜头4（3秒）\n画面：主角对镜头举杯\n台词：夏天就靠它续命了，链接在下面！\n话题：#保冷杯 #夏日好物 #水杯推荐";

async fn upload_note(c: &TestClient, png: Vec<u8>) -> String {
    let (status, body) = c.upload_to("/api/uploads?purpose=note", "note.png", "image/png", png).await;
    assert_eq!(status, 200, "{body}");
    body["data"]["urls"][0].as_str().unwrap().to_owned()
}

async fn upload_video(c: &TestClient, mp4: Vec<u8>) -> (u16, Value) {
    c.upload_to("/api/uploads/video", "clip.mp4", "video/mp4", mp4).await
}

/// Han characters of `text` only: OCR and the tests agree on characters,
/// not on spaces.
fn han(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

async fn pictures_through_the_endpoint(db: TestDatabase) {
    let dir = tempfile::tempdir().unwrap();
    let double = OpenAiDouble::start(MODEL, KEY, Reply::text(NOTE, Duration::from_millis(5)));
    let mut app = TestApp::start(db).await;
    app.start_worker_with(remote(&double, 5));
    let mut c = app.client();
    c.register_random().await;
    assert_eq!(c.wait_capability("HOT_PIC_REWRITE", "available").await["state"], "available");
    let first = upload_note(&c, note_picture(dir.path(), &["夏日清凉 冰丝防晒衣", "限时特惠 第二件半价"])).await;
    let second = upload_note(&c, note_picture(dir.path(), &["UPF50+ 轻薄透气"])).await;
    let before = lingshi(&c).await;

    let task_id = submit(&c, "HOT_PIC_REWRITE", json!({ "imageUrls": [first, second], "genNum": 2 })).await;
    assert_eq!(lingshi(&c).await, before - 20, "10 per result, charged at submit");
    let task = c.wait_task(&task_id, Duration::from_secs(300)).await;
    assert_eq!(task["status"], "SUCCESS", "{task}");
    let read = han(task["sourceText"].as_str().unwrap());
    for words in ["冰丝防晒衣", "第二件半价", "轻薄透气"] {
        assert!(read.contains(words), "{words} not read: {read}");
    }
    assert!(read.find("防晒衣").unwrap() < read.find("轻薄透气").unwrap(), "pictures in order: {read}");
    let results = task["results"].as_array().unwrap();
    assert_eq!(results.len(), 2);
    assert!(results.iter().all(|r| r["copy"]["shape"] == "note" && r["copy"]["tags"][0] == "防晒衣"), "{task}");
    assert_eq!(ledger_sums(&app, &c).await, (-20, 0), "settled, not refunded");
    let (status, rated) =
        c.put_json(&format!("/api/tasks/{task_id}/results/1/rating"), json!({ "rating": "like", "reasons": [] })).await;
    assert_eq!(status, 200, "{rated}");
    assert_eq!(rated["data"]["results"][1]["rating"]["rating"], "like", "{rated}");

    // The model was given what the pictures say.
    let asked = double.received();
    let user = han(asked[0].body["messages"][1]["content"].as_str().unwrap());
    assert!(user.contains("冰丝防晒衣") && user.contains("图片"), "{user}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_notes_pictures_are_read_and_rewritten_charged_and_settled_on_sqlite() {
    pictures_through_the_endpoint(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_notes_pictures_are_read_and_rewritten_charged_and_settled_on_postgres() {
    pictures_through_the_endpoint(TestDatabase::postgres().await).await;
}

async fn video_through_the_endpoint(db: TestDatabase) {
    let dir = tempfile::tempdir().unwrap();
    let double = OpenAiDouble::start(MODEL, KEY, Reply::text(SCRIPT, Duration::from_millis(5)));
    let mut app = TestApp::start(db).await;
    app.start_worker_with(remote(&double, 5));
    let mut c = app.client();
    c.register_random().await;
    assert_eq!(c.wait_capability("HOT_VIDEO_REWRITE", "available").await["state"], "available");
    let (status, up) =
        upload_video(&c, spoken_clip(dir.path(), "en", "This water bottle keeps drinks cold for twelve hours.")).await;
    assert_eq!(status, 200, "{up}");
    let ms = up["data"]["durationMs"].as_u64().unwrap();
    assert!((1500..10_000).contains(&ms), "{up}");
    assert_eq!((up["data"]["width"].as_u64(), up["data"]["height"].as_u64()), (Some(320), Some(240)));
    let before = lingshi(&c).await;

    // A Chinese shop rewriting an English video: the answer's language is
    // asked for, the speech's is detected.
    let task_id =
        submit(&c, "HOT_VIDEO_REWRITE", json!({ "videoUrl": up["data"]["urls"][0], "genNum": 1, "language": "zh" }))
            .await;
    assert_eq!(lingshi(&c).await, before - 10, "10 per script");
    let task = c.wait_task(&task_id, Duration::from_secs(300)).await;
    assert_eq!(task["status"], "SUCCESS", "{task}");
    let heard = task["sourceText"].as_str().unwrap().to_lowercase();
    assert!(heard.contains("water bottle"), "transcript: {heard}");
    let copy = &task["results"][0]["copy"];
    assert_eq!(copy["shape"], "script", "{task}");
    assert_eq!(copy["shots"].as_array().unwrap().len(), 4);
    assert_eq!(ledger_sums(&app, &c).await, (-10, 0));
    let user = double.received()[0].body["messages"][1]["content"].as_str().unwrap().to_lowercase();
    assert!(user.contains("water bottle"), "{user}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_videos_speech_is_transcribed_and_rewritten_as_a_script_on_sqlite() {
    video_through_the_endpoint(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_videos_speech_is_transcribed_and_rewritten_as_a_script_on_postgres() {
    video_through_the_endpoint(TestDatabase::postgres().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_topic_article_is_written_from_the_topic_charged_and_settled() {
    let double = OpenAiDouble::start(MODEL, KEY, Reply::text(NOTE, Duration::from_millis(5)));
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    app.start_worker_with(remote(&double, 5));
    let mut c = app.client();
    c.register_random().await;
    c.wait_capability("THEME_ARTICLE_GEN", "available").await;
    let before = lingshi(&c).await;
    let (status, body) =
        c.post_json("/api/tasks", json!({ "bizType": "THEME_ARTICLE_GEN", "params": { "topic": "夏" } })).await;
    assert_eq!((status, body["error"].as_str()), (400, Some("TOPIC_REQUIRED")), "{body}");
    let task_id = submit(&c, "THEME_ARTICLE_GEN", json!({ "topic": "夏天通勤的防晒好物" })).await;
    assert_eq!(lingshi(&c).await, before - 10, "one article by default, 10 each");
    let task = c.wait_task(&task_id, Duration::from_secs(120)).await;
    assert_eq!(task["status"], "SUCCESS", "{task}");
    assert_eq!(task["results"][0]["copy"]["shape"], "note");
    assert_eq!(ledger_sums(&app, &c).await, (-10, 0));
    let user = double.received()[0].body["messages"][1]["content"].as_str().unwrap().to_owned();
    assert!(user.contains("夏天通勤的防晒好物") && user.contains("主题"), "{user}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn media_with_nothing_to_read_fails_with_its_own_code_refunded_once_and_the_model_is_never_asked() {
    let dir = tempfile::tempdir().unwrap();
    let double = OpenAiDouble::start(MODEL, KEY, Reply::text(NOTE, Duration::from_millis(5)));
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    app.start_worker_with(remote(&double, 5));
    let mut c = app.client();
    c.register_random().await;
    c.wait_capability("HOT_VIDEO_REWRITE", "available").await;
    let before = lingshi(&c).await;

    let blank = upload_note(&c, note_picture(dir.path(), &[])).await;
    let task_id = submit(&c, "HOT_PIC_REWRITE", json!({ "imageUrls": [blank] })).await;
    let task = c.wait_task(&task_id, Duration::from_secs(120)).await;
    assert_eq!((task["status"].as_str(), task["errorCode"].as_str()), (Some("FAILED"), Some("OCR_NO_TEXT")), "{task}");
    assert_eq!(task["errorMsg"], "图片中未识别到文字，灵石已返还");

    let (status, up) = upload_video(&c, silent_clip(dir.path())).await;
    assert_eq!(status, 200, "{up}");
    let task_id = submit(&c, "HOT_VIDEO_REWRITE", json!({ "videoUrl": up["data"]["urls"][0] })).await;
    let task = c.wait_task(&task_id, Duration::from_secs(120)).await;
    assert_eq!(task["errorCode"], "VIDEO_NO_SPEECH", "{task}");
    assert!(task.get("sourceText").is_none(), "nothing read, nothing shown: {task}");

    assert_eq!(lingshi(&c).await, before, "both refunded");
    assert_eq!(ledger_sums(&app, &c).await, (-40, 40), "two charges, two refunds, none twice");
    assert!(double.received().is_empty(), "no copy is invented from nothing");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_videos_and_wrong_inputs_are_refused_at_the_edge_and_nothing_is_charged() {
    let dir = tempfile::tempdir().unwrap();
    let double = OpenAiDouble::start(MODEL, KEY, Reply::text(SCRIPT, Duration::from_millis(5)));
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    app.start_worker_with(remote(&double, 5));
    let mut c = app.client();
    c.register_random().await;
    c.wait_capability("HOT_VIDEO_REWRITE", "available").await;
    let before = lingshi(&c).await;
    let error = |body: &Value| body["error"].as_str().unwrap_or_default().to_owned();

    let (status, body) = upload_video(&c, mute_clip(dir.path())).await;
    assert_eq!((status, error(&body)), (400, "VIDEO_UPLOAD_NO_AUDIO".to_owned()), "{body}");
    let (status, body) = upload_video(&c, note_picture(dir.path(), &["不是视频"])).await;
    assert_eq!((status, error(&body)), (400, "VIDEO_UPLOAD_FORMAT".to_owned()), "{body}");
    assert_eq!(body["msg"], "请上传 MP4 或 MOV 格式的视频");

    // An image where a video belongs, and the other way round.
    let picture = upload_note(&c, note_picture(dir.path(), &["冰丝防晒衣"])).await;
    let (status, body) =
        c.post_json("/api/tasks", json!({ "bizType": "HOT_VIDEO_REWRITE", "params": { "videoUrl": picture } })).await;
    assert_eq!((status, error(&body)), (400, "INPUT_VIDEO_UNREADABLE".to_owned()), "{body}");
    let (_, up) = upload_video(&c, spoken_clip(dir.path(), "en", "Hello there.")).await;
    let video = up["data"]["urls"][0].clone();
    let (status, body) =
        c.post_json("/api/tasks", json!({ "bizType": "HOT_PIC_REWRITE", "params": { "imageUrls": [video] } })).await;
    assert_eq!((status, error(&body)), (400, "IMAGE_NOT_FOUND".to_owned()), "{body}");

    // Someone else's video.
    let mut other = app.client();
    other.register_random().await;
    let (status, body) =
        other.post_json("/api/tasks", json!({ "bizType": "HOT_VIDEO_REWRITE", "params": { "videoUrl": video } })).await;
    assert_eq!((status, error(&body)), (400, "INPUT_VIDEO_UNREADABLE".to_owned()), "{body}");

    assert_eq!(lingshi(&c).await, before, "nothing charged");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_real_qwen_0_5b_writes_from_pictures_a_video_and_a_topic() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    app.start_worker_with(local);
    let mut c = app.client();
    c.register_random().await;
    c.wait_capability("HOT_PIC_REWRITE", "available").await;
    c.wait_capability("HOT_VIDEO_REWRITE", "available").await;
    c.wait_capability("THEME_ARTICLE_GEN", "available").await;
    let before = lingshi(&c).await;

    // Weibo: the shortest answer, so the CPU run stays short.
    let picture = upload_note(&c, note_picture(dir.path(), &["夏日清凉 冰丝防晒衣", "限时特惠 第二件半价"])).await;
    let pic_task =
        submit(&c, "HOT_PIC_REWRITE", json!({ "imageUrls": [picture], "socialPlatform": "weibo", "genNum": 1 })).await;
    let (_, up) =
        upload_video(&c, spoken_clip(dir.path(), "en", "This water bottle keeps drinks cold for twelve hours.")).await;
    let video_task =
        submit(&c, "HOT_VIDEO_REWRITE", json!({ "videoUrl": up["data"]["urls"][0], "genNum": 1, "language": "en" }))
            .await;
    let topic_task =
        submit(&c, "THEME_ARTICLE_GEN", json!({ "topic": "夏天通勤的防晒好物", "socialPlatform": "weibo" })).await;
    let events = c.listen(&pic_task).await;

    let mut spent = 0;
    for (task_id, shape, read) in
        [(&pic_task, "post", "冰丝防晒衣"), (&video_task, "script", "water bottle"), (&topic_task, "post", "")]
    {
        let task = c.wait_task(task_id, Duration::from_secs(1200)).await;
        let source = han(task["sourceText"].as_str().unwrap_or_default()).to_lowercase();
        assert!(source.contains(&han(read)), "{read} not in what was read: {task}");
        if read.is_empty() {
            assert!(task.get("sourceText").is_none(), "a topic reads no media: {task}");
        }
        // The small model may fail the rules three times (then the task
        // says so, refunded); what it delivers always meets them.
        match task["status"].as_str() {
            Some("SUCCESS") => {
                assert_eq!(task["results"][0]["copy"]["shape"], shape, "{task}");
                spent += 10;
            }
            _ => assert_eq!(task["errorCode"], "COPY_GENERATION_FAILED", "{task}"),
        }
    }
    events.wait_end(Duration::from_secs(10)).await;
    assert!(events.frames().iter().any(|f| f.event == "text"), "the answer streamed");
    assert_eq!(lingshi(&c).await, before - spent);
}
