//! A return's refund paid out by hand (issue 43): an order paid in cash to its rider, or a
//! payment an admin confirmed without a provider's transaction, has nothing a provider could
//! reverse, so an admin gives the money back themselves and records how.

use super::Return;
use crate::message::texts::{
    REFUND_PAYOUT_INVALID, REFUND_PAYOUT_MISSING, REFUND_PAYOUT_NOT_BY_HAND,
};
use crate::payment_method::{PaymentMethod, RefundWay};
use crate::validation::FieldErrors;

/// The request field an admin names the payout in.
const FIELD: &str = "refundPaidWith";

/// How an admin paid a refund out by hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaidOutWith {
    /// Cash handed to the shopper (a rider's next visit, the shop's counter).
    Cash,
    /// Sent from the merchant's wallet to the shopper's.
    Wallet(PaymentMethod),
}

impl PaidOutWith {
    /// `cash`, or a wallet's method id (`evc-plus`, `zaad`, `sahal`, `edahab`).
    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "cash" => Some(PaidOutWith::Cash),
            _ => PaymentMethod::parse(raw)
                .filter(|method| method.takes_payouts())
                .map(PaidOutWith::Wallet),
        }
    }

    /// The wallets a refund may be paid out to, in the shop's order.
    pub fn wallets() -> Vec<PaymentMethod> {
        PaymentMethod::ALL
            .into_iter()
            .filter(|method| method.takes_payouts())
            .collect()
    }

    pub fn as_str(self) -> &'static str {
        match self {
            PaidOutWith::Cash => "cash",
            PaidOutWith::Wallet(method) => method.id(),
        }
    }
}

/// How a return's order was paid: whether a provider holds a charge to reverse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderPayment {
    /// None when it was paid without a charge (nothing to pay).
    pub method: Option<PaymentMethod>,
    /// The provider's transaction; none for cash, nor for a payment confirmed by hand
    /// without one.
    pub transaction_id: Option<String>,
}

impl Return {
    /// Whether its refund is paid out by hand: no provider holds a charge to reverse.
    pub fn refunded_by_hand(&self) -> bool {
        self.order_payment.transaction_id.is_none()
    }

    /// How its refund is paid out, from what the admin `said` (blank: nothing). A cash
    /// order's refund must say it; another paid out by hand may; one a provider sends must
    /// not (the provider's reversal is the record).
    pub fn hand_payout(&self, said: Option<&str>) -> Result<Option<PaidOutWith>, FieldErrors> {
        let said = said.map(str::trim).filter(|s| !s.is_empty());
        match said {
            None if self.order_payment.method.map(|m| m.provider().refunds())
                == Some(RefundWay::ByHand) =>
            {
                Err(FieldErrors::single(FIELD, REFUND_PAYOUT_MISSING))
            }
            None => Ok(None),
            Some(_) if !self.refunded_by_hand() => {
                Err(FieldErrors::single(FIELD, REFUND_PAYOUT_NOT_BY_HAND))
            }
            Some(raw) => PaidOutWith::parse(raw).map(Some).ok_or_else(|| {
                let wallets = PaymentMethod::named_wallets(&PaidOutWith::wallets());
                FieldErrors::single(FIELD, REFUND_PAYOUT_INVALID.with("wallets", wallets))
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::returns::tests::{order, plan, stored};
    use crate::returns::{HeldByReturns, ReturnStatus};

    fn paid_with(method: PaymentMethod, transaction: Option<&str>) -> Return {
        let planned = plan(&order(0), &HeldByReturns::default(), &[("o1-1", 1)]).unwrap();
        Return {
            order_payment: OrderPayment {
                method: Some(method),
                transaction_id: transaction.map(str::to_owned),
            },
            ..stored(planned, ReturnStatus::Received)
        }
    }

    fn refusal(result: Result<Option<PaidOutWith>, FieldErrors>) -> String {
        result.unwrap_err().get(FIELD).unwrap().to_owned()
    }

    #[test]
    fn a_cash_orders_refund_says_how_it_was_paid_out() {
        let cash = paid_with(PaymentMethod::CashOnDelivery, None);
        assert!(cash.refunded_by_hand());
        for blank in [None, Some(""), Some("  ")] {
            assert_eq!(
                refusal(cash.hand_payout(blank)),
                "Say how the refund was paid out: in cash or to a wallet"
            );
        }
        assert_eq!(cash.hand_payout(Some("cash")), Ok(Some(PaidOutWith::Cash)));
        assert_eq!(
            cash.hand_payout(Some(" zaad ")),
            Ok(Some(PaidOutWith::Wallet(PaymentMethod::Zaad)))
        );
        for not_a_payout in ["card", "cash-on-delivery", "bank", "CASH"] {
            assert_eq!(
                refusal(cash.hand_payout(Some(not_a_payout))),
                "Choose cash or a wallet: EVC Plus, ZAAD, SAHAL, eDahab"
            );
        }
    }

    #[test]
    fn a_wallet_payment_confirmed_by_hand_may_say_it_and_a_providers_refund_may_not() {
        let confirmed_by_hand = paid_with(PaymentMethod::EvcPlus, None);
        assert_eq!(confirmed_by_hand.hand_payout(None), Ok(None));
        assert_eq!(
            confirmed_by_hand.hand_payout(Some("evc-plus")),
            Ok(Some(PaidOutWith::Wallet(PaymentMethod::EvcPlus)))
        );
        let charged = paid_with(PaymentMethod::EvcPlus, Some("TX-1"));
        assert!(!charged.refunded_by_hand());
        assert_eq!(charged.hand_payout(None), Ok(None));
        assert_eq!(
            refusal(charged.hand_payout(Some("cash"))),
            "This refund goes back through the payment provider: there is nothing to record"
        );
    }

    #[test]
    fn a_payout_reads_back_as_it_is_written() {
        for raw in ["cash", "evc-plus", "zaad", "sahal", "edahab"] {
            assert_eq!(PaidOutWith::parse(raw).unwrap().as_str(), raw);
        }
    }
}
