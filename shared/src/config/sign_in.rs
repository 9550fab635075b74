//! Sign-in hardening settings: the password-login throttle, the argon2
//! concurrency bound, the captcha image quotas and the reverse proxies whose
//! `X-Forwarded-For` is believed. See docs/security/sign-in.md.

use std::net::IpAddr;
use std::str::FromStr;

use ipnet::IpNet;
use serde::{Deserialize, Deserializer};

/// Password login: failures are counted per account and per client IP.
/// Past `captcha_after_failures` a login must come with a solved captcha for
/// the account; past `lock_after_failures` the subject is locked for
/// `lock_base_secs × 2^(failures − lock_after_failures)`, at most
/// `lock_max_secs`. Refused attempts never reach argon2.
/// (`PIXMART__AUTH__LOGIN__LOCK_AFTER_FAILURES=...`)
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct LoginThrottleSettings {
    /// Failures of one account before a captcha is required (default 3).
    pub captcha_after_failures: u32,
    /// Failures of one account before it is locked (default 5).
    pub lock_after_failures: u32,
    /// Failures from one IP before a captcha is required (default 10): an
    /// office or a carrier NAT shares one address, so it is higher.
    pub ip_captcha_after_failures: u32,
    /// Failures from one IP before it is locked (default 30).
    pub ip_lock_after_failures: u32,
    /// The first lock (default 60 s); each further failure doubles it.
    pub lock_base_secs: u64,
    /// The longest lock (default 3600 s).
    pub lock_max_secs: u64,
    /// Failures are forgotten this long after the last one (default 86 400 s);
    /// a successful sign-in or a password reset forgets the account's at once.
    pub failure_memory_secs: u64,
    /// argon2 hashes that may run at once (default 0: the number of CPUs).
    /// Further sign-ins wait for a slot, so a flood of guesses cannot take
    /// every core from the other requests.
    pub max_concurrent_hashes: usize,
    /// How long a sign-in waits for a hashing slot before it is answered
    /// `SERVICE_UNAVAILABLE` (default 10 000 ms).
    pub hash_wait_ms: u64,
    /// Password logins handled at once per API process (default 0: half
    /// the database pool). The rest wait in memory, holding no database
    /// connection, so a flood of guesses (which all update the same
    /// counter row) cannot take every pooled connection from other
    /// requests. They wait at most `hash_wait_ms`.
    pub max_concurrent_logins: usize,
}

impl Default for LoginThrottleSettings {
    fn default() -> Self {
        LoginThrottleSettings {
            captcha_after_failures: 3,
            lock_after_failures: 5,
            ip_captcha_after_failures: 10,
            ip_lock_after_failures: 30,
            lock_base_secs: 60,
            lock_max_secs: 3600,
            failure_memory_secs: 86_400,
            max_concurrent_hashes: 0,
            hash_wait_ms: 10_000,
            max_concurrent_logins: 0,
        }
    }
}

impl LoginThrottleSettings {
    /// The configured bound, or the machine's CPU count.
    pub fn hash_slots(&self) -> usize {
        if self.max_concurrent_hashes > 0 {
            return self.max_concurrent_hashes;
        }
        std::thread::available_parallelism().map(usize::from).unwrap_or(2)
    }

    /// The configured bound, or half the database pool (at least 1).
    pub fn login_slots(&self, db_pool: u32) -> usize {
        if self.max_concurrent_logins > 0 {
            return self.max_concurrent_logins;
        }
        usize::try_from(db_pool / 2).unwrap_or(1).max(1)
    }

    /// How long `failures` (counted so far, this one included) lock a
    /// subject whose threshold is `after`; `None` below it.
    pub fn lock_secs(&self, failures: u32, after: u32) -> Option<u64> {
        if failures < after.max(1) {
            return None;
        }
        let doublings = (failures - after.max(1)).min(32);
        Some(self.lock_base_secs.saturating_mul(1u64 << doublings).min(self.lock_max_secs).max(1))
    }
}

/// The reverse proxies (addresses or CIDR blocks) whose `X-Forwarded-For`
/// is believed. Empty (the default): the socket peer is the client. Set as a
/// list in a config file or comma-separated in the environment
/// (`PIXMART__AUTH__TRUSTED_PROXIES=10.0.0.0/8,127.0.0.1`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    pub fn new(nets: Vec<IpNet>) -> Self {
        TrustedProxies(nets)
    }

    /// Parses `a, b/24, ...`; a bare address is a single-host block.
    pub fn parse_list(raw: &str) -> Result<Self, String> {
        raw.split(',').map(str::trim).filter(|s| !s.is_empty()).map(parse_net).collect::<Result<_, _>>().map(Self)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn contains(&self, ip: IpAddr) -> bool {
        // An IPv4 peer may arrive as ::ffff:a.b.c.d on a dual-stack socket.
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map(IpAddr::V4).unwrap_or(ip),
            v4 => v4,
        };
        self.0.iter().any(|n| n.contains(&ip))
    }
}

impl TrustedProxies {
    /// The client's address: the socket peer, unless the peer is a trusted
    /// proxy. Then `X-Forwarded-For` (its values in order, each a comma list
    /// that every proxy appended its own peer to) is walked from the right
    /// past trusted hops, and the first untrusted address is the client;
    /// anything to its left was written by the client and is ignored. When
    /// every hop is trusted the leftmost is the client; an unreadable hop
    /// stops the walk at the last address a trusted proxy vouched for.
    pub fn client_ip(&self, peer: IpAddr, forwarded_for: &[&str]) -> IpAddr {
        let peer = peer.to_canonical();
        if !self.contains(peer) {
            return peer;
        }
        let hops: Vec<&str> =
            forwarded_for.iter().flat_map(|v| v.split(',')).map(str::trim).filter(|h| !h.is_empty()).collect();
        let mut client = peer;
        for hop in hops.iter().rev() {
            let Some(ip) = parse_hop(hop) else { break };
            client = ip;
            if !self.contains(ip) {
                break;
            }
        }
        client
    }
}

/// One `X-Forwarded-For` entry: an address, possibly with a port
/// (`1.2.3.4:5678`, `[::1]:5678`) or in brackets.
fn parse_hop(hop: &str) -> Option<IpAddr> {
    let ip = IpAddr::from_str(hop)
        .ok()
        .or_else(|| std::net::SocketAddr::from_str(hop).ok().map(|a| a.ip()))
        .or_else(|| IpAddr::from_str(hop.trim_start_matches('[').trim_end_matches(']')).ok())?;
    Some(ip.to_canonical())
}

fn parse_net(s: &str) -> Result<IpNet, String> {
    IpNet::from_str(s)
        .or_else(|_| IpAddr::from_str(s).map(IpNet::from))
        .map_err(|_| format!("not an IP address or CIDR block: {s:?}"))
}

impl<'de> Deserialize<'de> for TrustedProxies {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Text(String),
            List(Vec<String>),
        }
        let joined = match Raw::deserialize(d)? {
            Raw::Text(s) => s,
            Raw::List(v) => v.join(","),
        };
        TrustedProxies::parse_list(&joined).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lock_doubles_from_the_threshold_and_is_capped() {
        let s = LoginThrottleSettings::default();
        assert_eq!(s.lock_secs(4, 5), None);
        assert_eq!(s.lock_secs(5, 5), Some(60));
        assert_eq!(s.lock_secs(6, 5), Some(120));
        assert_eq!(s.lock_secs(10, 5), Some(1920));
        assert_eq!(s.lock_secs(11, 5), Some(3600));
        assert_eq!(s.lock_secs(u32::MAX, 5), Some(3600));
        assert_eq!(s.login_slots(10), 5);
        assert_eq!(s.login_slots(1), 1);
        assert!(s.hash_slots() >= 1);
    }

    #[test]
    fn proxies_parse_from_text_or_a_list() {
        let p = TrustedProxies::parse_list(" 10.0.0.0/8, 127.0.0.1 ,::1").unwrap();
        assert!(p.contains("10.1.2.3".parse().unwrap()));
        assert!(p.contains("127.0.0.1".parse().unwrap()));
        assert!(p.contains("::ffff:127.0.0.1".parse().unwrap()));
        assert!(p.contains("::1".parse().unwrap()));
        assert!(!p.contains("127.0.0.2".parse().unwrap()));
        assert!(TrustedProxies::parse_list("").unwrap().is_empty());
        assert!(TrustedProxies::parse_list("10.0.0.0/33").is_err());
        let from_json: TrustedProxies = serde_json::from_str(r#"["192.168.0.0/16"]"#).unwrap();
        assert!(from_json.contains("192.168.5.5".parse().unwrap()));
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn the_client_is_the_rightmost_untrusted_hop_behind_a_trusted_peer() {
        let p = TrustedProxies::parse_list("127.0.0.1, 10.0.0.0/8").unwrap();
        let local = ip("127.0.0.1");
        // No trusted proxy configured: the peer, whatever the header says.
        assert_eq!(TrustedProxies::default().client_ip(local, &["1.2.3.4"]), local);
        // An untrusted peer's header counts for nothing.
        assert_eq!(p.client_ip(ip("198.51.100.1"), &["1.2.3.4"]), ip("198.51.100.1"));
        // The leftmost entry is the client's own claim; the proxy's is rightmost.
        assert_eq!(p.client_ip(local, &["6.6.6.6, 198.51.100.7"]), ip("198.51.100.7"));
        assert_eq!(p.client_ip(local, &["6.6.6.6", "198.51.100.7"]), ip("198.51.100.7"));
        // Trusted hops are skipped.
        assert_eq!(p.client_ip(local, &["6.6.6.6, 203.0.113.9, 10.1.1.1"]), ip("203.0.113.9"));
        // All trusted: the leftmost. No header: the peer.
        assert_eq!(p.client_ip(local, &["10.2.2.2, 10.1.1.1"]), ip("10.2.2.2"));
        assert_eq!(p.client_ip(local, &[]), local);
        assert_eq!(p.client_ip(local, &[" , "]), local);
        // Ports and brackets; garbage stops at the last vouched-for hop.
        assert_eq!(p.client_ip(local, &["203.0.113.9:4711"]), ip("203.0.113.9"));
        assert_eq!(p.client_ip(local, &["[2001:db8::1]:4711"]), ip("2001:db8::1"));
        assert_eq!(p.client_ip(local, &["2001:db8::1"]), ip("2001:db8::1"));
        assert_eq!(p.client_ip(local, &["203.0.113.9, unknown, 10.1.1.1"]), ip("10.1.1.1"));
        // A dual-stack socket's mapped IPv4 peer is the IPv4 address.
        assert_eq!(p.client_ip(ip("::ffff:127.0.0.1"), &["198.51.100.7"]), ip("198.51.100.7"));
    }
}
