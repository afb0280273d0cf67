//! The served body of each public page: plain, semantic HTML with what a crawler and a link
//! preview need (name, price, picture, description, links to the products), drawn with the
//! app's own classes and sizes so that nothing moves when the app replaces it. Texts are the
//! app's English ones (`frontend/src/i18n/locales/en.po`).

use domain::product::{Category, Product, StockStatus};
use maud::{html, Markup};

const PLACEHOLDER_IMAGE: &str = "/placeholder.svg";
const PRIMARY_BUTTON: &str = "inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white shadow-sm transition hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";
/// Grids draw this many card pictures at once (`EAGER_CARD_IMAGES` in the app).
const EAGER_CARD_IMAGES: usize = 4;
/// A grid's columns on a phone (`grid-cols-2`).
const PHONE_GRID_COLUMNS: usize = 2;

/// The category's name as its filter button says it.
pub fn category_name(category: Category) -> &'static str {
    match category {
        Category::Women => "Women",
        Category::Kids => "Kids",
        Category::Sales => "Sales",
    }
}

/// The page's content as the app's layout holds it; `data-served` tells the app's start
/// script (and the e2e suite) that the server drew it (frontend/src/lib/app-start.ts).
fn page(content: Markup) -> Markup {
    html! { main id="main" data-served class="min-h-screen flex-1" { (content) } }
}

/// A stored picture path as the app writes its `src`.
fn image_src(path: Option<&str>) -> String {
    match path {
        None | Some("") => PLACEHOLDER_IMAGE.to_owned(),
        Some(path) if path.starts_with('/') || path.starts_with("http") => path.to_owned(),
        Some(path) => format!("/{path}"),
    }
}

fn price(product: &Product, large: bool) -> Markup {
    let original = product.original_price().filter(|o| *o > product.price);
    let (price_size, original_size) = if large {
        ("text-3xl", "text-lg")
    } else {
        ("text-lg", "text-sm")
    };
    html! {
        div class="flex flex-wrap items-baseline gap-x-2 gap-y-1" {
            span class={ "font-bold text-stone-900 " (price_size) } { (product.price) }
            @if let Some(original) = original {
                span class="sr-only" { "Original price:" }
                s class={ "text-stone-500 " (original_size) } { (original) }
                span class="rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-semibold text-emerald-800" {
                    "Save " (original.saturating_sub(product.price))
                }
            }
        }
    }
}

fn stock_text(stock: u32) -> String {
    match StockStatus::of(stock) {
        StockStatus::OutOfStock => "Out of Stock".to_owned(),
        StockStatus::LowStock => format!("Only {stock} left in stock"),
        StockStatus::InStock => "In Stock".to_owned(),
    }
}

/// The product page: its picture (the page's largest paint), category, name, price,
/// description and stock.
pub fn product(product: &Product) -> Markup {
    let full = product.cover().map(|i| i.full.as_str());
    let src = image_src(full);
    // The app's responsive sources: the 320 px thumbnail and the 800 px full size.
    let srcset = product
        .cover()
        .filter(|i| !i.thumbnail.is_empty() && i.thumbnail != i.full)
        .map(|i| format!("{} 320w, {src} 800w", image_src(Some(&i.thumbnail))));
    let discount = product.discount.value();
    page(html! {
        div class="mx-auto grid max-w-6xl gap-8 px-4 py-8 md:grid-cols-2" {
            div {
                div class="relative overflow-hidden rounded-2xl bg-white ring-1 ring-stone-200" {
                    img src=(src) srcset=[srcset.as_deref()]
                        sizes=[srcset.as_ref().map(|_| "(min-width: 768px) 560px, 100vw")]
                        alt=(product.name) width="800" height="1000" loading="eager" fetchpriority="high"
                        class="bg-stone-100 object-cover aspect-[4/5] w-full";
                    @if discount > 0 {
                        span class="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white absolute left-3 top-3 text-sm" {
                            (discount) "% OFF"
                        }
                    }
                }
            }
            div class="flex flex-col gap-4" {
                p class="text-sm font-semibold uppercase tracking-wider text-brand-700" {
                    a href={ "/category/" (product.category.as_str()) } class="hover:underline" {
                        (category_name(product.category))
                    }
                }
                h1 class="text-2xl font-bold tracking-tight sm:text-3xl" { (product.name) }
                (price(product, true))
                p class="leading-relaxed text-stone-700" { (product.description) }
                p class="text-sm font-medium text-amber-900" { (stock_text(product.stock)) }
            }
        }
    })
}

/// A product card as the app's grids draw it, without its buttons (they need the app).
/// How a card's picture loads: the first row first of all (on a phone the largest paint),
/// the rest of the first screen at once, the others when scrolled to.
#[derive(Clone, Copy, PartialEq)]
enum Loading {
    FirstRow,
    Eager,
    Lazy,
}

impl Loading {
    fn of_card(position: usize) -> Self {
        if position < PHONE_GRID_COLUMNS {
            Self::FirstRow
        } else if position < EAGER_CARD_IMAGES {
            Self::Eager
        } else {
            Self::Lazy
        }
    }
}

fn card(product: &Product, heading_level: u8, loading: Loading) -> Markup {
    let href = format!("/product/{}", product.id.as_str());
    let picture = product.cover().map(|i| {
        if i.thumbnail.is_empty() {
            &i.full
        } else {
            &i.thumbnail
        }
    });
    let name = html! {
        a href=(href) class="hover:text-brand-700" { (product.name) }
    };
    let heading_class = "line-clamp-2 text-sm font-semibold text-stone-900 sm:text-base";
    html! {
        article class="group flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 transition hover:shadow-md" {
            div class="relative aspect-[4/5] overflow-hidden" {
                a href=(href) tabindex="-1" aria-hidden="true" {
                    img src=(image_src(picture.map(String::as_str))) alt="" width="400" height="500"
                        loading=(if loading == Loading::Lazy { "lazy" } else { "eager" })
                        fetchpriority=[(loading == Loading::FirstRow).then_some("high")]
                        class="bg-stone-100 object-cover h-full w-full";
                }
            }
            div class="flex flex-1 flex-col gap-1.5 p-3 sm:p-4" {
                @if heading_level == 2 {
                    h2 class=(heading_class) { (name) }
                } @else {
                    h3 class=(heading_class) { (name) }
                }
                (price(product, false))
                div class="mt-auto h-9" aria-hidden="true" {}
            }
        }
    }
}

fn grid(products: &[Product], heading_level: u8) -> Markup {
    html! {
        div class="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4" {
            @for (i, product) in products.iter().enumerate() {
                (card(product, heading_level, Loading::of_card(i)))
            }
        }
    }
}

fn count(total: u64) -> String {
    if total == 1 {
        "1 product".to_owned()
    } else {
        format!("{total} products")
    }
}

/// What a list page shows above its grid.
pub enum ListHeader {
    /// A category page (`None`: all products) with the category buttons.
    Category(Option<Category>),
    NewArrivals,
    Search,
}

/// A list page: its heading and the first page of its products as links.
pub fn list(header: &ListHeader, heading: &str, products: &[Product], total: u64) -> Markup {
    let pill = |active: bool| {
        if active {
            "whitespace-nowrap rounded-full px-4 py-2 text-sm font-semibold ring-1 transition bg-stone-900 text-white ring-stone-900"
        } else {
            "whitespace-nowrap rounded-full px-4 py-2 text-sm font-semibold ring-1 transition bg-white text-stone-800 ring-stone-300 hover:ring-stone-500"
        }
    };
    page(html! {
        div class="mx-auto max-w-7xl px-4 py-8" {
            @match header {
                ListHeader::Category(current) => {
                    h1 class="text-3xl font-bold tracking-tight" { (heading) }
                    nav aria-label="Categories" class="-mx-4 mt-5 overflow-x-auto px-4 pb-2" {
                        ul class="flex gap-2" {
                            li { a href="/category" class=(pill(current.is_none())) { "All Products" } }
                            @for category in Category::ALL {
                                li {
                                    a href={ "/category/" (category.as_str()) } class=(pill(*current == Some(category))) {
                                        (category_name(category))
                                    }
                                }
                            }
                        }
                    }
                }
                ListHeader::NewArrivals => {
                    h1 class="text-3xl font-bold tracking-tight" { (heading) }
                    p class="mt-1 text-stone-600" { "The latest styles, just added." }
                }
                ListHeader::Search => {
                    h1 class="text-2xl font-bold tracking-tight sm:text-3xl" { (heading) }
                    p class="mt-1 text-stone-600" { (total) " product(s) found" }
                }
            }
            div class="mt-6" {
                @if !matches!(header, ListHeader::Search) {
                    p class="mb-4 text-sm text-stone-600" { (count(total)) }
                }
                (grid(products, 2))
            }
        }
    })
}

/// The home page: its heading, the hero's first slide and the newest products.
pub fn home(products: &[Product]) -> Markup {
    page(html! {
        h1 class="sr-only" { "Fashion for women and kids" }
        section aria-label="Featured collections" class="relative overflow-hidden" {
            div class="relative h-[360px] sm:h-[420px] lg:h-[480px]" {
                div class="absolute inset-0 bg-gradient-to-br from-amber-200 via-orange-100 to-rose-100" {
                    div class="mx-auto flex h-full max-w-7xl items-center px-6 sm:px-16" {
                        div class="relative z-10 max-w-lg" {
                            p class="text-sm font-semibold uppercase tracking-widest text-stone-700" { "Kids Collection" }
                            h2 class="mt-2 text-3xl font-extrabold leading-tight text-stone-900 sm:text-5xl" { "Little styles, big smiles" }
                            p class="mt-3 text-base text-stone-700 sm:text-lg" {
                                "Soft, playful outfits made for running, jumping and growing."
                            }
                            a href="/category" class="mt-6 inline-flex rounded-full bg-stone-900 px-6 py-3 font-semibold text-white shadow hover:bg-stone-700" {
                                "Shop Kids"
                            }
                        }
                    }
                }
            }
        }
        section {
            div class="mx-auto max-w-7xl px-4 py-10 sm:py-14" {
                div class="mb-6 flex items-end justify-between gap-4" {
                    h2 class="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl" { "Shop the collection" }
                    a href="/category" class="shrink-0 text-sm font-semibold text-brand-700 hover:underline" { "View all products" }
                }
                (grid(products, 3))
            }
        }
    })
}

/// The app's 'Page not found'.
pub fn not_found() -> Markup {
    page(html! {
        div class="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center" {
            h1 class="text-xl font-semibold text-stone-900" { "Page not found" }
            p class="text-stone-600" { "The page you are looking for does not exist." }
            div class="mt-2" { a href="/" class=(PRIMARY_BUTTON) { "Continue Shopping" } }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pages::site::tests::a_product;

    #[test]
    fn a_product_page_shows_name_price_picture_and_description() {
        let html = product(&a_product(3, 0)).into_string();
        assert!(html.starts_with("<main id=\"main\" data-served class=\"min-h-screen flex-1\">"));
        assert!(html.contains(
            "<h1 class=\"text-2xl font-bold tracking-tight sm:text-3xl\">Linen Wrap Dress</h1>"
        ));
        assert!(html.contains(">$24.50</span>"), "{html}");
        assert!(
            html.contains("<s class=\"text-stone-500 text-lg\">$35.00</s>"),
            "{html}"
        );
        assert!(html.contains("Save $10.50"));
        assert!(html.contains("30% OFF"));
        assert!(html.contains("src=\"/uploads/ab/x.jpg\""));
        assert!(html.contains("srcset=\"/uploads/ab/x-thumb.jpg 320w, /uploads/ab/x.jpg 800w\""));
        assert!(html.contains("width=\"800\" height=\"1000\""));
        assert!(html.contains("Soft &amp; light linen for hot days."));
        assert!(html.contains("Only 3 left in stock"));
        assert!(html.contains("<a href=\"/category/women\""));
    }

    #[test]
    fn a_list_links_every_product_with_its_picture() {
        let products = vec![a_product(20, 0)];
        let html = list(
            &ListHeader::Category(Some(Category::Women)),
            "Women Collection",
            &products,
            1,
        )
        .into_string();
        assert!(
            html.contains("<h1 class=\"text-3xl font-bold tracking-tight\">Women Collection</h1>")
        );
        assert!(html.contains("1 product<"));
        assert!(html.contains(
            "<a href=\"/product/p1\" class=\"hover:text-brand-700\">Linen Wrap Dress</a>"
        ));
        assert!(html.contains("src=\"/uploads/ab/x-thumb.jpg\" alt=\"\" width=\"400\" height=\"500\" loading=\"eager\""));
        assert_eq!(html.matches("bg-stone-900 text-white").count(), 1);
        assert!(html.contains("href=\"/category/women\" class=\"whitespace-nowrap rounded-full px-4 py-2 text-sm font-semibold ring-1 transition bg-stone-900"));
    }

    #[test]
    fn the_first_row_of_pictures_loads_first_and_the_first_screen_at_once() {
        let products: Vec<_> = (0..6).map(|_| a_product(3, 0)).collect();
        let html = home(&products).into_string();
        assert_eq!(html.matches("fetchpriority=\"high\"").count(), 2);
        assert_eq!(html.matches("loading=\"eager\"").count(), 4);
        assert_eq!(html.matches("loading=\"lazy\"").count(), 2);
    }

    #[test]
    fn hostile_names_stay_text() {
        let mut hostile = a_product(20, 0);
        hostile.name = "<script>alert(1)</script>".into();
        let html = home(&[hostile]).into_string();
        assert!(!html.contains("<script>"));
        assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    }
}
