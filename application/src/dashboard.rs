//! The dashboard and the reports: figures added up by the server.

use crate::ReadError;
use derive_new::new;
use domain::listing::orders::OrderQuery;
use domain::order::Order;
use domain::permissions::{require, Permission, PermissionError};
use domain::ports::{Clock, OrderRepository, ProductRepository, UserRepository};
use domain::ports::{Page, ProductFilter, RepoError};
use domain::stats::{
    dashboard, period_report, period_start, DashboardFigures, PeriodReport, RECENT_ORDERS,
    REPORT_PERIODS, TOP_PRODUCTS,
};
use domain::user::User;
use std::sync::Arc;

/// What the reports of a period can fail with.
#[derive(Debug, thiserror::Error)]
pub enum PeriodError {
    #[error(transparent)]
    Refused(#[from] PermissionError),
    /// A period other than 7, 30 or 90 days.
    #[error("no such period")]
    InvalidDays,
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// The dashboard: figures plus the catalogue size and the newest orders.
#[derive(Debug, Clone, PartialEq)]
pub struct Dashboard {
    pub total_products: u64,
    pub figures: DashboardFigures,
    pub recent_orders: Vec<Order>,
}

/// The dashboard and the period reports.
#[derive(new)]
pub struct Reports {
    products: Arc<dyn ProductRepository>,
    orders: Arc<dyn OrderRepository>,
    users: Arc<dyn UserRepository>,
    clock: Arc<dyn Clock>,
}

impl Reports {
    pub async fn dashboard(&self, actor: &User) -> Result<Dashboard, ReadError> {
        require(actor, Permission::ReportsRead)?;
        let (_, total_products) = self
            .products
            .list(&ProductFilter {
                page: Some(Page { number: 1, size: 1 }),
                ..Default::default()
            })
            .await?;
        let facts = self.orders.facts().await?;
        let sales = self.orders.best_sellers(TOP_PRODUCTS).await?;
        let (recent_orders, _) = self
            .orders
            .list(&OrderQuery::newest(Page {
                number: 1,
                size: RECENT_ORDERS as u32,
            }))
            .await?;
        Ok(Dashboard {
            total_products,
            figures: dashboard(&facts, sales, self.clock.now()),
            recent_orders,
        })
    }

    /// The reports screen: sales, orders and new users over the last 7, 30 or 90 days.
    pub async fn period_report(
        &self,
        actor: &User,
        days: u32,
    ) -> Result<PeriodReport, PeriodError> {
        let (orders, now) = self.orders_in_period(actor, days).await?;
        let from = period_start(days, now);
        let new_users = self.users.count_joined_since(from).await?;
        Ok(period_report(&orders, new_users, days, now))
    }

    /// The orders placed in the last `days` days (7, 30 or 90), newest first, for exports.
    pub async fn orders_in_period(
        &self,
        actor: &User,
        days: u32,
    ) -> Result<(Vec<Order>, chrono::DateTime<chrono::Utc>), PeriodError> {
        require(actor, Permission::ReportsRead)?;
        if !REPORT_PERIODS.contains(&days) {
            return Err(PeriodError::InvalidDays);
        }
        let now = self.clock.now();
        let from = period_start(days, now);
        let (orders, _) = self.orders.list(&OrderQuery::placed_since(from)).await?;
        Ok((orders, now))
    }
}
