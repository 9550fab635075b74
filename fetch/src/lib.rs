//! Model-hub downloads (for operators with internet; the build machines
//! have none): resume an interrupted download with an HTTP Range request,
//! verify the sha256, and never leave a half file at the final path.
//!
//! The bytes go to `<out>.part`; only a verified file is renamed to `<out>`.
//! An interrupted transfer keeps the `.part` so the next attempt resumes;
//! a file with the wrong sha256 is deleted (restarting is the only fix).

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

#[derive(Debug, thiserror::Error)]
pub enum FetchError {
    #[error("{url}: HTTP {status}")]
    Status { url: String, status: u16 },
    #[error("{url}: transfer interrupted after {have} bytes ({source}); run again to resume")]
    Interrupted {
        url: String,
        have: u64,
        #[source]
        source: reqwest::Error,
    },
    #[error("{url}: the server sent {got} bytes, expected {expected}; run again to resume")]
    Short { url: String, got: u64, expected: u64 },
    #[error("{path}: sha256 {got}, expected {expected}; the download was deleted")]
    Sha256 { path: String, got: String, expected: String },
    #[error("{path}: {got} bytes, expected {expected}; the download was deleted")]
    Size { path: String, got: u64, expected: u64 },
    #[error("{path}: {source}")]
    Io {
        path: String,
        #[source]
        source: std::io::Error,
    },
}

/// One file to fetch.
#[derive(Debug, Clone)]
pub struct Download {
    pub url: String,
    pub out: PathBuf,
    /// Lower-case hex. `None`: keep whatever arrives (the caller accepted an
    /// unverified file) and report its sha256 so it can be pinned.
    pub sha256: Option<String>,
    pub size: Option<u64>,
}

/// What was fetched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fetched {
    pub sha256: String,
    pub bytes: u64,
    /// Bytes already in `.part` that this call did not download again.
    pub resumed_from: u64,
    /// The file was already in place and verified: nothing downloaded.
    pub already_present: bool,
}

pub fn part_path(out: &Path) -> PathBuf {
    let mut name = out.file_name().unwrap_or_default().to_os_string();
    name.push(".part");
    out.with_file_name(name)
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> FetchError + '_ {
    move |source| FetchError::Io { path: path.display().to_string(), source }
}

pub async fn sha256_file(path: &Path) -> Result<(String, u64), FetchError> {
    let mut file = tokio::fs::File::open(path).await.map_err(io(path))?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 1 << 20];
    let mut total = 0u64;
    loop {
        let n = file.read(&mut buf).await.map_err(io(path))?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
        total += n as u64;
    }
    Ok((hex::encode(hasher.finalize()), total))
}

/// Fetches `d` once (resuming a `.part` left by an earlier attempt).
pub async fn download(client: &reqwest::Client, d: &Download) -> Result<Fetched, FetchError> {
    if let Some(expected) = &d.sha256 {
        if tokio::fs::metadata(&d.out).await.is_ok_and(|m| m.is_file()) {
            let (got, bytes) = sha256_file(&d.out).await?;
            if &got == expected {
                return Ok(Fetched { sha256: got, bytes, resumed_from: 0, already_present: true });
            }
        }
    }
    if let Some(dir) = d.out.parent() {
        tokio::fs::create_dir_all(dir).await.map_err(io(dir))?;
    }
    let part = part_path(&d.out);
    let mut have = tokio::fs::metadata(&part).await.map(|m| m.len()).unwrap_or(0);
    if d.size.is_some_and(|size| have > size) {
        // More than the whole file: not a prefix of it.
        tokio::fs::remove_file(&part).await.map_err(io(&part))?;
        have = 0;
    }
    let resumed_from = have;
    if d.size != Some(have) || have == 0 {
        transfer(client, d, &part, &mut have).await?;
    }
    finish(d, &part, resumed_from).await
}

/// Appends the rest of the file to `part`.
async fn transfer(client: &reqwest::Client, d: &Download, part: &Path, have: &mut u64) -> Result<(), FetchError> {
    let mut req = client.get(&d.url);
    if *have > 0 {
        req = req.header(reqwest::header::RANGE, format!("bytes={have}-"));
    }
    let interrupted = |have: u64| {
        let url = d.url.clone();
        move |source| FetchError::Interrupted { url, have, source }
    };
    let mut resp = req.send().await.map_err(interrupted(*have))?;
    let status = resp.status().as_u16();
    let append = match status {
        206 => true,
        // The server ignored the range (or there was none): start over.
        200 => false,
        // The range starts at the end: `.part` is already complete.
        416 if *have > 0 => return Ok(()),
        _ => return Err(FetchError::Status { url: d.url.clone(), status }),
    };
    if !append {
        *have = 0;
    }
    let expected_total = resp.content_length().map(|len| len + *have).or(d.size);
    let mut file = tokio::fs::OpenOptions::new()
        .create(true)
        .write(true)
        .append(append)
        .truncate(!append)
        .open(part)
        .await
        .map_err(io(part))?;
    loop {
        match resp.chunk().await {
            Ok(Some(bytes)) => {
                file.write_all(&bytes).await.map_err(io(part))?;
                *have += bytes.len() as u64;
            }
            Ok(None) => break,
            Err(source) => {
                file.flush().await.map_err(io(part))?;
                return Err(FetchError::Interrupted { url: d.url.clone(), have: *have, source });
            }
        }
    }
    file.flush().await.map_err(io(part))?;
    file.sync_all().await.map_err(io(part))?;
    match expected_total {
        Some(expected) if *have < expected => Err(FetchError::Short { url: d.url.clone(), got: *have, expected }),
        _ => Ok(()),
    }
}

/// Verifies `part` and renames it into place; a wrong file is deleted.
async fn finish(d: &Download, part: &Path, resumed_from: u64) -> Result<Fetched, FetchError> {
    let (got, bytes) = sha256_file(part).await?;
    let reject = |e: FetchError| async move {
        let _ = tokio::fs::remove_file(part).await;
        Err(e)
    };
    if let Some(size) = d.size {
        if bytes != size {
            return reject(FetchError::Size { path: d.out.display().to_string(), got: bytes, expected: size }).await;
        }
    }
    if let Some(expected) = &d.sha256 {
        if &got != expected {
            return reject(FetchError::Sha256 { path: d.out.display().to_string(), got, expected: expected.clone() })
                .await;
        }
    }
    tokio::fs::rename(part, &d.out).await.map_err(io(&d.out))?;
    Ok(Fetched { sha256: got, bytes, resumed_from, already_present: false })
}

/// [`download`] with up to `retries` more attempts after an interruption
/// (each resumes where the last stopped).
pub async fn download_with_retries(
    client: &reqwest::Client,
    d: &Download,
    retries: u32,
) -> Result<Fetched, FetchError> {
    let mut attempt = 0;
    loop {
        match download(client, d).await {
            Err(FetchError::Interrupted { .. } | FetchError::Short { .. }) if attempt < retries => attempt += 1,
            other => return other,
        }
    }
}
