//! The admin's product list: `GET /api/admin/products?page=&limit=&q=&category=&stock=&sort=&dir=`.

use super::Page;
use super::{choice, page, Direction, InvalidListParameter, SearchText};
use crate::product::{Category, StockStatus};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProductSort {
    Name,
    Price,
    Stock,
    Category,
    CreatedAt,
}

/// The products to list, in which order, and which page of them.
#[derive(Debug, Clone, PartialEq)]
pub struct ProductQuery {
    /// In the name, description, category or tags.
    pub search: Option<SearchText>,
    pub category: Option<Category>,
    pub stock: Option<StockStatus>,
    pub sort: ProductSort,
    pub direction: Direction,
    pub page: Option<Page>,
}

/// The request's parameters as sent.
#[derive(Debug, Clone, Copy, Default)]
pub struct ProductListParams<'a> {
    pub page: Option<&'a str>,
    pub limit: Option<&'a str>,
    pub q: Option<&'a str>,
    pub category: Option<&'a str>,
    pub stock: Option<&'a str>,
    pub sort: Option<&'a str>,
    pub dir: Option<&'a str>,
}

impl ProductQuery {
    /// Without `sort`, the newest first.
    pub fn parse(params: &ProductListParams) -> Result<Self, InvalidListParameter> {
        let categories = Category::ALL.map(|c| (c.as_str(), c));
        let stock = [
            StockStatus::InStock,
            StockStatus::LowStock,
            StockStatus::OutOfStock,
        ]
        .map(|s| (s.as_str(), s));
        let sorts = [
            ("name", ProductSort::Name),
            ("price", ProductSort::Price),
            ("stock", ProductSort::Stock),
            ("category", ProductSort::Category),
            ("createdAt", ProductSort::CreatedAt),
        ];
        let sort = choice("sort", params.sort, &sorts)?;
        Ok(ProductQuery {
            search: SearchText::parse(params.q)?,
            category: choice("category", params.category, &categories)?,
            stock: choice("stock", params.stock, &stock)?,
            sort: sort.unwrap_or(ProductSort::CreatedAt),
            direction: Direction::parse(
                params.dir,
                match sort {
                    None | Some(ProductSort::CreatedAt) => Direction::Descending,
                    Some(_) => Direction::Ascending,
                },
            )?,
            page: page(params.page, params.limit)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(params: ProductListParams) -> Result<ProductQuery, String> {
        ProductQuery::parse(&params).map_err(|e| e.0)
    }

    #[test]
    fn every_parameter_is_read_and_the_newest_come_first_by_default() {
        let query = parse(ProductListParams {
            page: Some("3"),
            limit: Some("25"),
            q: Some("Dirac"),
            category: Some("kids"),
            stock: Some("lowStock"),
            sort: Some("price"),
            dir: None,
        })
        .unwrap();
        assert_eq!(query.search.unwrap().as_str(), "dirac");
        assert_eq!(query.category, Some(Category::Kids));
        assert_eq!(query.stock, Some(StockStatus::LowStock));
        assert_eq!(
            (query.sort, query.direction),
            (ProductSort::Price, Direction::Ascending)
        );
        assert_eq!(
            query.page,
            Some(Page {
                number: 3,
                size: 25
            })
        );
        let newest = parse(ProductListParams::default()).unwrap();
        assert_eq!(
            (newest.sort, newest.direction, newest.page),
            (ProductSort::CreatedAt, Direction::Descending, None)
        );
    }

    #[test]
    fn a_bad_parameter_is_refused_naming_it() {
        let cases = [
            (
                ProductListParams {
                    category: Some("men"),
                    ..Default::default()
                },
                "category must be one of women, kids, sales",
            ),
            (
                ProductListParams {
                    stock: Some("some"),
                    ..Default::default()
                },
                "stock must be one of inStock, lowStock, outOfStock",
            ),
            (
                ProductListParams {
                    sort: Some("rating"),
                    ..Default::default()
                },
                "sort must be one of name, price, stock, category, createdAt",
            ),
            (
                ProductListParams {
                    dir: Some("down"),
                    ..Default::default()
                },
                "dir must be one of asc, desc",
            ),
        ];
        for (params, message) in cases {
            assert_eq!(parse(params), Err(message.to_owned()), "{params:?}");
        }
    }
}
