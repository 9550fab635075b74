//! "Fill from product / idea" (POSTER_COPY_GEN) through the HTTP API, Redis
//! and a worker writing through the OpenAI-compatible double: the words for
//! each text slot of a library template, charged once; answers that invent a
//! figure are written again and, never good, refunded exactly once; bad
//! options are refused before anything is charged.

use std::time::Duration;

use pixmart_tests::openai_double::{OpenAiDouble, Reply};
use pixmart_tests::{TestApp, TestDatabase};
use serde_json::json;

use crate::support::text_tasks::{ledger_sums, lingshi, remote, submit, KEY, MODEL};

const TEMPLATE: &str = "new-arrival-minimal";
const PRODUCT: &str = "316不锈钢真空保温杯，保温24小时，容量500ml";
/// One line per slot of the template: its tag, title, subtitle and button.
const GOOD: &str = "标语：新品速递\n标题：「24小时长效保温杯」\n副标题：316不锈钢内胆，一杯暖一整天，通勤出游都合适，早八必备\n按钮：立即抢购";
/// A discount and a price the merchant never stated.
const INVENTED: &str = "标语：新品速递\n标题：限时5折仅需59元\n副标题：316不锈钢内胆\n按钮：立即抢购";

async fn words_for_every_slot_of_a_template(db: TestDatabase) {
    let double = OpenAiDouble::start(MODEL, KEY, Reply::text(GOOD, Duration::ZERO));
    let mut app = TestApp::start(db).await;
    app.start_worker_with(remote(&double, 5));
    let mut c = app.client();
    c.register_random().await;
    c.wait_capability("POSTER_COPY_GEN", "available").await;
    let before = lingshi(&c).await;

    let id = submit(&c, "POSTER_COPY_GEN", json!({ "content": PRODUCT, "templateId": TEMPLATE })).await;
    assert_eq!(lingshi(&c).await, before - 2, "2 lingshi a fill, charged at submit");
    let task = c.wait_task(&id, Duration::from_secs(60)).await;
    assert_eq!(task["status"], "SUCCESS", "{task}");
    let texts = &task["results"][0]["slotTexts"];
    assert_eq!(texts["title"], "24小时长效保温杯", "quotes stripped: {task}");
    assert_eq!(texts["tag"], "新品速递");
    assert_eq!(texts["cta"], "立即抢购");
    // The subtitle slot holds 24 characters: cut at a natural break.
    let subtitle = texts["subtitle"].as_str().unwrap();
    assert!(subtitle.chars().count() <= 24 && subtitle.starts_with("316不锈钢内胆"), "{subtitle}");
    let (status, file) = c.get_bytes(task["results"][0]["url"].as_str().unwrap()).await;
    assert_eq!(status, 200);
    assert!(String::from_utf8(file).unwrap().contains("标题：24小时长效保温杯"));

    // The model was asked for each slot by its label and length.
    let asked = double.received();
    let system = asked[0].body["messages"][0]["content"].as_str().unwrap().to_owned();
    for line in ["标语：不超过11个字", "标题：不超过14个字", "副标题：不超过24个字", "按钮：不超过8个字"]
    {
        assert!(system.contains(line), "{line}: {system}");
    }
    assert!(asked[0].body["messages"][1]["content"].as_str().unwrap().contains(PRODUCT));
    assert_eq!(ledger_sums(&app, &c).await, (-2, 0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn words_for_every_slot_of_a_template_on_sqlite() {
    words_for_every_slot_of_a_template(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn words_for_every_slot_of_a_template_on_postgres() {
    words_for_every_slot_of_a_template(TestDatabase::postgres().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invented_figures_are_written_again_and_never_good_is_refunded_once() {
    let double = OpenAiDouble::start(MODEL, KEY, Reply::text(GOOD, Duration::ZERO));
    double.script([Reply::text(INVENTED, Duration::ZERO)]);
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    app.start_worker_with(remote(&double, 5));
    let mut c = app.client();
    c.register_random().await;
    c.wait_capability("POSTER_COPY_GEN", "available").await;

    let id = submit(&c, "POSTER_COPY_GEN", json!({ "content": PRODUCT, "templateId": TEMPLATE })).await;
    let task = c.wait_task(&id, Duration::from_secs(60)).await;
    assert_eq!(task["status"], "SUCCESS", "{task}");
    assert_eq!(task["results"][0]["slotTexts"]["title"], "24小时长效保温杯");
    assert_eq!(double.received().len(), 2, "the answer with an invented price was written again");

    double.script([
        Reply::text(INVENTED, Duration::ZERO),
        Reply::text(INVENTED, Duration::ZERO),
        Reply::text(INVENTED, Duration::ZERO),
    ]);
    let before = lingshi(&c).await;
    let id = submit(
        &c,
        "POSTER_COPY_GEN",
        json!({ "source": "idea", "content": "双十一保温杯大促", "templateId": TEMPLATE }),
    )
    .await;
    let task = c.wait_task(&id, Duration::from_secs(60)).await;
    assert_eq!(
        (task["status"].as_str(), task["errorCode"].as_str()),
        (Some("FAILED"), Some("COPY_GENERATION_FAILED")),
        "{task}"
    );
    assert_eq!(lingshi(&c).await, before);
    assert_eq!(ledger_sums(&app, &c).await, (-4, 2), "two fills charged, the failed one refunded once");

    // Refused before anything is charged: no words to write from, an unknown template.
    let before = lingshi(&c).await;
    for (params, code) in [
        (json!({ "content": " ", "templateId": TEMPLATE }), "COPY_SOURCE_REQUIRED"),
        (json!({ "content": PRODUCT, "templateId": "no-such-template" }), "POSTER_TEMPLATE_NOT_FOUND"),
        (json!({ "content": PRODUCT, "templateId": TEMPLATE, "source": "shop" }), "INVALID_PARAM"),
    ] {
        let (s, b) = c.post_json("/api/tasks", json!({ "bizType": "POSTER_COPY_GEN", "params": params })).await;
        assert_eq!((s / 100, b["error"].as_str()), (4, Some(code)), "{b}");
    }
    assert_eq!(lingshi(&c).await, before);
}

/// The real Qwen2.5-Coder-0.5B (the small model `scripts/test` fetches)
/// fills a template's words from a product: every slot that must have words
/// has them, each fits its slot, and no figure is one the merchant did not
/// state. The 1.5B default writes better words; this proves the path.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_real_qwen_0_5b_fills_a_posters_words_from_a_product() {
    use crate::support::text_tasks::local;
    use pixmart_shared::copywriting::figures::KnownFigures;

    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    app.start_worker_with(local);
    let mut c = app.client();
    c.register_random().await;
    c.wait_capability("POSTER_COPY_GEN", "available").await;
    // The small model delivered 8 fills of 8 here; a second task (a new
    // seed) keeps one unlucky draw from failing the suite. A fill that is
    // not delivered must have been refunded.
    let mut refused = Vec::new();
    let mut delivered = None;
    for _ in 0..2 {
        let before = lingshi(&c).await;
        let id = submit(&c, "POSTER_COPY_GEN", json!({ "content": PRODUCT, "templateId": TEMPLATE })).await;
        let task = c.wait_task(&id, Duration::from_secs(600)).await;
        if task["status"] == "SUCCESS" {
            delivered = Some(task);
            break;
        }
        assert_eq!(lingshi(&c).await, before, "refunded: {task}");
        // Why each answer was refused is in the task's stored detail.
        use sea_orm::EntityTrait;
        let row = pixmart_shared::db::entities::tasks::Entity::find_by_id(id).one(&app.db().await).await.unwrap();
        refused.push(row.and_then(|r| r.error_msg));
    }
    let task = delivered.unwrap_or_else(|| panic!("no fill delivered: {refused:?}"));
    let texts = task["results"][0]["slotTexts"].as_object().unwrap();
    let known = KnownFigures::of(PRODUCT);
    for (slot, max) in [("tag", 11), ("title", 14), ("subtitle", 24), ("cta", 8)] {
        let words = texts[slot].as_str().unwrap();
        assert!((1..=max).contains(&words.chars().count()), "{slot}: {words:?}");
        assert!(known.invented(words).is_empty(), "{slot}: {words:?}");
    }
    eprintln!("the 0.5B's poster words: {texts:?}");
}
