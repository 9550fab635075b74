use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use pixmart_shared::config::Settings;
use secrecy::ExposeSecret;

/// A real worker process (the `pixmart-worker` program) against a test's
/// database, Redis and storage; killed on drop. Its log goes to a file
/// (printed by [`log`](Self::log)).
pub struct WorkerProcess {
    child: Child,
    pub pid: u32,
    log: PathBuf,
    _dir: tempfile::TempDir,
}

impl WorkerProcess {
    /// Starts `bin` (pass `env!("CARGO_BIN_EXE_pixmart-fleet-worker")`)
    /// with the test's settings: 1 s heartbeats, `lease_secs` per claim, a
    /// metrics listener on a free port, and `args` (e.g. `--pool`).
    pub fn spawn(bin: &str, settings: &Settings, lease_secs: u64, args: &[&str]) -> Self {
        Self::spawn_with_env(bin, settings, lease_secs, args, &[])
    }

    /// As [`spawn`](Self::spawn), with more environment (e.g. the licence
    /// policy or a registry file), set last so it wins.
    pub fn spawn_with_env(
        bin: &str,
        settings: &Settings,
        lease_secs: u64,
        args: &[&str],
        env: &[(&str, &str)],
    ) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("worker.log");
        let stderr = std::fs::File::create(&log).unwrap();
        let mut cmd = Command::new(bin);
        cmd.args(["--metrics-addr", "127.0.0.1:0"])
            .args(args)
            .env("PIXMART__DATABASE__URL", settings.database.url.expose_secret())
            .env("PIXMART__DATABASE__MAX_CONNECTIONS", "4")
            .env("PIXMART__REDIS__URL", settings.redis.url.expose_secret())
            .env("PIXMART__REDIS__NAMESPACE", &settings.redis.namespace)
            .env("PIXMART__STORAGE__DIR", &settings.storage.dir)
            .env("PIXMART__MODELS__DIR", &settings.models.dir)
            .env("PIXMART__MODELS__WARM_UP", settings.models.warm_up.to_string())
            .env("PIXMART__WORKER__HEARTBEAT_SECS", "1")
            .env("PIXMART__WORKER__POLL_INTERVAL_MS", settings.worker.poll_interval_ms.to_string())
            .env("PIXMART__WORKER__LEASE_SECS", lease_secs.to_string())
            .env("RUST_LOG", "info,sqlx=warn,sea_orm=warn,ort=warn")
            // Like the in-process workers (`TestApp`): no language model
            // (nor the OCR and speech models beside it) unless a test asks
            // for one through `env`; several such processes at once would
            // otherwise each hold gigabytes they never use.
            .env("PIXMART__TEXT__PROVIDER", "none")
            .stdout(Stdio::null())
            .stderr(stderr);
        if let Some(ort) = &settings.models.ort_dylib_path {
            cmd.env("PIXMART__MODELS__ORT_DYLIB_PATH", ort);
        }
        cmd.envs(env.iter().copied());
        let child = cmd.spawn().unwrap_or_else(|e| panic!("cannot start {bin}: {e}"));
        let pid = child.id();
        WorkerProcess { child, pid, log, _dir: dir }
    }

    /// Its registration id contains `-<pid>-` (see `node::unique_worker_id`).
    pub fn owns_node(&self, node_id: &str) -> bool {
        node_id.contains(&format!("-{}-", self.pid))
    }

    pub fn sigkill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Asks it to stop gracefully, as `systemctl stop` or Kubernetes would.
    pub fn sigterm(&self) {
        let ok = Command::new("kill").args(["-TERM", &self.pid.to_string()]).status().unwrap().success();
        assert!(ok, "kill -TERM {} failed", self.pid);
    }

    /// Waits for it to exit on its own.
    pub fn wait_exit(&mut self, timeout: Duration) -> ExitStatus {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < deadline, "worker {} still running after {timeout:?}:\n{}", self.pid, self.log());
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for WorkerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
