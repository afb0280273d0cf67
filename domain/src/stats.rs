//! The figures of the admin dashboard, computed from light order facts.

use crate::money::Money;
use crate::order::{counts_as_revenue, counts_as_sold, OrderStatus, PaymentStatus};
use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};
use std::cmp::Reverse;

/// The orders of one day (UTC) with the same statuses, added up: all the dashboard needs, so
/// the database answers with a few hundred rows however many orders there are.
#[derive(Debug, Clone, PartialEq)]
pub struct OrderFact {
    pub day: NaiveDate,
    pub status: OrderStatus,
    pub payment_status: PaymentStatus,
    pub orders: u64,
    /// The sum of their totals.
    pub total: Money,
}

/// Units of one product sold over orders that were not canceled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductSales {
    pub name: String,
    pub quantity: u64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct RevenueBucket {
    /// The first day of the 30-day block, e.g. "23 Oct".
    pub label: String,
    pub revenue: Money,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct StatusCounts {
    pub pending: u64,
    pub shipped: u64,
    pub delivered: u64,
    pub canceled: u64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct DashboardFigures {
    pub total_orders: u64,
    pub pending_orders: u64,
    pub total_revenue: Money,
    pub monthly_revenue: Money,
    pub average_order_value: Money,
    /// Six 30-day blocks, oldest first.
    pub revenue_by_month: Vec<RevenueBucket>,
    pub status_counts: StatusCounts,
    pub top_products: Vec<ProductSales>,
}

pub const REVENUE_BUCKETS: usize = 6;
const BUCKET_DAYS: i64 = 30;
pub const TOP_PRODUCTS: usize = 5;
pub const RECENT_ORDERS: usize = 5;

pub fn dashboard(
    facts: &[OrderFact],
    sales: Vec<ProductSales>,
    now: DateTime<Utc>,
) -> DashboardFigures {
    let mut status_counts = StatusCounts::default();
    let mut total_orders = 0u64;
    let mut total_revenue = Money::ZERO;
    let mut monthly_revenue = Money::ZERO;
    let mut revenue_orders = 0u64;
    let mut buckets = [Money::ZERO; REVENUE_BUCKETS];
    let today = now.date_naive();
    for fact in facts {
        total_orders += fact.orders;
        match fact.status {
            OrderStatus::Pending => status_counts.pending += fact.orders,
            OrderStatus::Shipped => status_counts.shipped += fact.orders,
            OrderStatus::Delivered => status_counts.delivered += fact.orders,
            OrderStatus::Canceled => status_counts.canceled += fact.orders,
        }
        if !counts_as_revenue(fact.status, fact.payment_status) {
            continue;
        }
        total_revenue = total_revenue + fact.total;
        revenue_orders += fact.orders;
        if fact.day.year() == today.year() && fact.day.month() == today.month() {
            monthly_revenue = monthly_revenue + fact.total;
        }
        let age_days = (today - fact.day).num_days();
        if (0..BUCKET_DAYS * REVENUE_BUCKETS as i64).contains(&age_days) {
            let bucket = (age_days / BUCKET_DAYS) as usize;
            buckets[bucket] = buckets[bucket] + fact.total;
        }
    }
    let revenue_by_month = (0..REVENUE_BUCKETS)
        .rev()
        .map(|age| {
            let start = now - Duration::days(BUCKET_DAYS * (age as i64 + 1) - 1);
            RevenueBucket {
                label: start.format("%-d %b").to_string(),
                revenue: buckets[age],
            }
        })
        .collect();
    DashboardFigures {
        total_orders,
        pending_orders: status_counts.pending,
        total_revenue,
        monthly_revenue,
        average_order_value: total_revenue.divided_by(revenue_orders),
        revenue_by_month,
        status_counts,
        top_products: top_products(sales),
    }
}

/// The five best sellers by units; ties by name so the list is stable.
pub fn top_products(mut sales: Vec<ProductSales>) -> Vec<ProductSales> {
    sales.sort_by(|a, b| (Reverse(a.quantity), &a.name).cmp(&(Reverse(b.quantity), &b.name)));
    sales.truncate(TOP_PRODUCTS);
    sales
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn fact(days_ago: i64, cents: i64, status: OrderStatus, payment: PaymentStatus) -> OrderFact {
        OrderFact {
            day: (now() - Duration::days(days_ago)).date_naive(),
            status,
            payment_status: payment,
            orders: 1,
            total: Money::from_cents(cents).unwrap(),
        }
    }

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 21, 12, 0, 0).unwrap()
    }

    #[test]
    fn revenue_counts_paid_orders_that_stand() {
        let facts = vec![
            fact(1, 1000, OrderStatus::Pending, PaymentStatus::Paid),
            fact(2, 2000, OrderStatus::Delivered, PaymentStatus::Paid),
            fact(3, 4000, OrderStatus::Canceled, PaymentStatus::Refunded),
            fact(4, 8000, OrderStatus::Pending, PaymentStatus::Pending),
            fact(40, 500, OrderStatus::Shipped, PaymentStatus::Paid),
        ];
        let figures = dashboard(&facts, vec![], now());
        assert_eq!(figures.total_orders, 5);
        assert_eq!(figures.pending_orders, 2);
        assert_eq!(figures.total_revenue.cents(), 3500);
        assert_eq!(figures.monthly_revenue.cents(), 3000);
        assert_eq!(figures.average_order_value.cents(), 1167);
        assert_eq!(
            figures.status_counts,
            StatusCounts {
                pending: 2,
                shipped: 1,
                delivered: 1,
                canceled: 1
            }
        );
    }

    #[test]
    fn revenue_falls_into_six_blocks_of_thirty_days_oldest_first() {
        let facts = vec![
            fact(0, 100, OrderStatus::Delivered, PaymentStatus::Paid),
            fact(29, 200, OrderStatus::Delivered, PaymentStatus::Paid),
            fact(30, 400, OrderStatus::Delivered, PaymentStatus::Paid),
            fact(179, 800, OrderStatus::Delivered, PaymentStatus::Paid),
            fact(180, 1600, OrderStatus::Delivered, PaymentStatus::Paid),
        ];
        let figures = dashboard(&facts, vec![], now());
        let revenue: Vec<i64> = figures
            .revenue_by_month
            .iter()
            .map(|b| b.revenue.cents())
            .collect();
        assert_eq!(revenue, [800, 0, 0, 0, 400, 300]);
        assert_eq!(figures.revenue_by_month[5].label, "23 Oct");
    }

    #[test]
    fn a_days_orders_count_as_many_orders() {
        let facts = vec![OrderFact {
            orders: 3,
            ..fact(1, 3000, OrderStatus::Delivered, PaymentStatus::Paid)
        }];
        let figures = dashboard(&facts, vec![], now());
        assert_eq!(figures.total_orders, 3);
        assert_eq!(figures.status_counts.delivered, 3);
        assert_eq!(figures.total_revenue.cents(), 3000);
        assert_eq!(figures.average_order_value.cents(), 1000);
    }

    #[test]
    fn no_orders_means_zero_average() {
        let figures = dashboard(&[], vec![], now());
        assert_eq!(figures.average_order_value, Money::ZERO);
        assert_eq!(figures.revenue_by_month.len(), 6);
    }

    #[test]
    fn top_products_are_the_five_best_sellers() {
        let sales = ["a", "b", "c", "d", "e", "f"]
            .iter()
            .enumerate()
            .map(|(i, name)| ProductSales {
                name: (*name).into(),
                quantity: i as u64,
            })
            .collect();
        let top: Vec<String> = top_products(sales).into_iter().map(|s| s.name).collect();
        assert_eq!(top, ["f", "e", "d", "c", "b"]);
    }
}

/// Figures of the reports screen over the last `days` days.
#[derive(Debug, Clone, PartialEq)]
pub struct PeriodReport {
    pub days: u32,
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    /// Revenue of paid orders that stand (as the dashboard counts it).
    pub total_sales: Money,
    /// Orders placed in the period, whatever their status.
    pub orders: u64,
    pub new_users: u64,
    pub average_order_value: Money,
    /// One entry per calendar day (UTC), oldest first.
    pub revenue_by_day: Vec<(chrono::NaiveDate, Money)>,
    /// Best sellers of the period by units, with what they brought in.
    pub top_products: Vec<(ProductSales, Money)>,
    /// What discount codes took off the merchandise of the revenue orders.
    pub discounts_given: Money,
    /// Each code those orders used, the most used first.
    pub discount_codes: Vec<CodeUses>,
}

/// How much one discount code was used in a period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeUses {
    pub code: String,
    pub orders: u64,
    /// Taken off their merchandise (0 for free shipping).
    pub amount: Money,
}

pub const REPORT_PERIODS: [u32; 3] = [7, 30, 90];

/// The start of a report period: midnight (UTC) `days - 1` days before `now`, so a 7-day
/// report covers today and the six days before.
pub fn period_start(days: u32, now: DateTime<Utc>) -> DateTime<Utc> {
    let first_day = now.date_naive() - Duration::days(i64::from(days.max(1)) - 1);
    first_day
        .and_hms_opt(0, 0, 0)
        .expect("midnight exists")
        .and_utc()
}

/// `orders` are the orders placed since `period_start(days, now)`.
pub fn period_report(
    orders: &[crate::order::Order],
    new_users: u64,
    days: u32,
    now: DateTime<Utc>,
) -> PeriodReport {
    let from = period_start(days, now);
    let mut revenue_by_day: Vec<(chrono::NaiveDate, Money)> = (0..i64::from(days))
        .map(|offset| (from.date_naive() + Duration::days(offset), Money::ZERO))
        .collect();
    let mut total_sales = Money::ZERO;
    let mut revenue_orders = 0u64;
    let mut sales: std::collections::BTreeMap<String, (u64, Money)> = Default::default();
    let mut codes: std::collections::BTreeMap<String, (u64, Money)> = Default::default();
    let in_period: Vec<_> = orders
        .iter()
        .filter(|o| o.created_at >= from && o.created_at <= now)
        .collect();
    for order in &in_period {
        if counts_as_sold(order.status) {
            for line in &order.lines {
                let entry = sales.entry(line.name.clone()).or_insert((0, Money::ZERO));
                entry.0 += u64::from(line.quantity);
                entry.1 = entry.1 + line.line_total();
            }
        }
        if !order.counts_as_revenue() {
            continue;
        }
        total_sales = total_sales + order.total;
        revenue_orders += 1;
        if let Some(used) = &order.discount {
            let entry = codes
                .entry(used.code.to_string())
                .or_insert((0, Money::ZERO));
            entry.0 += 1;
            entry.1 = entry.1 + used.amount;
        }
        let day = (order.created_at.date_naive() - from.date_naive()).num_days();
        if let Some(slot) = usize::try_from(day)
            .ok()
            .and_then(|d| revenue_by_day.get_mut(d))
        {
            slot.1 = slot.1 + order.total;
        }
    }
    let ranked = top_products(
        sales
            .iter()
            .map(|(name, (quantity, _))| ProductSales {
                name: name.clone(),
                quantity: *quantity,
            })
            .collect(),
    );
    let mut discount_codes: Vec<CodeUses> = codes
        .into_iter()
        .map(|(code, (orders, amount))| CodeUses {
            code,
            orders,
            amount,
        })
        .collect();
    discount_codes.sort_by(|a, b| b.orders.cmp(&a.orders).then(a.code.cmp(&b.code)));
    PeriodReport {
        days,
        from,
        discounts_given: discount_codes.iter().map(|c| c.amount).sum(),
        discount_codes,
        to: now,
        total_sales,
        orders: in_period.len() as u64,
        new_users,
        average_order_value: total_sales.divided_by(revenue_orders),
        revenue_by_day,
        top_products: ranked
            .into_iter()
            .map(|s| {
                let revenue = sales[&s.name].1;
                (s, revenue)
            })
            .collect(),
    }
}

#[cfg(test)]
mod report_tests {
    use super::*;
    use crate::order::{Order, OrderLine};
    use crate::phone::MobileNumber;
    use crate::{OrderId, ProductId, UserId};
    use chrono::TimeZone;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 21, 15, 30, 0).unwrap()
    }

    fn order(
        hours_ago: i64,
        name: &str,
        quantity: u32,
        status: OrderStatus,
        payment: PaymentStatus,
    ) -> Order {
        let unit = Money::from_cents(1000).unwrap();
        Order {
            id: OrderId::parse("o").unwrap(),
            number: crate::order::OrderNumber::FIRST,
            user_id: UserId::parse("u").unwrap(),
            customer_name: "A".into(),
            customer_email: "a@b.so".into(),
            lines: vec![OrderLine {
                product_id: ProductId::parse("p").unwrap(),
                name: name.into(),
                image: None,
                unit_price: unit,
                quantity,
                variant: None,
            }],
            subtotal: unit.times(quantity),
            shipping_fee: Money::from_cents(500).unwrap(),
            total: unit.times(quantity) + Money::from_cents(500).unwrap(),
            status,
            payment_status: payment,
            payment_method: Some(crate::payment_method::PaymentMethod::EvcPlus),
            payment_phone: MobileNumber::parse("615551234").unwrap(),
            transaction_id: None,
            payment_reference: None,
            shipping_address: None,
            idempotency_key: None,
            created_at: now() - Duration::hours(hours_ago),
            hold_expired_at: None,
            discount: None,
            delivered_at: None,
            refunded: Money::ZERO,
            refund_claim: None,
            delivery: None,
            history: Vec::new(),
            channel: crate::order::Channel::Web,
        }
    }

    #[test]
    fn a_seven_day_period_starts_at_midnight_six_days_ago() {
        assert_eq!(
            period_start(7, now()),
            Utc.with_ymd_and_hms(2026, 11, 15, 0, 0, 0).unwrap()
        );
    }

    #[test]
    fn the_report_sums_paid_orders_per_day_and_ranks_products() {
        let orders = vec![
            order(1, "Dress", 2, OrderStatus::Pending, PaymentStatus::Paid),
            order(30, "Hijab", 3, OrderStatus::Delivered, PaymentStatus::Paid),
            order(
                40,
                "Dress",
                1,
                OrderStatus::Canceled,
                PaymentStatus::Refunded,
            ),
            order(
                24 * 10,
                "Old",
                9,
                OrderStatus::Delivered,
                PaymentStatus::Paid,
            ),
        ];
        let report = period_report(&orders, 4, 7, now());
        assert_eq!(report.orders, 3);
        assert_eq!(report.new_users, 4);
        assert_eq!(report.total_sales.cents(), 2500 + 3500);
        assert_eq!(report.average_order_value.cents(), 3000);
        assert_eq!(report.revenue_by_day.len(), 7);
        assert_eq!(report.revenue_by_day[6].1.cents(), 2500);
        assert_eq!(report.revenue_by_day[5].1.cents(), 3500);
        let top: Vec<(&str, u64, i64)> = report
            .top_products
            .iter()
            .map(|(s, revenue)| (s.name.as_str(), s.quantity, revenue.cents()))
            .collect();
        assert_eq!(top, [("Hijab", 3, 3000), ("Dress", 2, 2000)]);
        assert_eq!(report.discounts_given, Money::ZERO);
        assert!(report.discount_codes.is_empty());
    }

    #[test]
    fn the_report_counts_each_code_of_the_revenue_orders_and_what_it_took_off() {
        use crate::discount::DiscountCode;
        use crate::order::OrderDiscount;
        let with_code = |hours_ago, code: &str, cents, payment| Order {
            discount: Some(OrderDiscount {
                code: DiscountCode::parse(code).unwrap(),
                amount: Money::from_cents(cents).unwrap(),
            }),
            ..order(hours_ago, "Dress", 1, OrderStatus::Pending, payment)
        };
        let orders = vec![
            with_code(1, "EID-10", 100, PaymentStatus::Paid),
            with_code(2, "EID-10", 250, PaymentStatus::Paid),
            with_code(3, "SHIPFREE", 0, PaymentStatus::Paid),
            // Not paid: nothing was given.
            with_code(4, "EID-10", 100, PaymentStatus::Failed),
        ];
        let report = period_report(&orders, 0, 7, now());
        assert_eq!(report.discounts_given.cents(), 350);
        assert_eq!(
            report.discount_codes,
            [
                CodeUses {
                    code: "EID-10".into(),
                    orders: 2,
                    amount: Money::from_cents(350).unwrap(),
                },
                CodeUses {
                    code: "SHIPFREE".into(),
                    orders: 1,
                    amount: Money::ZERO,
                },
            ]
        );
    }
}
