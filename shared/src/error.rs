//! Stable error codes with their user-facing messages.
//!
//! Every failure a user can see is one [`ErrorCode`]: a stable string id
//! (for logs and clients), a numeric code for the `{code,msg,data}` envelope,
//! an HTTP status, and its user-facing message in Chinese and English.

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
            /// The user-facing message in the given language.
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
    InvalidPassword = ("INVALID_PASSWORD", 1004, 400, "密码长度需为8到64位", "Password must be 8 to 64 characters"),
    AccountExists = ("ACCOUNT_EXISTS", 1005, 409, "该账号已注册，请直接登录", "This account is already registered, please log in"),
    LoginFailed = ("LOGIN_FAILED", 1006, 401, "用户名密码输入错误", "Username or Password Incorrect"),
    Unauthorized = ("UNAUTHORIZED", 1007, 401, "请先登录", "Please log in first"),
    // Sign-in (1010–1099): captcha, codes, register, reset, invites.
    AgreementRequired = ("AGREEMENT_REQUIRED", 1010, 400, "请阅读并勾选", "Please read and check"),
    PasswordMismatch = ("PASSWORD_MISMATCH", 1011, 400, "两次输入密码不一致～", "Passwords do not match"),
    InvalidVerifyCode = ("INVALID_VERIFY_CODE", 1012, 400, "请输入正确的验证码", "Please enter a correct verification code"),
    PhoneRequired = ("PHONE_REQUIRED", 1013, 400, "请输入手机号～", "Please enter your phone number"),
    CaptchaTooFrequent = ("CAPTCHA_TOO_FREQUENT", 1014, 429, "请求频繁，请稍后再试", "Too many requests, please try again later"),
    CaptchaWrong = ("CAPTCHA_WRONG", 1015, 400, "验证失败请重试", "Verification failed, please try again"),
    CaptchaRequired = ("CAPTCHA_REQUIRED", 1016, 400, "请先完成图形验证", "Please complete the image verification first"),
    CodeCountdown = ("CODE_COUNTDOWN", 1017, 429, "验证码已发送，请{n}秒后再试", "A code was just sent, please try again in {n} seconds"),
    SendLimitAccount = ("SEND_LIMIT_ACCOUNT", 1018, 429, "获取验证码过于频繁，请稍后再试", "Too many codes requested for this account, please try again later"),
    SendLimitIp = ("SEND_LIMIT_IP", 1019, 429, "请求频繁，请稍后再试", "Too many requests, please try again later"),
    SendFailed = ("SEND_FAILED", 1020, 502, "验证码发送失败，请稍后再试", "The code could not be sent, please try again later"),
    VerifyCodeWrong = ("VERIFY_CODE_WRONG", 1021, 400, "验证码错误，请重新输入", "Incorrect verification code, please try again"),
    VerifyCodeExpired = ("VERIFY_CODE_EXPIRED", 1022, 400, "验证码已失效，请重新获取", "The verification code has expired, please request a new one"),
    VerifyCodeAttempts = ("VERIFY_CODE_ATTEMPTS", 1023, 400, "验证码错误次数过多，请重新获取", "Too many wrong attempts, please request a new code"),
    InviteCodeInvalid = ("INVITE_CODE_INVALID", 1024, 400, "邀请码错误", "Wrong invite code"),
    AccountNotRegistered = ("ACCOUNT_NOT_REGISTERED", 1025, 404, "该账号尚未注册", "This account is not registered"),
    LoginErrorQuery = ("LOGIN_ERROR_QUERY", 1026, 401, "用户名或密码错误！", "Incorrect username or password!"),
    // Password-login throttle (sign-in hardening): `data.secondsLeft` says how long.
    LoginLocked = ("LOGIN_LOCKED", 1029, 429, "登录失败次数过多，请{n}秒后再试", "Too many failed sign-ins, please try again in {n} seconds"),
    // Hints rather than failures: the text an SMS login that created the
    // account shows (desktop, then mobile). Carried in the login answer.
    PhoneAutoRegistered = ("PHONE_AUTO_REGISTERED", 1027, 200, "该手机号尚未注册，将为您直接注册并登录", "This phone number is not registered yet; it will be registered and signed in directly"),
    PhoneAutoRegisteredMobile = ("PHONE_AUTO_REGISTERED_MOBILE", 1028, 200, "未注册的手机号，通过验证后将自动注册账号", "An unregistered phone number is registered automatically after verification"),
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
    // Batch generation and scheduling (3200–3299).
    BatchNotAllowed = ("BATCH_NOT_ALLOWED", 3201, 403, "批量生成为旗舰版及企业版权益，请升级会员", "Batch generation is a Flagship and Enterprise benefit; please upgrade"),
    BatchSize = ("BATCH_SIZE", 3202, 400, "批量生成的任务数量不正确", "A batch must contain between 1 and the allowed number of items"),
    BatchLimit = ("BATCH_LIMIT", 3203, 429, "已有批量任务正在生成，请完成后再提交", "You already have batches in progress; submit again when they finish"),
    BatchNotFound = ("BATCH_NOT_FOUND", 3204, 404, "批量任务不存在", "Batch not found"),
    // Product on a new background (3300–3349).
    ProductOneBackground = ("PRODUCT_ONE_BACKGROUND", 3300, 400, "请只选择一种背景", "Please choose only one background"),
    ProductBadColour = ("PRODUCT_BAD_COLOUR", 3301, 400, "颜色格式不正确", "Invalid colour: choose a palette colour or #RRGGBB"),
    ProductBackgroundNotFound = ("PRODUCT_BACKGROUND_NOT_FOUND", 3302, 400, "背景模板不存在", "Background template not found"),
    // Downloads and cutout editing (3350–3399).
    DownloadInProgress = ("DOWNLOAD_IN_PROGRESS", 3350, 429, "下载正在进行中，请稍后再试", "A download is already in progress, please try again later"),
    MaskEmpty = ("MASK_EMPTY", 3351, 400, "Mask Cannot Be Empty！", "Mask Cannot Be Empty！"),
    DownloadFailed = ("DOWNLOAD_FAILED", 3352, 500, "图片处理失败，请重试", "Preparing the image failed, please try again"),
    RefineFailed = ("REFINE_FAILED", 3353, 500, "抠图优化失败，请重试", "Refining the cutout failed, please try again"),
    SaveNotPrepared = ("SAVE_NOT_PREPARED", 3354, 409, "图片仍在准备中，请稍后再保存", "The image is still being prepared; save it again in a moment"),
    SavedImageNotFound = ("SAVED_IMAGE_NOT_FOUND", 3355, 404, "收藏的图片不存在", "Saved image not found"),
    CutoutNoSubject = ("CUTOUT_NO_SUBJECT", 3357, 422, "未识别到主体，灵石已返还。请换一张商品清晰、与背景有区分的图片", "No subject found; your coins have been returned. Try a photo where the product stands out from the background"),
    MaskOpaqueAlpha = ("MASK_OPAQUE_ALPHA", 3356, 400, "蒙版格式不正确：请用透明度（Alpha 通道）表示保留区域", "Invalid mask: its alpha channel must carry the mask, but it is fully opaque while its grey levels vary"),
    // Background replication (3400–3449).
    BgReproduceReferenceRequired = ("BG_REPRODUCE_REFERENCE_REQUIRED", 3400, 400, "请上传参考图", "Please upload a reference image"),
    BgReproduceBadMode = ("BG_REPRODUCE_BAD_MODE", 3401, 400, "请选择复刻模式：精准复刻或风格模仿", "Please choose a mode: ACCURATE_REPLICATION or STYLE_IMITATION"),
    BgReproduceBadStrength = ("BG_REPRODUCE_BAD_STRENGTH", 3402, 400, "重绘强度需在0到1之间", "denoisingStrength must be between 0 and 1"),
    BgReproduceStyleModelsMissing = ("BG_REPRODUCE_STYLE_MODELS_MISSING", 3403, 503, "风格模仿所需的风格迁移模型未安装", "Style imitation needs the style-transfer models (arbitrary_predict/arbitrary_transform), which are not installed"),
    BgReproduceNoProduct = ("BG_REPRODUCE_NO_PRODUCT", 3404, 400, "未识别到商品主体，请更换商品图", "No product was found in the picture; please use another picture"),
    // Image-to-video (3550–3599).
    VideoBadCameraMove = ("VIDEO_BAD_CAMERA_MOVE", 3550, 400, "请选择正确的运镜方式", "Please choose a valid camera move"),
    VideoBadDuration = ("VIDEO_BAD_DURATION", 3551, 400, "视频时长需在1到5秒之间", "Video duration must be between 1 and 5 seconds, in steps of 0.1 s"),
    VideoBadResolution = ("VIDEO_BAD_RESOLUTION", 3552, 400, "视频分辨率仅支持480p和720p", "Video resolution must be 480p or 720p"),
    VideoEncodeFailed = ("VIDEO_ENCODE_FAILED", 3553, 500, "视频生成失败，灵石已返还", "Video generation failed, your coins have been returned"),
    // Artistic QR codes (3500–3549).
    QrContentRequired = ("QR_CONTENT_REQUIRED", 3500, 400, "请输入二维码内容", "Please enter the content of the QR code"),
    QrContentTooLong = ("QR_CONTENT_TOO_LONG", 3501, 400, "二维码内容过长（最多1273个字节，纯数字最多3057位），请缩短内容", "The QR code content is too long (at most 1,273 bytes of text, or 3,057 digits); please shorten it"),
    QrNoScannableCode = ("QR_NO_SCANNABLE_CODE", 3502, 500, "无法生成可扫描的二维码，请更换图片或缩短内容", "No scannable QR code could be made; try another image or shorter content"),
    // Model registry and capability gating (3600–3649).
    ModelMissing = ("MODEL_MISSING", 3600, 503, "该功能需要的模型未安装：{models}", "This feature needs a model that is not installed: {models}"),
    ModelNotAllowed = ("MODEL_NOT_ALLOWED", 3601, 403, "该功能仅有非商业许可的模型，您的企业已禁用此类模型", "Only models licensed for non-commercial use serve this feature, and your organisation refuses them"),
    // Diffusion task family (3650–3699).
    CustomizedImageDisabled = ("CUSTOMIZED_IMAGE_DISABLED", 3650, 403, "宠物/定制形象功能暂未开放", "Pet and custom character images are not enabled here"),
    KeptRegionAltered = ("KEPT_REGION_ALTERED", 3651, 500, "生成结果改动了商品，已拦截，灵石已返还", "The result altered the product and was withheld; your coins have been returned"),
    // API keys and the remove.bg-compatible API (3700–3749).
    ApiKeyNotFound = ("API_KEY_NOT_FOUND", 3700, 404, "API 密钥不存在", "API key not found"),
    ApiKeyLimit = ("API_KEY_LIMIT", 3701, 409, "API 密钥数量已达上限，请先撤销不用的密钥", "You have the most API keys allowed; revoke one you no longer use first"),
    ApiKeyInvalid = ("API_KEY_INVALID", 3702, 403, "API 密钥无效或已撤销", "The API key is invalid or revoked"),
    ApiKeyRateLimited = ("API_KEY_RATE_LIMITED", 3703, 429, "该 API 密钥请求过于频繁，请稍后再试", "Too many requests with this API key, please try again later"),
    ApiImageUrlUnsupported = ("API_IMAGE_URL_UNSUPPORTED", 3704, 400, "自托管版本不支持 image_url，请直接上传图片（image_file 或 image_file_b64）", "image_url is not supported on a self-hosted server; send the image itself (image_file or image_file_b64)"),
    ApiWaitTimeout = ("API_WAIT_TIMEOUT", 3705, 504, "处理超时，灵石已返还，请稍后重试", "Processing took too long; your coins have been returned, please try again"),
    // Marketing copy (3750–3799).
    CopySourceRequired = ("COPY_SOURCE_REQUIRED", 3750, 400, "请输入需要改写的内容", "Please enter the text to rewrite"),
    CopySourceTooLong = ("COPY_SOURCE_TOO_LONG", 3751, 400, "原文过长，请删减后再试（文案最多2000字，文章最多6000字）", "The text is too long; shorten it (at most 2,000 characters for copy, 6,000 for an article)"),
    CopyBadPlatform = ("COPY_BAD_PLATFORM", 3752, 400, "请选择发布平台：小红书、微博、抖音或公众号", "Please choose a platform: redbook, weibo, tiktok or wechat"),
    CopyBadStyle = ("COPY_BAD_STYLE", 3753, 400, "请选择文案风格", "Please choose a writing style"),
    CopyGenerationFailed = ("COPY_GENERATION_FAILED", 3754, 500, "文案生成失败，灵石已返还，请重试", "The copy could not be written; your coins have been returned, please try again"),
    ArticleLinkInvalid = ("ARTICLE_LINK_INVALID", 3760, 400, "请输入正确的文章链接（以 http:// 或 https:// 开头）", "Please enter a valid article link (starting with http:// or https://)"),
    ArticleLinkNotAllowed = ("ARTICLE_LINK_NOT_ALLOWED", 3761, 400, "该链接指向内网或本机地址，无法获取", "This link points to a private or local address and cannot be fetched"),
    ArticleFetchFailed = ("ARTICLE_FETCH_FAILED", 3762, 422, "文章获取失败，请检查链接，或直接粘贴文章内容", "The article could not be fetched; check the link, or paste the article's text"),
    ArticleNoText = ("ARTICLE_NO_TEXT", 3763, 422, "未能从该页面提取到正文，请直接粘贴文章内容", "No article text was found on that page; paste the article's text instead"),
    ArticleFetchTooMany = ("ARTICLE_FETCH_TOO_MANY", 3764, 429, "正在获取其他文章，请稍后再试", "Another article is being fetched; please try again in a moment"),
    CopyResultNotFound = ("COPY_RESULT_NOT_FOUND", 3765, 404, "该文案结果不存在", "That copy result does not exist"),
    CopyBadRating = ("COPY_BAD_RATING", 3766, 400, "评价内容不正确", "Invalid rating: like, dislike or null, with reasons only for a dislike"),
    TopicRequired = ("TOPIC_REQUIRED", 3767, 400, "请输入创作主题（至少2个字）", "Please enter a topic (at least 2 characters)"),
    TopicTooLong = ("TOPIC_TOO_LONG", 3768, 400, "主题最多100个字", "The topic must be at most 100 characters"),
    // Picture and video rewrites (3770–3789).
    MediaImagesRequired = ("MEDIA_IMAGES_REQUIRED", 3770, 400, "请上传笔记图片（1到9张）", "Please add the note's pictures (1 to 9)"),
    MediaVideoRequired = ("MEDIA_VIDEO_REQUIRED", 3771, 400, "请上传视频", "Please add a video"),
    OcrNoText = ("OCR_NO_TEXT", 3772, 422, "图片中未识别到文字，灵石已返还", "No text was found in the images; your coins have been returned"),
    VideoNoSpeech = ("VIDEO_NO_SPEECH", 3773, 422, "视频中未识别到语音，灵石已返还", "No speech was found in the video; your coins have been returned"),
    VideoUploadFormat = ("VIDEO_UPLOAD_FORMAT", 3774, 400, "请上传 MP4 或 MOV 格式的视频", "Please upload an MP4 or MOV video"),
    VideoUploadTooLarge = ("VIDEO_UPLOAD_TOO_LARGE", 3775, 413, "视频不能超过50MB", "The video must be at most 50 MB"),
    VideoUploadTooLong = ("VIDEO_UPLOAD_TOO_LONG", 3776, 400, "视频时长不能超过3分钟", "The video must be at most 3 minutes long"),
    VideoUploadNoAudio = ("VIDEO_UPLOAD_NO_AUDIO", 3777, 400, "该视频没有声音，无法转写文案", "This video has no sound, so there is nothing to transcribe"),
    InputVideoUnreadable = ("INPUT_VIDEO_UNREADABLE", 3778, 400, "视频无法读取，请重新上传", "The video cannot be read, please upload it again"),
    // Posters (3800–3849): the template and its inputs are checked before
    // anything is queued; `data.detail` names the layer and the limit.
    PosterTemplateNotFound = ("POSTER_TEMPLATE_NOT_FOUND", 3800, 404, "海报模板不存在", "That poster template does not exist"),
    PosterTemplateInvalid = ("POSTER_TEMPLATE_INVALID", 3801, 400, "海报模板格式不正确", "The poster template is not valid"),
    PosterTemplateTooLarge = ("POSTER_TEMPLATE_TOO_LARGE", 3802, 413, "海报模板过大", "The poster template is too large"),
    PosterUnknownVersion = ("POSTER_UNKNOWN_VERSION", 3803, 400, "不支持该版本的海报模板", "This poster template version is not supported"),
    PosterUnknownLayerType = ("POSTER_UNKNOWN_LAYER_TYPE", 3804, 400, "海报模板中有未知类型的图层", "The poster template has a layer of an unknown type"),
    PosterCanvasTooLarge = ("POSTER_CANVAS_TOO_LARGE", 3805, 400, "海报画布过大（每边最多4096像素）", "The poster canvas is too large (at most 4096 px a side)"),
    PosterCanvasTooSmall = ("POSTER_CANVAS_TOO_SMALL", 3806, 400, "海报画布过小", "The poster canvas is too small"),
    PosterAspectMismatch = ("POSTER_ASPECT_MISMATCH", 3807, 400, "海报画布尺寸与比例不符", "The poster canvas size does not match its aspect"),
    PosterSlotOutsideCanvas = ("POSTER_SLOT_OUTSIDE_CANVAS", 3808, 400, "海报中有图层超出画布", "A layer of the poster lies outside the canvas"),
    PosterTextTooLong = ("POSTER_TEXT_TOO_LONG", 3809, 400, "海报文字过长，请删减后再试", "A text of the poster is too long; please shorten it"),
    PosterTooManyLayers = ("POSTER_TOO_MANY_LAYERS", 3810, 400, "海报图层过多", "The poster has too many layers"),
    PosterDuplicateLayerId = ("POSTER_DUPLICATE_LAYER_ID", 3811, 400, "海报模板中有重复的图层", "Two layers of the poster template share an id"),
    PosterInvalidValue = ("POSTER_INVALID_VALUE", 3812, 400, "海报模板中有不正确的数值", "A value in the poster template is out of range"),
    PosterUnknownSlot = ("POSTER_UNKNOWN_SLOT", 3813, 400, "海报模板中没有该位置", "The poster template has no such slot"),
    PosterNoFonts = ("POSTER_NO_FONTS", 3814, 500, "海报字体缺失，灵石已返还", "The poster fonts are missing; your coins have been returned"),
    PosterQrContent = ("POSTER_QR_CONTENT", 3815, 400, "二维码内容无法生成", "The QR code content cannot be encoded"),
    PosterEncode = ("POSTER_ENCODE", 3816, 500, "海报保存失败，灵石已返还", "The poster could not be saved; your coins have been returned"),
    PosterInternal = ("POSTER_INTERNAL", 3817, 500, "海报生成失败，灵石已返还", "The poster could not be made; your coins have been returned"),
    PosterTemplateIdTaken = ("POSTER_TEMPLATE_ID_TAKEN", 3818, 409, "模板编号与内置模板重复，请换一个编号", "A built-in template has that id; give the template another id"),
    PosterImportSize = ("POSTER_IMPORT_SIZE", 3819, 400, "每次导入1到100个模板", "Import 1 to 100 templates at a time"),
    // Poster materials: a user's images and logos, alone or shared with the tenant.
    PosterAssetNotFound = ("POSTER_ASSET_NOT_FOUND", 3820, 404, "素材不存在或已删除", "That material does not exist or was removed"),
    PosterAssetNotYours = ("POSTER_ASSET_NOT_YOURS", 3821, 403, "只有上传者可以修改或删除该素材", "Only the member who added this material can change or remove it"),
    PosterAssetNoTenant = ("POSTER_ASSET_NO_TENANT", 3822, 400, "加入企业后才能共享素材", "Join an enterprise to share materials with a team"),
    PosterAssetLimit = ("POSTER_ASSET_LIMIT", 3823, 400, "素材库已满（最多500个），请删除不用的素材", "Your material library is full (500 at most); remove some you no longer use"),
    // Hotspots and their sources (the marketing workbench).
    HotspotNotFound = ("HOTSPOT_NOT_FOUND", 3900, 404, "热点不存在或已删除", "That hotspot does not exist or was removed"),
    HotspotNotYours = ("HOTSPOT_NOT_YOURS", 3901, 403, "只能删除自己保存的热点", "You can only remove hotspots you saved"),
    HotspotTitleRequired = ("HOTSPOT_TITLE_REQUIRED", 3902, 400, "请输入热点标题", "Please enter the hotspot's title"),
    HotspotTextTooLong = ("HOTSPOT_TEXT_TOO_LONG", 3903, 400, "热点内容过长", "The hotspot's text is too long"),
    HotspotCustomLimit = ("HOTSPOT_CUSTOM_LIMIT", 3904, 400, "自定义热点已满（最多500个），请删除不用的热点", "You have 500 saved hotspots, the most allowed; remove some first"),
    HotspotSourceNotFound = ("HOTSPOT_SOURCE_NOT_FOUND", 3910, 404, "热点源不存在", "That hotspot source does not exist"),
    HotspotSourceInvalid = ("HOTSPOT_SOURCE_INVALID", 3911, 400, "热点源配置有误", "The hotspot source's settings are not valid"),
    HotspotImportInvalid = ("HOTSPOT_IMPORT_INVALID", 3912, 400, "导入文件无法读取，请上传 CSV 或 JSON 文件", "The import file cannot be read; upload a CSV or JSON file"),
    MarketingNoTenant = ("MARKETING_NO_TENANT", 3920, 400, "加入企业后才能查看团队数据", "Join an enterprise to see your team's figures"),
    IdeaReportNotFound = ("IDEA_REPORT_NOT_FOUND", 3930, 404, "营销报告不存在", "That idea report does not exist"),
    IdeaMarketDescRequired = ("IDEA_MARKET_DESC_REQUIRED", 3931, 400, "请填写商品或品牌信息", "Please describe your product or brand"),
    IdeaTopicRequired = ("IDEA_TOPIC_REQUIRED", 3932, 400, "请选择热点或填写营销主题", "Please pick a hotspot or enter a topic"),
    IdeaTextTooLong = ("IDEA_TEXT_TOO_LONG", 3933, 400, "输入内容过长", "The text you entered is too long"),
    IdeaSocialTypeRequired = ("IDEA_SOCIAL_TYPE_REQUIRED", 3934, 400, "请至少选择一种创意类型", "Please choose at least one kind of idea"),
    IdeaReportEnded = ("IDEA_REPORT_ENDED", 3935, 409, "报告已生成结束，无法取消", "The report has already finished"),
    // Content per platform (/mott-content).
    ContentBatchNotFound = ("CONTENT_BATCH_NOT_FOUND", 3940, 404, "内容不存在", "That content does not exist"),
    ContentItemNotFound = ("CONTENT_ITEM_NOT_FOUND", 3941, 404, "该平台内容不存在", "That platform's content does not exist"),
    ContentProductRequired = ("CONTENT_PRODUCT_REQUIRED", 3942, 400, "请填写商品名称", "Please enter the product's name"),
    ContentPlatformRequired = ("CONTENT_PLATFORM_REQUIRED", 3943, 400, "请至少选择一个平台", "Please choose at least one platform"),
    ContentItemBusy = ("CONTENT_ITEM_BUSY", 3944, 409, "内容正在生成中，请稍后再试", "This content is still being written; try again when it is done"),
    ContentTextTooLong = ("CONTENT_TEXT_TOO_LONG", 3945, 400, "标题或正文超出平台字数限制", "The title or text is longer than the platform allows"),
    ContentImageLimit = ("CONTENT_IMAGE_LIMIT", 3946, 400, "每条内容最多9张图片", "At most 9 pictures per post"),
    ContentNothingToContinue = ("CONTENT_NOTHING_TO_CONTINUE", 3947, 409, "没有需要继续生成的内容", "Nothing was stopped or failed, so there is nothing to continue"),
    ContentIdeaNotFound = ("CONTENT_IDEA_NOT_FOUND", 3948, 404, "该创意不存在", "That idea is not in the report"),
    // Fleet administration (8000–8099).
    AdminOnly = ("ADMIN_ONLY", 8001, 403, "无权访问，仅限管理员", "Access denied: administrators only"),
    NodeNotFound = ("NODE_NOT_FOUND", 8002, 404, "节点不存在", "Worker node not found"),
    InvalidNodeAction = ("INVALID_NODE_ACTION", 8003, 400, "不支持的节点操作", "Unsupported node action"),
    // Lead and custom-model enquiry forms, feedback, messages, tenants (7000–7099)
    FormNameRequired = ("FORM_NAME_REQUIRED", 7001, 400, "请输入姓名", "Please enter your name"),
    FormNameTooLong = ("FORM_NAME_TOO_LONG", 7002, 400, "姓名不能超过30个字符", "Name must be at most 30 characters"),
    FormCompanyRequired = ("FORM_COMPANY_REQUIRED", 7003, 400, "请输入公司名称", "Please enter your company name"),
    FormCompanyTooLong = ("FORM_COMPANY_TOO_LONG", 7004, 400, "公司名称不能超过30个字符", "Company name must be at most 30 characters"),
    FormPhoneRequired = ("FORM_PHONE_REQUIRED", 7005, 400, "请输入手机号～", "Please enter your phone number"),
    FormPhoneTooLong = ("FORM_PHONE_TOO_LONG", 7006, 400, "手机号不能超过30个字符", "Phone number must be at most 30 characters"),
    FormJobTitleTooLong = ("FORM_JOB_TITLE_TOO_LONG", 7007, 400, "职位不能超过30个字符", "Job title must be at most 30 characters"),
    FormEmailTooLong = ("FORM_EMAIL_TOO_LONG", 7008, 400, "邮箱不能超过30个字符", "Email must be at most 30 characters"),
    FormDescriptionTooLong = ("FORM_DESCRIPTION_TOO_LONG", 7009, 400, "描述不能超过100个字符", "Description must be at most 100 characters"),
    FormRequirementsTooLong = ("FORM_REQUIREMENTS_TOO_LONG", 7010, 400, "需求不能超过100个字符", "Requirements must be at most 100 characters"),
    LeadBadType = ("LEAD_BAD_TYPE", 7011, 400, "表单类型错误", "Unknown form type"),
    FormWebSourceTooLong = ("FORM_WEB_SOURCE_TOO_LONG", 7012, 400, "来源不能超过30个字符", "Source must be at most 30 characters"),
    FeedbackTitleRequired = ("FEEDBACK_TITLE_REQUIRED", 7020, 400, "请输入标题", "Please enter a title"),
    FeedbackContentRequired = ("FEEDBACK_CONTENT_REQUIRED", 7021, 400, "请输入反馈内容", "Please enter your feedback"),
    FeedbackTitleTooLong = ("FEEDBACK_TITLE_TOO_LONG", 7022, 400, "标题不能超过30个字符", "Title must be at most 30 characters"),
    FeedbackContentTooLong = ("FEEDBACK_CONTENT_TOO_LONG", 7023, 400, "反馈内容不能超过1000个字符", "Feedback must be at most 1000 characters"),
    FeedbackTooManyImages = ("FEEDBACK_TOO_MANY_IMAGES", 7024, 400, "最多上传1张图片", "You can upload at most one image"),
    FeedbackImageTooLarge = ("FEEDBACK_IMAGE_TOO_LARGE", 7025, 400, "请上传大小20M以内图片", "Please upload a png or jpeg image within 20 MB"),
    FeedbackImageBadFormat = ("FEEDBACK_IMAGE_BAD_FORMAT", 7026, 400, "请上传大小20M以内图片", "Please upload a png or jpeg image within 20 MB"),
    MessageNotFound = ("MESSAGE_NOT_FOUND", 7040, 404, "消息不存在", "Message not found"),
    TenantNotFound = ("TENANT_NOT_FOUND", 7060, 404, "租户不存在", "Tenant not found"),
    TenantExists = ("TENANT_EXISTS", 7061, 409, "租户已存在", "The tenant already exists"),
    TenantInvalid = ("TENANT_INVALID", 7062, 400, "租户配置无效", "Invalid tenant settings"),
    // Membership, orders and payment (6000–6099)
    ProductNotFound = ("PRODUCT_NOT_FOUND", 6001, 404, "商品不存在", "Product not found"),
    OrderNotFound = ("ORDER_NOT_FOUND", 6002, 404, "订单不存在", "Order not found"),
    OrderPendingExists = ("ORDER_PENDING_EXISTS", 6003, 409, "您有一笔待支付的会员订单，请继续支付或取消后重新下单", "You have an unpaid membership order: pay it, or cancel it and order again"),
    OrderNotCancellable = ("ORDER_NOT_CANCELLABLE", 6004, 409, "订单已支付或已关闭，无法取消", "The order is already paid or closed and cannot be cancelled"),
    OrderClosed = ("ORDER_CLOSED", 6005, 409, "订单已超时关闭或已撤销，请重新扫码支付", "The order timed out or was revoked; scan again to pay"),
    PaymentBadSignature = ("PAYMENT_BAD_SIGNATURE", 6006, 401, "支付通知签名无效", "Invalid payment notification signature"),
    PaymentStale = ("PAYMENT_STALE", 6007, 401, "支付通知已过期", "The payment notification has expired"),
    PaymentReplayed = ("PAYMENT_REPLAYED", 6008, 409, "重复的支付通知", "Duplicate payment notification"),
    PaymentAmountMismatch = ("PAYMENT_AMOUNT_MISMATCH", 6009, 400, "支付金额与订单不符", "The paid amount does not match the order"),
    Download2kNeedsMembership = ("DOWNLOAD_2K_NEEDS_MEMBERSHIP", 6010, 403, "下载2K高清图需开通专业版及以上会员，快去权益中心看看吧～", "2K downloads need a Professional plan or higher; visit the benefits centre"),
    CustomColourNeedsMembership = ("CUSTOM_COLOUR_NEEDS_MEMBERSHIP", 6011, 403, "自定义颜色为会员专享，开通会员即可使用～", "Custom colours are for members; open a membership to use them"),
    EnterpriseContactService = ("ENTERPRISE_CONTACT_SERVICE", 6012, 403, "企业版用户请联系客服购买灵石", "Enterprise members please contact customer service to buy lingshi"),
    PaymentUnavailable = ("PAYMENT_UNAVAILABLE", 6013, 503, "支付服务暂不可用，请稍后再试", "Payment is temporarily unavailable, please try again later"),
    OrderNotRefundable = ("ORDER_NOT_REFUNDABLE", 6014, 409, "订单未支付或已退款，无法退款", "Only a paid order that was not refunded can be refunded"),
    // Abuse limits per user and per IP (security review problem 5, 9500–9549).
    TooManyStreams = ("TOO_MANY_STREAMS", 9500, 429, "打开的任务进度连接过多，请关闭其他页面后重试", "Too many open task progress streams; close other pages and try again"),
    TooManyRefinements = ("TOO_MANY_REFINEMENTS", 9501, 429, "抠图优化请求过多，请等待上一次完成", "Too many refinements at once; wait for the previous one to finish"),
    UploadTooMany = ("UPLOAD_TOO_MANY", 9502, 429, "同时上传的图片过多，请稍后再试", "Too many uploads at once, please try again in a moment"),
    UploadQuotaExceeded = ("UPLOAD_QUOTA_EXCEEDED", 9503, 413, "上传空间已满，请删除不再使用的图片或升级会员", "Your upload storage is full; delete images you no longer use or upgrade your plan"),
    FormTooFrequent = ("FORM_TOO_FREQUENT", 9504, 429, "提交过于频繁，请稍后再试", "Too many submissions, please try again later"),
    // Generic
    BadRequest = ("BAD_REQUEST", 4000, 400, "请求格式错误", "Malformed request"),
    BodyTooLarge = ("BODY_TOO_LARGE", 4013, 413, "请求内容过大，请删减后再试", "The request is too large; please shorten it"),
    NotFound = ("NOT_FOUND", 4004, 404, "页面不存在", "Not found"),
    MethodNotAllowed = ("METHOD_NOT_ALLOWED", 4005, 405, "不支持该请求方法", "Method not allowed"),
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
