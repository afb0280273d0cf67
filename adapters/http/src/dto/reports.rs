//! The dashboard's figures and the sales reports.

use super::OrderDto;
use application::dashboard::Dashboard;
use application::views::OrderView;
use domain::stats::PeriodReport;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Serialize, ToSchema)]
pub struct RevenueBucketDto {
    pub label: String,
    pub revenue: f64,
}

#[derive(Serialize, ToSchema)]
pub struct StatusCountsDto {
    pub pending: u64,
    pub shipped: u64,
    pub delivered: u64,
    pub canceled: u64,
}

#[derive(Serialize, ToSchema)]
pub struct ProductSalesDto {
    pub name: String,
    pub quantity: u64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatsDto {
    pub total_products: u64,
    pub total_orders: u64,
    pub pending_orders: u64,
    pub total_revenue: f64,
    pub monthly_revenue: f64,
    pub average_order_value: f64,
    pub revenue_by_month: Vec<RevenueBucketDto>,
    pub status_counts: StatusCountsDto,
    pub top_products: Vec<ProductSalesDto>,
    pub recent_orders: Vec<OrderDto>,
}

impl From<&Dashboard> for StatsDto {
    fn from(d: &Dashboard) -> Self {
        let f = &d.figures;
        Self {
            total_products: d.total_products,
            total_orders: f.total_orders,
            pending_orders: f.pending_orders,
            total_revenue: f.total_revenue.as_dollars(),
            monthly_revenue: f.monthly_revenue.as_dollars(),
            average_order_value: f.average_order_value.as_dollars(),
            revenue_by_month: f
                .revenue_by_month
                .iter()
                .map(|b| RevenueBucketDto {
                    label: b.label.clone(),
                    revenue: b.revenue.as_dollars(),
                })
                .collect(),
            status_counts: StatusCountsDto {
                pending: f.status_counts.pending,
                shipped: f.status_counts.shipped,
                delivered: f.status_counts.delivered,
                canceled: f.status_counts.canceled,
            },
            top_products: f
                .top_products
                .iter()
                .map(|s| ProductSalesDto {
                    name: s.name.clone(),
                    quantity: s.quantity,
                })
                .collect(),
            recent_orders: d
                .recent_orders
                .iter()
                .map(|order| OrderDto::from(OrderView::in_reports(order)))
                .collect(),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct DayRevenueDto {
    pub date: String,
    pub revenue: f64,
}

#[derive(Serialize, ToSchema)]
pub struct TopProductDto {
    pub name: String,
    pub quantity: u64,
    pub revenue: f64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportDto {
    pub days: u32,
    pub from: String,
    pub to: String,
    pub total_sales: f64,
    pub orders: u64,
    pub new_users: u64,
    pub average_order_value: f64,
    pub revenue_by_day: Vec<DayRevenueDto>,
    pub top_products: Vec<TopProductDto>,
    /// What discount codes took off the merchandise of the period's revenue orders.
    pub discounts_given: f64,
    /// Each code those orders used, the most used first.
    pub discount_codes: Vec<CodeUsesDto>,
}

#[derive(Serialize, ToSchema)]
pub struct CodeUsesDto {
    pub code: String,
    pub orders: u64,
    /// Dollars taken off (0 for free shipping).
    pub amount: f64,
}

impl From<&PeriodReport> for ReportDto {
    fn from(r: &PeriodReport) -> Self {
        Self {
            days: r.days,
            from: r.from.to_rfc3339(),
            to: r.to.to_rfc3339(),
            total_sales: r.total_sales.as_dollars(),
            orders: r.orders,
            new_users: r.new_users,
            average_order_value: r.average_order_value.as_dollars(),
            discounts_given: r.discounts_given.as_dollars(),
            discount_codes: r
                .discount_codes
                .iter()
                .map(|c| CodeUsesDto {
                    code: c.code.clone(),
                    orders: c.orders,
                    amount: c.amount.as_dollars(),
                })
                .collect(),
            revenue_by_day: r
                .revenue_by_day
                .iter()
                .map(|(date, revenue)| DayRevenueDto {
                    date: date.to_string(),
                    revenue: revenue.as_dollars(),
                })
                .collect(),
            top_products: r
                .top_products
                .iter()
                .map(|(sales, revenue)| TopProductDto {
                    name: sales.name.clone(),
                    quantity: sales.quantity,
                    revenue: revenue.as_dollars(),
                })
                .collect(),
        }
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PeriodQuery {
    /// 7, 30 or 90 (default 30).
    #[serde(default = "thirty")]
    #[param(minimum = 7, maximum = 90, example = 30)]
    pub days: u32,
}

fn thirty() -> u32 {
    30
}
