//! Opaque identifiers. Each entity has its own type so an order id can never be passed where a
//! product id is expected.

use std::fmt;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(String);

        impl $name {
            /// Accepts any id made of letters, digits, `-` and `_` (1 to 64 characters), so
            /// hostile path segments are refused before they reach storage.
            pub fn parse(raw: &str) -> Option<Self> {
                let valid = !raw.is_empty()
                    && raw.len() <= 64
                    && raw.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
                valid.then(|| Self(raw.to_owned()))
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }
    };
}

id_type!(
    /// Identifies a user account.
    UserId
);
id_type!(
    /// Identifies a product of the catalogue.
    ProductId
);
id_type!(
    /// Identifies an order.
    OrderId
);
id_type!(
    /// Identifies one size (and colour) of a product.
    VariantId
);
id_type!(
    /// Identifies a discount code.
    DiscountId
);

id_type!(
    /// Identifies a return of units of an order.
    ReturnId
);
id_type!(
    /// Identifies a shopper's review of a product.
    ReviewId
);
id_type!(
    /// Identifies a message in the outbox.
    NotificationId
);
id_type!(
    /// Identifies a delivery zone: a city's district, or a whole city.
    ZoneId
);
id_type!(
    /// Identifies a shopper's request to be told when a sold-out size is back.
    RestockAlertId
);
id_type!(
    /// Identifies one charge the shop started for an order (`payment_attempt`); it is the
    /// shop's reference of the charge.
    PaymentAttemptId
);
id_type!(
    /// Identifies a line of an order: the order's id and the line's place in it.
    OrderLineId
);

impl OrderLineId {
    /// The id of the `index`-th line (from 0) of `order`.
    pub fn of(order: &OrderId, index: usize) -> Self {
        Self(format!("{order}-{}", index + 1))
    }

    /// The line's index (from 0) in `order`, when it is one of its lines' ids.
    pub fn index_in(&self, order: &OrderId) -> Option<usize> {
        let place = self.0.strip_prefix(order.as_str())?.strip_prefix('-')?;
        if place.starts_with('0') || !place.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        place.parse::<usize>().ok()?.checked_sub(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_refuse_path_traversal_and_empty_text() {
        assert!(ProductId::parse("../etc/passwd").is_none());
        assert!(ProductId::parse("").is_none());
        assert!(ProductId::parse(&"a".repeat(65)).is_none());
        assert_eq!(
            ProductId::parse("0190b6f2-7c1e-7abc-9def-0123456789ab")
                .unwrap()
                .as_str(),
            "0190b6f2-7c1e-7abc-9def-0123456789ab"
        );
    }
}
