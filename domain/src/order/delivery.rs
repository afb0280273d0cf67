//! An order's delivery as the order keeps it: the rider it is out with, its 4-digit code and
//! the wrong tries counted, each attempt; and what a change of the order records of it. The
//! rules that send it out and hand it over are the delivery area's (`delivery::dispatch`).

use crate::ids::UserId;
use crate::money::Money;
use chrono::{DateTime, Utc};

/// Wrong codes a rider may type before the shop must reset the order's code.
pub const CODE_TRIES: u8 = 5;

/// The code the shopper gives the rider: four digits, sent when the order goes out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeliveryCode(String);

impl DeliveryCode {
    /// The code of a random number (its last four digits).
    pub fn from_random(number: u32) -> Self {
        Self(format!("{:04}", number % 10_000))
    }

    /// A stored code: exactly four digits.
    pub fn parse(raw: &str) -> Option<Self> {
        (raw.len() == 4 && raw.bytes().all(|b| b.is_ascii_digit())).then(|| Self(raw.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether `typed` is this code (spaces around it allowed).
    pub fn matches(&self, typed: &str) -> bool {
        typed.trim() == self.0
    }
}

/// The rider an order went out with, as they were then.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rider {
    pub id: UserId,
    pub name: String,
    pub phone: String,
}

impl Rider {
    /// What the shopper is told: the first name only.
    pub fn first_name(&self) -> &str {
        self.name.split_whitespace().next().unwrap_or(&self.name)
    }
}

/// Where an order's delivery stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeliveryState {
    /// With its rider.
    Out,
    Delivered,
    /// Brought back after an attempt: waiting to go out again.
    Failed,
}

impl DeliveryState {
    pub fn as_str(self) -> &'static str {
        match self {
            DeliveryState::Out => "out",
            DeliveryState::Delivered => "delivered",
            DeliveryState::Failed => "failed",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        [Self::Out, Self::Delivered, Self::Failed]
            .into_iter()
            .find(|state| state.as_str() == raw)
    }
}

/// Why a rider brought an order back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotDelivered {
    Unreachable,
    Refused,
    WrongAddress,
    /// The shopper asked for another day.
    AnotherDay,
}

impl NotDelivered {
    pub const ALL: [NotDelivered; 4] = [
        NotDelivered::Unreachable,
        NotDelivered::Refused,
        NotDelivered::WrongAddress,
        NotDelivered::AnotherDay,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            NotDelivered::Unreachable => "unreachable",
            NotDelivered::Refused => "refused",
            NotDelivered::WrongAddress => "wrongAddress",
            NotDelivered::AnotherDay => "anotherDay",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|reason| reason.as_str() == raw)
    }
}

/// One time a rider could not deliver the order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeliveryAttempt {
    pub at: DateTime<Utc>,
    pub reason: NotDelivered,
    pub rider: String,
}

/// An order's delivery, from its first going out.
#[derive(Debug, Clone, PartialEq)]
pub struct Delivery {
    /// The rider it went out with last.
    pub rider: Rider,
    pub state: DeliveryState,
    pub code: DeliveryCode,
    /// Wrong codes typed since the code was sent or last reset.
    pub wrong_codes: u8,
    /// When it went out last.
    pub dispatched_at: DateTime<Utc>,
    pub delivered_at: Option<DateTime<Utc>>,
    /// The cash the rider collected, for an order paid in cash on delivery.
    pub cash_collected: Option<Money>,
    /// The attempts that failed, oldest first.
    pub attempts: Vec<DeliveryAttempt>,
}

impl Delivery {
    /// Whether it is out with `rider` now (a rider sees and moves only those).
    pub fn is_out_with(&self, rider: &UserId) -> bool {
        self.state == DeliveryState::Out && self.rider.id == *rider
    }

    /// Five wrong codes were typed: the shop must reset the code.
    pub fn code_locked(&self) -> bool {
        self.wrong_codes >= CODE_TRIES
    }
}

/// What storage records of a delivery with an order's change, in the same transaction.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum DeliveryStep {
    #[default]
    None,
    /// Out with `rider`, with `code` (kept from an earlier attempt, else new); wrong tries
    /// start again.
    Dispatch { rider: Rider, code: DeliveryCode },
    /// Delivered; `cash` collected for an order paid in cash on delivery.
    Delivered { cash: Option<Money> },
    /// Brought back by its rider: the attempt is kept.
    NotDelivered(DeliveryAttempt),
}
