//! The seeded shop's reviews: some shoppers review what was delivered to them, a few days
//! later, once per product, mostly kindly. Every product's rating and count come from these
//! (`shop-db` sets them as it loads the reviews): none is made up.

use super::pick;
use crate::system::RandomIds;
use chrono::{DateTime, Duration, Utc};
use domain::order::{Order, OrderStatus};
use domain::ports::IdGenerator;
use domain::review::{author_name, Rating, Review};
use domain::{ProductId, ReviewId, UserId};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::Rng;
use std::collections::HashSet;

/// Of the delivered order lines, how many in a hundred get a review.
const REVIEWED_PER_HUNDRED: u32 = 15;

/// What shoppers write, by stars: (title, body).
fn words(stars: u8) -> &'static [(&'static str, &'static str)] {
    match stars {
        5 => &[
            (
                "Beautiful",
                "Beautiful fabric and it fits perfectly. I will order again.",
            ),
            (
                "Exactly as pictured",
                "The colour is exactly as in the picture and it arrived quickly in Mogadishu.",
            ),
            (
                "My daughter loves it",
                "Soft, well made and true to size. My daughter wears it every week.",
            ),
            (
                "Perfect for Eid",
                "I wore it for Eid and everyone asked where I bought it.",
            ),
        ],
        4 => &[
            (
                "Very nice",
                "Very nice quality for the price. The sleeves are a little long.",
            ),
            (
                "Good buy",
                "Good material and comfortable. Delivery took a few days more than expected.",
            ),
            (
                "Lovely colour",
                "Lovely colour and stitching; I would take one size smaller next time.",
            ),
        ],
        3 => &[
            (
                "It is fine",
                "It is fine for everyday wear, but the fabric is thinner than I hoped.",
            ),
            (
                "Runs small",
                "Nice design but it runs small. Order one size up.",
            ),
        ],
        2 => &[(
            "Not as expected",
            "The colour is darker than the picture and the fabric creases easily.",
        )],
        _ => &[("Disappointed", "The seam came apart after the first wash.")],
    }
}

/// Writes the reviews of delivered orders, at most one per shopper and product over the
/// whole seed.
#[derive(Default)]
pub(super) struct ReviewBook {
    written: HashSet<(ProductId, UserId)>,
}

impl ReviewBook {
    pub fn reviews_of(
        &mut self,
        rng: &mut StdRng,
        orders: &[Order],
        now: DateTime<Utc>,
    ) -> Vec<Review> {
        let mut reviews = Vec::new();
        for order in orders {
            let Some(delivered_at) = order.delivered_at else {
                continue;
            };
            if order.status != OrderStatus::Delivered {
                continue;
            }
            for line in &order.lines {
                if rng.gen_range(0..100) >= REVIEWED_PER_HUNDRED
                    || !self
                        .written
                        .insert((line.product_id.clone(), order.user_id.clone()))
                {
                    continue;
                }
                let stars = pick(rng, &[(50, 5), (28, 4), (12, 3), (6, 2), (4, 1)]);
                let (title, body) = *words(stars).choose(rng).expect("words for every star");
                let written_at =
                    (delivered_at + Duration::hours(rng.gen_range(6..14 * 24))).min(now);
                reviews.push(Review {
                    id: ReviewId::parse(&RandomIds.new_id()).expect("uuid ids are valid"),
                    product_id: line.product_id.clone(),
                    product_name: line.name.clone(),
                    user_id: order.user_id.clone(),
                    author: author_name(&order.customer_name),
                    rating: Rating::new(stars).expect("1 to 5 stars"),
                    title: rng.gen_bool(0.8).then(|| title.to_owned()),
                    body: body.to_owned(),
                    verified_purchase: true,
                    hidden: false,
                    created_at: written_at,
                });
            }
        }
        reviews
    }
}
