//! The back office's lists (issue 22): orders, products and accounts searched, filtered,
//! sorted and paged by the server, with the total in `X-Total-Count`. Without parameters
//! the same calls still answer the whole list, for clients that never page.

use super::list_reply;
use crate::auth::CurrentUser;
use crate::dto::{orders, products, UserDto};
use crate::error::ApiError;
use crate::openapi::{BadRequest, Forbidden, Unauthenticated};
use crate::state::AppState;
use actix_web::{get, web, HttpResponse};
use domain::listing::orders::{OrderListParams, OrderQuery};
use domain::listing::products::{ProductListParams, ProductQuery};
use domain::listing::users::{UserListParams, UserQuery};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(all_orders)
        .service(admin_products)
        .service(list_users);
}

/// Every parameter is read as text, so that a bad one gets a message naming it.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct OrderListQuery {
    /// The page, from 1 (with `limit`: one page; neither: every order).
    page: Option<String>,
    /// Orders per page, 1 to 100 (default 20).
    limit: Option<String>,
    /// In the order id (whole, or the first characters), the customer's name, e-mail or
    /// phone, ignoring case; at most 100 characters.
    q: Option<String>,
    /// `pending`, `shipped`, `delivered` or `canceled`.
    status: Option<String>,
    /// `pending`, `paid`, `failed`, `refunded`, `awaiting` (unconfirmed payments of orders
    /// not canceled) or `holdExpired` (canceled when the payment hold ran out).
    payment_status: Option<String>,
    /// How it was paid: `evc-plus`, `zaad`, `sahal`, `edahab`, `card` or `cash-on-delivery`.
    payment_method: Option<String>,
    /// Where it was taken: `web` (checkout) or `phone` (by staff, in a call or a chat).
    channel: Option<String>,
    /// Phone orders taken by this staff member (their user id).
    taken_by: Option<String>,
    /// Placed at or after this RFC 3339 instant.
    from: Option<String>,
    /// Placed before this RFC 3339 instant.
    to: Option<String>,
    /// `date` (default), `total` or `status`; ties by date, in the same direction.
    sort: Option<String>,
    /// `asc` or `desc` (default).
    dir: Option<String>,
}

/// Orders (`orders.read`): searched, filtered and sorted, one page when asked.
#[utoipa::path(
    tag = "orders",
    security(("bearer" = ["orders.read"])),
    params(OrderListQuery),
    responses(
        (status = 200, body = [crate::dto::OrderDto], headers(("X-Total-Count" = u64, description = "How many orders match"))),
        BadRequest, Unauthenticated, Forbidden
    )
)]
#[get("/orders/all")]
async fn all_orders(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<OrderListQuery>,
) -> Result<HttpResponse, ApiError> {
    let query = OrderQuery::parse(&OrderListParams {
        page: query.page.as_deref(),
        limit: query.limit.as_deref(),
        q: query.q.as_deref(),
        status: query.status.as_deref(),
        payment_status: query.payment_status.as_deref(),
        payment_method: query.payment_method.as_deref(),
        channel: query.channel.as_deref(),
        taken_by: query.taken_by.as_deref(),
        from: query.from.as_deref(),
        to: query.to.as_deref(),
        sort: query.sort.as_deref(),
        dir: query.dir.as_deref(),
    })
    .map_err(ApiError::from)?;
    let (list, total) = state.shop.orders.all_orders(&user.0, &query).await?;
    Ok(list_reply(&orders(&list, &user.0), total))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProductListQuery {
    /// The page, from 1 (neither this nor `limit`: every product).
    page: Option<String>,
    /// Products per page, 1 to 100 (default 20).
    limit: Option<String>,
    /// In the name, description, category and tags, ignoring case.
    q: Option<String>,
    /// `women`, `kids` or `sales`.
    category: Option<String>,
    /// `inStock` (above 10), `lowStock` (1 to 10) or `outOfStock` (0).
    stock: Option<String>,
    /// `name`, `price`, `stock`, `category` or `createdAt` (default, newest first).
    sort: Option<String>,
    /// `asc` or `desc`; by default `desc` for `createdAt`, else `asc`.
    dir: Option<String>,
}

/// Products as the back office lists them (`products.manage`): searched, filtered and sorted,
/// one page when asked; ties newest first.
#[utoipa::path(
    tag = "products",
    security(("bearer" = ["products.manage"])),
    params(ProductListQuery),
    responses(
        (status = 200, body = [crate::dto::ProductDto], headers(("X-Total-Count" = u64, description = "How many products match"))),
        BadRequest, Unauthenticated, Forbidden
    )
)]
#[get("/admin/products")]
async fn admin_products(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<ProductListQuery>,
) -> Result<HttpResponse, ApiError> {
    let query = ProductQuery::parse(&ProductListParams {
        page: query.page.as_deref(),
        limit: query.limit.as_deref(),
        q: query.q.as_deref(),
        category: query.category.as_deref(),
        stock: query.stock.as_deref(),
        sort: query.sort.as_deref(),
        dir: query.dir.as_deref(),
    })
    .map_err(ApiError::from)?;
    let (list, total) = state.shop.catalog.admin_products(&user.0, &query).await?;
    Ok(list_reply(&products(&list), total))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UserListQuery {
    /// The page, from 1 (neither this nor `limit`: every account).
    page: Option<String>,
    /// Accounts per page, 1 to 100 (default 20).
    limit: Option<String>,
    /// In the name, e-mail or phone, ignoring case.
    q: Option<String>,
    /// A role's name: `user` (customers), `admin`, `orders`, `stock` or `rider`.
    role: Option<String>,
}

/// Accounts, oldest first (`users.manage`): searched and filtered, one page when asked.
#[utoipa::path(
    tag = "accounts",
    security(("bearer" = ["users.manage"])),
    params(UserListQuery),
    responses(
        (status = 200, body = [UserDto], headers(("X-Total-Count" = u64, description = "How many accounts match"))),
        BadRequest, Unauthenticated, Forbidden
    )
)]
#[get("/users")]
async fn list_users(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<UserListQuery>,
) -> Result<HttpResponse, ApiError> {
    let query = UserQuery::parse(&UserListParams {
        page: query.page.as_deref(),
        limit: query.limit.as_deref(),
        q: query.q.as_deref(),
        role: query.role.as_deref(),
    })
    .map_err(ApiError::from)?;
    let (users, total) = state.shop.accounts.list_users(&user.0, &query).await?;
    Ok(list_reply(
        &users.iter().map(UserDto::from).collect::<Vec<_>>(),
        total,
    ))
}
