//! Property test of the lingshi ledger on real databases (SQLite and PostgreSQL): random
//! interleavings of grants, top-ups, reservations, settlements, refunds and
//! expiries (repeated ones included) never make a bucket negative, never
//! refund twice, and the cached balances always equal the sum of the entries.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;

use pixmart_shared::db::store::{ledger, users};
use pixmart_shared::db::{self, StoreError};
use pixmart_shared::domain::{Account, Bucket, Lingshi, Phone, TaskId};
use proptest::prelude::*;

#[derive(Debug, Clone)]
enum Op {
    Grant(Bucket, u32),
    Reserve(usize, u32),
    Settle(usize),
    Refund(usize),
    /// Expire a bucket under one of a few keys (repeats must do nothing).
    Expire(Bucket, u8),
    TopUp(u32),
}

fn op() -> impl Strategy<Value = Op> {
    let bucket = prop_oneof![Just(Bucket::Topup), Just(Bucket::Plan), Just(Bucket::Free)];
    prop_oneof![
        (bucket, 0u32..300).prop_map(|(b, n)| Op::Grant(b, n)),
        (0usize..6, 0u32..400).prop_map(|(t, n)| Op::Reserve(t, n)),
        (0usize..6).prop_map(Op::Settle),
        (0usize..6).prop_map(Op::Refund),
        (prop_oneof![Just(Bucket::Topup), Just(Bucket::Plan), Just(Bucket::Free)], 0u8..3)
            .prop_map(|(b, k)| Op::Expire(b, k)),
        (1u32..500).prop_map(Op::TopUp),
    ]
}

/// A fresh PostgreSQL database on the test server; dropped by the caller.
async fn postgres_database() -> (String, String, String) {
    let admin_url = std::env::var("PIXMART_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
    let name = format!("pixmart_ledger_{}", uuid::Uuid::new_v4().simple());
    let admin = sea_orm::Database::connect(&admin_url).await.expect("PostgreSQL for tests");
    sea_orm::ConnectionTrait::execute_unprepared(&admin, &format!("CREATE DATABASE {name}")).await.expect("create db");
    let base = admin_url.rsplit_once('/').map(|(b, _)| b.to_owned()).expect("admin url");
    (format!("{base}/{name}"), admin_url, name)
}

async fn drop_postgres_database(admin_url: &str, name: &str) {
    if let Ok(admin) = sea_orm::Database::connect(admin_url).await {
        let _ = sea_orm::ConnectionTrait::execute_unprepared(
            &admin,
            &format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"),
        )
        .await;
    }
}

async fn run_on_sqlite(ops: Vec<Op>) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().map_err(|e| TestCaseError::fail(e.to_string()))?;
    run(&format!("sqlite://{}?mode=rwc", dir.path().join("l.db").display()), ops).await
}

async fn run_on_postgres(ops: Vec<Op>) -> Result<(), TestCaseError> {
    let (url, admin, name) = postgres_database().await;
    let result = run(&url, ops).await;
    drop_postgres_database(&admin, &name).await;
    result
}

async fn run(url: &str, ops: Vec<Op>) -> Result<(), TestCaseError> {
    db::migrate_url(url).await.map_err(|e| TestCaseError::fail(e.to_string()))?;
    let conn = db::connect(url, 2).await.map_err(|e| TestCaseError::fail(e.to_string()))?;
    let account = Account::Phone(Phone::parse("13800000000").map_err(|e| TestCaseError::fail(e.to_string()))?);
    let user = users::create_user(&conn, &account, "x".into()).await.map_err(|e| TestCaseError::fail(e.to_string()))?;
    let tasks: Vec<TaskId> = (0..6).map(|_| TaskId::new()).collect();
    let mut reserved: HashMap<usize, i64> = HashMap::new();
    let mut refunded: HashMap<usize, i64> = HashMap::new();
    let mut expired_keys: std::collections::HashSet<String> = std::collections::HashSet::new();
    let mut expected_total = 500i64; // the free plan's gift
    let fail = |e: StoreError| TestCaseError::fail(e.to_string());

    for (i, op) in ops.into_iter().enumerate() {
        let before = ledger::balances(&conn, user.id).await.map_err(fail)?;
        match op {
            Op::Grant(bucket, n) => {
                ledger::grant(&conn, user.id, bucket, Lingshi::new(n), &format!("g{i}")).await.map_err(fail)?;
                expected_total += i64::from(n);
            }
            Op::Reserve(t, n) => {
                if reserved.contains_key(&t) {
                    continue; // one reservation per task, as task creation does
                }
                let txn =
                    sea_orm::TransactionTrait::begin(&conn).await.map_err(|e| TestCaseError::fail(e.to_string()))?;
                match ledger::reserve(&txn, user.id, tasks[t], Lingshi::new(n)).await {
                    Ok(()) => {
                        txn.commit().await.map_err(|e| TestCaseError::fail(e.to_string()))?;
                        reserved.insert(t, i64::from(n));
                        expected_total -= i64::from(n);
                    }
                    Err(StoreError::InsufficientLingshi) => {
                        prop_assert!(before.total() < i64::from(n), "refused although {} >= {n}", before.total());
                    }
                    Err(e) => return Err(fail(e)),
                }
            }
            Op::Settle(t) => ledger::settle(&conn, user.id, tasks[t]).await.map_err(fail)?,
            Op::Refund(t) => {
                let back = ledger::refund(&conn, user.id, tasks[t]).await.map_err(fail)?;
                *refunded.entry(t).or_default() += back;
                expected_total += back;
            }
            Op::Expire(bucket, k) => {
                let key = format!("{}:{k}", bucket.as_str());
                let gone = ledger::expire(&conn, user.id, bucket, &key).await.map_err(fail)?;
                let had = match bucket {
                    Bucket::Topup => before.topup,
                    Bucket::Plan => before.plan,
                    Bucket::Free => before.free,
                };
                if expired_keys.insert(key) {
                    prop_assert_eq!(gone, had, "an expiry takes the whole bucket");
                } else {
                    prop_assert_eq!(gone, 0, "a repeated expiry does nothing");
                }
                expected_total -= gone;
            }
            Op::TopUp(n) => {
                let key = format!("o{i}");
                let first = ledger::top_up(&conn, user.id, Lingshi::new(n), &key).await.map_err(fail)?;
                let again = ledger::top_up(&conn, user.id, Lingshi::new(n), &key).await.map_err(fail)?;
                prop_assert!(first && !again, "a top-up key applies once");
                expected_total += i64::from(n);
            }
        }
        let now = ledger::balances(&conn, user.id).await.map_err(fail)?;
        prop_assert!(now.topup >= 0 && now.plan >= 0 && now.free >= 0, "negative bucket: {now:?}");
        prop_assert_eq!(now.total(), expected_total);
        let entries = ledger::entries(&conn, user.id).await.map_err(fail)?;
        for bucket in Bucket::SPENDING_ORDER {
            let sum: i64 = entries.iter().filter(|e| e.bucket == bucket).map(|e| e.amount).sum();
            let cached = match bucket {
                Bucket::Topup => now.topup,
                Bucket::Plan => now.plan,
                Bucket::Free => now.free,
            };
            prop_assert_eq!(sum, cached, "bucket {:?}", bucket);
        }
        for (t, back) in &refunded {
            prop_assert!(*back <= reserved.get(t).copied().unwrap_or(0), "task {t} refunded {back} more than charged");
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn ledger_invariants_hold_under_any_interleaving_on_sqlite(ops in prop::collection::vec(op(), 1..30)) {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(|e| TestCaseError::fail(e.to_string()))?;
        rt.block_on(run_on_sqlite(ops))?;
    }
}

proptest! {
    // Each case creates a database: fewer cases, same properties.
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn ledger_invariants_hold_under_any_interleaving_on_postgres(ops in prop::collection::vec(op(), 1..30)) {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(|e| TestCaseError::fail(e.to_string()))?;
        rt.block_on(run_on_postgres(ops))?;
    }
}
