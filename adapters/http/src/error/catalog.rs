//! The catalogue's, the cart's and the reviews' errors over HTTP.

use super::ApiError;
use application::cart::{
    AddToCartError, AddToWishlistError, ApplyDiscountError, RemoveFromCartError,
    RemoveFromWishlistError,
};
use application::catalog::colour_pictures::ColourPicturesError;
use application::catalog::sheet::ImportError;
use application::catalog::{
    CreateProductError, DeleteProductError, FindProductError, SearchError, UpdateProductError,
};
use application::restock::RestockError;
use application::reviews::{ProductReviewsError, ReviewChangeError, WriteReviewError};
use domain::message::texts::{
    CART_EMPTY, COLOUR_NOT_FOUND, COLOUR_PICTURES_BUSY, COLOUR_PICTURES_FULL,
    COLOUR_PICTURES_ORDER, COLOUR_PICTURE_NOT_FOUND, DISCOUNT_NOT_FOUND, NOT_A_BUYER, NOT_IN_CART,
    NOT_IN_WISHLIST, PRODUCT_NOT_FOUND, RESTOCK_IN_STOCK, RESTOCK_NOT_FOUND, RESTOCK_SIZE_NEEDED,
    REVIEW_NOT_FOUND, REVIEW_SORT_INVALID, SIZE_NOT_FOUND,
};
use domain::product::colour_pictures::{ColourPictureError, MAX_PER_COLOUR};
use domain::product_sheet::import::refusal_summary;
use domain::restock::RestockRefusal;

impl From<FindProductError> for ApiError {
    fn from(error: FindProductError) -> Self {
        match error {
            FindProductError::NotFound => Self::not_found(PRODUCT_NOT_FOUND),
            FindProductError::Store(error) => error.into(),
        }
    }
}

impl From<SearchError> for ApiError {
    fn from(error: SearchError) -> Self {
        match error {
            SearchError::Invalid(errors) => errors.into(),
            SearchError::Store(error) => error.into(),
        }
    }
}

impl From<CreateProductError> for ApiError {
    fn from(error: CreateProductError) -> Self {
        match error {
            CreateProductError::Refused(refusal) => refusal.into(),
            CreateProductError::Invalid(errors) => errors.into(),
            CreateProductError::Image(error) => error.into(),
            CreateProductError::Store(error) => error.into(),
        }
    }
}

impl From<UpdateProductError> for ApiError {
    fn from(error: UpdateProductError) -> Self {
        match error {
            UpdateProductError::Refused(refusal) => refusal.into(),
            UpdateProductError::Find(error) => error.into(),
            UpdateProductError::Invalid(errors) => errors.into(),
            UpdateProductError::Image(error) => error.into(),
            UpdateProductError::Store(error) => error.into(),
        }
    }
}

/// An import's bad rows are answered with the report itself (`routes::product_sheet`); as an
/// error alone they are its message.
impl From<ImportError> for ApiError {
    fn from(error: ImportError) -> Self {
        match error {
            ImportError::Refused(refusal) => refusal.into(),
            ImportError::Rows(errors) => Self::bad_request(refusal_summary(&errors)),
            ImportError::Store(error) => error.into(),
        }
    }
}

impl From<ColourPicturesError> for ApiError {
    fn from(error: ColourPicturesError) -> Self {
        match error {
            ColourPicturesError::Refused(refusal) => refusal.into(),
            ColourPicturesError::Find(error) => error.into(),
            ColourPicturesError::Rule(ColourPictureError::NoSuchColour) => {
                Self::not_found(COLOUR_NOT_FOUND)
            }
            ColourPicturesError::Rule(ColourPictureError::NoSuchPicture) => {
                Self::not_found(COLOUR_PICTURE_NOT_FOUND)
            }
            ColourPicturesError::Rule(ColourPictureError::Full) => {
                Self::invalid_field("image", COLOUR_PICTURES_FULL.with("max", MAX_PER_COLOUR))
            }
            ColourPicturesError::Rule(ColourPictureError::NotAnOrder) => {
                Self::invalid_field("images", COLOUR_PICTURES_ORDER)
            }
            ColourPicturesError::Image(error) => error.into(),
            ColourPicturesError::Store(error) => error.into(),
            ColourPicturesError::Busy => Self::conflict(COLOUR_PICTURES_BUSY),
        }
    }
}

impl From<RestockError> for ApiError {
    fn from(error: RestockError) -> Self {
        match error {
            RestockError::Refused(refusal) => refusal.into(),
            RestockError::Find(error) => error.into(),
            RestockError::Rule(RestockRefusal::InStock) => Self::conflict(RESTOCK_IN_STOCK),
            RestockError::Rule(RestockRefusal::SizeNeeded) => {
                Self::invalid_field("variantId", RESTOCK_SIZE_NEEDED)
            }
            RestockError::Rule(RestockRefusal::NoSuchSize) => Self::not_found(SIZE_NOT_FOUND),
            RestockError::NotFound => Self::not_found(RESTOCK_NOT_FOUND),
            RestockError::Store(error) => error.into(),
        }
    }
}

impl From<DeleteProductError> for ApiError {
    fn from(error: DeleteProductError) -> Self {
        match error {
            DeleteProductError::Refused(refusal) => refusal.into(),
            DeleteProductError::Find(error) => error.into(),
        }
    }
}

impl From<AddToCartError> for ApiError {
    fn from(error: AddToCartError) -> Self {
        match error {
            AddToCartError::ProductNotFound => Self::not_found(PRODUCT_NOT_FOUND),
            AddToCartError::Refused(refusal) => refusal.into(),
            AddToCartError::Store(error) => error.into(),
        }
    }
}

impl From<RemoveFromCartError> for ApiError {
    fn from(error: RemoveFromCartError) -> Self {
        match error {
            RemoveFromCartError::NotInCart => Self::not_found(NOT_IN_CART),
            RemoveFromCartError::Store(error) => error.into(),
        }
    }
}

impl From<AddToWishlistError> for ApiError {
    fn from(error: AddToWishlistError) -> Self {
        match error {
            AddToWishlistError::ProductNotFound => Self::not_found(PRODUCT_NOT_FOUND),
            AddToWishlistError::Store(error) => error.into(),
        }
    }
}

impl From<RemoveFromWishlistError> for ApiError {
    fn from(error: RemoveFromWishlistError) -> Self {
        match error {
            RemoveFromWishlistError::NotInWishlist => Self::not_found(NOT_IN_WISHLIST),
            RemoveFromWishlistError::Store(error) => error.into(),
        }
    }
}

impl From<ApplyDiscountError> for ApiError {
    fn from(error: ApplyDiscountError) -> Self {
        match error {
            ApplyDiscountError::UnknownCode => Self::not_found(DISCOUNT_NOT_FOUND),
            ApplyDiscountError::CartEmpty => Self::bad_request(CART_EMPTY),
            ApplyDiscountError::Refused(refusal) => Self::bad_request(refusal.message()),
            ApplyDiscountError::Store(error) => error.into(),
        }
    }
}

impl From<ProductReviewsError> for ApiError {
    fn from(error: ProductReviewsError) -> Self {
        match error {
            ProductReviewsError::InvalidSort => Self::bad_request(REVIEW_SORT_INVALID),
            ProductReviewsError::Find(error) => error.into(),
            ProductReviewsError::Store(error) => error.into(),
        }
    }
}

impl From<WriteReviewError> for ApiError {
    fn from(error: WriteReviewError) -> Self {
        match error {
            WriteReviewError::Invalid(errors) => errors.into(),
            WriteReviewError::Find(error) => error.into(),
            WriteReviewError::NotABuyer => Self::forbidden(NOT_A_BUYER),
        }
    }
}

impl From<ReviewChangeError> for ApiError {
    fn from(error: ReviewChangeError) -> Self {
        match error {
            ReviewChangeError::Refused(refusal) => refusal.into(),
            ReviewChangeError::NotFound => Self::not_found(REVIEW_NOT_FOUND),
            ReviewChangeError::Store(error) => error.into(),
        }
    }
}
