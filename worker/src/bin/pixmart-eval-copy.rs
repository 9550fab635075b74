//! `scripts/eval-copy`: writes copy for every brief in
//! `tests/eval_copy/briefs.toml` on a real local model, through the same
//! writer the worker uses (prompt, reading, rules, rewrites), and reports
//! how many answers met every rule at the first attempt, how many pieces
//! of copy could be delivered, and the time each took. Every answer,
//! refused ones included, goes to a Markdown file a person can read.
//!
//! `pixmart-eval-copy [--model ID] [--models-dir DIR] [--briefs FILE] [--out FILE] [--limit N]`

use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use anyhow::Context;
use clap::Parser;
use pixmart_shared::copywriting::figures::KnownFigures;
use pixmart_shared::copywriting::prompt::{self, Brief};
use pixmart_shared::copywriting::{CopyLanguage, CopyStyle, Platform, RuleContext};
use pixmart_worker::text::{choose_local_model, write_copy, LocalText, TextEngine, WriteError};
use serde::Deserialize;

#[derive(Parser)]
struct Args {
    /// A local model id from models/registry.toml.
    #[arg(long, default_value = "qwen2.5-coder-1.5b")]
    model: String,
    #[arg(long, env = "PIXMART_MODELS_DIR", default_value = "data/models")]
    models_dir: PathBuf,
    #[arg(long, default_value = "tests/eval_copy/briefs.toml")]
    briefs: PathBuf,
    #[arg(long, default_value = "target/eval-copy/answers.md")]
    out: PathBuf,
    /// Only the first N briefs.
    #[arg(long)]
    limit: Option<usize>,
}

#[derive(Deserialize)]
struct Briefs {
    brief: Vec<BriefEntry>,
}

#[derive(Deserialize)]
struct BriefEntry {
    name: String,
    kind: String,
    platform: String,
    style: String,
    language: String,
    source: String,
}

struct Outcome {
    platform: Platform,
    first_attempt_ok: bool,
    delivered: bool,
    secs: f64,
    /// Answers written for this brief, and how many stated an invented figure.
    answers: usize,
    invented_in_answers: usize,
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let registry = pixmart_models::registry::Registry::embedded().context("model registry")?;
    let (id, path) = choose_local_model(&args.model, &registry, &args.models_dir, None)
        .map_err(|e| anyhow::anyhow!("{e} (run scripts/fetch-models {})", args.model))?;
    let started = Instant::now();
    let engine = TextEngine::Local(LocalText::load(&id, &path).map_err(|e| anyhow::anyhow!(e))?);
    eprintln!("eval-copy: {id} loaded in {:.1} s", started.elapsed().as_secs_f64());
    let briefs: Briefs = toml::from_str(&std::fs::read_to_string(&args.briefs).context("reading the briefs")?)?;
    let briefs: Vec<BriefEntry> = briefs.brief.into_iter().take(args.limit.unwrap_or(usize::MAX)).collect();

    let mut report = String::new();
    writeln!(report, "# eval-copy: {id}, {} briefs\n", briefs.len())?;
    let mut outcomes = Vec::new();
    for (n, b) in briefs.iter().enumerate() {
        let platform = Platform::parse(&b.platform).context("platform")?;
        let style = CopyStyle::parse(&b.style).context("style")?;
        let language = CopyLanguage::parse(&b.language).context("language")?;
        let brief = match b.kind.as_str() {
            "article" => Brief::Article { source: &b.source },
            _ => Brief::Rewrite { source: &b.source },
        };
        let prompt = prompt::build(brief, platform, style, language);
        let rules = RuleContext {
            platform,
            language,
            source: &b.source,
            facts: brief.facts(),
            instructions: &prompt.instructions,
        };
        let stop = Arc::new(AtomicBool::new(false));
        let mut answers: Vec<String> = vec![String::new()];
        let mut on_text = |attempt: u8, text: &str| {
            let i = usize::from(attempt);
            if answers.len() <= i {
                answers.resize(i + 1, String::new());
            }
            answers[i] = text.to_owned();
        };
        let t0 = Instant::now();
        let result =
            write_copy(&engine, &prompt, &rules, |a| 7919 * (n as u64 + 1) + u64::from(a), &stop, &mut on_text).await;
        let secs = t0.elapsed().as_secs_f64();
        writeln!(report, "## {}. {} · {} · {} · {}\n", n + 1, b.name, b.platform, b.style, b.language)?;
        let (delivered, first_ok, refused) = match &result {
            Ok(w) => (true, w.attempts == 1, w.refused.clone()),
            Err(WriteError::Refused(r)) => (false, false, r.clone()),
            Err(e) => anyhow::bail!("brief {}: {e}", n + 1),
        };
        let known = KnownFigures::of(&b.source);
        let mut invented_in_answers = 0;
        for (i, answer) in answers.iter().enumerate() {
            let verdict = refused.get(i).map_or("delivered".to_owned(), |r| format!("refused: {r}"));
            writeln!(report, "**Answer {} ({verdict})**\n\n```\n{}\n```\n", i + 1, answer.trim())?;
            let invented = known.invented(answer);
            if !invented.is_empty() {
                invented_in_answers += 1;
                writeln!(
                    report,
                    "Figures the brief does not give (their sentences dropped): {}\n",
                    invented.join(", ")
                )?;
            }
        }
        if let Ok(w) = &result {
            writeln!(report, "**As delivered**\n\n{}\n", w.copy.to_plain_text(language.is_chinese()))?;
        }
        writeln!(report, "_{secs:.1} s_\n")?;
        eprintln!(
            "eval-copy: {}/{} {} {} {} — {}, {secs:.1} s",
            n + 1,
            briefs.len(),
            b.name,
            b.platform,
            b.style,
            if delivered { "delivered" } else { "refused" }
        );
        outcomes.push(Outcome {
            platform,
            first_attempt_ok: first_ok,
            delivered,
            secs,
            invented_in_answers,
            answers: answers.len(),
        });
    }

    let total = outcomes.len().max(1) as f64;
    let first = outcomes.iter().filter(|o| o.first_attempt_ok).count();
    let delivered = outcomes.iter().filter(|o| o.delivered).count();
    let answers: usize = outcomes.iter().map(|o| o.answers).sum();
    let invented: usize = outcomes.iter().map(|o| o.invented_in_answers).sum();
    let mut summary = String::new();
    writeln!(summary, "model {id}, {} briefs", outcomes.len())?;
    writeln!(summary, "first answer met every rule: {first} ({:.0} %)", 100.0 * first as f64 / total)?;
    writeln!(
        summary,
        "delivered (within {} answers): {delivered} ({:.0} %); every delivered answer meets every rule",
        pixmart_worker::text::ATTEMPTS,
        100.0 * delivered as f64 / total
    )?;
    writeln!(
        summary,
        "answers stating a figure the brief does not give (those sentences are dropped before delivery): {invented} of {answers}"
    )?;
    for platform in Platform::ALL {
        let mut secs: Vec<f64> = outcomes.iter().filter(|o| o.platform == platform).map(|o| o.secs).collect();
        if secs.is_empty() {
            continue;
        }
        secs.sort_by(f64::total_cmp);
        writeln!(
            summary,
            "{}: median {:.1} s, max {:.1} s per delivered piece ({} briefs)",
            platform.as_str(),
            secs[secs.len() / 2],
            secs[secs.len() - 1],
            secs.len()
        )?;
    }
    print!("{summary}");
    if let Some(dir) = args.out.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(&args.out, format!("{summary}\n{report}"))?;
    eprintln!("eval-copy: answers in {}", args.out.display());
    Ok(())
}
