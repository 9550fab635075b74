//! Dedicated pools: a tenant assigned a pool has its tasks run only by
//! workers started for that pool (`--pool NAME`), and no other tenant's
//! task reaches those workers. A pool with no live worker is reported and
//! its tasks wait, marked `waitingForPool`.

use crate::support;

use std::time::Duration;

use pixmart_shared::db::store::{dispatch as dispatch_store, tasks as task_store, tenants};
use pixmart_shared::domain::TaskId;
use pixmart_tests::images::{encode_png, product_photo};
use pixmart_tests::{TestApp, TestClient, TestDatabase};
use support::fleet::{self, Worker};

async fn signed_in_with_photo(app: &TestApp) -> (TestClient, String) {
    let mut c = app.client();
    c.register_random().await;
    let url = c.upload_png(encode_png(&product_photo(700, 700).0)).await;
    (c, url)
}

async fn worker_pool_of(db: &sea_orm::DatabaseConnection, task: &str) -> String {
    let t = task_store::get_task(db, task.parse::<TaskId>().unwrap()).await.unwrap().unwrap();
    fleet::pool_of_worker(db, t.worker_id.as_deref().expect("ran on a worker")).await
}

async fn a_tenants_tasks_run_only_on_its_pool(db: TestDatabase) {
    let app = TestApp::start(db).await;
    let db = app.db().await;
    let tenant = crate::support::tenants::tenant(&db, "acme", false).await;
    dispatch_store::assign_tenant_pool(&db, tenant.id, Some("acme-gpu")).await.unwrap();
    let (t_user, t_url) = signed_in_with_photo(&app).await;
    assert!(tenants::assign_user(&db, fleet::user_id(&t_user).await, Some(tenant.id)).await.unwrap());
    let (other, other_url) = signed_in_with_photo(&app).await;
    let _shared = Worker::real(&app.settings, "default", 1);
    fleet::wait_pool_workers(&db, "default", 1).await;

    // No worker serves acme-gpu yet: the tenant's task waits, marked, and
    // the pool is reported stranded; the shared pool keeps working.
    let waiting = t_user.submit_cutout(&t_url, Some("u2netp")).await;
    let others = vec![other.submit_cutout(&other_url, Some("u2netp")).await];
    fleet::wait_all(&other, &others, Duration::from_secs(120)).await;
    let (_, t) = t_user.get(&format!("/api/tasks/{waiting}")).await;
    assert_eq!((t["data"]["status"].as_str(), t["data"]["waitingForPool"].as_bool()), (Some("NEW"), Some(true)), "{t}");
    let since = chrono::Utc::now() - chrono::Duration::seconds(5);
    let pools = dispatch_store::pools_overview(&db, since).await.unwrap();
    let acme = pools.iter().find(|p| p.pool == "acme-gpu").expect("pool listed");
    assert_eq!((acme.live_workers, acme.queued_tasks, acme.tenants.clone()), (0, 1, vec![tenant.id]));
    assert!(acme.is_stranded());
    assert!(!pools.iter().find(|p| p.pool == "default").unwrap().is_stranded());

    // The pool's worker starts: the waiting task runs on it, and so do the
    // tenant's next ones; other users' tasks still go to the shared pool.
    let _dedicated = Worker::real(&app.settings, "acme-gpu", 1);
    fleet::wait_pool_workers(&db, "acme-gpu", 1).await;
    let mut tenant_tasks = vec![waiting];
    let mut other_tasks = others;
    for _ in 0..2 {
        tenant_tasks.push(t_user.submit_cutout(&t_url, Some("u2netp")).await);
        other_tasks.push(other.submit_cutout(&other_url, Some("u2netp")).await);
    }
    fleet::wait_all(&t_user, &tenant_tasks, Duration::from_secs(120)).await;
    fleet::wait_all(&other, &other_tasks, Duration::from_secs(120)).await;
    for id in &tenant_tasks {
        assert_eq!(worker_pool_of(&db, id).await, "acme-gpu", "tenant task {id}");
    }
    for id in &other_tasks {
        assert_eq!(worker_pool_of(&db, id).await, "default", "other task {id}");
    }
    let pools = dispatch_store::pools_overview(&db, chrono::Utc::now() - chrono::Duration::seconds(5)).await.unwrap();
    let acme = pools.iter().find(|p| p.pool == "acme-gpu").unwrap();
    assert_eq!((acme.live_workers, acme.queued_tasks), (1, 0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pools_on_sqlite() {
    a_tenants_tasks_run_only_on_its_pool(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pools_on_postgres() {
    a_tenants_tasks_run_only_on_its_pool(TestDatabase::postgres().await).await;
}
