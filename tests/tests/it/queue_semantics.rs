//! The database is the truth and Redis carries work: an accepted task is
//! delivered even if Redis was down when it was submitted, a duplicated job
//! applies its outcome once, and a task whose worker vanished ends TIMEOUT.

use std::time::Duration;

use pixmart_shared::db::store::{ledger, tasks as task_store};
use pixmart_shared::domain::TaskId;
use pixmart_tests::images::{encode_png, product_photo};
use pixmart_tests::{RedisServer, TestApp, TestDatabase};
use pixmart_worker::Outcome;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn task_submitted_while_redis_is_down_is_delivered_when_it_returns() {
    let mut app = TestApp::start(TestDatabase::sqlite()).await;
    let mut c = app.client();
    c.register_random().await;
    let url = c.upload_png(encode_png(&product_photo(700, 700).0)).await;

    let port = app.redis.as_ref().unwrap().port;
    app.redis = None; // redis-server killed
    let task_id = c.submit_cutout(&url, None).await;
    let db = app.db().await;
    assert_eq!(task_store::outbox_len(&db).await.unwrap(), 1, "the job waits in the database");
    let (_, health) = c.get("/api/health").await;
    assert_eq!(health["data"]["redis"], "down");

    app.redis = Some(RedisServer::start_on(port));
    app.start_worker();
    let task = c.wait_task(&task_id, Duration::from_secs(120)).await;
    assert_eq!(task["status"], "SUCCESS", "{task}");
    assert_eq!(task_store::outbox_len(&db).await.unwrap(), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_job_delivered_twice_is_applied_once() {
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let mut c = app.client();
    c.register_random().await;
    let url = c.upload_png(encode_png(&product_photo(700, 700).0)).await;
    let task_id: TaskId = c.submit_cutout(&url, None).await.parse().unwrap();

    // Two worker processes receive the same job: run it directly on both.
    let ctx_a = pixmart_worker::runner::build_context(app.settings.clone()).await.unwrap();
    let ctx_b = pixmart_worker::runner::build_context(app.settings.clone()).await.unwrap();
    let (a, b) =
        tokio::join!(pixmart_worker::process_task(&ctx_a, task_id), pixmart_worker::process_task(&ctx_b, task_id));
    let mut outcomes = [a.unwrap(), b.unwrap()];
    outcomes.sort_by_key(|o| o == &Outcome::Skipped);
    assert_eq!(outcomes, [Outcome::Succeeded, Outcome::Skipped]);

    let task = task_store::get_task(&ctx_a.db, task_id).await.unwrap().unwrap();
    assert_eq!(task.attempts, 1);
    // Charged once (5), settled once, never refunded.
    let entries = ledger::entries(&ctx_a.db, task.owner).await.unwrap();
    let of_task: Vec<_> = entries.iter().filter(|e| e.task_id.as_deref() == Some(&task_id.to_string())).collect();
    assert_eq!(of_task.iter().map(|e| e.kind.as_str()).collect::<Vec<_>>(), ["charge", "settle"]);
    assert_eq!(ledger::balances(&ctx_a.db, task.owner).await.unwrap().total(), 495);
    assert_eq!(task.results.len(), 2);
    // A late third delivery changes nothing either.
    assert_eq!(pixmart_worker::process_task(&ctx_a, task_id).await.unwrap(), Outcome::Skipped);
    assert_eq!(task_store::get_task(&ctx_a.db, task_id).await.unwrap().unwrap(), task);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_task_whose_worker_keeps_dying_is_retried_then_failed_and_refunded_once() {
    let app = TestApp::start_with(TestDatabase::sqlite(), |s| s.tasks.max_attempts = 2).await;
    let mut c = app.client();
    c.register_random().await;
    let url = c.upload_png(encode_png(&product_photo(700, 700).0)).await;
    let task_id: TaskId = c.submit_cutout(&url, None).await.parse().unwrap();
    let db = app.db().await;

    // Attempt 1: a worker claims the task and dies (its lease runs out).
    task_store::claim_task(&db, task_id, "dead-worker-1", chrono::Duration::milliseconds(1)).await.unwrap().unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    loop {
        let t = task_store::get_task(&db, task_id).await.unwrap().unwrap();
        if t.status.as_str() == "NEW" && t.attempts == 1 {
            break; // back in line for another attempt, its job sent again
        }
        assert!(std::time::Instant::now() < deadline, "not retried: {t:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Attempt 2 dies too: out of attempts.
    task_store::claim_task(&db, task_id, "dead-worker-2", chrono::Duration::milliseconds(1)).await.unwrap().unwrap();
    let task = c.wait_task(&task_id.to_string(), Duration::from_secs(30)).await;
    assert_eq!(task["status"], "FAILED", "{task}");
    assert_eq!(task["errorCode"], "TASK_CRASHED");
    assert_eq!(task["errorMsg"], "生成失败，灵石已返还");

    // If a "dead" worker comes back and reports, nothing changes.
    assert!(!task_store::complete_task(&db, task_id, "dead-worker-2", &[]).await.unwrap());
    assert!(!task_store::fail_task(&db, task_id, "dead-worker-1", "X", "late").await.unwrap());
    let again = task_store::get_task(&db, task_id).await.unwrap().unwrap();
    assert_eq!((again.status.as_str(), again.attempts), ("FAILED", 2));

    // The reserved 5 lingshi came back exactly once.
    let (_, info) = c.get("/api/user/info").await;
    assert_eq!(info["data"]["points"], 500, "{info}");
    let refunds = ledger::entries(&db, again.owner).await.unwrap().into_iter().filter(|e| e.kind == "refund").count();
    assert_eq!(refunds, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_task_past_its_deadline_ends_timeout_and_is_refunded() {
    // No worker: the task waits until its deadline passes.
    let app = TestApp::start_with(TestDatabase::sqlite(), |s| s.tasks.deadline_secs = 1).await;
    let mut c = app.client();
    c.register_random().await;
    let url = c.upload_png(encode_png(&product_photo(700, 700).0)).await;
    let task_id = c.submit_cutout(&url, None).await;
    let task = c.wait_task(&task_id, Duration::from_secs(30)).await;
    assert_eq!(task["status"], "TIMEOUT", "{task}");
    assert_eq!(task["errorCode"], "TASK_TIMEOUT");
    assert_eq!(task["errorMsg"], "生成超时，灵石已返还");
    let (_, info) = c.get("/api/user/info").await;
    assert_eq!(info["data"]["points"], 500, "{info}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stopping_a_task_refunds_once_and_a_late_worker_cannot_revive_it() {
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let mut c = app.client();
    c.register_random().await;
    let url = c.upload_png(encode_png(&product_photo(700, 700).0)).await;
    let task_id = c.submit_cutout(&url, None).await;
    let (_, info) = c.get("/api/user/info").await;
    assert_eq!(info["data"]["points"], 495);

    // A worker has it running when the user stops it.
    let db = app.db().await;
    let id: TaskId = task_id.parse().unwrap();
    task_store::claim_task(&db, id, "busy-worker", chrono::Duration::minutes(10)).await.unwrap().unwrap();
    let (s, b) = c.post_json(&format!("/api/tasks/{task_id}/stop"), serde_json::json!({})).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["data"]["status"], "FAILED");
    assert_eq!(b["data"]["errorMsg"], "停止生成，灵石已返还");
    let (_, info) = c.get("/api/user/info").await;
    assert_eq!(info["data"]["points"], 500);

    // Stopping again, or the worker finishing late, changes nothing.
    let (s, b) = c.post_json(&format!("/api/tasks/{task_id}/stop"), serde_json::json!({})).await;
    assert_eq!((s, b["error"].as_str()), (409, Some("TASK_NOT_STOPPABLE")));
    assert!(!task_store::complete_task(&db, id, "busy-worker", &[]).await.unwrap());
    let (_, info) = c.get("/api/user/info").await;
    assert_eq!(info["data"]["points"], 500);
    let mut other = app.client();
    other.register_random().await;
    let (s, _) = other.post_json(&format!("/api/tasks/{task_id}/stop"), serde_json::json!({})).await;
    assert_eq!(s, 404);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_job_lost_when_redis_restarts_is_sent_again() {
    let mut app = TestApp::start_with(TestDatabase::sqlite(), |s| s.tasks.redispatch_after_secs = 1).await;
    let mut c = app.client();
    c.register_random().await;
    let url = c.upload_png(encode_png(&product_photo(700, 700).0)).await;
    let task_id = c.submit_cutout(&url, None).await;
    let db = app.db().await;
    assert_eq!(task_store::outbox_len(&db).await.unwrap(), 0, "the job reached Redis");

    // Redis restarts empty (no persistence): the job is gone, the task is NEW.
    let port = app.redis.as_ref().unwrap().port;
    app.redis = None;
    app.redis = Some(RedisServer::start_on(port));
    app.start_worker();
    let task = c.wait_task(&task_id, Duration::from_secs(120)).await;
    assert_eq!(task["status"], "SUCCESS", "{task}");
    let id: TaskId = task_id.parse().unwrap();
    assert_eq!(task_store::get_task(&db, id).await.unwrap().unwrap().attempts, 1);
}

/// A worker writes its jobs' claims and outcomes in groups (one
/// transaction each): every task in a group is still guarded on its own, so
/// a duplicate delivery inside a group, a late outcome for a task another
/// node holds and a whole group written twice each change nothing, and the
/// ledger moves once per task.
async fn grouped_claims_and_outcomes_apply_once(db: TestDatabase) {
    use pixmart_shared::db::store::group_commit::{write_group, Ending, Finish};
    use pixmart_shared::domain::{Lingshi, ResultKind, TaskResult, TaskStatus};

    let app = TestApp::start(db).await;
    let mut c = app.client();
    c.register_random().await;
    let user = c.user_id().await;
    let (a, b, other) = (TaskId::new(), TaskId::new(), TaskId::new());
    for id in [a, b, other] {
        pixmart_tests::fixtures::waiting_task(&app, user, id, Lingshi::new(5)).await;
    }
    let db = app.db().await;
    let lease = chrono::Duration::minutes(10);

    // One group claims a and b; a's job arrived twice.
    let w = write_group(&db, "node-1", lease, &[a, b, a], &[]).await.unwrap();
    let claimed: Vec<bool> = w.claimed.iter().map(Option::is_some).collect();
    assert_eq!(claimed, [true, true, false]);
    let task_a = w.claimed[0].clone().unwrap();
    assert_eq!((task_a.status, task_a.attempts, task_a.worker_id.as_deref()), (TaskStatus::Running, 1, Some("node-1")));
    assert!(task_store::claim_task(&db, other, "node-2", lease).await.unwrap().is_some());

    // The next group: a succeeds, b fails, node-1's outcome for the task
    // node-2 holds is refused, and b's job is delivered once more.
    let failure = Ending::Failure { code: "GENERATION_FAILED".into(), message: "boom".into() };
    let result = TaskResult::file(format!("results/{a}/cutout.png"), ResultKind::Image, 8, 6);
    let finishes = [
        Finish { id: a, ending: Ending::Success(vec![result.clone()]) },
        Finish { id: b, ending: failure },
        Finish { id: other, ending: Ending::Success(Vec::new()) },
    ];
    let w = write_group(&db, "node-1", lease, &[b], &finishes).await.unwrap();
    assert_eq!(w.finished, [true, true, false]);
    assert!(w.claimed[0].is_none(), "a finished task is not claimed again");
    let status = |t: TaskId| {
        let db = db.clone();
        async move { task_store::get_task(&db, t).await.unwrap().unwrap().status }
    };
    assert_eq!(
        (status(a).await, status(b).await, status(other).await),
        (TaskStatus::Success, TaskStatus::Failed, TaskStatus::Running)
    );
    // Each row got its own outcome's columns from the one statement.
    let (ta, tb) =
        (task_store::get_task(&db, a).await.unwrap().unwrap(), task_store::get_task(&db, b).await.unwrap().unwrap());
    assert_eq!((ta.results, ta.progress, ta.error_code), (vec![result], 100, None));
    assert_eq!((tb.error_code.as_deref(), tb.error_msg.as_deref()), (Some("GENERATION_FAILED"), Some("boom")));
    assert!(tb.results.is_empty() && tb.finished_at.is_some() && ta.finished_at == tb.finished_at);

    // The whole group written again (duplicated jobs): nothing changes.
    let again = write_group(&db, "node-1", lease, &[], &finishes).await.unwrap();
    assert_eq!(again.finished, [false, false, false]);
    // 500 - 3 × 5 charged, b's 5 refunded once; a's settled once.
    let (_, info) = c.get("/api/user/info").await;
    assert_eq!(info["data"]["points"], 490, "{info}");
    let entries = ledger::entries(&db, user).await.unwrap();
    let count = |kind: &str, task: TaskId| {
        entries.iter().filter(|e| e.kind == kind && e.task_id.as_deref() == Some(task.to_string().as_str())).count()
    };
    assert_eq!((count("settle", a), count("refund", b), count("refund", a), count("settle", b)), (1, 1, 0, 0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn grouped_writes_on_sqlite() {
    grouped_claims_and_outcomes_apply_once(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn grouped_writes_on_postgres() {
    grouped_claims_and_outcomes_apply_once(TestDatabase::postgres().await).await;
}
