//! Chat messages and the ChatML prompt template of Qwen2 / Qwen2.5.

/// Who wrote a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChatRole {
    System,
    User,
    Assistant,
}

impl ChatRole {
    /// The role's name in the template.
    pub fn as_str(self) -> &'static str {
        match self {
            ChatRole::System => "system",
            ChatRole::User => "user",
            ChatRole::Assistant => "assistant",
        }
    }
}

/// One message of a conversation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatMessage {
    pub role: ChatRole,
    pub content: String,
}

impl ChatMessage {
    pub fn system(content: impl Into<String>) -> Self {
        Self { role: ChatRole::System, content: content.into() }
    }

    pub fn user(content: impl Into<String>) -> Self {
        Self { role: ChatRole::User, content: content.into() }
    }

    pub fn assistant(content: impl Into<String>) -> Self {
        Self { role: ChatRole::Assistant, content: content.into() }
    }
}

/// The system prompt Qwen2.5's own template inserts when a conversation has none.
pub const DEFAULT_SYSTEM_PROMPT: &str = "You are Qwen, created by Alibaba Cloud. You are a helpful assistant.";

pub(crate) const IM_START: &str = "<|im_start|>";
pub(crate) const IM_END: &str = "<|im_end|>";

/// One piece of a prompt: a special token, or text that is tokenized as
/// plain text (special-token strings inside it stay plain text, so a user
/// cannot inject `<|im_end|>`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Piece<'a> {
    Special(&'static str),
    Text(std::borrow::Cow<'a, str>),
}

/// The prompt as pieces: for each message `<|im_start|>{role}\n{content}<|im_end|>\n`,
/// then `<|im_start|>assistant\n`; [`DEFAULT_SYSTEM_PROMPT`] first when the
/// first message is not a system message (as Qwen2.5's template does).
pub(crate) fn chatml_pieces(messages: &[ChatMessage]) -> Vec<Piece<'_>> {
    let mut out = Vec::with_capacity(messages.len() * 4 + 4);
    let mut turn = |role: ChatRole, content: &str| {
        out.push(Piece::Special(IM_START));
        out.push(Piece::Text(format!("{}\n{content}", role.as_str()).into()));
        out.push(Piece::Special(IM_END));
        out.push(Piece::Text("\n".into()));
    };
    if messages.first().is_none_or(|m| m.role != ChatRole::System) {
        turn(ChatRole::System, DEFAULT_SYSTEM_PROMPT);
    }
    for m in messages {
        turn(m.role, &m.content);
    }
    out.push(Piece::Special(IM_START));
    out.push(Piece::Text("assistant\n".into()));
    out
}

/// The ChatML prompt as one string (what the model sees, special tokens
/// written out).
pub fn chatml_prompt(messages: &[ChatMessage]) -> String {
    chatml_pieces(messages)
        .into_iter()
        .map(|p| match p {
            Piece::Special(s) => s.to_owned(),
            Piece::Text(t) => t.into_owned(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chatml_with_and_without_a_system_message() {
        let with = chatml_prompt(&[ChatMessage::system("S"), ChatMessage::user("你好")]);
        assert_eq!(with, "<|im_start|>system\nS<|im_end|>\n<|im_start|>user\n你好<|im_end|>\n<|im_start|>assistant\n");
        let without = chatml_prompt(&[ChatMessage::user("hi"), ChatMessage::assistant("yo"), ChatMessage::user("?")]);
        assert_eq!(
            without,
            format!(
                "<|im_start|>system\n{DEFAULT_SYSTEM_PROMPT}<|im_end|>\n<|im_start|>user\nhi<|im_end|>\n\
                 <|im_start|>assistant\nyo<|im_end|>\n<|im_start|>user\n?<|im_end|>\n<|im_start|>assistant\n"
            )
        );
    }
}
