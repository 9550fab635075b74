//! Text on this node: a Qwen2 GGUF model loaded once per process, each
//! answer on a blocking thread with a fresh KV cache.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use pixmart_models::llm::{ChatMessage, ChatRole, FinishReason, LocalLlm, Sampling};
use pixmart_models::registry::Registry;
use tokio::sync::mpsc::UnboundedSender;

use super::{Answer, Finish, TextError, TextRequest};

/// The local models, best first. `auto` takes the first one present whose
/// memory fits.
pub const LOCAL_MODELS: [&str; 2] = ["qwen2.5-coder-1.5b", "qwen2.5-coder-0.5b"];

pub struct LocalText {
    id: String,
    llm: Arc<LocalLlm>,
}

impl LocalText {
    pub fn load(id: &str, path: &std::path::Path) -> Result<Self, String> {
        let llm = LocalLlm::load(path).map_err(|e| e.to_string())?;
        Ok(LocalText { id: id.to_owned(), llm: Arc::new(llm) })
    }

    pub fn model_id(&self) -> &str {
        &self.id
    }

    pub async fn generate(
        &self,
        request: TextRequest,
        pieces: UnboundedSender<String>,
        stop: Arc<AtomicBool>,
    ) -> Result<Answer, TextError> {
        let llm = self.llm.clone();
        let messages = vec![
            ChatMessage { role: ChatRole::System, content: request.system },
            ChatMessage { role: ChatRole::User, content: request.user },
        ];
        let sampling = Sampling {
            temperature: request.temperature,
            top_p: Some(request.top_p),
            seed: request.seed,
            max_tokens: request.max_tokens,
            ..Sampling::default()
        };
        let completion = tokio::task::spawn_blocking(move || {
            llm.generate(&messages, &sampling, &mut |piece| {
                let _ = pieces.send(piece.to_owned());
                if stop.load(Ordering::Relaxed) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
        })
        .await
        .map_err(|e| TextError::Failed(format!("the generation thread ended abnormally: {e}")))?
        .map_err(|e| TextError::Failed(format!("{}: {e}", e.code())))?;
        let finish = match completion.finish {
            FinishReason::Eos | FinishReason::Stop => Finish::Done,
            FinishReason::MaxTokens => Finish::Length,
            FinishReason::Cancelled => Finish::Cancelled,
        };
        Ok(Answer { text: completion.text, finish })
    }
}

/// Which local model to load: the configured id, or with `auto` the best
/// one whose files are present and whose memory (the registry's
/// `memory_mb`) fits in what this machine has available. `Err` says why
/// none, for the node's report.
pub fn choose_local_model(
    setting: &str,
    registry: &Registry,
    dir: &std::path::Path,
    available_mb: Option<u64>,
) -> Result<(String, PathBuf), String> {
    let candidates: Vec<&str> =
        if setting.trim().is_empty() || setting == "auto" { LOCAL_MODELS.to_vec() } else { vec![setting.trim()] };
    let mut reasons = Vec::new();
    for id in candidates {
        let Some(model) = registry.model(id) else {
            reasons.push(format!("{id}: not in the model registry"));
            continue;
        };
        let Some(file) = model.files.first() else {
            reasons.push(format!("{id}: the registry lists no file"));
            continue;
        };
        let path = dir.join(&file.path);
        if !path.is_file() {
            reasons.push(format!("{id}: {} is missing (run scripts/fetch-models)", file.path));
            continue;
        }
        if let Some(available) = available_mb {
            if u64::from(model.memory_mb) > available {
                reasons.push(format!("{id}: needs about {} MB, {available} MB available", model.memory_mb));
                continue;
            }
        }
        return Ok((id.to_owned(), path));
    }
    Err(reasons.join("; "))
}

/// Memory this machine can still give (Linux `MemAvailable`), in MB.
pub fn available_memory_mb() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = meminfo.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A models dir with empty stand-ins for the local models' files
    /// (choosing reads only which files exist, not what is in them).
    fn dir_with(ids: &[&str], registry: &Registry) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for id in ids {
            let file = dir.path().join(&registry.model(id).unwrap().files[0].path);
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(file, b"").unwrap();
        }
        dir
    }

    #[test]
    fn auto_takes_the_best_model_present_that_fits_in_memory() {
        let registry = Registry::embedded().unwrap();
        let both = dir_with(&LOCAL_MODELS, &registry);
        assert_eq!(choose_local_model("auto", &registry, both.path(), Some(64_000)).unwrap().0, LOCAL_MODELS[0]);
        let small_machine = choose_local_model("auto", &registry, both.path(), Some(2500)).unwrap();
        assert_eq!(small_machine.0, LOCAL_MODELS[1], "the 1.5B does not fit in 2.5 GB");
        let only_small = dir_with(&[LOCAL_MODELS[1]], &registry);
        assert_eq!(choose_local_model("", &registry, only_small.path(), None).unwrap().0, LOCAL_MODELS[1]);
    }

    #[test]
    fn a_named_model_is_that_model_or_a_reason() {
        let registry = Registry::embedded().unwrap();
        let both = dir_with(&LOCAL_MODELS, &registry);
        assert_eq!(choose_local_model(LOCAL_MODELS[1], &registry, both.path(), None).unwrap().0, LOCAL_MODELS[1]);
        let empty = tempfile::tempdir().unwrap();
        let why = choose_local_model(LOCAL_MODELS[0], &registry, empty.path(), None).unwrap_err();
        assert!(why.contains("run scripts/fetch-models"), "{why}");
        assert!(choose_local_model("gpt-5", &registry, both.path(), None)
            .unwrap_err()
            .contains("not in the model registry"));
        let tight = choose_local_model("auto", &registry, both.path(), Some(100)).unwrap_err();
        assert!(tight.contains("MB available"), "{tight}");
    }
}
