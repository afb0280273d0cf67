//! What can end a write transaction early: a database failure, or an answer for the caller
//! (a store error of the port: out of stock, a stale order, the last admin…), carried out
//! of the transaction so it rolls back.

use crate::storage;
use domain::ports::{
    OrderStoreError, ProductStoreError, RepoError, ReturnStoreError, UserStoreError,
};

pub(crate) enum TxError<E> {
    Db(diesel::result::Error),
    Store(E),
}

impl<E> From<diesel::result::Error> for TxError<E> {
    fn from(error: diesel::result::Error) -> Self {
        TxError::Db(error)
    }
}

/// The store errors a transaction can end with; each wraps `RepoError` for storage failures.
macro_rules! store_error {
    ($($error:ident),*) => {$(
        impl From<$error> for TxError<$error> {
            fn from(error: $error) -> Self {
                TxError::Store(error)
            }
        }

        impl From<RepoError> for TxError<$error> {
            fn from(error: RepoError) -> Self {
                TxError::Store($error::Repo(error))
            }
        }

        impl From<TxError<$error>> for $error {
            fn from(error: TxError<$error>) -> Self {
                match error {
                    TxError::Db(error) => $error::Repo(storage(error)),
                    TxError::Store(error) => error,
                }
            }
        }
    )*};
}

store_error!(
    OrderStoreError,
    ProductStoreError,
    UserStoreError,
    ReturnStoreError
);
