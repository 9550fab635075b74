//! Generation history is kept for the tier's window: 7 days on the free
//! plan, 100 on professional. A task older than the window leaves the list.

use chrono::{Duration, Utc};
use pixmart_shared::db::entities::tasks;
use pixmart_shared::db::store::membership;
use pixmart_shared::domain::{Tier, UserId};
use pixmart_tests::images::{encode_png, product_photo};
use pixmart_tests::{TestApp, TestDatabase};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn history_keeps_tasks_for_the_tiers_window() {
    // No worker: the tasks stay NEW, which is all the list needs.
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let mut c = app.client();
    c.register_random().await;
    let url = c.upload_png(encode_png(&product_photo(700, 700).0)).await;
    let old = c.submit_cutout(&url, None).await;
    let recent = c.submit_cutout(&url, None).await;
    let (_, info) = c.get("/api/user/info").await;
    let user = UserId(info["data"]["user"]["id"].as_i64().unwrap());

    let db = app.db().await;
    tasks::Entity::update_many()
        .col_expr(tasks::Column::CreatedAt, Expr::value(Utc::now() - Duration::days(8)))
        .filter(tasks::Column::Id.eq(old.clone()))
        .exec(&db)
        .await
        .unwrap();

    let ids = |body: &serde_json::Value| -> Vec<String> {
        body["data"]["list"].as_array().unwrap().iter().map(|t| t["taskId"].as_str().unwrap().to_owned()).collect()
    };
    let (status, body) = c.get("/api/tasks").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(ids(&body), vec![recent.clone()], "free plan keeps 7 days: {body}");
    assert_eq!(body["data"]["total"], 1);

    let txn = sea_orm::TransactionTrait::begin(&db).await.unwrap();
    membership::activate(&txn, user, Tier::Professional, 1, "PMTEST", Utc::now()).await.unwrap();
    txn.commit().await.unwrap();
    let (_, body) = c.get("/api/tasks").await;
    assert_eq!(ids(&body), vec![recent, old], "professional keeps 100 days: {body}");
}
