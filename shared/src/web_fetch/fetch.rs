//! One guarded fetch: http(s) only, every hop's addresses checked against
//! the [`AddressPolicy`] and pinned for the connection, redirects followed
//! by hand (at most `max_redirects`), the body read up to `max_bytes`,
//! everything within `timeout_secs`.

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use futures::StreamExt;
use reqwest::header::{CONTENT_TYPE, LOCATION};
use url::Url;

use super::AddressPolicy;
use crate::config::ArticleSettings;

/// How far one fetch may go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FetchLimits {
    /// Most bytes of the body read (the rest is not downloaded).
    pub max_bytes: u64,
    /// Most seconds for the whole fetch, redirects included.
    pub timeout_secs: u64,
    /// Most redirects followed (each target checked like the first).
    pub max_redirects: u8,
}

impl From<&ArticleSettings> for FetchLimits {
    fn from(s: &ArticleSettings) -> Self {
        FetchLimits { max_bytes: s.max_bytes, timeout_secs: s.timeout_secs, max_redirects: s.max_redirects }
    }
}

/// What kind of body the caller takes; anything else is `NotText`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Accept {
    /// A web page: HTML or plain text.
    Page,
    /// A feed or data: XML (RSS, Atom), JSON, or text (servers label feeds
    /// loosely, so the parser decides).
    Feed,
}

impl Accept {
    fn header(self) -> &'static str {
        match self {
            Accept::Page => "text/html,application/xhtml+xml,text/plain;q=0.9",
            Accept::Feed => "application/rss+xml,application/atom+xml,application/feed+json,application/json,application/xml;q=0.9,text/xml;q=0.9,*/*;q=0.5",
        }
    }

    fn takes(self, content_type: &str) -> bool {
        match self {
            Accept::Page => content_type.contains("html") || content_type.starts_with("text/plain"),
            Accept::Feed => {
                content_type.contains("xml")
                    || content_type.contains("json")
                    || content_type.starts_with("text/")
                    || content_type.starts_with("application/octet-stream")
            }
        }
    }
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum FetchError {
    /// Not an absolute http(s) URL (or one with credentials in it).
    #[error("not an http(s) link: {0}")]
    BadLink(String),
    /// The link (or a redirect) leads to an address the policy refuses.
    #[error("refused address: {0}")]
    NotAllowed(String),
    /// Unreachable, an error status, too many redirects, too slow.
    #[error("fetch failed: {0}")]
    Failed(String),
    /// The body is not of an accepted kind (a web page or a feed).
    #[error("not an accepted kind of content: {0}")]
    NotText(String),
}

/// What a fetch brought back.
#[derive(Debug, Clone)]
pub struct Fetched {
    /// Where the page was found (after redirects).
    pub url: Url,
    pub body: String,
    pub is_html: bool,
    /// The declared content type, lower-cased (`text/html` when none).
    pub content_type: String,
    /// The page was longer than `max_bytes`; only its start was read.
    pub truncated: bool,
}

pub async fn fetch(
    link: &str,
    limits: FetchLimits,
    accept: Accept,
    policy: &AddressPolicy,
) -> Result<Fetched, FetchError> {
    let url = parse_link(link)?;
    let limit = Duration::from_secs(limits.timeout_secs.max(1));
    tokio::time::timeout(limit, follow(url, limits, accept, policy))
        .await
        .map_err(|_| FetchError::Failed(format!("no complete answer within {limit:?}")))?
}

fn parse_link(link: &str) -> Result<Url, FetchError> {
    let url = Url::parse(link.trim()).map_err(|e| FetchError::BadLink(e.to_string()))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(FetchError::BadLink(format!("scheme {} is not http or https", url.scheme())));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(FetchError::BadLink("credentials in the link".into()));
    }
    if url.host().is_none() {
        return Err(FetchError::BadLink("no host".into()));
    }
    Ok(url)
}

async fn follow(
    mut url: Url,
    limits: FetchLimits,
    accept: Accept,
    policy: &AddressPolicy,
) -> Result<Fetched, FetchError> {
    for _ in 0..=limits.max_redirects {
        let addr = checked_address(&url, policy).await?;
        let host = url.host_str().unwrap_or_default().trim_start_matches('[').trim_end_matches(']').to_owned();
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            // Connect to the address just checked, whatever DNS says next.
            .resolve(&host, addr)
            .no_proxy()
            .user_agent(concat!("Mozilla/5.0 (compatible; pixmart/", env!("CARGO_PKG_VERSION"), ")"))
            .build()
            .map_err(|e| FetchError::Failed(e.to_string()))?;
        let response = client
            .get(url.clone())
            .header(reqwest::header::ACCEPT, accept.header())
            .send()
            .await
            .map_err(|e| FetchError::Failed(format!("{}: {e}", url.host_str().unwrap_or_default())))?;
        let status = response.status();
        if status.is_redirection() {
            let location = response
                .headers()
                .get(LOCATION)
                .and_then(|l| l.to_str().ok())
                .ok_or_else(|| FetchError::Failed(format!("{status} without a Location")))?;
            let next = url.join(location).map_err(|e| FetchError::BadLink(format!("redirect to {location}: {e}")))?;
            url = parse_link(next.as_str())?;
            continue;
        }
        if !status.is_success() {
            return Err(FetchError::Failed(format!("the page answered {status}")));
        }
        let content_type = response
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("text/html")
            .to_ascii_lowercase();
        let is_html = content_type.contains("html");
        if !accept.takes(&content_type) {
            return Err(FetchError::NotText(content_type));
        }
        let (bytes, truncated) = read_at_most(response, limits.max_bytes).await?;
        let body = decode(&bytes, &content_type);
        return Ok(Fetched { url, body, is_html, content_type, truncated });
    }
    Err(FetchError::Failed(format!("more than {} redirects", limits.max_redirects)))
}

/// The address to connect to: every address the host resolves to must be
/// permitted (a host that resolves to a public and a private address is
/// refused), and the first is used.
async fn checked_address(url: &Url, policy: &AddressPolicy) -> Result<SocketAddr, FetchError> {
    let port = url.port_or_known_default().ok_or_else(|| FetchError::BadLink("no port".into()))?;
    let addrs: Vec<SocketAddr> = match url.host() {
        Some(url::Host::Ipv4(ip)) => vec![SocketAddr::new(IpAddr::V4(ip), port)],
        Some(url::Host::Ipv6(ip)) => vec![SocketAddr::new(IpAddr::V6(ip), port)],
        Some(url::Host::Domain(name)) => tokio::net::lookup_host((name, port))
            .await
            .map_err(|e| FetchError::Failed(format!("{name} does not resolve: {e}")))?
            .collect(),
        None => return Err(FetchError::BadLink("no host".into())),
    };
    if let Some(refused) = addrs.iter().find(|a| !policy.permits(a.ip())) {
        return Err(FetchError::NotAllowed(format!("{} is {}", url.host_str().unwrap_or_default(), refused.ip())));
    }
    addrs.first().copied().ok_or_else(|| FetchError::Failed("the host has no address".into()))
}

async fn read_at_most(response: reqwest::Response, max: u64) -> Result<(Vec<u8>, bool), FetchError> {
    let max = usize::try_from(max).unwrap_or(usize::MAX);
    let mut body = Vec::new();
    let mut stream = response.bytes_stream();
    while let Some(chunk) = stream.next().await {
        let chunk = chunk.map_err(|e| FetchError::Failed(format!("reading the page: {e}")))?;
        if body.len() + chunk.len() > max {
            body.extend_from_slice(&chunk[..max - body.len()]);
            return Ok((body, true));
        }
        body.extend_from_slice(&chunk);
    }
    Ok((body, false))
}

/// The page's text in its declared charset (header, else `<meta charset>`,
/// else UTF-8): many Chinese pages are still GBK.
fn decode(bytes: &[u8], content_type: &str) -> String {
    let declared = charset_in(content_type).or_else(|| {
        let head = String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]).to_ascii_lowercase();
        head.find("charset=").map(|i| &head[i + 8..]).and_then(|rest| charset_in(&format!("charset={rest}")))
    });
    let encoding =
        declared.and_then(|label| encoding_rs::Encoding::for_label(label.as_bytes())).unwrap_or(encoding_rs::UTF_8);
    encoding.decode(bytes).0.into_owned()
}

fn charset_in(value: &str) -> Option<String> {
    let i = value.find("charset=")?;
    let rest = value[i + 8..].trim_start_matches(['"', '\'']);
    let label: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect();
    (!label.is_empty()).then_some(label)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_http_links_without_credentials_are_fetched() {
        for bad in [
            "ftp://example.com/a",
            "file:///etc/passwd",
            "javascript:alert(1)",
            "http://user:pw@example.com/",
            "example.com/article",
            "gopher://x",
        ] {
            assert!(matches!(parse_link(bad), Err(FetchError::BadLink(_))), "{bad}");
        }
        assert!(parse_link("https://example.com/a?b=1").is_ok());
    }

    #[test]
    fn pages_and_feeds_accept_their_own_kinds() {
        assert!(Accept::Page.takes("text/html; charset=utf-8") && !Accept::Page.takes("application/json"));
        for feed in ["application/rss+xml", "text/xml", "application/json", "text/plain"] {
            assert!(Accept::Feed.takes(feed), "{feed}");
        }
        assert!(!Accept::Feed.takes("image/png"));
    }

    #[test]
    fn the_charset_comes_from_the_header_or_the_page() {
        let (gbk, _, _) = encoding_rs::GBK.encode("爆款文章");
        assert_eq!(decode(&gbk, "text/html; charset=gbk"), "爆款文章");
        let page = [b"<html><head><meta charset=\"gb2312\"></head><body>".as_slice(), &gbk].concat();
        assert!(decode(&page, "text/html").ends_with("爆款文章"));
        assert_eq!(decode("好文".as_bytes(), "text/html"), "好文");
    }
}
