//! Back in stock (issue 44; `domain::restock`): a shopper's requests to be told when a
//! sold-out size returns, and the back office's list of the sizes most waited for. The
//! messages themselves are queued by storage, in the transaction that brings stock back.

use crate::catalog::{find_product, FindProductError};
use derive_new::new;
use domain::ids::{ProductId, RestockAlertId, VariantId};
use domain::permissions::{require, Permission, PermissionError};
use domain::ports::{
    AskOutcome, Clock, IdGenerator, Page, ProductRepository, RepoError, RestockAlertRepository,
    RestockDemand, RestockRequest,
};
use domain::restock::{may_ask, RestockAlert, RestockRefusal};
use domain::user::User;
use std::sync::Arc;

#[derive(Debug, thiserror::Error)]
pub enum RestockError {
    #[error(transparent)]
    Refused(#[from] PermissionError),
    #[error(transparent)]
    Find(#[from] FindProductError),
    #[error(transparent)]
    Rule(#[from] RestockRefusal),
    #[error("no such request")]
    NotFound,
    #[error(transparent)]
    Store(#[from] RepoError),
}

/// A request, and whether this call made it (else it was there already).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Asked {
    pub alert: RestockAlert,
    pub created: bool,
}

#[derive(new)]
pub struct RestockAlerts {
    alerts: Arc<dyn RestockAlertRepository>,
    products: Arc<dyn ProductRepository>,
    clock: Arc<dyn Clock>,
    ids: Arc<dyn IdGenerator>,
}

impl RestockAlerts {
    /// Asks to be told when `variant` of `product` (`None`: a one-size product) is back: only
    /// while it is sold out; asking again keeps the first request.
    pub async fn ask(
        &self,
        shopper: &User,
        product: &ProductId,
        variant: Option<VariantId>,
    ) -> Result<Asked, RestockError> {
        let found =
            find_product(self.products.as_ref(), product, FindProductError::NotFound).await?;
        may_ask(&found, variant.as_ref())?;
        let alert = RestockAlert {
            id: RestockAlertId::parse(&self.ids.new_id())
                .expect("the id generator makes valid ids"),
            user_id: shopper.id.clone(),
            product_id: product.clone(),
            variant_id: variant,
            created_at: self.clock.now(),
            answered_at: None,
        };
        match self.alerts.ask(&alert).await? {
            AskOutcome::Asked => Ok(Asked {
                alert,
                created: true,
            }),
            AskOutcome::AlreadyAsked(kept) => Ok(Asked {
                alert: kept,
                created: false,
            }),
            AskOutcome::InStock => Err(RestockRefusal::InStock.into()),
        }
    }

    pub async fn mine(
        &self,
        shopper: &User,
        page: Page,
    ) -> Result<(Vec<RestockRequest>, u64), RestockError> {
        Ok(self.alerts.mine(&shopper.id, page).await?)
    }

    pub async fn cancel(&self, shopper: &User, id: &RestockAlertId) -> Result<(), RestockError> {
        self.alerts
            .cancel(&shopper.id, id)
            .await
            .map_err(|e| match e {
                RepoError::NotFound => RestockError::NotFound,
                other => other.into(),
            })
    }

    /// The sizes most waited for (`products.manage`): what to reorder.
    pub async fn most_requested(
        &self,
        actor: &User,
        page: Page,
    ) -> Result<(Vec<RestockDemand>, u64), RestockError> {
        require(actor, Permission::ProductsManage)?;
        Ok(self.alerts.most_requested(page).await?)
    }
}

#[cfg(test)]
mod tests;
