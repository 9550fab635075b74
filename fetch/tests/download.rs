//! pixmart-fetch against a local HTTP server (std TcpListener, one thread):
//! a complete download, an interrupted one resumed with a Range request, a
//! server that ignores ranges, and a wrong sha256 that leaves no file.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use pixmart_fetch::{download, download_with_retries, part_path, Download, FetchError};
use sha2::{Digest, Sha256};

#[derive(Default)]
struct Behaviour {
    /// Close the connection after this many body bytes (once).
    cut_after: Option<usize>,
    ignore_range: bool,
    /// The `Range` header of each request (None when absent).
    ranges: Vec<Option<String>>,
}

struct Server {
    url: String,
    behaviour: Arc<Mutex<Behaviour>>,
}

fn serve(body: Vec<u8>) -> Server {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/weights.bin", listener.local_addr().unwrap());
    let behaviour = Arc::new(Mutex::new(Behaviour::default()));
    let b = behaviour.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut range = None;
            loop {
                let mut line = String::new();
                if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
                    break;
                }
                if let Some(v) = line.to_ascii_lowercase().strip_prefix("range: bytes=") {
                    range = Some(v.trim().trim_end_matches('-').to_owned());
                }
            }
            let (cut, ignore) = {
                let mut b = b.lock().unwrap();
                b.ranges.push(range.clone());
                (b.cut_after.take(), b.ignore_range)
            };
            let start: usize = range.as_deref().filter(|_| !ignore).map_or(0, |r| r.parse().unwrap());
            let head = if start >= body.len() && start > 0 {
                format!("HTTP/1.1 416 Range Not Satisfiable\r\nContent-Range: bytes */{}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", body.len())
            } else if start > 0 {
                format!(
                    "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes {start}-{}/{}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                    body.len() - 1,
                    body.len(),
                    body.len() - start
                )
            } else {
                format!("HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n", body.len())
            };
            let _ = stream.write_all(head.as_bytes());
            if start < body.len() {
                let rest = &body[start..];
                let n = cut.map_or(rest.len(), |c| c.min(rest.len()));
                let _ = stream.write_all(&rest[..n]);
            }
            let _ = stream.flush();
            let _ = stream.shutdown(std::net::Shutdown::Both);
        }
    });
    Server { url, behaviour }
}

fn body() -> Vec<u8> {
    (0..300_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect()
}

fn sha(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

fn out_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pixmart-fetch-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[tokio::test]
async fn a_complete_download_is_verified_and_renamed_into_place() {
    let data = body();
    let server = serve(data.clone());
    let out = out_dir("complete").join("m/weights.bin");
    let d =
        Download { url: server.url.clone(), out: out.clone(), sha256: Some(sha(&data)), size: Some(data.len() as u64) };
    let f = download(&reqwest::Client::new(), &d).await.unwrap();
    assert_eq!(f.bytes, data.len() as u64);
    assert_eq!(std::fs::read(&out).unwrap(), data);
    assert!(!part_path(&out).exists(), "no .part left behind");
    // Again: already verified in place, nothing requested.
    let again = download(&reqwest::Client::new(), &d).await.unwrap();
    assert!(again.already_present);
    assert_eq!(server.behaviour.lock().unwrap().ranges.len(), 1);
}

#[tokio::test]
async fn an_interrupted_download_leaves_only_a_part_file_and_resumes_with_a_range_request() {
    let data = body();
    let server = serve(data.clone());
    server.behaviour.lock().unwrap().cut_after = Some(100_000);
    let out = out_dir("resume").join("weights.bin");
    let d = Download { url: server.url.clone(), out: out.clone(), sha256: Some(sha(&data)), size: None };
    let client = reqwest::Client::new();

    let err = download(&client, &d).await.unwrap_err();
    assert!(matches!(err, FetchError::Interrupted { .. } | FetchError::Short { .. }), "{err}");
    assert!(!out.exists(), "no half file at the final path");
    let part = part_path(&out);
    assert_eq!(std::fs::metadata(&part).unwrap().len(), 100_000);

    let f = download(&client, &d).await.unwrap();
    assert_eq!(f.resumed_from, 100_000);
    assert_eq!(std::fs::read(&out).unwrap(), data);
    assert!(!part.exists());
    assert_eq!(server.behaviour.lock().unwrap().ranges, vec![None, Some("100000".to_owned())]);
}

#[tokio::test]
async fn retries_resume_by_themselves() {
    let data = body();
    let server = serve(data.clone());
    server.behaviour.lock().unwrap().cut_after = Some(1234);
    let out = out_dir("retries").join("weights.bin");
    let d =
        Download { url: server.url.clone(), out: out.clone(), sha256: Some(sha(&data)), size: Some(data.len() as u64) };
    let f = download_with_retries(&reqwest::Client::new(), &d, 2).await.unwrap();
    assert_eq!(f.resumed_from, 1234);
    assert_eq!(std::fs::read(&out).unwrap(), data);
}

#[tokio::test]
async fn a_server_that_ignores_the_range_restarts_the_file_cleanly() {
    let data = body();
    let server = serve(data.clone());
    let out = out_dir("norange").join("weights.bin");
    std::fs::create_dir_all(out.parent().unwrap()).unwrap();
    std::fs::write(part_path(&out), &data[..5000]).unwrap();
    server.behaviour.lock().unwrap().ignore_range = true;
    let d = Download { url: server.url.clone(), out: out.clone(), sha256: Some(sha(&data)), size: None };
    download(&reqwest::Client::new(), &d).await.unwrap();
    assert_eq!(std::fs::read(&out).unwrap(), data, "not the old prefix plus the whole file");
}

#[tokio::test]
async fn a_wrong_sha256_leaves_no_file_at_all() {
    let data = body();
    let server = serve(data.clone());
    let out = out_dir("badsha").join("weights.bin");
    let d = Download { url: server.url.clone(), out: out.clone(), sha256: Some(sha(b"something else")), size: None };
    let err = download(&reqwest::Client::new(), &d).await.unwrap_err();
    assert!(matches!(err, FetchError::Sha256 { .. }), "{err}");
    assert!(!out.exists());
    assert!(!part_path(&out).exists(), "a wrong file is deleted, not kept for resuming");
}

#[tokio::test]
async fn an_unverified_download_reports_its_sha256_and_a_404_writes_nothing() {
    let data = body();
    let server = serve(data.clone());
    let out = out_dir("unverified").join("weights.bin");
    let d = Download { url: server.url.clone(), out: out.clone(), sha256: None, size: None };
    let f = download(&reqwest::Client::new(), &d).await.unwrap();
    assert_eq!(f.sha256, sha(&data));

    let missing = Download {
        url: "http://127.0.0.1:9/none".into(),
        out: out_dir("refused").join("x.bin"),
        sha256: None,
        size: None,
    };
    assert!(download(&reqwest::Client::new(), &missing).await.is_err());
    assert!(!missing.out.exists());
}
