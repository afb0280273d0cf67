//! What the shop asks of a payment provider (a charge, a check, a refund) and what the
//! provider answers, as the `PaymentGateway` port carries them.

use super::state::ApprovedAmount;
use crate::ids::{OrderId, PaymentAttemptId};
use crate::message::Message;
use crate::money::Money;
use crate::order::Order;
use crate::payment_method::PaymentMethod;
use crate::phone::MobileNumber;

/// A charge to ask of the payment provider.
#[derive(Debug, Clone, PartialEq)]
pub struct PaymentRequest {
    /// The charge's payment attempt: the provider's reference of this charge, unique to it
    /// (WaafiPay's `referenceId`), so that asking about it names this charge alone.
    pub attempt: PaymentAttemptId,
    /// The order it pays (the provider's invoice).
    pub order: OrderId,
    /// The wallet to charge (`phone` is one of its numbers).
    pub method: PaymentMethod,
    pub phone: MobileNumber,
    pub amount: Money,
    pub description: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaymentOutcome {
    Approved {
        transaction_id: String,
        /// What was approved, when the provider's answer says.
        amount: Option<ApprovedAmount>,
    },
    /// The payer or their balance said no; `reason` is for the shopper.
    Declined { reason: Message },
    /// The provider refused the shop itself (its merchant account, API user or key): no money
    /// moved, and the fault is the shop's set-up, not the payer's; `reason` is for the shopper.
    ProviderRefused { reason: Message },
    /// No clear answer (time-out, provider failure): the money may or may not have moved.
    Unconfirmed { reason: String },
    /// The provider keeps the charge open under its own `reference` (an eDahab invoice the
    /// payer has not paid yet): the shop asks it later (`PaymentGateway::check`).
    Awaiting { reference: String },
    /// The payer pays on the provider's own page at `url` (a card), then comes back: the
    /// shop asks the provider (`PaymentGateway::check`) when they do, or before the hold ends.
    OnPage { url: String },
}

/// A payment not confirmed when it was asked for, to ask its provider about again.
#[derive(Debug, Clone, PartialEq)]
pub struct PaymentCheck {
    /// The attempt asked about: the reference its charge was made under.
    pub attempt: PaymentAttemptId,
    pub order: OrderId,
    pub method: PaymentMethod,
    /// The provider's own reference of the open charge (an eDahab invoice id), if it gave one.
    pub reference: Option<String>,
}

/// Money to give back on an approved charge.
#[derive(Debug, Clone, PartialEq)]
pub struct RefundRequest {
    /// The provider's id of the approved charge.
    pub transaction_id: String,
    /// The order the charge paid for.
    pub reference: OrderId,
    /// How the order was paid: the refund goes back the same way.
    pub method: PaymentMethod,
    /// The number that paid (a wallet's refund is paid to it).
    pub payer: MobileNumber,
    pub amount: Money,
    /// The whole charge is given back (a canceled order), so the provider may reverse the
    /// charge instead of refunding part of it.
    pub whole_charge: bool,
}

impl RefundRequest {
    /// Gives back what is left of `order`'s charge (a canceled order): its total less what
    /// its returns refunded; the whole charge while nothing was. None without a provider's
    /// charge (cash, or a payment an admin confirmed by hand): that money goes back by hand.
    pub fn rest_of_charge(order: &Order) -> Option<Self> {
        let (transaction_id, method) = order.charge()?;
        Some(Self {
            transaction_id: transaction_id.to_owned(),
            reference: order.id.clone(),
            method,
            payer: order.payment_phone.clone(),
            amount: order.total.saturating_sub(order.refunded),
            whole_charge: order.refunded == Money::ZERO,
        })
    }

    /// Gives back `amount` of `order`'s charge for a return: the whole charge only when
    /// nothing was refunded before and the return takes all of it. None as for
    /// `rest_of_charge`.
    pub fn for_return(order: &Order, amount: Money) -> Option<Self> {
        let (transaction_id, method) = order.charge()?;
        Some(Self {
            transaction_id: transaction_id.to_owned(),
            reference: order.id.clone(),
            method,
            payer: order.payment_phone.clone(),
            amount,
            whole_charge: order.refunded == Money::ZERO && amount == order.total,
        })
    }
}
