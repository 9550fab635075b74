//! One typed `Settings`, loaded once in each binary's `main` and passed down.
//!
//! Layers, later wins: built-in defaults, an optional TOML file (`--config`
//! or `PIXMART_CONFIG`), then `PIXMART__SECTION__KEY` environment variables.

mod articles;
mod limits;
mod marketing;
mod production;
mod senders;
mod sign_in;
mod text;
mod wechatpay;

use std::path::PathBuf;

use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;

pub use articles::ArticleSettings;
pub use limits::LimitSettings;
pub use marketing::MarketingSettings;
pub use production::{ProductionProblem, RunMode, DEV_CODE_PEPPER, DEV_NOTIFY_SECRET};
pub use senders::{
    AliyunSmsSettings, MailSenderKind, SenderKind, SenderSettings, SmsSenderKind, SmtpSettings, SmtpTls,
    ALIYUN_SMS_ENDPOINT,
};
pub use sign_in::{LoginThrottleSettings, TrustedProxies};
pub use text::{OpenAiSettings, TextProvider, TextSettings};
pub use wechatpay::{WechatPaySettings, WECHATPAY_API};

#[derive(Debug, Clone, Deserialize)]
pub struct Settings {
    /// `production` (the default) or `development` (`PIXMART__MODE=development`):
    /// only development mode allows the development code sender, the
    /// development payment provider, `/api/dev/*` and the built-in secrets.
    #[serde(default)]
    pub mode: RunMode,
    pub server: ServerSettings,
    pub database: DatabaseSettings,
    pub redis: RedisSettings,
    pub storage: StorageSettings,
    pub models: ModelSettings,
    pub worker: WorkerSettings,
    pub tasks: TaskSettings,
    #[serde(default)]
    pub branding: BrandingSettings,
    #[serde(default)]
    pub auth: AuthSettings,
    #[serde(default)]
    pub payments: PaymentSettings,
    /// Abuse limits per user and per IP (streams, refinements, uploads,
    /// anonymous forms); see [`LimitSettings`].
    #[serde(default)]
    pub limits: LimitSettings,
    /// Text generation: local model or OpenAI-compatible endpoint.
    #[serde(default)]
    pub text: TextSettings,
    /// The article-link fetcher's limits.
    #[serde(default)]
    pub articles: ArticleSettings,
    /// The marketing workbench: calendar nodes, hotspot sources.
    #[serde(default)]
    pub marketing: MarketingSettings,
}

/// Plans, packs, orders and payment notifications. Every field has a
/// default (`PIXMART__PAYMENTS__ORDER_TIMEOUT_SECS=...`).
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct PaymentSettings {
    /// `dev`: a local pay page with a Pay button (development mode only);
    /// `wechatpay`: WeChat Pay API v3 Native (QR code) payments, configured
    /// in `payments.wechatpay`.
    pub provider: String,
    /// Key of the notification signatures (HMAC-SHA256); never printed.
    /// Set a long random value shared with the provider in production.
    pub notify_secret: SecretString,
    /// A notification whose timestamp is further than this from now is
    /// refused (and its nonce need only be remembered this long).
    pub notify_tolerance_secs: u64,
    /// A pending order closes (status 4) this long after it was created.
    pub order_timeout_secs: u64,
    /// A products TOML file; the API's shipped catalogue when absent.
    pub catalogue_file: Option<PathBuf>,
    /// Where the development provider sends notifications; by default the
    /// API's own `/api/payments/notify` on the address it listens on.
    pub notify_url: Option<String>,
    /// How often the API's scheduler closes expired orders and runs the
    /// membership job (monthly gifts, plan expiry).
    pub scheduler_interval_ms: u64,
    /// The public address of this API (scheme and host, no path), for pay
    /// pages and the provider's notify address; `auth.public_base_url` when
    /// absent. Never taken from a request's Host header.
    pub public_base_url: Option<String>,
    /// Orders the scheduler settles or closes per run (each one asks the
    /// provider first).
    pub reconcile_batch: u64,
    /// `payments.provider = "wechatpay"`.
    pub wechatpay: WechatPaySettings,
}

impl Default for PaymentSettings {
    fn default() -> Self {
        PaymentSettings {
            provider: "dev".to_owned(),
            notify_secret: SecretString::from(DEV_NOTIFY_SECRET),
            notify_tolerance_secs: 300,
            order_timeout_secs: 900,
            catalogue_file: None,
            notify_url: None,
            scheduler_interval_ms: 30_000,
            public_base_url: None,
            reconcile_batch: 100,
            wechatpay: WechatPaySettings::default(),
        }
    }
}

/// Sign-in: captcha, verification codes, their limits, the code sender and
/// invite links. Every field has a default so a config file may name any
/// subset (`PIXMART__AUTH__RESEND_SECS=...`).
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct AuthSettings {
    /// Seconds a captcha image's answer is valid.
    pub captcha_ttl_secs: u64,
    /// Captcha images per minute for one account (the `mobileId`) from one
    /// IP, for one account from all IPs together, and per IP; beyond, the
    /// image answer is empty (the client says 请求频繁). Only images that are
    /// drawn count, so refused requests cannot exhaust a victim's quota, and
    /// one attacker address can use only its own share of an account's.
    pub captcha_per_account_per_minute: u32,
    pub captcha_per_account_all_ips_per_minute: u32,
    pub captcha_per_ip_per_minute: u32,
    /// Seconds an SMS or mail code is valid.
    pub code_ttl_secs: u64,
    /// The resend countdown the server enforces per account.
    pub resend_secs: u64,
    /// Codes sent per account per hour and per day, and per IP per hour.
    pub codes_per_account_per_hour: u32,
    pub codes_per_account_per_day: u32,
    pub codes_per_ip_per_hour: u32,
    /// Wrong entries of one code before it is void.
    pub max_code_attempts: u32,
    /// Mixed into every code and captcha hash so a leaked table cannot be
    /// brute-forced offline without it. Set a long random value in production.
    pub code_pepper: SecretString,
    /// The reverse proxies whose `X-Forwarded-For` is believed
    /// (`PIXMART__AUTH__TRUSTED_PROXIES`, addresses or CIDR blocks, comma
    /// separated); empty by default: the socket peer is the client.
    pub trusted_proxies: TrustedProxies,
    /// The password-login throttle (`PIXMART__AUTH__LOGIN__*`).
    pub login: LoginThrottleSettings,
    /// The public address of the UI, for invite links.
    pub public_base_url: String,
    /// Lingshi an inviter receives per registration through their link.
    pub invite_reward: i64,
    /// Where codes go, per channel: see [`SenderSettings`].
    pub sender: SenderSettings,
}

impl Default for AuthSettings {
    fn default() -> Self {
        AuthSettings {
            captcha_ttl_secs: 300,
            captcha_per_account_per_minute: 5,
            captcha_per_account_all_ips_per_minute: 30,
            captcha_per_ip_per_minute: 60,
            code_ttl_secs: 300,
            resend_secs: 60,
            codes_per_account_per_hour: 5,
            codes_per_account_per_day: 10,
            codes_per_ip_per_hour: 60,
            max_code_attempts: 5,
            code_pepper: SecretString::from(DEV_CODE_PEPPER),
            trusted_proxies: TrustedProxies::default(),
            login: LoginThrottleSettings::default(),
            public_base_url: "http://127.0.0.1:8080".to_owned(),
            invite_reward: 100,
            sender: SenderSettings::default(),
        }
    }
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct BrandingSettings {
    /// A brands TOML file; the API's shipped brands when absent.
    pub file: Option<PathBuf>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct ServerSettings {
    pub host: String,
    pub port: u16,
    /// Built web UI served at `/`; absent directory means API only.
    pub web_dist_dir: PathBuf,
    /// `GET /metrics` answers only `Authorization: Bearer <this>`
    /// (`PIXMART__SERVER__METRICS_TOKEN`). Unset: open in development mode,
    /// not served at all in production.
    #[serde(default)]
    pub metrics_token: Option<SecretString>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct DatabaseSettings {
    /// `sqlite://path?mode=rwc` or `postgres://...`; may hold a password.
    pub url: SecretString,
    /// Run pending migrations when a binary starts.
    pub auto_migrate: bool,
    pub max_connections: u32,
}

#[derive(Debug, Clone, Deserialize)]
pub struct RedisSettings {
    pub url: SecretString,
    /// Prefix of every queue name, so several deployments can share a Redis.
    pub namespace: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct StorageSettings {
    pub dir: PathBuf,
}

#[derive(Debug, Clone, Deserialize)]
pub struct ModelSettings {
    pub dir: PathBuf,
    /// Path of `libonnxruntime.so.<version>`; falls back to `ORT_DYLIB_PATH`
    /// and then to the file `scripts/fetch-models` writes in the models dir.
    pub ort_dylib_path: Option<PathBuf>,
    /// Threads one ONNX session may use for one inference.
    pub intra_threads: usize,
    /// Cutout models stored in fp16 (ISNet) are rewritten to fp32 in memory
    /// when loaded (no casts left for ONNX Runtime; masks within a level or
    /// two of 255). `PIXMART__MODELS__CUTOUT_FP32=false` loads the file as
    /// it is. See docs/MODELS.md, "Cutout speed".
    #[serde(default = "default_true")]
    pub cutout_fp32: bool,
    /// ONNX Runtime's intra-op threads spin while they wait (its own
    /// default); off by default for the cutout models, whose worker's cores
    /// also decode, encode and run other jobs.
    #[serde(default)]
    pub ort_spinning: bool,
    /// Each cutout model runs once on a blank image when the worker starts,
    /// so the first task does not pay ONNX Runtime's first-run allocations.
    #[serde(default = "default_true")]
    pub warm_up: bool,
    /// The cutout's image work is split over threads: the two PNGs encoded
    /// at once, the fused default's U²-Net preprocessing beside ISNet's
    /// inference. `false`: one after the other (for measuring).
    #[serde(default = "default_true")]
    pub cutout_parallel: bool,
    /// False: models whose licence forbids commercial use (the registry's
    /// `commercial_use = false`) are neither loaded nor advertised by workers
    /// (`PIXMART__MODELS__ALLOW_NON_COMMERCIAL=false`).
    pub allow_non_commercial: bool,
    /// A model registry manifest to use instead of the built-in
    /// models/registry.toml.
    pub registry_file: Option<PathBuf>,
    /// The ffmpeg program (image-to-video): `models.ffmpeg`
    /// (`PIXMART__MODELS__FFMPEG`), else `PIXMART_FFMPEG`, else the first
    /// `ffmpeg` on `PATH`; `None` when there is none.
    #[serde(default)]
    pub ffmpeg: Option<PathBuf>,
    /// How long (seconds) the API remembers what a pool's nodes advertised:
    /// a task type is accepted while a node that served it was seen within
    /// this window, even if no node is live now (its tasks wait).
    pub capability_memory_secs: u64,
}

fn default_true() -> bool {
    true
}

#[derive(Debug, Clone, Deserialize)]
pub struct WorkerSettings {
    /// Jobs one worker process runs at the same time per queue.
    pub concurrency: usize,
    /// How often an idle worker looks for new jobs. It bounds the wait from
    /// submit to claim (on average half of it): 50 ms keeps that under 3 %
    /// of a cutout, measured by `scripts/bench cutout`.
    pub poll_interval_ms: u64,
    /// How long a claimed task may run before the sweeper times it out.
    pub lease_secs: u64,
    pub heartbeat_secs: u64,
    /// Dedicated compute pool this worker serves; `default` otherwise.
    pub pool: String,
    /// `host:port` of the worker's Prometheus listener (`GET /metrics`),
    /// e.g. `0.0.0.0:9464`; port 0 picks a free one; unset: no listener.
    #[serde(default)]
    pub metrics_addr: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct TaskSettings {
    /// The original app's cap on unfinished generation tasks per user.
    pub max_unfinished_per_user: u64,
    /// Jobs allowed to wait in one Redis queue; the rest wait in the database.
    pub max_queue_depth: u64,
    /// How often the API's dispatcher re-sends undelivered jobs and sweeps
    /// expired leases.
    pub sweep_interval_ms: u64,
    /// A NEW task whose job reached Redis this long ago, in a queue that is
    /// now empty, lost its job (Redis restarted): it is sent again.
    pub redispatch_after_secs: u64,
    /// Attempts a task gets when its worker dies under it (counted in the
    /// database); then it ends FAILED and is refunded.
    pub max_attempts: u32,
    /// Unfinished tasks older than this end TIMEOUT and are refunded.
    pub deadline_secs: u64,
    /// Jobs the dispatcher keeps waiting in one Redis queue: twice the live
    /// workers' concurrency, and at least this. Everything else waits in
    /// the database, where lanes and fairness decide who goes next.
    pub dispatch_window_min: u64,
    /// For short jobs the window also holds this many milliseconds of the
    /// queue's measured drain rate, so workers do not idle while a dispatch
    /// round refills it. A task dispatched later waits behind at most this
    /// much work already in Redis (beyond the concurrency floor).
    pub dispatch_window_ms: u64,
    /// How often the dispatcher looks at the database without being woken
    /// (a submit or a worker taking a job wakes it at once).
    pub dispatch_tick_ms: u64,
    /// Head start of the fast (paid) and exclusive (enterprise) lanes over
    /// the standard lane: a paid task overtakes free tasks submitted less
    /// than this before it; older free tasks keep their turn.
    pub fast_lane_head_start_secs: u64,
    pub exclusive_lane_head_start_secs: u64,
    /// Most tasks one batch submission may create.
    pub max_batch_items: u64,
    /// Unfinished batches a user may have at once.
    pub max_open_batches: u64,
}

#[derive(Debug, thiserror::Error)]
#[error("invalid configuration: {0}")]
pub struct ConfigError(#[from] ::config::ConfigError);

/// `PIXMART_FFMPEG` (the older name of `models.ffmpeg`), else the first
/// `ffmpeg` on `PATH`.
fn find_ffmpeg() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("PIXMART_FFMPEG").map(PathBuf::from) {
        return p.is_file().then_some(p);
    }
    std::env::split_paths(&std::env::var_os("PATH")?).map(|d| d.join("ffmpeg")).find(|p| p.is_file())
}

impl Settings {
    /// Loads defaults, then `file` (if given or named by `PIXMART_CONFIG`),
    /// then `PIXMART__*` environment variables.
    pub fn load(file: Option<PathBuf>) -> Result<Self, ConfigError> {
        let file = file.or_else(|| std::env::var_os("PIXMART_CONFIG").map(PathBuf::from));
        let mut builder = ::config::Config::builder()
            .set_default("server.host", "127.0.0.1")?
            .set_default("server.port", 8080)?
            .set_default("server.web_dist_dir", "web/dist")?
            .set_default("database.url", "sqlite://data/pixmart.db?mode=rwc")?
            .set_default("database.auto_migrate", true)?
            .set_default("database.max_connections", 10)?
            .set_default("redis.url", "redis://127.0.0.1:6379")?
            .set_default("redis.namespace", "pixmart")?
            .set_default("storage.dir", "data/storage")?
            .set_default("models.dir", "data/models")?
            .set_default("models.intra_threads", 2)?
            .set_default("models.allow_non_commercial", true)?
            .set_default("models.capability_memory_secs", 86_400)?
            .set_default("worker.concurrency", 1)?
            .set_default("worker.poll_interval_ms", 50)?
            .set_default("worker.lease_secs", 600)?
            .set_default("worker.heartbeat_secs", 10)?
            .set_default("worker.pool", "default")?
            .set_default("tasks.max_unfinished_per_user", 10)?
            .set_default("tasks.max_queue_depth", 1000)?
            .set_default("tasks.sweep_interval_ms", 2000)?
            .set_default("tasks.redispatch_after_secs", 60)?
            .set_default("tasks.max_attempts", 3)?
            .set_default("tasks.deadline_secs", 1800)?
            .set_default("tasks.dispatch_window_min", 2)?
            .set_default("tasks.dispatch_window_ms", 100)?
            .set_default("tasks.dispatch_tick_ms", 200)?
            .set_default("tasks.fast_lane_head_start_secs", 120)?
            .set_default("tasks.exclusive_lane_head_start_secs", 300)?
            .set_default("tasks.max_batch_items", 100)?
            .set_default("tasks.max_open_batches", 2)?;
        if let Some(path) = file {
            builder = builder.add_source(::config::File::from(path).required(true));
        }
        builder =
            builder.add_source(::config::Environment::with_prefix("PIXMART").prefix_separator("__").separator("__"));
        let mut settings: Settings = builder.build()?.try_deserialize()?;
        if settings.models.ort_dylib_path.is_none() {
            settings.models.ort_dylib_path = std::env::var_os("ORT_DYLIB_PATH")
                .map(PathBuf::from)
                .or_else(|| read_fetched_ort_path(&settings.models.dir));
        }
        settings.models.ffmpeg = match settings.models.ffmpeg.take() {
            Some(explicit) => explicit.is_file().then_some(explicit),
            None => find_ffmpeg(),
        };
        Ok(settings)
    }

    /// Where buyers and providers reach this API (see
    /// [`PaymentSettings::public_base_url`]), without a trailing slash.
    pub fn payments_public_base(&self) -> &str {
        self.payments.public_base_url.as_deref().unwrap_or(&self.auth.public_base_url).trim_end_matches('/')
    }

    pub fn is_development(&self) -> bool {
        self.mode == RunMode::Development
    }

    pub fn database_url(&self) -> &str {
        self.database.url.expose_secret()
    }

    pub fn redis_url(&self) -> &str {
        self.redis.url.expose_secret()
    }
}

/// `scripts/fetch-models` records where it put the ONNX Runtime library.
fn read_fetched_ort_path(models_dir: &std::path::Path) -> Option<PathBuf> {
    let recorded = std::fs::read_to_string(models_dir.join("onnxruntime/ORT_DYLIB_PATH")).ok()?;
    let path = PathBuf::from(recorded.trim());
    path.exists().then_some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_load_and_secrets_do_not_print() {
        let settings = Settings::load(None).unwrap();
        assert_eq!(settings.tasks.max_unfinished_per_user, 10);
        let printed = format!("{:?}", settings.database);
        assert!(!printed.contains("sqlite://"), "{printed}");
    }
}
