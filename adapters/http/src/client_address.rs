//! The client's address, as sign-in and registration limits count it (`SHOP_TRUSTED_PROXIES`):
//! the connection's peer, unless the peer is a trusted proxy; then the address the proxies
//! say they forwarded for, the right-most in `X-Forwarded-For` (or `Forwarded: for=`) that is
//! not a trusted proxy itself. From anyone else those headers are ignored: anyone can write
//! them, and a forged one would dodge the limits.

use actix_web::{web, HttpRequest};
use ipnet::IpNet;
use std::net::IpAddr;

/// The proxies whose forwarding headers count: addresses and CIDR ranges.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    /// `10.0.0.1, 10.1.0.0/16, ::1`: addresses or ranges, separated by commas or spaces.
    pub fn parse(raw: &str) -> Result<Self, String> {
        raw.split(|c: char| c == ',' || c.is_whitespace())
            .filter(|item| !item.is_empty())
            .map(|item| {
                item.parse::<IpNet>()
                    .or_else(|_| item.parse::<IpAddr>().map(IpNet::from))
                    .map_err(|_| format!("{item:?} is neither an address nor a CIDR range"))
            })
            .collect::<Result<_, _>>()
            .map(TrustedProxies)
    }

    fn trusts(&self, address: IpAddr) -> bool {
        self.0.iter().any(|net| net.contains(&address))
    }

    /// Whether the request came straight from a trusted proxy.
    pub fn trusts_peer(&self, req: &HttpRequest) -> bool {
        req.peer_addr().is_some_and(|peer| self.trusts(peer.ip()))
    }

    /// Who sent a request that came from `peer` through the hops `forwarded_for` (first to
    /// last, as the headers list them; `None` for an entry that is no address).
    fn client(&self, peer: IpAddr, forwarded_for: &[Option<IpAddr>]) -> IpAddr {
        let mut client = peer;
        if !self.trusts(peer) {
            return client;
        }
        for hop in forwarded_for.iter().rev() {
            match hop {
                Some(address) => {
                    client = *address;
                    if !self.trusts(*address) {
                        break;
                    }
                }
                // Garbage written before a trusted hop: the last trusted hop is all we know.
                None => break,
            }
        }
        client
    }
}

/// An address as `Forwarded: for=` writes it: maybe quoted, an IPv6 one in brackets, maybe
/// with a port.
fn forwarded_address(raw: &str) -> Option<IpAddr> {
    let raw = raw.trim().trim_matches('"');
    if let Some(rest) = raw.strip_prefix('[') {
        return rest.split(']').next()?.parse().ok();
    }
    raw.parse()
        .ok()
        .or_else(|| raw.rsplit_once(':')?.0.parse().ok())
}

/// The hops the request's headers name, first to last: `X-Forwarded-For`, else `Forwarded`.
fn hops(req: &HttpRequest) -> Vec<Option<IpAddr>> {
    let headers = req.headers();
    let x_forwarded: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .filter_map(|v| v.to_str().ok())
        .collect();
    if !x_forwarded.is_empty() {
        return x_forwarded
            .iter()
            .flat_map(|v| v.split(','))
            .map(|hop| hop.trim().parse().ok())
            .collect();
    }
    headers
        .get_all("forwarded")
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|element| {
            element.split(';').find_map(|pair| {
                let (name, value) = pair.split_once('=')?;
                name.trim()
                    .eq_ignore_ascii_case("for")
                    .then(|| forwarded_address(value))
            })
        })
        .collect()
}

/// The client's address as text (empty when the connection has none, as in some tests).
pub fn client_address(req: &HttpRequest) -> String {
    let Some(peer) = req.peer_addr().map(|a| a.ip()) else {
        return String::new();
    };
    match req.app_data::<web::Data<TrustedProxies>>() {
        Some(trusted) => trusted.client(peer, &hops(req)).to_string(),
        None => peer.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    fn ip(raw: &str) -> IpAddr {
        raw.parse().unwrap()
    }

    fn addressed(trusted: &str, peer: &str, headers: &[(&str, &str)]) -> String {
        let mut req = TestRequest::default()
            .peer_addr(format!("{peer}:4000").parse().unwrap())
            .app_data(web::Data::new(TrustedProxies::parse(trusted).unwrap()));
        for header in headers {
            req = req.insert_header(*header);
        }
        client_address(&req.to_http_request())
    }

    #[test]
    fn ranges_and_addresses_are_read_and_garbage_refused() {
        let trusted = TrustedProxies::parse("10.0.0.0/8, 192.168.1.5 ::1").unwrap();
        assert!(trusted.trusts(ip("10.200.3.4")) && trusted.trusts(ip("192.168.1.5")));
        assert!(trusted.trusts(ip("::1")) && !trusted.trusts(ip("192.168.1.6")));
        assert_eq!(
            TrustedProxies::parse("").unwrap(),
            TrustedProxies::default()
        );
        assert!(TrustedProxies::parse("10.0.0.0/33").is_err());
        assert!(TrustedProxies::parse("proxy.local").is_err());
    }

    #[test]
    fn the_headers_count_only_from_a_trusted_proxy() {
        let forged = [("X-Forwarded-For", "1.2.3.4")];
        assert_eq!(addressed("", "203.0.113.9", &forged), "203.0.113.9");
        assert_eq!(
            addressed("10.0.0.0/8", "203.0.113.9", &forged),
            "203.0.113.9"
        );
        assert_eq!(addressed("10.0.0.0/8", "10.0.0.2", &forged), "1.2.3.4");
    }

    #[test]
    fn the_right_most_untrusted_hop_is_the_client() {
        // The client wrote 6.6.6.6 itself; the first proxy saw 198.51.100.7.
        let chain = [("X-Forwarded-For", "6.6.6.6, 198.51.100.7, 10.0.0.3")];
        assert_eq!(addressed("10.0.0.0/8", "10.0.0.2", &chain), "198.51.100.7");
        let garbage = [("X-Forwarded-For", "198.51.100.7, nonsense, 10.0.0.3")];
        assert_eq!(addressed("10.0.0.0/8", "10.0.0.2", &garbage), "10.0.0.3");
        let forwarded = [(
            "Forwarded",
            "for=6.6.6.6, for=\"[2001:db8::1]:4711\";proto=https",
        )];
        assert_eq!(
            addressed("10.0.0.0/8", "10.0.0.2", &forwarded),
            "2001:db8::1"
        );
        let with_port = [("Forwarded", "for=198.51.100.7:5000")];
        assert_eq!(
            addressed("10.0.0.0/8", "10.0.0.2", &with_port),
            "198.51.100.7"
        );
    }
}
