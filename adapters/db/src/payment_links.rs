//! Phone orders' payment links (`payment_links`): one row per order, holding only the hash of
//! the link's token.

use crate::connection::{write_transaction, DbConnection};
use crate::models::{from_db_time, order_id, to_db_time};
use crate::schema::payment_links;
use crate::{storage, Database};
use async_trait::async_trait;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use domain::payment_link::PaymentLink;
use domain::ports::{PaymentLinkRepository, RepoError};

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = payment_links)]
struct PaymentLinkRow {
    order_id: String,
    token_hash: String,
    created_at: NaiveDateTime,
    expires_at: NaiveDateTime,
}

impl PaymentLinkRow {
    fn into_domain(self) -> Result<PaymentLink, RepoError> {
        Ok(PaymentLink {
            order_id: order_id(&self.order_id)?,
            token_hash: self.token_hash,
            created_at: from_db_time(self.created_at),
            expires_at: from_db_time(self.expires_at),
        })
    }
}

#[async_trait]
impl PaymentLinkRepository for Database {
    async fn replace(&self, link: &PaymentLink) -> Result<(), RepoError> {
        let row = PaymentLinkRow {
            order_id: link.order_id.as_str().to_owned(),
            token_hash: link.token_hash.clone(),
            created_at: to_db_time(link.created_at),
            expires_at: to_db_time(link.expires_at),
        };
        self.write(move |conn| {
            // Two links sent at once for an order (a double click) both find no row to
            // update and both insert: the second insert loses on the key, and going again it
            // finds the row and replaces it.
            let mut result = replace_row(conn, &row);
            if matches!(result, Err(RepoError::Duplicate)) {
                result = replace_row(conn, &row);
            }
            result
        })
        .await
    }

    async fn find(&self, token_hash: &str) -> Result<Option<PaymentLink>, RepoError> {
        let token_hash = token_hash.to_owned();
        self.read_by_key(move |conn| {
            payment_links::table
                .filter(payment_links::token_hash.eq(&token_hash))
                .select(PaymentLinkRow::as_select())
                .first(conn)
                .optional()
                .map_err(storage)?
                .map(PaymentLinkRow::into_domain)
                .transpose()
        })
        .await
    }
}

/// Puts `row` in place of its order's link, in one transaction.
fn replace_row(conn: &mut DbConnection, row: &PaymentLinkRow) -> Result<(), RepoError> {
    write_transaction(conn, |conn| {
        let updated =
            diesel::update(payment_links::table.filter(payment_links::order_id.eq(&row.order_id)))
                .set((
                    payment_links::token_hash.eq(&row.token_hash),
                    payment_links::created_at.eq(row.created_at),
                    payment_links::expires_at.eq(row.expires_at),
                ))
                .execute(conn)?;
        if updated == 0 {
            diesel::insert_into(payment_links::table)
                .values(row)
                .execute(conn)?;
        }
        Ok(())
    })
    .map_err(storage)
}
