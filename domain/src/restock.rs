//! Back in stock: a signed-in shopper asks to be told when a sold-out size returns; the
//! message goes once per request, in their language, when stock of that size is back (an
//! edit, an import, a cancel, a return received).

use crate::ids::{ProductId, RestockAlertId, UserId, VariantId};
use crate::product::Product;
use crate::stock::StockStatus;
use crate::variant::Variant;
use chrono::{DateTime, Utc};
use thiserror::Error;

/// A shopper's request about one size (or a one-size product).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RestockAlert {
    pub id: RestockAlertId,
    pub user_id: UserId,
    pub product_id: ProductId,
    /// `None` for a one-size product.
    pub variant_id: Option<VariantId>,
    pub created_at: DateTime<Utc>,
    /// When the message went; the request is done then.
    pub answered_at: Option<DateTime<Utc>>,
}

/// Why a request is not taken.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RestockRefusal {
    #[error("this size is in stock")]
    InStock,
    #[error("the product has sizes: say which")]
    SizeNeeded,
    #[error("no such size")]
    NoSuchSize,
}

/// Whether a shopper may ask about `variant` of `product`: only a sold-out one, named when
/// the product has sizes.
pub fn may_ask(product: &Product, variant: Option<&VariantId>) -> Result<(), RestockRefusal> {
    let status = match (variant, product.variants.is_empty()) {
        (None, true) => product.stock_status(),
        (None, false) => return Err(RestockRefusal::SizeNeeded),
        (Some(id), _) => product
            .variant(id)
            .ok_or(RestockRefusal::NoSuchSize)?
            .stock_status(),
    };
    match status {
        StockStatus::OutOfStock => Ok(()),
        _ => Err(RestockRefusal::InStock),
    }
}

/// A pending request as storage finds it when stock of its product moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingAlert {
    pub id: RestockAlertId,
    pub variant_id: Option<VariantId>,
}

/// A product's stock as a change left it: what answering its requests reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StockNow {
    pub product_id: ProductId,
    pub name: String,
    /// With sizes, their sum.
    pub stock: u32,
    pub sizes: Vec<Variant>,
}

impl StockNow {
    fn size(&self, id: &VariantId) -> Option<&Variant> {
        self.sizes.iter().find(|v| &v.id == id)
    }
}

impl From<&Product> for StockNow {
    fn from(product: &Product) -> Self {
        Self {
            product_id: product.id.clone(),
            name: product.name.clone(),
            stock: product.stock,
            sizes: product.variants.clone(),
        }
    }
}

/// The requests of `pending` that the product's stock `now` answers: its size has units
/// again (or, for one without sizes, the product has).
pub fn answered_by<'a>(now: &StockNow, pending: &'a [PendingAlert]) -> Vec<&'a PendingAlert> {
    pending
        .iter()
        .filter(|alert| match &alert.variant_id {
            Some(id) => now.size(id).is_some_and(|v| v.stock > 0),
            None => now.sizes.is_empty() && now.stock > 0,
        })
        .collect()
}

/// What the message tells: the product, and the item as it names it ("Linen Dress (M,
/// Black)"), kept in the message's payload as it was when stock returned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackInStock {
    pub user_id: UserId,
    pub product_id: ProductId,
    pub item: String,
}

impl BackInStock {
    /// The message of `alert`'s size of the product, whose stock is `now`.
    pub fn of(now: &StockNow, alert: &PendingAlert, user_id: UserId) -> Self {
        let size = alert
            .variant_id
            .as_ref()
            .and_then(|id| now.size(id))
            .map(|v| v.snapshot().label());
        let item = match size {
            Some(size) => format!("{} ({size})", now.name),
            None => now.name.clone(),
        };
        Self {
            user_id,
            product_id: now.product_id.clone(),
            item,
        }
    }

    pub fn payload(&self) -> String {
        serde_json::json!({
            "userId": self.user_id.as_str(),
            "productId": self.product_id.as_str(),
            "item": self.item,
        })
        .to_string()
    }

    pub fn from_payload(payload: &str) -> Option<Self> {
        let value: serde_json::Value = serde_json::from_str(payload).ok()?;
        Some(Self {
            user_id: UserId::parse(value["userId"].as_str()?)?,
            product_id: ProductId::parse(value["productId"].as_str()?)?,
            item: value["item"].as_str()?.to_owned(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::product::tests::product;

    fn size(id: &str, size: &str, stock: u32) -> Variant {
        Variant {
            id: VariantId::parse(id).unwrap(),
            size: size.into(),
            colour: Some("Black".into()),
            sku: format!("SKU-{id}"),
            stock,
        }
    }

    fn dress() -> Product {
        let mut dress = product("p1", 2_500, 4);
        dress.name = "Linen Dress".into();
        dress.variants = vec![size("s", "S", 0), size("m", "M", 4)];
        dress
    }

    fn pending(id: &str, variant: Option<&str>) -> PendingAlert {
        PendingAlert {
            id: RestockAlertId::parse(id).unwrap(),
            variant_id: variant.map(|v| VariantId::parse(v).unwrap()),
        }
    }

    #[test]
    fn only_a_sold_out_size_may_be_asked_for() {
        let dress = dress();
        let id = |raw: &str| VariantId::parse(raw).unwrap();
        assert_eq!(may_ask(&dress, Some(&id("s"))), Ok(()));
        assert_eq!(
            may_ask(&dress, Some(&id("m"))),
            Err(RestockRefusal::InStock)
        );
        assert_eq!(
            may_ask(&dress, Some(&id("xl"))),
            Err(RestockRefusal::NoSuchSize)
        );
        assert_eq!(may_ask(&dress, None), Err(RestockRefusal::SizeNeeded));
        let sold_out = product("p2", 900, 0);
        assert_eq!(may_ask(&sold_out, None), Ok(()));
        assert_eq!(
            may_ask(&product("p3", 900, 1), None),
            Err(RestockRefusal::InStock)
        );
    }

    #[test]
    fn a_request_is_answered_when_its_own_size_has_units_again() {
        let mut dress = dress();
        let alerts = [
            pending("a1", Some("s")),
            pending("a2", Some("m")),
            pending("a3", None),
        ];
        let answered: Vec<&str> = answered_by(&(&dress).into(), &alerts)
            .iter()
            .map(|a| a.id.as_str())
            .collect();
        // M has stock; S is still sold out; a one-size request does not fit a sized product.
        assert_eq!(answered, ["a2"]);
        dress.variants[0].stock = 1;
        assert_eq!(answered_by(&(&dress).into(), &alerts).len(), 2);
        let one_size = product("p2", 900, 2);
        assert_eq!(
            answered_by(&(&one_size).into(), &[pending("a4", None)]).len(),
            1
        );
        // A size removed since answers nothing.
        assert!(answered_by(&(&dress).into(), &[pending("a5", Some("gone"))]).is_empty());
    }

    #[test]
    fn the_message_names_the_size_and_keeps_it_in_its_payload() {
        let user = UserId::parse("u1").unwrap();
        let message = BackInStock::of(&(&dress()).into(), &pending("a1", Some("s")), user.clone());
        assert_eq!(message.item, "Linen Dress (S, Black)");
        assert_eq!(BackInStock::from_payload(&message.payload()), Some(message));
        let plain = BackInStock::of(&(&product("p2", 900, 2)).into(), &pending("a2", None), user);
        assert_eq!(plain.item, "Product p2");
        assert_eq!(BackInStock::from_payload("{}"), None);
    }
}
