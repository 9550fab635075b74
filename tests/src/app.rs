use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use pixmart_shared::config::Settings;
use secrecy::SecretString;
use serde_json::{json, Value};

use crate::{models_dir, RedisServer, TestDatabase};

/// Settings for one test: its database, Redis, storage and the real models.
pub fn test_settings(db_url: &str, redis_url: &str, storage: &Path) -> Settings {
    let mut s = Settings::load(None).unwrap();
    s.database.url = SecretString::from(db_url.to_owned());
    s.database.max_connections = 5;
    s.redis.url = SecretString::from(redis_url.to_owned());
    s.storage.dir = storage.to_path_buf();
    s.models.dir = models_dir();
    if s.models.ort_dylib_path.is_none() {
        let recorded = models_dir().join("onnxruntime/ORT_DYLIB_PATH");
        s.models.ort_dylib_path = std::fs::read_to_string(recorded).ok().map(|p| PathBuf::from(p.trim()));
    }
    s.server.port = 0;
    s.server.web_dist_dir = PathBuf::from("/nonexistent");
    s.worker.poll_interval_ms = 50;
    s.worker.heartbeat_secs = 1;
    // A test's worker runs its first cutout at once anyway; the warm-up
    // run would only add CPU next to it (the cutout bench's workers warm up).
    s.models.warm_up = false;
    s.tasks.sweep_interval_ms = 200;
    // Every test client is 127.0.0.1: per-IP sign-in limits would be shared
    // by all of a test's users. tests/tests/sign_in.rs lowers them to test them.
    s.auth.codes_per_ip_per_hour = 100_000;
    s.auth.captcha_per_ip_per_minute = 100_000;
    // Likewise the per-IP throttle of the anonymous forms;
    // tests/tests/abuse_limits.rs lowers it to test it.
    s.limits.forms_per_ip_per_hour = 100_000;
    s.auth.login.ip_captcha_after_failures = 100_000;
    s.auth.login.ip_lock_after_failures = 100_000;
    // The suites sign in through the development outbox and pay through the
    // development provider; production refusal has its own tests.
    s.mode = pixmart_shared::config::RunMode::Development;
    s.auth.sender.kind = pixmart_shared::config::SenderKind::Dev;
    s.auth.sender.sms = None;
    s.auth.sender.mail = None;
    // Loading a language model costs every worker a second or more and half
    // a gigabyte: only the text tests turn it on (copywriting.rs).
    s.text.provider = pixmart_shared::config::TextProvider::None;
    s.text.local_model = "qwen2.5-coder-0.5b".to_owned();
    s
}

/// The API on a random port, in its own thread and actix system, against
/// the given database and Redis.
pub struct TestApp {
    pub base_url: String,
    pub settings: Settings,
    pub storage: tempfile::TempDir,
    pub db: TestDatabase,
    pub redis: Option<RedisServer>,
    worker_stop: Vec<std::sync::mpsc::Sender<()>>,
    worker_threads: Vec<std::thread::JoinHandle<()>>,
}

impl TestApp {
    pub async fn start(db: TestDatabase) -> Self {
        Self::start_with(db, |_| {}).await
    }

    /// As [`start`](Self::start), with the settings adjusted first.
    pub async fn start_with(db: TestDatabase, adjust: impl FnOnce(&mut Settings)) -> Self {
        init_test_logging();
        let redis = RedisServer::start();
        let storage = tempfile::tempdir().unwrap();
        let mut settings = test_settings(db.url(), &redis.url(), storage.path());
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base_url = format!("http://{}", listener.local_addr().unwrap());
        // Pay pages and notify addresses come from configuration.
        settings.payments.public_base_url = Some(base_url.clone());
        adjust(&mut settings);
        let api_settings = settings.clone();
        std::thread::spawn(move || {
            actix_web::rt::System::new().block_on(async move {
                let state = pixmart_api::AppState::connect(api_settings).await.expect("api state");
                pixmart_api::serve_on(listener, state).await.expect("api server");
            });
        });
        let app = TestApp {
            base_url,
            settings,
            storage,
            db,
            redis: Some(redis),
            worker_stop: vec![],
            worker_threads: vec![],
        };
        app.wait_healthy().await;
        app
    }

    async fn wait_healthy(&self) {
        let deadline = Instant::now() + Duration::from_secs(60);
        let client = reqwest::Client::new();
        while Instant::now() < deadline {
            if let Ok(r) = client.get(format!("{}/api/health", self.base_url)).send().await {
                if r.status().is_success() {
                    return;
                }
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("API did not become healthy");
    }

    /// Starts a real worker (its own thread and runtime) consuming this
    /// app's Redis; it stops when the app is dropped.
    pub fn start_worker(&mut self) {
        self.start_worker_with(|_| {});
    }

    /// As [`start_worker`](Self::start_worker), with the worker's settings
    /// adjusted (another models dir, a registry file, the licence policy).
    pub fn start_worker_with(&mut self, adjust: impl FnOnce(&mut Settings)) {
        let mut settings = self.settings.clone();
        adjust(&mut settings);
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let handle = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
            rt.block_on(async move {
                let stop = async move {
                    let _ = tokio::task::spawn_blocking(move || rx.recv()).await;
                };
                if let Err(e) = pixmart_worker::run(settings, stop).await {
                    panic!("worker failed: {e:#}");
                }
            });
        });
        self.worker_stop.push(tx);
        self.worker_threads.push(handle);
    }

    /// Stops this app's in-process workers gracefully (they deregister):
    /// "the workers are down" while the API keeps running.
    pub fn stop_workers(&mut self) {
        for tx in self.worker_stop.drain(..) {
            let _ = tx.send(());
        }
        for h in self.worker_threads.drain(..) {
            let _ = h.join();
        }
    }

    pub fn client(&self) -> TestClient {
        TestClient { base: self.base_url.clone(), http: reqwest::Client::new(), token: None, lang: None }
    }

    /// Waits until the health endpoint reports `n` live workers.
    pub async fn wait_workers(&self, n: u64) {
        let deadline = Instant::now() + Duration::from_secs(60);
        let c = self.client();
        while Instant::now() < deadline {
            let (_, body) = c.get("/api/health").await;
            if body["data"]["workers"].as_u64() == Some(n) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("expected {n} live workers");
    }

    /// Files under the storage directory (to prove nothing was left behind).
    pub fn stored_files(&self) -> Vec<PathBuf> {
        fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
            if let Ok(entries) = std::fs::read_dir(dir) {
                for e in entries.flatten() {
                    let p = e.path();
                    if p.is_dir() {
                        walk(&p, out);
                    } else {
                        out.push(p);
                    }
                }
            }
        }
        let mut out = Vec::new();
        walk(self.storage.path(), &mut out);
        out
    }

    pub async fn db(&self) -> sea_orm::DatabaseConnection {
        sea_orm::Database::connect(self.db.url()).await.unwrap()
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        for tx in self.worker_stop.drain(..) {
            let _ = tx.send(());
        }
        for h in self.worker_threads.drain(..) {
            let _ = h.join();
        }
    }
}

/// A signed-in (or anonymous) HTTP client speaking the API's envelope.
#[derive(Clone)]
pub struct TestClient {
    pub base: String,
    pub http: reqwest::Client,
    pub token: Option<String>,
    pub lang: Option<&'static str>,
}

impl TestClient {
    fn req(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        let mut r = self.http.request(method, format!("{}{}", self.base, path));
        if let Some(t) = &self.token {
            r = r.bearer_auth(t);
        }
        if let Some(l) = self.lang {
            r = r.header("Accept-Language", l);
        }
        r
    }

    async fn send(r: reqwest::RequestBuilder) -> (u16, Value) {
        let resp = r.send().await.unwrap();
        let status = resp.status().as_u16();
        let text = resp.text().await.unwrap();
        let body = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON ({status}): {text}"));
        (status, body)
    }

    pub async fn get(&self, path: &str) -> (u16, Value) {
        Self::send(self.req(reqwest::Method::GET, path)).await
    }

    pub async fn post_json(&self, path: &str, body: Value) -> (u16, Value) {
        Self::send(self.req(reqwest::Method::POST, path).json(&body)).await
    }

    pub async fn put_json(&self, path: &str, body: Value) -> (u16, Value) {
        Self::send(self.req(reqwest::Method::PUT, path).json(&body)).await
    }

    pub async fn patch_json(&self, path: &str, body: Value) -> (u16, Value) {
        Self::send(self.req(reqwest::Method::PATCH, path).json(&body)).await
    }

    pub async fn delete(&self, path: &str) -> (u16, Value) {
        Self::send(self.req(reqwest::Method::DELETE, path)).await
    }

    pub async fn get_bytes(&self, path: &str) -> (u16, Vec<u8>) {
        let resp = self.req(reqwest::Method::GET, path).send().await.unwrap();
        (resp.status().as_u16(), resp.bytes().await.unwrap().to_vec())
    }

    pub async fn upload(&self, file_name: &str, mime: &str, data: Vec<u8>) -> (u16, Value) {
        self.upload_to("/api/uploads", file_name, mime, data).await
    }

    /// A multipart `file` upload to `path` (`/api/uploads?purpose=note`,
    /// `/api/uploads/video`).
    pub async fn upload_to(&self, path: &str, file_name: &str, mime: &str, data: Vec<u8>) -> (u16, Value) {
        let part = reqwest::multipart::Part::bytes(data).file_name(file_name.to_owned()).mime_str(mime).unwrap();
        let form = reqwest::multipart::Form::new().part("file", part);
        Self::send(self.req(reqwest::Method::POST, path).multipart(form)).await
    }

    /// Registers a fresh random phone account through the real code flow
    /// (captcha, SMS code from the development outbox) and keeps its token.
    pub async fn register_random(&mut self) -> String {
        let phone = random_phone();
        let code = self.request_code(&phone).await;
        let (status, body) = self
            .post_json(
                "/api/auth/register",
                json!({ "mobileId": phone, "verifyCode": code, "password": "secret-pass",
                        "confirmPassword": "secret-pass", "agreement": true }),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        self.token = Some(body["data"]["token"].as_str().unwrap().to_owned());
        phone
    }

    /// Draws a captcha for the account (phone or email) and answers it with
    /// the answer development mode reveals (`GET /api/dev/captcha`, whatever
    /// the code sender).
    pub async fn solve_captcha(&self, account: &str) {
        let (status, png) = self.get_bytes(&format!("/api/auth/captcha?mobileId={}", urlencode(account))).await;
        assert_eq!(status, 200);
        assert!(png.starts_with(b"\x89PNG"), "captcha refused (empty body): too frequent?");
        let (status, body) = self.get(&format!("/api/dev/captcha?mobileId={}", urlencode(account))).await;
        assert_eq!(status, 200, "{body}");
        let answer = body["data"]["code"].as_str().unwrap().to_owned();
        let (status, body) =
            self.post_json("/api/auth/captcha/verify", json!({ "mobileId": account, "code": answer })).await;
        assert_eq!((status, &body["data"]), (200, &json!(true)), "{body}");
    }

    /// Solves a captcha, has a code sent to the phone or email and returns
    /// it, read from the development outbox.
    pub async fn request_code(&self, account: &str) -> String {
        self.solve_captcha(account).await;
        let (path, body) = if account.contains('@') {
            ("/api/auth/mail-code", json!({ "mail": account }))
        } else {
            ("/api/auth/sms-code", json!({ "mobileId": account }))
        };
        let (status, body) = self.post_json(path, body).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["code"], 1, "{body}");
        self.outbox_code(account).await.expect("a code in the development outbox")
    }

    /// The newest code the development sender sent to the account.
    pub async fn outbox_code(&self, account: &str) -> Option<String> {
        let (status, body) = self.get(&format!("/api/dev/outbox?to={}", urlencode(account))).await;
        assert_eq!(status, 200, "{body}");
        body["data"][0]["code"].as_str().map(str::to_owned)
    }

    /// Uploads an image and returns its URL.
    pub async fn upload_png(&self, data: Vec<u8>) -> String {
        let (status, body) = self.upload("photo.png", "image/png", data).await;
        assert_eq!(status, 200, "{body}");
        body["data"]["urls"][0].as_str().unwrap().to_owned()
    }

    pub async fn submit_cutout(&self, image_url: &str, model: Option<&str>) -> String {
        let mut params = json!({ "imageUrl": image_url });
        if let Some(m) = model {
            params["model"] = json!(m);
        }
        let (status, body) =
            self.post_json("/api/tasks", json!({ "bizType": "MATTING_IMAGE", "params": params })).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["status"], "NEW");
        body["data"]["taskId"].as_str().unwrap().to_owned()
    }

    /// The signed-in user's id.
    pub async fn user_id(&self) -> pixmart_shared::domain::UserId {
        let (status, info) = self.get("/api/user/info").await;
        assert_eq!(status, 200, "{info}");
        pixmart_shared::domain::UserId(info["data"]["user"]["id"].as_i64().unwrap())
    }

    /// `GET /api/capabilities` for one bizType.
    pub async fn capability(&self, biz: &str) -> Value {
        let (status, body) = self.get("/api/capabilities").await;
        assert_eq!(status, 200, "{body}");
        body["data"]["bizTypes"][biz].clone()
    }

    /// Waits until the bizType's capability state is `state` (workers
    /// register and report); returns it.
    pub async fn wait_capability(&self, biz: &str, state: &str) -> Value {
        let deadline = Instant::now() + Duration::from_secs(90);
        loop {
            let cap = self.capability(biz).await;
            if cap["state"] == state {
                return cap;
            }
            assert!(Instant::now() < deadline, "{biz} never became {state}: {cap}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Polls the task until it is terminal (the UI's polling, faster).
    pub async fn wait_task(&self, task_id: &str, timeout: Duration) -> Value {
        let deadline = Instant::now() + timeout;
        loop {
            let (status, body) = self.get(&format!("/api/tasks/{task_id}")).await;
            assert_eq!(status, 200, "{body}");
            let st = body["data"]["status"].as_str().unwrap().to_owned();
            if ["SUCCESS", "FAILED", "TIMEOUT"].contains(&st.as_str()) {
                return body["data"].clone();
            }
            assert!(Instant::now() < deadline, "task {task_id} still {st} after {timeout:?}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// Logs from the API and worker when `PIXMART_TEST_LOG` is set (e.g. to
/// `info`), through the test harness's capture.
fn init_test_logging() {
    if let Ok(filter) = std::env::var("PIXMART_TEST_LOG") {
        let _ = tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::new(filter))
            .with_test_writer()
            .try_init();
    }
}

/// A fresh phone number: 1 followed by 10 random digits.
pub fn random_phone() -> String {
    format!("1{:010}", uuid::Uuid::new_v4().as_u128() % 10_000_000_000)
}

/// Percent-encodes a query value (phones and emails: `@` and `+`).
pub fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}
