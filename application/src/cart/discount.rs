//! A discount code on the shopper's cart: it sticks only while it
//! applies, the cart shows what it takes off, and checkout checks it again.

use crate::cart::{ApplyDiscountError, CartView, Carts};
use domain::cart::totals;
use domain::discount::{CartDiscount, DiscountCode, DiscountRefusal};
use domain::order::Order;
use domain::ports::RepoError;
use domain::user::User;
use domain::Money;

impl Carts {
    /// Applies the code a shopper typed to their cart, in place of any other. A code that
    /// does not apply to the cart now is refused with the reason and nothing is stored.
    pub async fn apply_discount(
        &self,
        user: &User,
        typed: &str,
    ) -> Result<CartView, ApplyDiscountError> {
        let unknown = ApplyDiscountError::UnknownCode;
        let code = DiscountCode::parse(typed).ok_or(unknown)?;
        let discount = self
            .discounts
            .by_code(&code)
            .await?
            .ok_or(ApplyDiscountError::UnknownCode)?;
        let lines = self.carts.lines(&user.id).await?;
        if lines.is_empty() {
            return Err(ApplyDiscountError::CartEmpty);
        }
        let subtotal = totals(&lines, Money::ZERO).subtotal;
        self.pricing
            .discount_check(Some(&user.id), &discount, subtotal)
            .await?
            .map_err(ApplyDiscountError::Refused)?;
        match self.discounts.apply_to_cart(&user.id, &discount).await {
            // Deleted by an admin meanwhile.
            Err(RepoError::NotFound) => return Err(ApplyDiscountError::UnknownCode),
            stored => stored?,
        }
        Ok(self
            .cart_view(user, lines, Some(CartDiscount::applying(discount)), None)
            .await?)
    }

    /// Takes the code off the cart; a cart without one is left as it is.
    pub async fn remove_discount(&self, user: &User) -> Result<CartView, RepoError> {
        self.discounts.remove_from_cart(&user.id).await?;
        self.cart(user).await
    }

    /// Takes a code that no longer applies off the cart: the shopper sees the cart without
    /// it before paying.
    pub(crate) async fn drop_discount(&self, user: &User) -> Result<(), RepoError> {
        self.discounts.remove_from_cart(&user.id).await
    }

    /// Why the order's code was refused when placing it, read again; a code deleted
    /// meanwhile, or one whose last use went between the reads, is used up to this shopper.
    pub(crate) async fn why_unavailable(
        &self,
        user: &User,
        order: &Order,
    ) -> Result<DiscountRefusal, RepoError> {
        let Some(used) = &order.discount else {
            return Ok(DiscountRefusal::UsedUp);
        };
        let Some(discount) = self.discounts.by_code(&used.code).await? else {
            return Ok(DiscountRefusal::UsedUp);
        };
        Ok(self
            .pricing
            .discount_check(Some(&user.id), &discount, order.subtotal)
            .await?
            .err()
            .unwrap_or(DiscountRefusal::UsedUp))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cart::CartCode;
    use crate::testing::{cart_code, eid_code, product, shopper, CartMocks};
    use chrono::{TimeZone, Utc};
    use domain::cart::CartLine;
    use domain::discount::Discount;
    use domain::discount::DiscountKind;
    use domain::Percent;

    fn cents(cents: i64) -> Money {
        Money::from_cents(cents).unwrap()
    }

    fn ten_percent() -> Discount {
        eid_code(DiscountKind::Percent(Percent::new(10).unwrap()))
    }

    /// Amina's cart: two abayas at $20.00; shipping $5.00.
    fn ports_with_cart() -> CartMocks {
        let mut ports = CartMocks::new();
        ports.carts.expect_lines().returning(|_| {
            Ok(vec![CartLine {
                product: product(2000, 5),
                variant: None,
                quantity: 2,
            }])
        });
        ports.settings.expect_get().returning(|| Ok(None));
        ports
    }

    fn code_is(ports: &mut CartMocks, code: Discount) {
        ports
            .discounts
            .expect_by_code()
            .returning(move |_| Ok(Some(code.clone())));
    }

    #[tokio::test]
    async fn an_applied_code_sticks_and_the_cart_shows_what_it_takes_off() {
        let mut ports = ports_with_cart();
        code_is(&mut ports, ten_percent());
        ports
            .discounts
            .expect_apply_to_cart()
            .withf(|user, code| user.as_str() == "amina" && code.id.as_str() == "d1")
            .times(1)
            .returning(|_, _| Ok(()));
        let cart = ports
            .service()
            .apply_discount(&shopper("amina"), " eid-2026 ")
            .await
            .unwrap();
        assert_eq!(
            (
                cart.totals.subtotal,
                cart.totals.discount,
                cart.totals.total
            ),
            (cents(4000), cents(400), cents(4100))
        );
        assert_eq!(
            cart.code,
            Some(CartCode {
                code: DiscountCode::parse("EID-2026").unwrap(),
                refusal: None,
            })
        );
    }

    #[tokio::test]
    async fn an_unknown_or_malformed_code_is_not_found_and_nothing_is_stored() {
        for typed in ["NOPE-2026", "no such code!"] {
            let mut ports = ports_with_cart();
            ports.discounts.expect_by_code().returning(|_| Ok(None));
            ports.discounts.expect_apply_to_cart().never();
            let error = ports
                .service()
                .apply_discount(&shopper("amina"), typed)
                .await
                .unwrap_err();
            assert!(matches!(error, ApplyDiscountError::UnknownCode));
        }
    }

    #[tokio::test]
    async fn a_code_that_does_not_apply_now_is_refused_with_the_reason_and_not_stored() {
        let refused = [
            (
                Discount {
                    min_subtotal: Some(cents(5000)),
                    ..ten_percent()
                },
                "This discount code needs a subtotal of at least $50.00",
            ),
            (
                Discount {
                    active: false,
                    ..ten_percent()
                },
                "This discount code is not active",
            ),
            (
                Discount {
                    ends_at: Some(Utc.with_ymd_and_hms(2026, 11, 1, 0, 0, 0).unwrap()),
                    ..ten_percent()
                },
                "This discount code has expired",
            ),
            (
                Discount {
                    usage_limit: Some(3),
                    times_used: 3,
                    ..ten_percent()
                },
                "This discount code has been used up",
            ),
        ];
        for (code, message) in refused {
            let mut ports = ports_with_cart();
            code_is(&mut ports, code);
            ports.discounts.expect_apply_to_cart().never();
            let error = ports
                .service()
                .apply_discount(&shopper("amina"), "EID-2026")
                .await
                .unwrap_err();
            assert!(
                matches!(&error, ApplyDiscountError::Refused(r) if r.message() == message),
                "{error:?}"
            );
        }
    }

    #[tokio::test]
    async fn a_shopper_at_their_own_limit_is_refused() {
        let mut ports = ports_with_cart();
        code_is(
            &mut ports,
            Discount {
                per_customer_limit: Some(1),
                ..ten_percent()
            },
        );
        ports
            .discounts
            .expect_uses_by()
            .withf(|id, user| id.as_str() == "d1" && user.as_str() == "amina")
            .returning(|_, _| Ok(1));
        ports.discounts.expect_apply_to_cart().never();
        let error = ports
            .service()
            .apply_discount(&shopper("amina"), "EID-2026")
            .await
            .unwrap_err();
        assert!(matches!(
            error,
            ApplyDiscountError::Refused(DiscountRefusal::CustomerLimitReached)
        ));
    }

    #[tokio::test]
    async fn a_code_on_an_empty_cart_is_refused() {
        let mut ports = CartMocks::new();
        code_is(&mut ports, ten_percent());
        ports.carts.expect_lines().returning(|_| Ok(vec![]));
        ports.discounts.expect_apply_to_cart().never();
        let error = ports
            .service()
            .apply_discount(&shopper("amina"), "EID-2026")
            .await
            .unwrap_err();
        assert!(matches!(error, ApplyDiscountError::CartEmpty));
    }

    #[tokio::test]
    async fn a_held_code_that_stopped_applying_takes_nothing_off_and_says_why() {
        let mut ports = ports_with_cart();
        cart_code(
            &mut ports.discounts,
            Some(Discount {
                min_subtotal: Some(cents(5000)),
                ..ten_percent()
            }),
        );
        let cart = ports.service().cart(&shopper("amina")).await.unwrap();
        assert_eq!(
            (cart.totals.discount, cart.totals.total),
            (Money::ZERO, cents(4500))
        );
        assert_eq!(
            cart.code.and_then(|held| held.refusal),
            Some(DiscountRefusal::BelowMinimum {
                minimum: cents(5000)
            })
        );
    }

    #[tokio::test]
    async fn free_shipping_on_the_cart_takes_the_fee() {
        let mut ports = ports_with_cart();
        cart_code(
            &mut ports.discounts,
            Some(eid_code(DiscountKind::FreeShipping)),
        );
        let cart = ports.service().cart(&shopper("amina")).await.unwrap();
        assert_eq!(
            (
                cart.totals.discount,
                cart.totals.shipping,
                cart.totals.total
            ),
            (Money::ZERO, Money::ZERO, cents(4000))
        );
    }

    #[tokio::test]
    async fn removing_the_code_shows_the_cart_at_full_price() {
        let mut ports = ports_with_cart();
        ports
            .discounts
            .expect_remove_from_cart()
            .times(1)
            .returning(|_| Ok(()));
        cart_code(&mut ports.discounts, None);
        let cart = ports
            .service()
            .remove_discount(&shopper("amina"))
            .await
            .unwrap();
        assert_eq!((cart.totals.total, cart.code), (cents(4500), None));
    }
}
