//! Options of the text task types (文案改写 TEXT_REWRITE, 爆文改写
//! HOT_ARTICLE_REWRITE, 主题创作 THEME_ARTICLE_GEN): the source text, the platform, the style, the
//! language of the answer and how many answers.

use serde_json::{Map, Value};

use super::{reject_unknown, small_int};
use crate::copywriting::{CopyLanguage, CopyStyle, Platform};
use crate::domain::{BizType, Invalid};
use crate::error::ErrorCode;

/// What a text task writes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CopyKind {
    /// Rewrite a piece of copy.
    TextRewrite,
    /// New content from a popular article (typed in or fetched by link).
    ArticleRewrite,
    /// An article on a topic (主题创作).
    Topic,
}

impl CopyKind {
    pub fn biz_type(self) -> BizType {
        match self {
            CopyKind::TextRewrite => BizType::TextRewrite,
            CopyKind::ArticleRewrite => BizType::ArticleRewrite,
            CopyKind::Topic => BizType::TopicArticle,
        }
    }

    /// Fewest and most characters of source text.
    pub fn source_bounds(self) -> (usize, usize) {
        match self {
            CopyKind::TextRewrite => (TEXT_MIN_CHARS, TEXT_MAX_CHARS),
            CopyKind::ArticleRewrite => (ARTICLE_MIN_CHARS, ARTICLE_MAX_CHARS),
            CopyKind::Topic => (TOPIC_MIN_CHARS, TOPIC_MAX_CHARS),
        }
    }

    /// Most answers per task, and the default.
    pub fn gen_num_bounds(self) -> (u8, u8) {
        match self {
            CopyKind::TextRewrite => (TEXT_GEN_NUM_MAX, TEXT_GEN_NUM_DEFAULT),
            // The original app writes one article per rewrite.
            CopyKind::ArticleRewrite => (1, 1),
            CopyKind::Topic => (TOPIC_GEN_NUM_MAX, TOPIC_GEN_NUM_DEFAULT),
        }
    }

    /// The option that carries the source: the text, or the topic.
    pub fn source_field(self) -> &'static str {
        match self {
            CopyKind::TextRewrite | CopyKind::ArticleRewrite => "content",
            CopyKind::Topic => "topic",
        }
    }
}

pub const TEXT_MIN_CHARS: usize = 5;
/// A note or product description; longer text is an article.
pub const TEXT_MAX_CHARS: usize = 2000;
pub const ARTICLE_MIN_CHARS: usize = 50;
/// Long enough for a popular article, short enough that reading it stays
/// within a minute or two on a CPU node.
pub const ARTICLE_MAX_CHARS: usize = 6000;
/// A topic is a phrase or a sentence ("露营季的防晒好物").
pub const TOPIC_MIN_CHARS: usize = 2;
pub const TOPIC_MAX_CHARS: usize = 100;
pub const TOPIC_GEN_NUM_MAX: u8 = 2;
pub const TOPIC_GEN_NUM_DEFAULT: u8 = 1;
pub const TEXT_GEN_NUM_MAX: u8 = 4;
pub const TEXT_GEN_NUM_DEFAULT: u8 = 2;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CopySpec {
    pub kind: CopyKind,
    /// The text to rewrite, trimmed, within [`CopyKind::source_bounds`].
    pub source: String,
    pub platform: Platform,
    pub style: CopyStyle,
    /// The answers' language: as asked, else the source's.
    pub language: CopyLanguage,
    pub gen_num: u8,
}

pub fn parse(kind: CopyKind, params: &Map<String, Value>) -> Result<CopySpec, Invalid> {
    let field = kind.source_field();
    reject_unknown(params, &[field, "socialPlatform", "style", "language", "genNum"])?;
    let source = match params.get(field) {
        Some(Value::String(s)) => s.trim().to_owned(),
        None | Some(Value::Null) => String::new(),
        Some(_) => return Err(Invalid::field(ErrorCode::InvalidParam, field)),
    };
    let (min, max) = kind.source_bounds();
    let chars = source.chars().count();
    let (required, too_long) = match kind {
        CopyKind::TextRewrite | CopyKind::ArticleRewrite => {
            (ErrorCode::CopySourceRequired, ErrorCode::CopySourceTooLong)
        }
        CopyKind::Topic => (ErrorCode::TopicRequired, ErrorCode::TopicTooLong),
    };
    if chars < min {
        return Err(Invalid::field(required, field));
    }
    if chars > max {
        return Err(Invalid::field(too_long, field));
    }
    let platform = match params.get("socialPlatform") {
        None | Some(Value::Null) => Platform::Redbook,
        Some(Value::String(s)) => {
            Platform::parse(s).ok_or(Invalid::field(ErrorCode::CopyBadPlatform, "socialPlatform"))?
        }
        Some(_) => return Err(Invalid::field(ErrorCode::CopyBadPlatform, "socialPlatform")),
    };
    let style = match params.get("style") {
        None | Some(Value::Null) => CopyStyle::default(),
        Some(Value::String(s)) => CopyStyle::parse(s).ok_or(Invalid::field(ErrorCode::CopyBadStyle, "style"))?,
        Some(_) => return Err(Invalid::field(ErrorCode::CopyBadStyle, "style")),
    };
    let language = match params.get("language") {
        None | Some(Value::Null) => CopyLanguage::detect(&source),
        Some(Value::String(s)) => CopyLanguage::parse(s).ok_or(Invalid::field(ErrorCode::InvalidParam, "language"))?,
        Some(_) => return Err(Invalid::field(ErrorCode::InvalidParam, "language")),
    };
    let (gen_max, gen_default) = kind.gen_num_bounds();
    let gen_num = small_int(params, "genNum", 1, gen_max, gen_default)?;
    Ok(CopySpec { kind, source, platform, style, language, gen_num })
}

impl CopySpec {
    pub fn to_params(&self) -> Value {
        let mut params = serde_json::json!({
            "socialPlatform": self.platform.as_str(),
            "style": self.style.as_str(),
            "language": self.language.as_str(),
            "genNum": self.gen_num,
        });
        if let Some(map) = params.as_object_mut() {
            map.insert(self.kind.source_field().to_owned(), Value::String(self.source.clone()));
        }
        params
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::TaskSpec;
    use serde_json::json;

    #[test]
    fn parses_with_defaults_and_round_trips() {
        let spec = TaskSpec::parse("TEXT_REWRITE", &json!({ "content": "  这款保温杯能保温六小时  " })).unwrap();
        let TaskSpec::Copy(copy) = &spec else { panic!("{spec:?}") };
        assert_eq!(copy.source, "这款保温杯能保温六小时");
        assert_eq!(
            (copy.platform, copy.style, copy.language, copy.gen_num),
            (Platform::Redbook, CopyStyle::Humorous, CopyLanguage::Zh, 2)
        );
        assert_eq!(TaskSpec::parse("TEXT_REWRITE", &spec.to_params()).unwrap(), spec);
        assert_eq!(spec.cost().get(), 2 * 5);
        let english = TaskSpec::parse("TEXT_REWRITE", &json!({ "content": "A mug that keeps coffee hot", "style": "专业严谨", "socialPlatform": "weibo", "genNum": 1 })).unwrap();
        let TaskSpec::Copy(copy) = english else { panic!() };
        assert_eq!(
            (copy.platform, copy.style, copy.language),
            (Platform::Weibo, CopyStyle::Professional, CopyLanguage::En)
        );
    }

    #[test]
    fn a_topic_is_its_own_option_and_round_trips() {
        let spec =
            TaskSpec::parse("THEME_ARTICLE_GEN", &json!({ "topic": "露营季的防晒好物", "socialPlatform": "wechat" }))
                .unwrap();
        let TaskSpec::Copy(copy) = &spec else { panic!("{spec:?}") };
        assert_eq!((copy.kind, copy.source.as_str(), copy.gen_num), (CopyKind::Topic, "露营季的防晒好物", 1));
        assert_eq!(TaskSpec::parse("THEME_ARTICLE_GEN", &spec.to_params()).unwrap(), spec);
        assert_eq!(spec.cost().get(), 10);
        let code = |p: Value| TaskSpec::parse("THEME_ARTICLE_GEN", &p).unwrap_err().code;
        assert_eq!(code(json!({ "topic": "露" })), ErrorCode::TopicRequired);
        assert_eq!(code(json!({ "topic": "露".repeat(101) })), ErrorCode::TopicTooLong);
        assert_eq!(code(json!({ "content": "露营季的防晒好物" })), ErrorCode::InvalidParam);
    }

    #[test]
    fn an_article_rewrite_writes_one_article() {
        let article = "这是一篇很长的爆款文章。".repeat(10);
        let spec =
            TaskSpec::parse("HOT_ARTICLE_REWRITE", &json!({ "content": article, "socialPlatform": "wechat" })).unwrap();
        assert_eq!(spec.cost().get(), 10);
        let err = TaskSpec::parse("HOT_ARTICLE_REWRITE", &json!({ "content": article, "genNum": 2 })).unwrap_err();
        assert_eq!(err.field, Some("genNum"));
    }

    #[test]
    fn bad_options_name_their_field_and_code() {
        let long = "字".repeat(TEXT_MAX_CHARS + 1);
        let cases = [
            (json!({}), ErrorCode::CopySourceRequired, "content"),
            (json!({ "content": "  " }), ErrorCode::CopySourceRequired, "content"),
            (json!({ "content": long }), ErrorCode::CopySourceTooLong, "content"),
            (json!({ "content": 3 }), ErrorCode::InvalidParam, "content"),
            (
                json!({ "content": "保温杯保温六小时", "socialPlatform": "facebook" }),
                ErrorCode::CopyBadPlatform,
                "socialPlatform",
            ),
            (json!({ "content": "保温杯保温六小时", "style": "angry" }), ErrorCode::CopyBadStyle, "style"),
            (json!({ "content": "保温杯保温六小时", "language": "fr" }), ErrorCode::InvalidParam, "language"),
            (json!({ "content": "保温杯保温六小时", "genNum": 5 }), ErrorCode::InvalidParam, "genNum"),
            (json!({ "content": "保温杯保温六小时", "extra": 1 }), ErrorCode::InvalidParam, "params"),
        ];
        for (params, code, field) in cases {
            let err = TaskSpec::parse("TEXT_REWRITE", &params).unwrap_err();
            assert_eq!((err.code, err.field), (code, Some(field)), "{params}");
        }
    }
}
