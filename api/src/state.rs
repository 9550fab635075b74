use std::sync::Arc;

use anyhow::Context;
use pixmart_shared::config::Settings;
use pixmart_shared::db::{self, Db};
use pixmart_shared::storage::BlobStore;

use crate::branding::Brands;
use crate::dispatch::{Dispatcher, Feeder};

/// What every handler may use, built once at startup.
#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub blobs: BlobStore,
    pub dispatcher: Arc<Dispatcher>,
    pub feeder: Arc<Feeder>,
    pub settings: Arc<Settings>,
    pub brands: Arc<Brands>,
    /// Where verification codes go (`auth.sender`).
    pub code_sender: Arc<dyn crate::senders::CodeSender>,
    /// The development outbox, only when a channel uses the development sender.
    pub dev_outbox: Option<Arc<crate::senders::DevOutbox>>,
    /// Captcha answers for `GET /api/dev/captcha`, only in development mode.
    pub dev_captchas: Option<Arc<crate::sign_in::dev_captchas::DevCaptchas>>,
    /// Plans and top-up packs (`payments.catalogue_file`).
    pub catalogue: Arc<crate::catalogue::Catalogue>,
    /// How orders are paid (`payments.provider`).
    pub payment_provider: Arc<dyn crate::payments::PaymentProvider>,
    /// Per-user places held on this instance (event streams, uploads).
    pub limits: Arc<crate::limits::Limiters>,
    /// Where this instance receives refined masks (one connection for all).
    pub refine_replies: Arc<crate::refine_replies::RefineReplies>,
    /// Publishes task changes (a stop, the sweeper's outcomes) and reads live text.
    pub task_events: Arc<pixmart_shared::task_events::TaskEvents>,
    /// Where this instance's event streams hear task events (one subscription for all).
    pub task_streams: Arc<crate::task_stream::TaskStreams>,
    /// The same provider when it is WeChat Pay (its notification endpoint).
    pub wechatpay: Option<Arc<crate::payments::wechatpay::WechatPay>>,
    /// argon2 hashes that may run at once (`auth.login.max_concurrent_hashes`).
    pub hash_slots: Arc<tokio::sync::Semaphore>,
    /// Password logins handled at once (`auth.login.max_concurrent_logins`).
    pub login_slots: Arc<tokio::sync::Semaphore>,
}

impl AppState {
    /// Connects to the database (migrating it when configured) and prepares
    /// the Redis dispatcher, which connects lazily so the API starts and
    /// accepts tasks while Redis is down.
    pub async fn connect(settings: Settings) -> anyhow::Result<Self> {
        refuse_unsafe_production(&settings)?;
        let db = db::open(&settings).await.context("cannot open the database")?;
        let blobs = BlobStore::new(&settings.storage.dir);
        blobs.check().await.context("storage directory is not usable")?;
        let dispatcher = Arc::new(Dispatcher::new(
            settings.redis_url().to_owned(),
            settings.redis.namespace.clone(),
            settings.tasks.max_queue_depth,
        ));
        let refine_replies =
            crate::refine_replies::RefineReplies::new(settings.redis_url().to_owned(), &settings.redis.namespace);
        let task_events = Arc::new(pixmart_shared::task_events::TaskEvents::new(
            settings.redis_url(),
            settings.redis.namespace.clone(),
        ));
        let task_streams = crate::task_stream::TaskStreams::new(settings.redis_url(), settings.redis.namespace.clone());
        let brands = Brands::load(settings.branding.file.as_deref()).context("brand configuration")?;
        let (code_sender, dev_outbox) = crate::senders::from_settings(&settings.auth).context("code sender")?;
        let dev_captchas = settings.is_development().then(Arc::default);
        let catalogue = Arc::new(
            crate::catalogue::Catalogue::load(settings.payments.catalogue_file.as_deref())
                .context("product catalogue")?,
        );
        let providers = crate::payments::from_settings(&settings).context("payment provider")?;
        let hash_slots = Arc::new(tokio::sync::Semaphore::new(settings.auth.login.hash_slots()));
        let login_slots =
            Arc::new(tokio::sync::Semaphore::new(settings.auth.login.login_slots(settings.database.max_connections)));
        Ok(AppState {
            db,
            blobs,
            dispatcher,
            feeder: Arc::new(Feeder::default()),
            settings: Arc::new(settings),
            brands: Arc::new(brands),
            code_sender,
            dev_outbox,
            dev_captchas,
            catalogue,
            payment_provider: providers.provider,
            wechatpay: providers.wechatpay,
            limits: Arc::new(crate::limits::Limiters::default()),
            refine_replies,
            task_events,
            task_streams,
            hash_slots,
            login_slots,
        })
    }
}

/// A production start (the default) with a development convenience or a
/// built-in secret is refused, naming each setting; development mode says
/// loudly that it is one.
fn refuse_unsafe_production(settings: &Settings) -> anyhow::Result<()> {
    if settings.is_development() {
        tracing::warn!(
            "DEVELOPMENT MODE (PIXMART__MODE=development): the development code sender, the development \
             payment provider, /api/dev/* and built-in secrets are allowed. Never expose this instance."
        );
        return Ok(());
    }
    let problems = settings.production_problems();
    if problems.is_empty() {
        return Ok(());
    }
    let list: Vec<String> = problems.iter().map(|p| format!("  - {p}")).collect();
    anyhow::bail!(
        "refusing a production start with unsafe settings:\n{}\nFix each, or set PIXMART__MODE=development for a local demo (never on a public address).",
        list.join("\n")
    )
}
