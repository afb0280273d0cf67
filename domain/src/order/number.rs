//! The number people know an order by.

use std::fmt;

/// An order's short sequential number (1001, 1002, ... per shop), given by the store in the
/// order's own transaction and shown as `#1042`; the order's id stays in URLs and the API.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OrderNumber(u32);

impl OrderNumber {
    /// A new shop's first order.
    pub const FIRST: OrderNumber = OrderNumber(1001);

    /// What an order being built carries until the store places it and gives it its number.
    pub const NOT_YET_GIVEN: OrderNumber = OrderNumber(0);

    pub fn new(value: u32) -> Option<Self> {
        (value > 0).then_some(Self(value))
    }

    pub fn get(self) -> u32 {
        self.0
    }

    /// The number a person typed or read: `1042` or `#1042`, spaces around allowed.
    pub fn parse(raw: &str) -> Option<Self> {
        let digits = raw.trim();
        let digits = digits.strip_prefix('#').unwrap_or(digits);
        if digits.is_empty() || digits.len() > 9 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        digits.parse().ok().and_then(Self::new)
    }

    /// The number after this one.
    pub fn next(self) -> Self {
        Self(self.0 + 1)
    }
}

/// As people read it: `#1042`.
impl fmt::Display for OrderNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_reads_with_its_hash_and_is_found_with_or_without_it() {
        let number = OrderNumber::new(1042).unwrap();
        assert_eq!(number.to_string(), "#1042");
        assert_eq!(OrderNumber::parse("1042"), Some(number));
        assert_eq!(OrderNumber::parse(" #1042 "), Some(number));
        assert_eq!(OrderNumber::FIRST.next().get(), 1002);
    }

    #[test]
    fn what_is_not_a_number_finds_no_order() {
        for raw in [
            "",
            "#",
            "0",
            "#0",
            "10 42",
            "1042a",
            "-1042",
            "+1042",
            "##1042",
            "1234567890",
        ] {
            assert_eq!(OrderNumber::parse(raw), None, "{raw}");
        }
    }
}
