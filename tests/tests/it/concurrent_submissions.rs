//! Many simultaneous submissions by one user: the 10-task cap and the
//! lingshi balance hold exactly (each accepted task charged once, nothing
//! charged for a refused one), on SQLite and on PostgreSQL.

use pixmart_shared::db::store::{ledger, tasks};
use pixmart_shared::domain::{Lingshi, TaskId, UserId};
use pixmart_tests::images::{encode_png, product_photo};
use pixmart_tests::{TestApp, TestDatabase};
use serde_json::json;

async fn two_hundred_at_once(db: TestDatabase) {
    // No worker runs: accepted tasks stay NEW, so the cap is what limits.
    let app = TestApp::start(db).await;
    let mut c = app.client();
    c.register_random().await;
    let url = c.upload_png(encode_png(&product_photo(700, 700).0)).await;
    let (_, info) = c.get("/api/user/info").await;
    let user = UserId(info["data"]["user"]["id"].as_i64().unwrap());

    // Leave lingshi for 50 cutouts (5 each).
    let conn = app.db().await;
    let txn = sea_orm::TransactionTrait::begin(&conn).await.unwrap();
    ledger::reserve(&txn, user, TaskId::new(), Lingshi::new(250)).await.unwrap();
    txn.commit().await.unwrap();

    let body = json!({ "bizType": "MATTING_IMAGE", "params": { "imageUrl": url } });
    let requests = (0..200).map(|_| {
        let c = c.clone();
        let body = body.clone();
        tokio::spawn(async move { c.post_json("/api/tasks", body).await })
    });
    let mut accepted = 0;
    for r in futures_join(requests).await {
        let (status, b) = r;
        match status {
            200 => accepted += 1,
            429 => assert_eq!(b["error"], "TASK_LIMIT", "{b}"),
            other => panic!("unexpected {other}: {b}"),
        }
    }
    assert_eq!(accepted, 10, "exactly the cap");
    assert_eq!(tasks::count_tasks(&conn).await.unwrap(), 10);
    assert_eq!(ledger::balances(&conn, user).await.unwrap().total(), 250 - 10 * 5);
    let charges = ledger::entries(&conn, user).await.unwrap().into_iter().filter(|e| e.kind == "charge").count();
    assert_eq!(charges, 10 + 1, "one charge per accepted task (plus the setup)");
}

async fn futures_join<T: Send + 'static>(handles: impl Iterator<Item = tokio::task::JoinHandle<T>>) -> Vec<T> {
    let mut out = Vec::new();
    for h in handles.collect::<Vec<_>>() {
        out.push(h.await.unwrap());
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_simultaneous_submissions_on_sqlite() {
    two_hundred_at_once(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_simultaneous_submissions_on_postgres() {
    two_hundred_at_once(TestDatabase::postgres().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_idempotency_key_creates_one_task_and_one_charge() {
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let mut c = app.client();
    c.register_random().await;
    let url = c.upload_png(encode_png(&product_photo(700, 700).0)).await;
    let body = json!({ "bizType": "MATTING_IMAGE", "params": { "imageUrl": url } });
    let send = |key: &'static str| {
        let c = c.clone();
        let body = body.clone();
        tokio::spawn(async move {
            let resp = c
                .http
                .post(format!("{}/api/tasks", c.base))
                .bearer_auth(c.token.as_ref().unwrap())
                .header("Idempotency-Key", key)
                .json(&body)
                .send()
                .await
                .unwrap();
            (resp.status().as_u16(), resp.json::<serde_json::Value>().await.unwrap())
        })
    };
    // Five retries of one submission, at once, and a second submission.
    let answers = futures_join((0..5).map(|_| send("order-42-try"))).await;
    let ids: std::collections::HashSet<String> = answers
        .iter()
        .map(|(s, b)| {
            assert_eq!(*s, 200, "{b}");
            b["data"]["taskId"].as_str().unwrap().to_owned()
        })
        .collect();
    assert_eq!(ids.len(), 1, "one task for one key");
    let (s, other) = send("another-key").await.unwrap();
    assert_eq!(s, 200);
    assert!(!ids.contains(other["data"]["taskId"].as_str().unwrap()));

    let conn = app.db().await;
    assert_eq!(tasks::count_tasks(&conn).await.unwrap(), 2);
    let (_, info) = c.get("/api/user/info").await;
    assert_eq!(info["data"]["points"], 500 - 2 * 5);

    let (s, b) = {
        let resp = c
            .http
            .post(format!("{}/api/tasks", c.base))
            .bearer_auth(c.token.as_ref().unwrap())
            .header("Idempotency-Key", "")
            .json(&body)
            .send()
            .await
            .unwrap();
        (resp.status().as_u16(), resp.json::<serde_json::Value>().await.unwrap())
    };
    assert_eq!((s, b["error"].as_str(), b["field"].as_str()), (400, Some("INVALID_PARAM"), Some("Idempotency-Key")));
}

/// The acceptance point: one user with lingshi for exactly 50 cutouts
/// sends waves of 200 simultaneous submissions while tasks keep finishing
/// (through the worker's own store calls: claim, then complete with its
/// settlement). At most 50 tasks are ever charged, never more than 10 are
/// unfinished at once, and the balance ends exact.
async fn fifty_tasks_worth_under_load(db: TestDatabase) {
    let app = TestApp::start(db).await;
    let mut c = app.client();
    c.register_random().await;
    let url = c.upload_png(encode_png(&product_photo(700, 700).0)).await;
    let (_, info) = c.get("/api/user/info").await;
    let user = UserId(info["data"]["user"]["id"].as_i64().unwrap());
    let conn = app.db().await;
    let txn = sea_orm::TransactionTrait::begin(&conn).await.unwrap();
    ledger::reserve(&txn, user, TaskId::new(), Lingshi::new(250)).await.unwrap();
    txn.commit().await.unwrap();

    // The finisher: claims and completes whatever is NEW, and records the
    // most unfinished tasks it ever saw.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let finisher = {
        let conn = conn.clone();
        let stop = stop.clone();
        tokio::spawn(async move {
            let mut most = 0usize;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let (all, _) = tasks::list_tasks(&conn, user, None, 1, 1000).await.unwrap();
                let unfinished: Vec<_> = all.iter().filter(|t| !t.status.is_terminal()).collect();
                most = most.max(unfinished.len());
                for t in unfinished.iter().filter(|t| t.status == pixmart_shared::domain::TaskStatus::New).take(3) {
                    if tasks::claim_task(&conn, t.id, "test-finisher", chrono::Duration::seconds(60))
                        .await
                        .unwrap()
                        .is_some()
                    {
                        tasks::complete_task(&conn, t.id, "test-finisher", &[]).await.unwrap();
                    }
                }
                tokio::time::sleep(std::time::Duration::from_millis(10)).await;
            }
            most
        })
    };

    let body = json!({ "bizType": "MATTING_IMAGE", "params": { "imageUrl": url } });
    let (mut accepted, mut insufficient) = (0usize, 0usize);
    for _wave in 0..40 {
        let requests = (0..200).map(|_| {
            let c = c.clone();
            let body = body.clone();
            tokio::spawn(async move { c.post_json("/api/tasks", body).await })
        });
        for (status, b) in futures_join(requests).await {
            match status {
                200 => accepted += 1,
                429 => assert_eq!(b["error"], "TASK_LIMIT", "{b}"),
                402 => {
                    assert_eq!(b["error"], "INSUFFICIENT_LINGSHI", "{b}");
                    insufficient += 1;
                }
                other => panic!("unexpected {other}: {b}"),
            }
        }
        assert!(accepted <= 50, "{accepted} tasks charged with lingshi for 50");
        if accepted == 50 && insufficient > 0 {
            break;
        }
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let most_unfinished = finisher.await.unwrap();
    assert_eq!(accepted, 50, "every task the lingshi pay for is eventually accepted");
    assert!(insufficient > 0, "then the rest are refused for lingshi");
    assert!(most_unfinished <= 10, "{most_unfinished} unfinished at once");
    assert_eq!(tasks::count_tasks(&conn).await.unwrap(), 50);
    assert_eq!(ledger::balances(&conn, user).await.unwrap().total(), 0);
    let entries = ledger::entries(&conn, user).await.unwrap();
    let count = |kind: &str| entries.iter().filter(|e| e.kind == kind).count();
    assert_eq!(count("charge"), 50 + 1, "one charge per accepted task (plus the setup)");
    assert_eq!(count("refund"), 0);
    let sum: i64 = entries.iter().map(|e| e.amount).sum();
    assert_eq!(sum, 0, "the balance is the sum of the entries");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_tasks_worth_of_lingshi_under_200_simultaneous_submissions_on_sqlite() {
    fifty_tasks_worth_under_load(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_tasks_worth_of_lingshi_under_200_simultaneous_submissions_on_postgres() {
    fifty_tasks_worth_under_load(TestDatabase::postgres().await).await;
}
