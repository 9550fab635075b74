//! Posters (`PLACARD_GEN`) through the HTTP API, Redis and a worker running
//! the real ISNet and the Noto fonts: the template library, a poster from a
//! library template with the merchant's product cut out and a new title,
//! templates and inputs refused before anything is charged or queued, a
//! failure refunded exactly once, and a batch over six templates.

use std::time::Duration;

use image::{Rgba, RgbaImage};
use pixmart_shared::db::store::membership;
use pixmart_shared::domain::Tier;
use pixmart_tests::images::encode_png;
use pixmart_tests::{TestApp, TestClient, TestDatabase};
use serde_json::{json, Value};

use crate::support;
use crate::support::photos::bottle_on_green;
use crate::support::text_tasks::{ledger_sums, lingshi};

const TEMPLATE: &str = "new-arrival-minimal";
/// The template's product and title slots (x, y, w, h).
const PRODUCT_BOX: (u32, u32, u32, u32) = (240, 300, 600, 740);
const TITLE_BOX: (u32, u32, u32, u32) = (90, 150, 900, 130);

async fn submit(c: &TestClient, params: Value) -> (u16, Value) {
    c.post_json("/api/tasks", json!({ "bizType": "PLACARD_GEN", "params": params })).await
}

async fn poster(c: &TestClient, task_id: &str) -> (Value, RgbaImage) {
    let task = c.wait_task(task_id, Duration::from_secs(300)).await;
    assert_eq!(task["status"], "SUCCESS", "{task}");
    let image = task["results"].as_array().unwrap().iter().find(|r| r["kind"] == "image").unwrap().clone();
    let (status, bytes) = c.get_bytes(image["url"].as_str().unwrap()).await;
    assert_eq!(status, 200);
    (task, image::load_from_memory(&bytes).unwrap().into_rgba8())
}

fn region(img: &RgbaImage, (x, y, w, h): (u32, u32, u32, u32)) -> impl Iterator<Item = &Rgba<u8>> {
    (y..y + h).flat_map(move |yy| (x..x + w).map(move |xx| img.get_pixel(xx, yy)))
}

fn is_green(p: &Rgba<u8>) -> bool {
    let [r, g, b, _] = p.0.map(i32::from);
    g > r + 40 && g > b + 40
}

fn is_red(p: &Rgba<u8>) -> bool {
    let [r, g, b, _] = p.0.map(i32::from);
    r > g + 60 && r > b + 60
}

async fn a_poster_from_a_library_template(db: TestDatabase) {
    let mut app = TestApp::start(db).await;
    app.start_worker();
    let mut c = app.client();
    c.register_random().await;
    c.wait_capability("PLACARD_GEN", "available").await;

    // The library: every template with its document; search and category.
    let (s, lib) = c.get("/api/poster-templates").await;
    assert_eq!(s, 200, "{lib}");
    let all = lib["data"]["templates"].as_array().unwrap();
    assert!(all.len() >= 24, "{}", all.len());
    let ours = all.iter().find(|t| t["id"] == TEMPLATE).unwrap();
    assert_eq!(
        (ours["width"].as_u64(), ours["height"].as_u64(), ours["aspect"].as_str()),
        (Some(1080), Some(1440), Some("3:4"))
    );
    assert_eq!(ours["template"]["version"], 1);
    let (_, festive) = c.get("/api/poster-templates?category=festival").await;
    let festive = festive["data"]["templates"].as_array().unwrap();
    assert!(!festive.is_empty() && festive.len() < all.len());
    assert!(festive.iter().all(|t| t["category"] == "festival"), "{festive:?}");
    let (s, b) = c.get("/api/poster-templates?category=poster").await;
    assert_eq!((s, b["error"].as_str()), (400, Some("INVALID_PARAM")));

    let (photo, _) = bottle_on_green(600, 720);
    let url = c.upload_png(encode_png(&photo)).await;
    let before = lingshi(&c).await;
    let params =
        |title: &str| json!({ "templateId": TEMPLATE, "texts": { "title": title }, "images": { "product": url } });
    let (s, b) = submit(&c, params("夏日清凉 冰丝上新")).await;
    assert_eq!(s, 200, "{b}");
    let first = b["data"]["taskId"].as_str().unwrap().to_owned();
    let (s, b) = submit(&c, params("限时特惠 第二件半价")).await;
    assert_eq!(s, 200, "{b}");
    let second = b["data"]["taskId"].as_str().unwrap().to_owned();
    assert_eq!(lingshi(&c).await, before - 10, "5 lingshi a poster");

    let (task, one) = poster(&c, &first).await;
    assert_eq!(task["bizType"], "PLACARD_GEN");
    assert_eq!(one.dimensions(), (1080, 1440));
    let preview = task["results"].as_array().unwrap().iter().find(|r| r["kind"] == "thumbnail").unwrap();
    let (_, bytes) = c.get_bytes(preview["url"].as_str().unwrap()).await;
    assert_eq!(image::guess_format(&bytes).unwrap(), image::ImageFormat::WebP);
    let preview = image::load_from_memory(&bytes).unwrap();
    assert_eq!((preview.width(), preview.height()), (384, 512));

    // The product is in its slot, cut out: its red body shows, none of the
    // green backdrop it was photographed on does.
    let red = region(&one, PRODUCT_BOX).filter(|p| is_red(p)).count();
    let green = one.pixels().filter(|p| is_green(p)).count();
    assert!(red > 20_000, "the product shows: {red} red pixels");
    assert!(green < 200, "no backdrop: {green} green pixels");

    // A new title changes the title's pixels and nothing under the product.
    let (_, two) = poster(&c, &second).await;
    let changed = region(&one, TITLE_BOX).zip(region(&two, TITLE_BOX)).filter(|(a, b)| a != b).count();
    assert!(changed > 2_000, "the title was redrawn: {changed} pixels changed");
    let same_product = region(&one, PRODUCT_BOX).zip(region(&two, PRODUCT_BOX)).filter(|(a, b)| a != b).count();
    assert_eq!(same_product, 0, "the same product and template draw the same pixels");

    // A product slot that keeps the photo's background shows the photo as
    // it was taken, backdrop and all.
    let mut kept = library_document(&lib);
    for layer in kept["layers"].as_array_mut().unwrap() {
        if layer["role"] == "product" {
            layer["keepBackground"] = json!(true);
        }
    }
    let (s, b) = submit(&c, json!({ "templateId": TEMPLATE, "template": kept, "images": { "product": url } })).await;
    assert_eq!(s, 200, "{b}");
    let (_, three) = poster(&c, b["data"]["taskId"].as_str().unwrap()).await;
    let green = region(&three, PRODUCT_BOX).filter(|p| is_green(p)).count();
    assert!(green > 20_000, "the backdrop stays: {green} green pixels");
    assert_eq!(ledger_sums(&app, &c).await, (-15, 0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_poster_from_a_library_template_on_sqlite() {
    a_poster_from_a_library_template(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_poster_from_a_library_template_on_postgres() {
    a_poster_from_a_library_template(TestDatabase::postgres().await).await;
}

fn library_document(c: &Value) -> Value {
    c["data"]["templates"].as_array().unwrap().iter().find(|t| t["id"] == TEMPLATE).unwrap()["template"].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_templates_and_inputs_are_refused_before_anything_is_charged_or_queued() {
    // No worker: nothing could run anyway; what matters is what is stored.
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let mut c = app.client();
    c.register_random().await;
    let before = lingshi(&c).await;
    let (_, lib) = c.get("/api/poster-templates").await;
    let doc = library_document(&lib);
    let edited = |f: &dyn Fn(&mut Value)| {
        let mut d = doc.clone();
        f(&mut d);
        d
    };
    let cases = [
        (json!({ "template": edited(&|d| d["layers"][2]["box"]["x"] = json!(4000)) }), "POSTER_SLOT_OUTSIDE_CANVAS"),
        (
            json!({ "template": edited(&|d| d["canvas"] = json!({ "width": 50000, "height": 50000, "aspect": "1:1" })) }),
            "POSTER_CANVAS_TOO_LARGE",
        ),
        (
            json!({ "template": edited(&|d| d["layers"].as_array_mut().unwrap().push(json!({ "type": "video", "id": "clip" }))) }),
            "POSTER_UNKNOWN_LAYER_TYPE",
        ),
        (json!({ "templateId": TEMPLATE, "texts": { "title": "字".repeat(5_000) } }), "POSTER_TEXT_TOO_LONG"),
        // Longer than any call's body may be: refused before it is read.
        (json!({ "templateId": TEMPLATE, "texts": { "title": "字".repeat(100_000) } }), "BODY_TOO_LARGE"),
        (json!({ "templateId": "no-such-template" }), "POSTER_TEMPLATE_NOT_FOUND"),
        (json!({ "templateId": TEMPLATE, "texts": { "headline": "x" } }), "POSTER_UNKNOWN_SLOT"),
    ];
    for (params, code) in cases {
        let (s, b) = submit(&c, params).await;
        assert_eq!(b["error"], code, "{b}");
        assert!((400..500).contains(&s), "{s} {b}");
        assert!(!b["msg"].as_str().unwrap().is_empty());
        if code != "POSTER_TEMPLATE_NOT_FOUND" {
            assert!(b["data"]["detail"].as_str().is_some_and(|d| !d.is_empty()), "the detail says which layer: {b}");
        }
    }
    let (_, detail) = submit(&c, json!({ "template": edited(&|d| d["layers"][2]["box"]["x"] = json!(4000)) })).await;
    assert!(detail["data"]["detail"].as_str().unwrap().contains("\"product\""), "{detail}");
    // A colour of one's own is a paid plan's; the palette's and the
    // template's own are everyone's.
    let (s, b) = submit(
        &c,
        json!({ "templateId": TEMPLATE, "template": edited(&|d| d["layers"][4]["color"] = json!("#123456")) }),
    )
    .await;
    assert_eq!((s, b["error"].as_str()), (403, Some("CUSTOM_COLOUR_NEEDS_MEMBERSHIP")), "{b}");
    // Someone else's picture is not ours to use.
    let mut other = app.client();
    other.register_random().await;
    let theirs = other.upload_png(encode_png(&bottle_on_green(600, 720).0)).await;
    let (s, b) = submit(&c, json!({ "templateId": TEMPLATE, "images": { "product": theirs } })).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("IMAGE_NOT_FOUND")), "{b}");

    assert_eq!(lingshi(&c).await, before, "nothing charged");
    let (_, tasks) = c.get("/api/tasks").await;
    assert_eq!(tasks["data"]["total"], 0, "nothing queued: {tasks}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_poster_that_fails_is_refunded_exactly_once() {
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    let mut c = app.client();
    c.register_random().await;
    let before = lingshi(&c).await;
    let url = c.upload_png(encode_png(&bottle_on_green(600, 720).0)).await;
    let (s, b) = submit(&c, json!({ "templateId": TEMPLATE, "images": { "product": url } })).await;
    assert_eq!(s, 200, "{b}");
    let task_id = b["data"]["taskId"].as_str().unwrap().to_owned();
    assert_eq!(lingshi(&c).await, before - 5);
    // The stored picture is lost before any worker reads it.
    for file in app.stored_files() {
        std::fs::remove_file(file).unwrap();
    }
    app.start_worker();
    let task = c.wait_task(&task_id, Duration::from_secs(300)).await;
    assert_eq!(
        (task["status"].as_str(), task["errorCode"].as_str()),
        (Some("FAILED"), Some("INPUT_IMAGE_UNREADABLE")),
        "{task}"
    );
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(ledger_sums(&app, &c).await, (-5, 5), "one charge, one refund");
    assert_eq!(lingshi(&c).await, before);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_batch_of_six_templates_from_one_product() {
    let mut app = TestApp::start(TestDatabase::postgres().await).await;
    app.start_worker();
    let mut c = app.client();
    c.register_random().await;
    let me = support::fleet::user_id(&c).await;
    membership::activate(&app.db().await, me, Tier::Flagship, 1, "test-order", chrono::Utc::now()).await.unwrap();
    c.wait_capability("PLACARD_GEN", "available").await;

    let (_, lib) = c.get("/api/poster-templates").await;
    let with_product: Vec<&Value> = lib["data"]["templates"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| {
            let layers = t["template"]["layers"].as_array().unwrap();
            ["product", "title"].iter().all(|id| layers.iter().any(|l| l["id"] == *id))
        })
        .take(6)
        .collect();
    assert_eq!(with_product.len(), 6);
    let url = c.upload_png(encode_png(&bottle_on_green(600, 720).0)).await;
    let items: Vec<Value> = with_product
        .iter()
        .map(|t| json!({ "params": { "templateId": t["id"], "texts": { "title": "新品上市" }, "images": { "product": url } } }))
        .collect();
    let before = lingshi(&c).await;
    let (s, b) = c.post_json("/api/batches", json!({ "bizType": "PLACARD_GEN", "items": items })).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(lingshi(&c).await, before - 30, "6 posters × 5 lingshi");
    let ids: Vec<String> =
        b["data"]["taskIds"].as_array().unwrap().iter().map(|v| v.as_str().unwrap().into()).collect();
    for (id, t) in ids.iter().zip(&with_product) {
        let (_, img) = poster(&c, id).await;
        assert_eq!(
            (u64::from(img.width()), u64::from(img.height())),
            (t["width"].as_u64().unwrap(), t["height"].as_u64().unwrap()),
            "{}",
            t["id"]
        );
    }
    let (_, batch) = c.get(&format!("/api/batches/{}", b["data"]["batchId"].as_str().unwrap())).await;
    assert_eq!(
        (batch["data"]["finished"].as_u64(), batch["data"]["counts"]["SUCCESS"].as_u64()),
        (Some(6), Some(6)),
        "{batch}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tenants_own_templates_are_imported_listed_to_its_members_rendered_and_exported() {
    use pixmart_shared::db::store::tenants;

    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    let db = app.db().await;
    let tenant = crate::support::tenants::tenant(&db, "acme", true).await;
    let path = format!("/api/admin/tenants/{}/poster-templates", tenant.id);
    let mut admin = app.client();
    let phone = admin.register_random().await;
    pixmart_api::admin_cli::set_admin(&app.settings, &phone, true).await.unwrap();
    let mut member = app.client();
    member.register_random().await;
    assert!(tenants::assign_user(&db, member.user_id().await, Some(tenant.id)).await.unwrap());
    let mut outsider = app.client();
    outsider.register_random().await;

    // The tenant's template: the library's, re-titled and renamed.
    let (_, lib) = member.get("/api/poster-templates").await;
    let mut own = library_document(&lib);
    own["id"] = json!("acme-launch");
    own["name"] = json!({ "zh": "Acme 新品发布", "en": "Acme launch" });
    own["layers"][4]["text"] = json!("ACME 新品");
    assert_eq!(member.post_json(&path, json!({ "templates": [own] })).await.0, 403, "admins only");
    // One bad document refuses the whole import and says which.
    let mut bad = own.clone();
    bad["canvas"]["width"] = json!(50_000);
    let (s, b) = admin.post_json(&path, json!({ "templates": [own, bad] })).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("POSTER_CANVAS_TOO_LARGE")), "{b}");
    assert!(b["data"]["detail"].as_str().unwrap().starts_with("template 2:"), "{b}");
    let mut taken = own.clone();
    taken["id"] = json!(TEMPLATE);
    let (s, b) = admin.post_json(&path, json!({ "templates": [taken] })).await;
    assert_eq!((s, b["error"].as_str()), (409, Some("POSTER_TEMPLATE_ID_TAKEN")), "{b}");
    let (s, b) = admin.post_json(&path, json!({ "templates": [own] })).await;
    assert_eq!((s, b["data"]["imported"].as_u64()), (200, Some(1)), "{b}");

    // Its members see it first; nobody else does.
    let (_, listed) = member.get("/api/poster-templates?q=acme").await;
    let listed = listed["data"]["templates"].as_array().unwrap().clone();
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!((listed[0]["id"].as_str(), listed[0]["source"].as_str()), (Some("acme-launch"), Some("tenant")));
    let (_, theirs) = outsider.get("/api/poster-templates?q=acme").await;
    assert_eq!(theirs["data"]["templates"].as_array().unwrap().len(), 0, "{theirs}");

    // A member renders it by sending the document it was listed with.
    app.start_worker();
    member.wait_capability("PLACARD_GEN", "available").await;
    let url = member.upload_png(encode_png(&bottle_on_green(600, 720).0)).await;
    let params =
        json!({ "templateId": "acme-launch", "template": listed[0]["template"], "images": { "product": url } });
    let (s, b) = submit(&member, params).await;
    assert_eq!(s, 200, "{b}");
    let (task, img) = poster(&member, b["data"]["taskId"].as_str().unwrap()).await;
    assert_eq!(img.dimensions(), (1080, 1440), "{task}");

    // Export gives back what was imported; removal takes it away.
    let (s, b) = admin.get(&path).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["data"]["list"].as_array().unwrap().len(), 1);
    assert_eq!(b["data"]["list"][0]["layers"][4]["text"], "ACME 新品");
    assert_eq!(admin.delete(&format!("{path}/acme-launch")).await.0, 200);
    assert_eq!(admin.delete(&format!("{path}/acme-launch")).await.0, 404);
    let (_, listed) = member.get("/api/poster-templates?q=acme").await;
    assert_eq!(listed["data"]["templates"].as_array().unwrap().len(), 0);
}
