//! Idea report benchmark: a whole desktop report (summary, picture, video
//! and offline ideas, association, risk) written on a local Qwen2.5-Coder
//! through the real stack (API, own redis-server, SQLite, one worker), and
//! how its time splits between the stages.
//!
//! For each stage task (read from the database): the wait in the queue
//! (claimed − created), the writing (finished − claimed), the characters
//! delivered, and its share of the report's time (created → completed).
//! The writing includes every refused answer written again
//! (`marketing::ideas::read`), so a stage that is slow for its length was
//! asked more than once. One report by default; each is one sample.
//!
//!   scripts/bench idea-report
//!   cargo bench -p pixmart-tests --bench idea_report
//!
//! Env: PIXMART_BENCH_LLM (model id, default `qwen2.5-coder-1.5b`),
//! PIXMART_BENCH_REPORTS (default 1), CANDLE_NUM_THREADS (the worker's
//! threads; default all cores). Needs the model (scripts/fetch-models
//! qwen2.5-coder-1.5b) and redis-server.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use pixmart_shared::db::entities::tasks;
use pixmart_shared::db::store::tasks as task_store;
use pixmart_shared::domain::TaskStatus;
use pixmart_tests::{TestApp, TestDatabase};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{json, Value};

const PRODUCT: &str = "桂花乌龙奶茶，18元一杯，低糖，秋季限定";

/// One stage's figures.
struct Stage {
    name: String,
    wait: f64,
    write: f64,
    chars: usize,
}

fn main() {
    let model = std::env::var("PIXMART_BENCH_LLM").unwrap_or_else(|_| "qwen2.5-coder-1.5b".to_owned());
    let reports: usize = std::env::var("PIXMART_BENCH_REPORTS").ok().and_then(|v| v.parse().ok()).unwrap_or(1);
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    rt.block_on(async move {
        let mut app = TestApp::start(TestDatabase::sqlite()).await;
        let local = model.clone();
        app.start_worker_with(move |s| {
            s.text.provider = pixmart_shared::config::TextProvider::Local;
            s.text.local_model = local;
        });
        let mut c = app.client();
        c.register_random().await;
        c.wait_capability("MKT_IDEA_GEN", "available").await;
        println!("idea report on {model}, {reports} report(s), desktop order, every kind of idea");
        for n in 1..=reports {
            // 30 lingshi while video and offline ideas are free (a new
            // account has 500).
            let (status, body) = c
                .post_json(
                    "/api/idea-reports",
                    json!({ "reportTitle": "秋天的第一杯奶茶", "topicDesc": "立秋当天，晒秋天第一杯奶茶的话题冲上热搜", "marketDesc": PRODUCT, "socialType": ["image", "video", "offline"] }),
                )
                .await;
            assert_eq!(status, 200, "{body}");
            let id = body["data"]["id"].as_str().unwrap().to_owned();
            let started = Instant::now();
            let report: Value = loop {
                let (_, r) = c.get(&format!("/api/idea-reports/{id}")).await;
                if r["data"]["process"] != "generating" {
                    break r["data"].clone();
                }
                assert!(started.elapsed() < Duration::from_secs(3600), "a report took over an hour: {r}");
                tokio::time::sleep(Duration::from_millis(500)).await;
            };
            let total = started.elapsed().as_secs_f64();
            println!("\nreport {n}: {} in {total:.1} s", report["process"]);
            let db = app.db().await;
            let rows = tasks::Entity::find()
                .filter(tasks::Column::BizType.eq("MKT_IDEA_GEN"))
                .order_by_asc(tasks::Column::CreatedAt)
                .all(&db)
                .await
                .unwrap();
            let mut stages = Vec::new();
            for row in rows.iter().filter(|t| t.params["reportId"] == id.as_str()) {
                let t = task_store::get_task(&db, row.id.parse().unwrap()).await.unwrap().unwrap();
                let (Some(claimed), Some(finished)) = (t.started_at, t.finished_at) else { continue };
                let chars = t
                    .results
                    .iter()
                    .filter_map(|r| r.stage_output.as_ref())
                    .map(|o| serde_json::to_string(o).unwrap().chars().count())
                    .sum();
                stages.push(Stage {
                    name: format!("{}{}", row.params["stage"].as_str().unwrap_or("?"), if t.status == TaskStatus::Success { "" } else { " (failed)" }),
                    wait: (claimed - t.created_at).as_seconds_f64(),
                    write: (finished - claimed).as_seconds_f64(),
                    chars,
                });
            }
            println!("{:<22} {:>8} {:>9} {:>7} {:>8} {:>9}", "stage", "wait s", "write s", "share", "chars", "chars/s");
            for s in &stages {
                println!(
                    "{:<22} {:>8.2} {:>9.1} {:>6.0}% {:>8} {:>9.1}",
                    s.name,
                    s.wait,
                    s.write,
                    100.0 * s.write / total,
                    s.chars,
                    s.chars as f64 / s.write.max(0.001)
                );
            }
            let writing: f64 = stages.iter().map(|s| s.write).sum();
            let waiting: f64 = stages.iter().map(|s| s.wait).sum();
            println!(
                "writing {writing:.1} s ({:.0}% of the report), queue waits {waiting:.2} s ({:.1}%), the rest (polling, taking stages in) {:.1} s",
                100.0 * writing / total,
                100.0 * waiting / total,
                total - writing - waiting
            );
        }
    });
}
