//! Poster materials (`/api/poster-assets`) through the HTTP API: adding the
//! caller's uploads (once each), cursor paging with the spec's filters,
//! renaming and removing, sharing with a tenant (members list, see and use a
//! shared material; only its owner changes it; outsiders see nothing), and
//! the upload sweeper keeping what a material refers to.

use chrono::{Duration as Days, Utc};
use pixmart_shared::db::store::tenants;
use pixmart_shared::db::store::uploads as upload_store;
use pixmart_shared::domain::task_spec::parse_upload_url;
use pixmart_tests::images::{encode_png, noise_png};
use pixmart_tests::{TestApp, TestClient, TestDatabase};
use serde_json::{json, Value};

use crate::support::photos::bottle_on_green;
use crate::support::tenants::tenant;

const ASSETS: &str = "/api/poster-assets";

async fn add(c: &TestClient, body: Value) -> Value {
    let (s, b) = c.post_json(ASSETS, body).await;
    assert_eq!(s, 200, "{b}");
    b["data"].clone()
}

fn ids(page: &Value) -> Vec<String> {
    page["data"]["cds_asset_infos"].as_array().unwrap().iter().map(|a| a["id"].as_str().unwrap().to_owned()).collect()
}

fn error(reply: &(u16, Value)) -> (u16, Option<&str>) {
    (reply.0, reply.1["error"].as_str())
}

async fn a_merchants_materials_page_by_cursor(db: TestDatabase) {
    let app = TestApp::start(db).await;
    let mut c = app.client();
    c.register_random().await;
    let mut other = app.client();
    other.register_random().await;

    let mut urls = Vec::new();
    for seed in 0..3 {
        urls.push(c.upload_png(noise_png(600 + seed, 500)).await);
    }
    let first = add(&c, json!({ "uploadId": urls[0] })).await;
    assert_eq!((first["contentType"].as_u64(), first["shared"].as_bool()), (Some(0), Some(false)), "{first}");
    assert!(first["name"].as_str().unwrap().starts_with("素材 "), "a default name: {first}");
    assert_eq!((first["width"].as_u64(), first["url"].as_str()), (Some(600), urls[0].as_str().into()));
    // By the id alone too, and the same upload again is the same material.
    let id0 = parse_upload_url(&urls[0]).unwrap().to_string();
    assert_eq!(add(&c, json!({ "uploadId": id0, "name": "again" })).await["id"], first["id"]);
    let logo = add(&c, json!({ "uploadId": urls[1], "name": " 店铺 Logo ", "contentType": 1 })).await;
    assert_eq!((logo["name"].as_str(), logo["contentType"].as_u64()), (Some("店铺 Logo"), Some(1)));
    let third = add(&c, json!({ "uploadId": urls[2], "name": "主图" })).await;

    // A small logo is refused as a product photo but taken as a material.
    let (s, b) = c.upload("logo.png", "image/png", noise_png(64, 48)).await;
    assert_eq!(s, 400, "{b}");
    let (s, b) = c.upload_to("/api/uploads?purpose=material", "logo.png", "image/png", noise_png(64, 48)).await;
    assert_eq!(s, 200, "{b}");
    let small = add(&c, json!({ "uploadId": b["data"]["urls"][0], "contentType": 1 })).await;
    assert_eq!((small["width"].as_u64(), small["height"].as_u64()), (Some(64), Some(48)));
    assert_eq!(c.delete(&format!("{ASSETS}/{}", small["id"].as_str().unwrap())).await.0, 200);

    // Refusals name their field; nothing is added.
    let theirs = other.upload_png(noise_png(640, 480)).await;
    assert_eq!(error(&c.post_json(ASSETS, json!({ "uploadId": theirs })).await), (400, Some("IMAGE_NOT_FOUND")));
    assert_eq!(error(&c.post_json(ASSETS, json!({ "uploadId": "nope" })).await), (400, Some("IMAGE_NOT_FOUND")));
    assert_eq!(error(&c.post_json(ASSETS, json!({ "name": "x" })).await), (400, Some("INVALID_PARAM")));
    let share = c.post_json(ASSETS, json!({ "uploadId": theirs.clone(), "shared": true })).await;
    assert_eq!(error(&share), (400, Some("IMAGE_NOT_FOUND")));
    let mine = c.upload_png(noise_png(700, 500)).await;
    let share = c.post_json(ASSETS, json!({ "uploadId": mine, "shared": true })).await;
    assert_eq!(error(&share), (400, Some("POSTER_ASSET_NO_TENANT")), "no tenant to share with");

    // Newest first, two a page; the cursor runs out on the last page.
    let (s, page1) = c.get(&format!("{ASSETS}?size=2")).await;
    assert_eq!(s, 200, "{page1}");
    let id = |v: &Value| v["id"].as_str().unwrap().to_owned();
    assert_eq!(ids(&page1), [id(&third), id(&logo)]);
    let cursor = page1["data"]["cursor_id"].as_str().unwrap();
    let (_, page2) = c.get(&format!("{ASSETS}?size=2&cursor_id={cursor}")).await;
    assert_eq!(ids(&page2), [id(&first)]);
    assert!(page2["data"]["cursor_id"].is_null(), "{page2}");
    // Filters: logos only; a window of change times (end exclusive).
    let (_, logos) = c.get(&format!("{ASSETS}?content_type=1")).await;
    assert_eq!(ids(&logos), [id(&logo)]);
    let at = first["updatedAt"].as_i64().unwrap();
    let (_, window) = c.get(&format!("{ASSETS}?updated_at_start={at}&updated_at_end={}", at + 1)).await;
    assert!(ids(&window).contains(&id(&first)), "{window}");
    let (_, later) = c.get(&format!("{ASSETS}?updated_at_start={}", Utc::now().timestamp_millis() + 60_000)).await;
    assert!(ids(&later).is_empty());
    for bad in ["cursor_id=abc", "content_type=2", "size=0", "scope=world", "updated_at_start=9&updated_at_end=9"] {
        let reply = c.get(&format!("{ASSETS}?{bad}")).await;
        assert_eq!(error(&reply), (400, Some("INVALID_PARAM")), "{bad}: {}", reply.1);
    }
    // Another user sees none of them.
    let (_, none) = other.get(ASSETS).await;
    assert!(ids(&none).is_empty());
    assert_eq!(error(&other.get(&format!("{ASSETS}/{}", id(&first))).await), (404, Some("POSTER_ASSET_NOT_FOUND")));

    // A rename moves it to the top; removal takes it out for good.
    let (s, renamed) = c.patch_json(&format!("{ASSETS}/{}", id(&first)), json!({ "name": "新名字" })).await;
    assert_eq!((s, renamed["data"]["name"].as_str()), (200, Some("新名字")), "{renamed}");
    assert!(renamed["data"]["updatedAt"].as_i64() > first["updatedAt"].as_i64());
    let (_, top) = c.get(ASSETS).await;
    assert_eq!(ids(&top)[0], id(&first));
    let (s, bad) = c.patch_json(&format!("{ASSETS}/{}", id(&first)), json!({ "name": "" })).await;
    assert_eq!((s, bad["field"].as_str()), (400, Some("name")), "{bad}");
    assert_eq!(c.delete(&format!("{ASSETS}/{}", id(&logo))).await.0, 200);
    assert_eq!(error(&c.delete(&format!("{ASSETS}/{}", id(&logo))).await), (404, Some("POSTER_ASSET_NOT_FOUND")));
    assert_eq!(error(&c.get(&format!("{ASSETS}/{}", id(&logo))).await), (404, Some("POSTER_ASSET_NOT_FOUND")));
    let (_, left) = c.get(ASSETS).await;
    assert_eq!(ids(&left).len(), 2);

    // The sweeper keeps a material's upload however old, and not the rest.
    let db = app.db().await;
    let swept: Vec<String> = upload_store::unreferenced_before(&db, Utc::now() + Days::days(1), 100)
        .await
        .unwrap()
        .into_iter()
        .map(|u| u.id.to_string())
        .collect();
    let upload_of = |url: &str| parse_upload_url(url).unwrap().to_string();
    assert!(!swept.contains(&upload_of(&urls[0])) && !swept.contains(&upload_of(&urls[2])), "{swept:?}");
    assert!(swept.contains(&upload_of(&urls[1])), "a removed material's upload is swept: {swept:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_merchants_materials_page_by_cursor_on_sqlite() {
    a_merchants_materials_page_by_cursor(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_merchants_materials_page_by_cursor_on_postgres() {
    a_merchants_materials_page_by_cursor(TestDatabase::postgres().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_material_shared_with_a_tenant_is_its_members_to_see_and_use_but_its_owners_to_change() {
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    let db = app.db().await;
    let tenant = tenant(&db, "acme", true).await;
    let mut owner = app.client();
    owner.register_random().await;
    let mut member = app.client();
    member.register_random().await;
    let mut outsider = app.client();
    outsider.register_random().await;
    for c in [&owner, &member] {
        assert!(tenants::assign_user(&db, c.user_id().await, Some(tenant.id)).await.unwrap());
    }

    let photo = owner.upload_png(encode_png(&bottle_on_green(600, 720).0)).await;
    let shared = add(&owner, json!({ "uploadId": photo, "name": "团队主图", "shared": true })).await;
    let private = add(&owner, json!({ "uploadId": owner.upload_png(noise_png(600, 500)).await })).await;
    let path = format!("{ASSETS}/{}", shared["id"].as_str().unwrap());

    // The member lists and opens the shared one (not the private one), not as theirs.
    let (_, team) = member.get(&format!("{ASSETS}?scope=tenant")).await;
    assert_eq!(ids(&team), [shared["id"].as_str().unwrap()]);
    assert_eq!(team["data"]["cds_asset_infos"][0]["mine"], false);
    let (_, all) = member.get(ASSETS).await;
    assert!(!ids(&all).contains(&private["id"].as_str().unwrap().to_owned()));
    let (_, own_view) = owner.get(&format!("{ASSETS}?scope=mine")).await;
    assert_eq!(ids(&own_view).len(), 2);
    assert_eq!(member.get(&path).await.0, 200);
    assert_eq!(member.get_bytes(&photo).await.0, 200, "a team material's picture is the team's to see");
    // Only its owner changes or removes it; outsiders see nothing.
    assert_eq!(
        error(&member.patch_json(&path, json!({ "name": "mine now" })).await),
        (403, Some("POSTER_ASSET_NOT_YOURS"))
    );
    assert_eq!(error(&member.delete(&path).await), (403, Some("POSTER_ASSET_NOT_YOURS")));
    assert_eq!(error(&outsider.get(&path).await), (404, Some("POSTER_ASSET_NOT_FOUND")));
    assert_eq!(error(&outsider.delete(&path).await), (404, Some("POSTER_ASSET_NOT_FOUND")));
    assert_eq!(outsider.get_bytes(&photo).await.0, 404);

    // An outsider cannot put it in a poster; the member can, and it renders.
    let params = json!({ "templateId": "new-arrival-minimal", "images": { "product": photo } });
    let body = json!({ "bizType": "PLACARD_GEN", "params": params });
    assert_eq!(error(&outsider.post_json("/api/tasks", body.clone()).await), (400, Some("IMAGE_NOT_FOUND")));
    app.start_worker();
    member.wait_capability("PLACARD_GEN", "available").await;
    let (s, b) = member.post_json("/api/tasks", body.clone()).await;
    assert_eq!(s, 200, "{b}");
    let task = member.wait_task(b["data"]["taskId"].as_str().unwrap(), std::time::Duration::from_secs(300)).await;
    assert_eq!(task["status"], "SUCCESS", "{task}");

    // Unshared, it is the owner's alone again: the member can no longer use it.
    let (s, b) = owner.patch_json(&path, json!({ "shared": false })).await;
    assert_eq!((s, b["data"]["shared"].as_bool()), (200, Some(false)), "{b}");
    assert_eq!(error(&member.get(&path).await), (404, Some("POSTER_ASSET_NOT_FOUND")));
    assert_eq!(error(&member.post_json("/api/tasks", body).await), (400, Some("IMAGE_NOT_FOUND")));
}
