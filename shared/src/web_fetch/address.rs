//! Which addresses the article fetcher may connect to: public ones, and
//! the private networks an operator allows (an intranet wiki).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use ipnet::IpNet;

/// Networks that are not the public internet: this host, private and
/// shared address space, link-local, documentation, benchmarking,
/// multicast and reserved ranges (IANA special-purpose registries).
const NOT_PUBLIC: &[&str] = &[
    "0.0.0.0/8",
    "10.0.0.0/8",
    "100.64.0.0/10",
    "127.0.0.0/8",
    "169.254.0.0/16",
    "172.16.0.0/12",
    "192.0.0.0/24",
    "192.0.2.0/24",
    "192.88.99.0/24",
    "192.168.0.0/16",
    "198.18.0.0/15",
    "198.51.100.0/24",
    "203.0.113.0/24",
    "224.0.0.0/4",
    "240.0.0.0/4",
    "::/128",
    "::1/128",
    "100::/64",
    "2001:db8::/32",
    "2001::/23",
    "fc00::/7",
    "fe80::/10",
    "fec0::/10",
    "ff00::/8",
];

/// Whether `ip` is on the public internet. An IPv6 address that embeds an
/// IPv4 one (mapped, compatible, NAT64) is judged by the IPv4 address.
pub fn is_public(ip: IpAddr) -> bool {
    let ip = match ip {
        IpAddr::V6(v6) => match embedded_v4(v6) {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(v6),
        },
        v4 => v4,
    };
    !NOT_PUBLIC.iter().filter_map(|n| n.parse::<IpNet>().ok()).any(|net| net.contains(&ip))
}

fn embedded_v4(v6: Ipv6Addr) -> Option<Ipv4Addr> {
    if let Some(v4) = v6.to_ipv4_mapped() {
        return Some(v4);
    }
    let s = v6.segments();
    // NAT64 (64:ff9b::/96) and the deprecated IPv4-compatible ::a.b.c.d.
    let nat64 = s[0] == 0x64 && s[1] == 0xff9b && s[2..6].iter().all(|&x| x == 0);
    let compatible = s[..6].iter().all(|&x| x == 0) && (s[6] != 0 || s[7] > 1);
    (nat64 || compatible).then(|| Ipv4Addr::new((s[6] >> 8) as u8, s[6] as u8, (s[7] >> 8) as u8, s[7] as u8))
}

/// Public addresses plus the operator's allowed networks.
#[derive(Debug, Clone, Default)]
pub struct AddressPolicy {
    allowed: Vec<IpNet>,
}

impl AddressPolicy {
    /// From `articles.allow_private_networks` (CIDRs); a bad entry is an error naming it.
    pub fn new(allowed: &[String]) -> Result<Self, String> {
        let allowed = allowed
            .iter()
            .map(|n| n.trim().parse::<IpNet>().map_err(|_| format!("not a network (CIDR): {n}")))
            .collect::<Result<_, _>>()?;
        Ok(AddressPolicy { allowed })
    }

    pub fn permits(&self, ip: IpAddr) -> bool {
        is_public(ip) || self.allowed.iter().any(|n| n.contains(&ip))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn only_public_addresses_are_public() {
        for private in [
            "127.0.0.1",
            "127.9.9.9",
            "10.1.2.3",
            "172.16.0.1",
            "172.31.255.255",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "224.0.0.1",
            "255.255.255.255",
            "::1",
            "::",
            "fe80::1",
            "fd00::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "64:ff9b::a9fe:a9fe",
        ] {
            assert!(!is_public(ip(private)), "{private} is not public");
        }
        for public in ["1.1.1.1", "8.8.8.8", "172.32.0.1", "2606:4700:4700::1111", "::ffff:1.1.1.1"] {
            assert!(is_public(ip(public)), "{public} is public");
        }
    }

    #[test]
    fn an_operator_may_allow_a_private_network() {
        let policy = AddressPolicy::new(&["10.20.0.0/16".into()]).unwrap();
        assert!(policy.permits(ip("10.20.1.1")));
        assert!(!policy.permits(ip("10.21.1.1")));
        assert!(AddressPolicy::new(&["nonsense".into()]).is_err());
    }
}
