//! Reviews by verified buyers (issue 17): who may review a product,
//! what a review holds, how its author is shown, and the product's rating they make.
//!
//! Only a shopper with a delivered order holding the product may review it, once: posting
//! again replaces their review. A product's `rating` is the mean of its visible reviews to
//! one decimal and `reviews` their count; reviews are shown as text, never as HTML.

use crate::ids::{ProductId, ReviewId, UserId};
use crate::message::texts::{RATING_INVALID, REVIEW_MISSING, REVIEW_TOO_LONG, TITLE_TOO_LONG};
use crate::validation::{FieldErrors, Lines};
use chrono::{DateTime, Utc};

pub const TITLE_MAX: usize = 120;
pub const BODY_MAX: usize = 5000;

/// Stars from 1 to 5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rating(u8);

impl Rating {
    pub fn new(stars: u8) -> Option<Self> {
        (1..=5).contains(&stars).then_some(Self(stars))
    }

    pub fn stars(self) -> u8 {
        self.0
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Review {
    pub id: ReviewId,
    pub product_id: ProductId,
    /// The product's name now, for the back office's list.
    pub product_name: String,
    pub user_id: UserId,
    /// How the author is shown: first name and last initial (`author_name`).
    pub author: String,
    pub rating: Rating,
    pub title: Option<String>,
    pub body: String,
    /// Written by a shopper who received the product (every review written in the shop).
    pub verified_purchase: bool,
    /// Hidden by an admin: kept, but neither shown nor counted in the product's rating.
    pub hidden: bool,
    pub created_at: DateTime<Utc>,
}

/// A review as a shopper sends it: the rating as it came (a number, or not).
#[derive(Debug, Clone, Default)]
pub struct ReviewInput {
    pub rating: Option<f64>,
    pub title: Option<String>,
    pub body: String,
}

/// A review that passed validation: what is stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewDraft {
    pub rating: Rating,
    pub title: Option<String>,
    pub body: String,
}

impl ReviewInput {
    pub fn validate(&self) -> Result<ReviewDraft, FieldErrors> {
        let mut errors = FieldErrors::new();
        let rating = self
            .rating
            .filter(|r| r.fract() == 0.0 && (1.0..=5.0).contains(r))
            .and_then(|r| Rating::new(r as u8));
        errors.check(rating.is_none(), "rating", RATING_INVALID);
        let title = self
            .title
            .as_deref()
            .and_then(|raw| errors.text("title", raw, Lines::Single));
        errors.check(
            title
                .as_ref()
                .is_some_and(|t| t.chars().count() > TITLE_MAX),
            "title",
            TITLE_TOO_LONG,
        );
        let body = errors.text("body", &self.body, Lines::Multi);
        errors.check(body.is_none(), "body", REVIEW_MISSING);
        errors.check(
            body.as_ref().is_some_and(|b| b.chars().count() > BODY_MAX),
            "body",
            REVIEW_TOO_LONG,
        );
        match (rating, body) {
            (Some(rating), Some(body)) if errors.is_empty() => Ok(ReviewDraft {
                rating,
                title,
                body,
            }),
            _ => Err(errors),
        }
    }
}

/// How a review names its author: the first name and the last name's initial ("Amina W."),
/// or the one name given.
pub fn author_name(full_name: &str) -> String {
    let mut names = full_name.split_whitespace();
    let first = names.next().unwrap_or("Shopper");
    match names.last().and_then(|last| last.chars().next()) {
        Some(initial) => format!("{first} {}.", initial.to_uppercase()),
        None => first.to_owned(),
    }
}

/// The order reviews are listed in; ties newest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ReviewSort {
    #[default]
    Newest,
    Highest,
    Lowest,
}

impl ReviewSort {
    pub fn parse(raw: &str) -> Option<Self> {
        match raw.trim() {
            "" | "newest" => Some(Self::Newest),
            "highest" => Some(Self::Highest),
            "lowest" => Some(Self::Lowest),
            _ => None,
        }
    }
}

/// A product's visible reviews at a glance: how many of each star, from 1 to 5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RatingSummary {
    pub stars: [u32; 5],
}

impl RatingSummary {
    pub fn count(&self) -> u32 {
        self.stars.iter().sum()
    }

    /// The mean rating in tenths of a star, rounded half up (4.25 shows as 4.3); 0 without
    /// reviews.
    pub fn average_tenths(&self) -> u8 {
        let count = u64::from(self.count());
        if count == 0 {
            return 0;
        }
        let sum: u64 = (1u64..)
            .zip(self.stars)
            .map(|(star, n)| star * u64::from(n))
            .sum();
        ((sum * 10 * 2 + count) / (count * 2)) as u8
    }
}

#[cfg(test)]
mod tests;
