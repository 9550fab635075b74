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
        match finish(parse(&answer.text, rules.platform), rules) {
            Ok(copy) => return Ok(Written { copy, attempts: attempt + 1, raw: answer.text, refused }),
            Err(problem) => {
                tracing::info!(attempt, %problem, "answer refused; writing it again");
                refused.push(problem.to_string());
            }
        }
    }
    Err(WriteError::Refused(refused))
}
