//! Money in integer cents and percentages. No floating-point arithmetic on amounts: dollars
//! are converted once, at the edge.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, Sub};

/// An amount of US dollars in cents. Never negative.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Money(i64);

/// The largest price the shop accepts: $1,000,000.00.
const MAX_CENTS: i64 = 100_000_000;

impl Money {
    pub const ZERO: Money = Money(0);

    pub fn from_cents(cents: i64) -> Option<Self> {
        (0..=MAX_CENTS * 1_000)
            .contains(&cents)
            .then_some(Self(cents))
    }

    /// Reads a dollar amount from the outside world (JSON numbers or form text). Refuses
    /// negative, non-finite, over-large amounts and more than two decimals.
    pub fn from_dollars(dollars: f64) -> Option<Self> {
        if !dollars.is_finite() || dollars < 0.0 {
            return None;
        }
        let cents = (dollars * 100.0).round();
        if (cents - dollars * 100.0).abs() > 1e-6 || cents > MAX_CENTS as f64 {
            return None;
        }
        Some(Self(cents as i64))
    }

    pub fn cents(self) -> i64 {
        self.0
    }

    /// For JSON only: the dollar value, exact to the cent.
    pub fn as_dollars(self) -> f64 {
        self.0 as f64 / 100.0
    }

    pub fn times(self, quantity: u32) -> Money {
        Money(self.0 * i64::from(quantity))
    }

    pub fn saturating_sub(self, other: Money) -> Money {
        Money((self.0 - other.0).max(0))
    }

    /// Integer division rounded half up, for averages.
    pub fn divided_by(self, count: u64) -> Money {
        if count == 0 {
            return Money::ZERO;
        }
        let count = count as i64;
        Money((self.0 + count / 2) / count)
    }
}

impl Add for Money {
    type Output = Money;
    fn add(self, rhs: Money) -> Money {
        Money(self.0 + rhs.0)
    }
}

impl Sub for Money {
    type Output = Money;
    fn sub(self, rhs: Money) -> Money {
        self.saturating_sub(rhs)
    }
}

impl Sum for Money {
    fn sum<I: Iterator<Item = Money>>(iter: I) -> Money {
        iter.fold(Money::ZERO, Add::add)
    }
}

impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "${}.{:02}", self.0 / 100, self.0 % 100)
    }
}

/// The currency an amount is asked and paid in. Prices are set in US dollars; the shillings
/// of Somaliland's zones come with them (DESIGN.md section 10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Currency {
    #[default]
    Usd,
}

impl Currency {
    pub const ALL: [Currency; 1] = [Currency::Usd];

    /// Its code as providers and the API write it.
    pub fn code(self) -> &'static str {
        match self {
            Currency::Usd => "USD",
        }
    }

    /// A code as a provider or a stored row writes it, whatever its case.
    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|currency| currency.code().eq_ignore_ascii_case(raw.trim()))
    }
}

/// A whole percentage from 0 to 100 (a discount).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Percent(u8);

impl Percent {
    pub fn new(value: u8) -> Option<Self> {
        (value <= 100).then_some(Self(value))
    }

    pub fn value(self) -> u8 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn dollars_convert_to_exact_cents() {
        assert_eq!(Money::from_dollars(19.99).unwrap().cents(), 1999);
        assert_eq!(Money::from_dollars(0.1 + 0.2).unwrap().cents(), 30);
        assert_eq!(Money::from_dollars(5.0).unwrap().to_string(), "$5.00");
    }

    #[test]
    fn dollars_with_fractions_of_a_cent_are_refused() {
        assert!(Money::from_dollars(1.005).is_none());
        assert!(Money::from_dollars(-1.0).is_none());
        assert!(Money::from_dollars(f64::NAN).is_none());
        assert!(Money::from_dollars(2_000_000.0).is_none());
    }

    #[test]
    fn an_average_rounds_half_up_and_is_zero_without_orders() {
        assert_eq!(Money::from_cents(1000).unwrap().divided_by(3).cents(), 333);
        assert_eq!(Money::from_cents(1001).unwrap().divided_by(2).cents(), 501);
        assert_eq!(Money::from_cents(1000).unwrap().divided_by(0), Money::ZERO);
    }

    #[test]
    fn percent_is_bounded_by_one_hundred() {
        assert!(Percent::new(100).is_some());
        assert!(Percent::new(101).is_none());
    }

    proptest! {
        #[test]
        fn cents_survive_the_dollar_round_trip(cents in 0i64..100_000_000) {
            let money = Money::from_cents(cents).unwrap();
            prop_assert_eq!(Money::from_dollars(money.as_dollars()), Some(money));
        }

        #[test]
        fn sums_of_lines_equal_the_sum_of_cents(prices in prop::collection::vec(0i64..1_000_000, 0..20)) {
            let total: Money = prices.iter().map(|c| Money::from_cents(*c).unwrap()).sum();
            prop_assert_eq!(total.cents(), prices.iter().sum::<i64>());
        }
    }
}
