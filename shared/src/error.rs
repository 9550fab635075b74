//! Stable error codes with their user-facing messages.
//!
//! Every failure a user can see is one [`ErrorCode`]: a stable string id
//! (for logs and clients), a numeric code for the `{code,msg,data}` envelope,
//! an HTTP status, and the spec's message in Chinese and English.

use serde::Serialize;

/// The language a message is rendered in. Chinese is the product default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub enum Lang {
    #[default]
    Zh,
    En,
}

impl Lang {
    /// Picks the language from an `Accept-Language` header value: English
    /// only when the first listed language is English.
    pub fn from_accept_language(header: Option<&str>) -> Self {
        let first = header.and_then(|h| h.split(',').next()).map(|s| s.trim().to_ascii_lowercase()).unwrap_or_default();
        if first.starts_with("en") {
            Lang::En
        } else {
            Lang::Zh
        }
    }
}

macro_rules! error_codes {
    ($( $variant:ident = ($id:literal, $num:expr, $status:expr, $zh:expr, $en:expr) ),* $(,)?) => {
        /// Every user-visible failure of the product.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum ErrorCode { $( $variant ),* }

        impl ErrorCode {
            pub const ALL: &'static [ErrorCode] = &[ $( ErrorCode::$variant ),* ];

            /// The code with this stable id, if any.
            pub fn from_id(id: &str) -> Option<ErrorCode> {
                ErrorCode::ALL.iter().copied().find(|c| c.id() == id)
            }
            /// Stable machine-readable id, e.g. `UPLOAD_BAD_FORMAT`.
            pub fn id(self) -> &'static str {
                match self { $( ErrorCode::$variant => $id ),* }
            }
            /// Numeric code carried in the response envelope (never 0).
            pub fn number(self) -> u32 {
                match self { $( ErrorCode::$variant => $num ),* }
            }
            /// HTTP status the API answers with.
            pub fn http_status(self) -> u16 {
                match self { $( ErrorCode::$variant => $status ),* }
            }
            /// The spec's message in the given language.
            pub fn message(self, lang: Lang) -> &'static str {
                match (self, lang) {
                    $( (ErrorCode::$variant, Lang::Zh) => $zh,
                       (ErrorCode::$variant, Lang::En) => $en, )*
                }
            }
        }
    };
}

error_codes! {
    // Accounts
    InvalidPhone = ("INVALID_PHONE", 1001, 400, "请输入正确的手机号码", "Please enter a correct phone number"),
    InvalidEmail = ("INVALID_EMAIL", 1002, 400, "请输入正确的邮箱", "Please enter a correct email"),
    InvalidAccount = ("INVALID_ACCOUNT", 1003, 400, "请输入正确的手机号码/邮箱", "Please enter a correct phone number or email"),
    InvalidPassword = ("INVALID_PASSWORD", 1004, 400, "密码长度需为6到64位", "Password must be 6 to 64 characters"),
    AccountExists = ("ACCOUNT_EXISTS", 1005, 409, "该账号已注册，请直接登录", "This account is already registered, please log in"),
    LoginFailed = ("LOGIN_FAILED", 1006, 401, "用户名密码输入错误", "Username or Password Incorrect"),
    Unauthorized = ("UNAUTHORIZED", 1007, 401, "请先登录", "Please log in first"),
    // Uploads
    UploadBadFormat = ("UPLOAD_BAD_FORMAT", 2001, 400, "请选择正确的格式", "Please select the correct format"),
    UploadBadSize = ("UPLOAD_BAD_SIZE", 2002, 400, "图片大小需在500KB到10MB之间", "Image size must be between 500KB and 10MB"),
    UploadBadRatio = ("UPLOAD_BAD_RATIO", 2003, 400, "图片宽高比需在0.5到2之间", "Image aspect ratio must be between 0.5 and 2"),
    UploadLowResolution = ("UPLOAD_LOW_RESOLUTION", 2004, 400, "图片分辨率不能小于 256*256", "Image resolution cannot be below 256*256"),
    UploadTooManyPixels = ("UPLOAD_TOO_MANY_PIXELS", 2005, 400, "图片分辨率不能大于 8192*8192", "Image resolution cannot exceed 8192*8192"),
    UploadCorrupt = ("UPLOAD_CORRUPT", 2006, 400, "图片已损坏，无法读取", "The image is damaged and cannot be read"),
    UploadMissingFile = ("UPLOAD_MISSING_FILE", 2007, 400, "请选择要上传的图片", "Please choose an image to upload"),
    // Tasks
    TaskLimit = ("TASK_LIMIT", 3001, 429, "已到达内容生成的任务上限（最多10个），建议导出并删除多余内容，再重新生成哦～", "You have reached the limit of 10 generation tasks at once; export and delete some content, then generate again"),
    UnknownBizType = ("UNKNOWN_BIZ_TYPE", 3002, 400, "不支持的生成类型", "Unknown generation type"),
    BizTypeNotAvailable = ("BIZ_TYPE_NOT_AVAILABLE", 3003, 400, "该功能暂未开放", "This feature is not available yet"),
    InvalidParam = ("INVALID_PARAM", 3004, 400, "参数错误", "Invalid parameter"),
    ImageNotFound = ("IMAGE_NOT_FOUND", 3005, 400, "图片不存在，请重新上传", "Image not found, please upload it again"),
    TaskNotFound = ("TASK_NOT_FOUND", 3006, 404, "任务不存在", "Task not found"),
    FileNotFound = ("FILE_NOT_FOUND", 3007, 404, "文件不存在", "File not found"),
    GenerationFailed = ("GENERATION_FAILED", 3008, 500, "生成失败，灵石已返还", "Generation failed, your coins have been returned"),
    TaskStopped = ("TASK_STOPPED", 3011, 409, "停止生成，灵石已返还", "Generation stopped, your coins have been returned"),
    TaskNotStoppable = ("TASK_NOT_STOPPABLE", 3012, 409, "任务已结束，无法停止", "The task has already finished and cannot be stopped"),
    TaskCrashed = ("TASK_CRASHED", 3013, 500, "生成失败，灵石已返还", "Generation failed, your coins have been returned"),
    TaskTimeout = ("TASK_TIMEOUT", 3009, 500, "生成超时，灵石已返还", "Generation timed out, your coins have been returned"),
    InputImageUnreadable = ("INPUT_IMAGE_UNREADABLE", 3010, 400, "原图无法读取，请重新上传", "The source image cannot be read, please upload it again"),
    // Lingshi
    InsufficientLingshi = ("INSUFFICIENT_LINGSHI", 3101, 402, "您的灵石数量不足，快去权益中心加购吧～", "Not Enough Gold Coins"),
    // Generic
    BadRequest = ("BAD_REQUEST", 4000, 400, "请求格式错误", "Malformed request"),
    NotFound = ("NOT_FOUND", 4004, 404, "页面不存在", "Not found"),
    ServiceUnavailable = ("SERVICE_UNAVAILABLE", 5003, 503, "服务暂不可用，请稍后再试", "Service temporarily unavailable, please try again later"),
    Internal = ("INTERNAL", 5000, 500, "服务器繁忙，请稍后再试", "Server busy, please try again later"),
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn ids_are_screaming_snake_case() {
        assert_eq!(ErrorCode::UploadBadFormat.id(), "UPLOAD_BAD_FORMAT");
        assert_eq!(ErrorCode::TaskLimit.id(), "TASK_LIMIT");
    }

    #[test]
    fn numbers_and_ids_are_unique_and_non_zero() {
        let nums: HashSet<_> = ErrorCode::ALL.iter().map(|c| c.number()).collect();
        let ids: HashSet<_> = ErrorCode::ALL.iter().map(|c| c.id()).collect();
        assert_eq!(nums.len(), ErrorCode::ALL.len());
        assert_eq!(ids.len(), ErrorCode::ALL.len());
        assert!(!nums.contains(&0));
    }

    #[test]
    fn spec_messages_are_exact() {
        assert_eq!(
            ErrorCode::TaskLimit.message(Lang::Zh),
            "已到达内容生成的任务上限（最多10个），建议导出并删除多余内容，再重新生成哦～"
        );
        assert_eq!(ErrorCode::LoginFailed.message(Lang::En), "Username or Password Incorrect");
        assert_eq!(ErrorCode::UploadBadFormat.message(Lang::En), "Please select the correct format");
    }

    #[test]
    fn accept_language_picks_english_only_when_first() {
        assert_eq!(Lang::from_accept_language(Some("en-US,en;q=0.9")), Lang::En);
        assert_eq!(Lang::from_accept_language(Some("zh-CN,en;q=0.5")), Lang::Zh);
        assert_eq!(Lang::from_accept_language(None), Lang::Zh);
    }
}
