//! Writing one piece of copy: ask the provider, read the answer into its
//! platform's parts, judge it by the rules, and ask again (another seed)
//! until an answer meets them or [`ATTEMPTS`] are used. The text pipeline
//! and `scripts/eval-copy` both write copy through this.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use pixmart_shared::copywriting::prompt::Prompt;
use pixmart_shared::copywriting::{finish, parse, MarketingCopy, RuleContext};
use tokio::sync::mpsc;

use super::{Finish, TextEngine, TextError, TextRequest};

/// Answers written per piece of copy before giving up.
pub const ATTEMPTS: u8 = 3;
const TEMPERATURE: f64 = 0.8;
const TOP_P: f64 = 0.9;

/// A delivered piece of copy and what it took.
#[derive(Debug, Clone)]
pub struct Written {
    pub copy: MarketingCopy,
    /// Answers written (1 when the first met the rules).
    pub attempts: u8,
    /// The accepted answer as the model wrote it.
    pub raw: String,
    /// Why each earlier answer was refused.
    pub refused: Vec<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    #[error(transparent)]
    Text(#[from] TextError),
    /// `stop` was raised while an answer was being written.
    #[error("stopped while writing")]
    Stopped,
    /// No answer met the rules.
    #[error("no answer met the rules in {ATTEMPTS} attempts: {}", .0.join("; "))]
    Refused(Vec<String>),
}

/// How every text pipeline ends a task whose words could not be written:
/// a stop and a refused answer are final, a model that is not there yet is
/// worth another attempt.
impl From<WriteError> for crate::failure::JobFailure {
    fn from(e: WriteError) -> Self {
        use crate::failure::JobFailure;
        use pixmart_shared::ErrorCode;
        match e {
            WriteError::Stopped => JobFailure::abort(ErrorCode::TaskStopped, "stopped while writing"),
            WriteError::Refused(problems) => JobFailure::abort(
                ErrorCode::CopyGenerationFailed,
                format!("no answer met the rules: {}", problems.join("; ")),
            ),
            WriteError::Text(TextError::Unavailable(reason)) => JobFailure::retry(reason),
            WriteError::Text(TextError::Failed(reason)) => JobFailure::abort(ErrorCode::GenerationFailed, reason),
        }
    }
}

/// Writes one piece of copy. `seed(attempt)` seeds each answer; `on_text`
/// hears each answer's whole text so far (from "" at each new attempt);
/// raising `stop` ends the current answer between tokens.
pub async fn write_copy(
    engine: &TextEngine,
    prompt: &Prompt,
    rules: &RuleContext<'_>,
    seed: impl Fn(u8) -> u64,
    stop: &Arc<AtomicBool>,
    on_text: &mut (dyn FnMut(u8, &str) + Send),
) -> Result<Written, WriteError> {
    let judge = |text: &str| finish(parse(text, rules.platform), rules).map_err(|p| p.to_string());
    let judged = write_judged(engine, prompt, judge, seed, stop, on_text).await?;
    Ok(Written { copy: judged.value, attempts: judged.attempts, raw: judged.raw, refused: judged.refused })
}

/// An answer `judge` accepted, read into what it returned.
#[derive(Debug, Clone)]
pub struct Judged<T> {
    pub value: T,
    pub attempts: u8,
    pub raw: String,
    pub refused: Vec<String>,
}

/// Asks for answers until `judge` accepts one (it says why not otherwise),
/// at most [`ATTEMPTS`] times; the rest as [`write_copy`].
pub async fn write_judged<T>(
    engine: &TextEngine,
    prompt: &Prompt,
    judge: impl Fn(&str) -> Result<T, String>,
    seed: impl Fn(u8) -> u64,
    stop: &Arc<AtomicBool>,
    on_text: &mut (dyn FnMut(u8, &str) + Send),
) -> Result<Judged<T>, WriteError> {
    let mut refused = Vec::new();
    for attempt in 0..ATTEMPTS {
        on_text(attempt, "");
        let request = TextRequest {
            system: prompt.system.clone(),
            user: prompt.user.clone(),
            max_tokens: prompt.max_tokens,
            temperature: TEMPERATURE,
            top_p: TOP_P,
            seed: seed(attempt),
        };
        let (tx, mut rx) = mpsc::unbounded_channel::<String>();
        let generation = engine.generate(request, tx, stop.clone());
        tokio::pin!(generation);
        let mut text = String::new();
        let outcome = loop {
            tokio::select! {
                done = &mut generation => break done,
                Some(piece) = rx.recv() => {
                    text.push_str(&piece);
                    on_text(attempt, &text);
                }
            }
        };
        let answer = outcome?;
        on_text(attempt, &answer.text);
        if answer.finish == Finish::Cancelled || stop.load(Ordering::Relaxed) {
            return Err(WriteError::Stopped);
        }
        match judge(&answer.text) {
            Ok(value) => return Ok(Judged { value, attempts: attempt + 1, raw: answer.text, refused }),
            Err(problem) => {
                tracing::info!(attempt, %problem, "answer refused; writing it again");
                refused.push(problem);
            }
        }
    }
    Err(WriteError::Refused(refused))
}
