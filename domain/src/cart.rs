//! Carts: line quantities bounded by 1 and the stock, and the totals a shopper is charged.

use crate::discount::Discount;
use crate::ids::VariantId;
use crate::message::texts::{
    ONLY_LEFT, OUT_OF_STOCK, QUANTITY_AT_LEAST_ONE, QUANTITY_NOT_ZERO, SIZE_NOT_FOUND,
    SIZE_REQUIRED,
};
use crate::message::Message;
use crate::money::Money;
use crate::product::Product;
use crate::variant::Variant;

/// A product in one size: the same product in two sizes is two lines.
#[derive(Debug, Clone, PartialEq)]
pub struct CartLine {
    pub product: Product,
    /// The size, as the product has it now; `None` for a one-size product.
    pub variant: Option<Variant>,
    pub quantity: u32,
}

impl CartLine {
    pub fn line_total(&self) -> Money {
        self.product.price.times(self.quantity)
    }

    /// The thumbnail of the colour this line is (the product's own without one).
    pub fn thumbnail(&self) -> Option<&str> {
        let colour = self.variant.as_ref().and_then(|v| v.colour.as_deref());
        self.product
            .picture_of(colour)
            .map(|picture| picture.thumbnail.as_str())
    }

    /// How a message names the line: "Dirac dress (M, Black)", or the product's name alone.
    pub fn name(&self) -> String {
        match &self.variant {
            Some(variant) => format!("{} ({})", self.product.name, variant.snapshot().label()),
            None => self.product.name.clone(),
        }
    }

    /// What is left of this line's size.
    pub fn stock(&self) -> u32 {
        self.variant
            .as_ref()
            .map_or(self.product.stock, |v| v.stock)
    }

    pub fn is_for(&self, product: &Product, variant: Option<&VariantId>) -> bool {
        self.product.id == product.id && self.variant.as_ref().map(|v| &v.id) == variant
    }
}

/// The size a shopper asked for, checked against the product: a product with sizes needs
/// one of its own, a one-size product takes none.
pub fn chosen_variant(
    product: &Product,
    variant: Option<&VariantId>,
) -> Result<Option<Variant>, CartError> {
    match variant {
        None if product.variants.is_empty() => Ok(None),
        None => Err(CartError::SizeRequired),
        Some(id) => product
            .variant(id)
            .cloned()
            .map(Some)
            .ok_or(CartError::UnknownSize),
    }
}

/// What the cart costs: one formula for every screen and for checkout, so a shopper sees the
/// amount charged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CartTotals {
    pub item_count: u32,
    pub subtotal: Money,
    /// Taken off the merchandise by the cart's discount code.
    pub discount: Money,
    pub shipping: Money,
    /// subtotal - discount + shipping.
    pub total: Money,
}

impl CartTotals {
    /// These totals with `code` applied (its conditions checked by the caller).
    pub fn with_discount(self, code: &Discount) -> CartTotals {
        let applied = code.applied(self.subtotal, self.shipping);
        CartTotals {
            discount: applied.amount,
            shipping: applied.shipping,
            total: applied.total,
            ..self
        }
    }
}

/// Subtotal is the sum of lines; shipping is the flat fee, charged only when there is
/// something to ship.
pub fn totals(lines: &[CartLine], shipping_fee: Money) -> CartTotals {
    let subtotal: Money = lines.iter().map(CartLine::line_total).sum();
    let item_count = lines.iter().map(|l| l.quantity).sum();
    let shipping = if lines.is_empty() {
        Money::ZERO
    } else {
        shipping_fee
    };
    CartTotals {
        item_count,
        subtotal,
        discount: Money::ZERO,
        shipping,
        total: subtotal + shipping,
    }
}

/// The lines once the line of `product` in `variant` holds `quantity` units: updated where it
/// is (with the product as just read), or added last, as lines keep the order they were
/// added in.
pub fn with_line(
    mut lines: Vec<CartLine>,
    product: Product,
    variant: Option<Variant>,
    quantity: u32,
) -> Vec<CartLine> {
    let variant_id = variant.as_ref().map(|v| v.id.clone());
    match lines
        .iter_mut()
        .find(|line| line.is_for(&product, variant_id.as_ref()))
    {
        Some(line) => {
            line.product = product;
            line.variant = variant;
            line.quantity = quantity;
        }
        None => lines.push(CartLine {
            product,
            variant,
            quantity,
        }),
    }
    lines
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.message())]
pub enum CartError {
    NoChange,
    BelowOne,
    OutOfStock,
    NotEnoughStock { available: u32 },
    SizeRequired,
    UnknownSize,
}

impl CartError {
    pub fn message(&self) -> Message {
        match self {
            CartError::NoChange => QUANTITY_NOT_ZERO.into(),
            CartError::BelowOne => QUANTITY_AT_LEAST_ONE.into(),
            CartError::OutOfStock => OUT_OF_STOCK.into(),
            CartError::NotEnoughStock { available } => ONLY_LEFT.with("available", available),
            CartError::SizeRequired => SIZE_REQUIRED.into(),
            CartError::UnknownSize => SIZE_NOT_FOUND.into(),
        }
    }
}

/// The quantity a line has after adding `delta` (negative to take some away) to `current`
/// (0 when the product is not in the cart yet): never below 1, never above the stock.
pub fn change_quantity(current: u32, delta: i64, stock: u32) -> Result<u32, CartError> {
    if delta == 0 {
        return Err(CartError::NoChange);
    }
    let wanted = i64::from(current).saturating_add(delta);
    if wanted < 1 {
        return Err(CartError::BelowOne);
    }
    if delta > 0 && wanted > i64::from(stock) {
        return Err(if stock == 0 {
            CartError::OutOfStock
        } else {
            CartError::NotEnoughStock { available: stock }
        });
    }
    Ok(wanted as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::product::tests::product;
    use proptest::prelude::*;

    fn money(cents: i64) -> Money {
        Money::from_cents(cents).unwrap()
    }

    #[test]
    fn a_code_takes_its_amount_off_the_merchandise_and_free_shipping_the_fee() {
        use crate::discount::{tests::code, DiscountKind};
        let cart = [CartLine {
            product: product("a", 2000, 5),
            variant: None,
            quantity: 2,
        }];
        let plain = totals(&cart, money(500));
        assert_eq!((plain.discount, plain.total), (Money::ZERO, money(4500)));
        let fifteen = plain.with_discount(&code(DiscountKind::Percent(
            crate::Percent::new(15).unwrap(),
        )));
        assert_eq!(
            (
                fifteen.subtotal,
                fifteen.discount,
                fifteen.shipping,
                fifteen.total
            ),
            (money(4000), money(600), money(500), money(3900))
        );
        let free = plain.with_discount(&code(DiscountKind::FreeShipping));
        assert_eq!(
            (free.discount, free.shipping, free.total),
            (Money::ZERO, Money::ZERO, money(4000))
        );
        // A fixed amount above the merchandise takes the merchandise, never the shipping.
        let fixed = plain.with_discount(&code(DiscountKind::Fixed(money(5000))));
        assert_eq!((fixed.discount, fixed.total), (money(4000), money(500)));
        assert_eq!(fixed.item_count, 2);
    }

    #[test]
    fn a_line_cannot_drop_below_one() {
        assert_eq!(change_quantity(1, -1, 5), Err(CartError::BelowOne));
        assert_eq!(change_quantity(0, -2, 5), Err(CartError::BelowOne));
        assert_eq!(change_quantity(3, -2, 5), Ok(1));
    }

    #[test]
    fn a_line_cannot_exceed_the_stock() {
        assert_eq!(
            change_quantity(2, 2, 3),
            Err(CartError::NotEnoughStock { available: 3 })
        );
        assert_eq!(change_quantity(0, 1, 0), Err(CartError::OutOfStock));
        assert_eq!(change_quantity(2, 1, 3), Ok(3));
    }

    #[test]
    fn a_changed_line_stays_in_place_with_the_fresh_product_and_a_new_one_comes_last() {
        let line = |id: &str, stock: u32, quantity: u32| CartLine {
            product: product(id, 1000, stock),
            variant: None,
            quantity,
        };
        let cart = vec![line("a", 5, 1), line("b", 5, 2)];
        let changed = with_line(cart.clone(), product("a", 1000, 4), None, 3);
        assert_eq!(changed, [line("a", 4, 3), line("b", 5, 2)]);
        let added = with_line(cart, product("c", 1000, 9), None, 1);
        assert_eq!(added, [line("a", 5, 1), line("b", 5, 2), line("c", 9, 1)]);
    }

    fn sized(id: &str, size: &str, stock: u32) -> Variant {
        Variant {
            id: VariantId::parse(id).unwrap(),
            size: size.into(),
            colour: None,
            sku: format!("SKU-{id}"),
            stock,
        }
    }

    #[test]
    fn a_product_with_sizes_needs_one_of_its_own_and_a_one_size_product_none() {
        let mut dress = product("a", 1000, 5);
        dress.variants = vec![sized("s", "S", 2), sized("m", "M", 3)];
        let m = VariantId::parse("m").unwrap();
        assert_eq!(chosen_variant(&dress, None), Err(CartError::SizeRequired));
        assert_eq!(
            chosen_variant(&dress, Some(&VariantId::parse("xl").unwrap())),
            Err(CartError::UnknownSize)
        );
        assert_eq!(
            chosen_variant(&dress, Some(&m)),
            Ok(Some(sized("m", "M", 3)))
        );
        let scarf = product("b", 1000, 5);
        assert_eq!(chosen_variant(&scarf, None), Ok(None));
        assert_eq!(
            chosen_variant(&scarf, Some(&m)),
            Err(CartError::UnknownSize)
        );
    }

    #[test]
    fn two_sizes_of_one_product_are_two_lines_each_bounded_by_its_own_stock() {
        let mut dress = product("a", 1000, 5);
        dress.variants = vec![sized("s", "S", 2), sized("m", "M", 3)];
        let lines = with_line(vec![], dress.clone(), Some(sized("s", "S", 2)), 2);
        let lines = with_line(lines, dress.clone(), Some(sized("m", "M", 3)), 1);
        let lines = with_line(lines, dress, Some(sized("s", "S", 2)), 1);
        assert_eq!(
            lines
                .iter()
                .map(|l| (
                    l.variant.as_ref().unwrap().size.as_str(),
                    l.quantity,
                    l.stock()
                ))
                .collect::<Vec<_>>(),
            [("S", 1, 2), ("M", 1, 3)]
        );
        assert_eq!(
            change_quantity(1, 2, lines[0].stock()),
            Err(CartError::NotEnoughStock { available: 2 })
        );
    }

    #[test]
    fn taking_away_is_allowed_when_stock_has_fallen_below_the_line() {
        assert_eq!(change_quantity(5, -1, 2), Ok(4));
    }

    #[test]
    fn huge_changes_do_not_overflow() {
        assert_eq!(
            change_quantity(3, i64::MAX, 5),
            Err(CartError::NotEnoughStock { available: 5 })
        );
        assert_eq!(change_quantity(3, i64::MIN, 5), Err(CartError::BelowOne));
    }

    #[test]
    fn a_zero_change_is_refused() {
        assert_eq!(change_quantity(2, 0, 3), Err(CartError::NoChange));
    }

    #[test]
    fn totals_add_lines_and_the_flat_shipping_fee() {
        let lines = vec![
            CartLine {
                product: product("a", 1999, 10),
                variant: None,
                quantity: 2,
            },
            CartLine {
                product: product("b", 500, 10),
                variant: None,
                quantity: 1,
            },
        ];
        let totals = totals(&lines, money(500));
        assert_eq!(totals.item_count, 3);
        assert_eq!(totals.subtotal, money(4498));
        assert_eq!(totals.shipping, money(500));
        assert_eq!(totals.total, money(4998));
    }

    #[test]
    fn an_empty_cart_costs_nothing() {
        let totals = totals(&[], money(500));
        assert_eq!(totals.total, Money::ZERO);
        assert_eq!(totals.item_count, 0);
    }

    proptest! {
        #[test]
        fn a_changed_line_always_stays_within_one_and_the_stock(
            current in 0u32..50, delta in -60i64..60, stock in 0u32..50
        ) {
            if let Ok(quantity) = change_quantity(current, delta, stock) {
                prop_assert!(quantity >= 1);
                prop_assert!(delta < 0 || quantity <= stock);
            }
        }
    }
}
