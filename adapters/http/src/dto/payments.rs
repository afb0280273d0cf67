//! The payment methods' shapes.

use super::names::{PaymentKindName, PaymentMethodName};
use application::payments::OfferedMethod;
use serde::Serialize;
use utoipa::ToSchema;

/// A way to pay: a wallet lists its numbers' two-digit prefixes (after 252), so a number
/// typed picks its wallet.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentMethodDto {
    #[schema(value_type = PaymentMethodName)]
    pub id: &'static str,
    pub name: &'static str,
    #[schema(value_type = PaymentKindName)]
    pub kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub prefixes: Option<Vec<&'static str>>,
    /// False while this shop has not set up the method's provider.
    pub available: bool,
}

impl From<OfferedMethod> for PaymentMethodDto {
    fn from(offered: OfferedMethod) -> Self {
        let method = offered.method;
        let prefixes = method.prefixes();
        Self {
            id: method.id(),
            name: method.name(),
            kind: method.kind().id(),
            prefixes: (!prefixes.is_empty()).then_some(prefixes),
            available: offered.available,
        }
    }
}
