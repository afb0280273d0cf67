//! A served page's `<head>` tags: what search engines index and what a shared link's preview
//! (WhatsApp, Facebook, X) shows.

use domain::Money;
use maud::{html, Markup, PreEscaped};

/// The Open Graph kind of a page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageKind {
    Website,
    Product { price: Money },
}

/// Everything a page's head says, with absolute URLs.
#[derive(Clone, Debug)]
pub struct Head {
    /// The page's own title; the shop's name is added once, here.
    pub page_title: String,
    pub site_name: String,
    pub description: String,
    pub canonical: String,
    pub kind: PageKind,
    /// The picture a link preview shows.
    pub image: Option<String>,
    /// Search results, not-found and personal pages are followed but not indexed.
    pub indexable: bool,
    /// JSON-LD (schema.org) objects.
    pub structured_data: Vec<serde_json::Value>,
}

/// Search engines show about this many characters of a description.
const DESCRIPTION_CHARS: usize = 160;

/// `text` on one line, cut at a word before [`DESCRIPTION_CHARS`] with an ellipsis.
pub fn description_of(text: &str) -> String {
    let one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if one_line.chars().count() <= DESCRIPTION_CHARS {
        return one_line;
    }
    let cut: String = one_line.chars().take(DESCRIPTION_CHARS - 1).collect();
    let at_word = cut.rfind(' ').map_or(cut.as_str(), |at| &cut[..at]);
    format!("{}…", at_word.trim_end_matches([',', '.', ';', ':']))
}

impl Head {
    pub fn title(&self) -> String {
        format!("{} | {}", self.page_title, self.site_name)
    }

    pub fn render(&self) -> Markup {
        let title = self.title();
        let (og_type, price) = match self.kind {
            PageKind::Website => ("website", None),
            PageKind::Product { price } => ("product", Some(price)),
        };
        let card = if self.image.is_some() {
            "summary_large_image"
        } else {
            "summary"
        };
        html! {
            title { (title) }
            meta name="description" content=(self.description);
            link rel="canonical" href=(self.canonical);
            @if !self.indexable {
                meta name="robots" content="noindex, follow";
            }
            meta property="og:site_name" content=(self.site_name);
            meta property="og:type" content=(og_type);
            meta property="og:title" content=(title);
            meta property="og:description" content=(self.description);
            meta property="og:url" content=(self.canonical);
            meta property="og:locale" content="en_US";
            @if let Some(image) = &self.image {
                meta property="og:image" content=(image);
                meta property="og:image:alt" content=(self.page_title);
            }
            @if let Some(price) = price {
                meta property="product:price:amount" content=(format!("{:.2}", price.as_dollars()));
                meta property="product:price:currency" content="USD";
            }
            meta name="twitter:card" content=(card);
            meta name="twitter:title" content=(title);
            meta name="twitter:description" content=(self.description);
            @if let Some(image) = &self.image {
                meta name="twitter:image" content=(image);
            }
            @for data in &self.structured_data {
                script type="application/ld+json" { (PreEscaped(json_in_script(data))) }
            }
        }
    }
}

/// JSON that cannot end its `<script>` early: `<`, `>` and `&` as JSON escapes.
fn json_in_script(value: &serde_json::Value) -> String {
    value
        .to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn head() -> Head {
        Head {
            page_title: "Dress <b>\"new\"</b>".into(),
            site_name: "Dukaan".into(),
            description: "Soft & light".into(),
            canonical: "https://shop.so/product/p1".into(),
            kind: PageKind::Product {
                price: Money::from_cents(2450).unwrap(),
            },
            image: Some("https://shop.so/uploads/x.jpg".into()),
            indexable: true,
            structured_data: vec![json!({ "name": "</script><script>alert(1)</script>" })],
        }
    }

    #[test]
    fn text_is_escaped_and_the_shop_name_comes_once() {
        let html = head().render().into_string();
        assert!(html.contains("<title>Dress &lt;b&gt;&quot;new&quot;&lt;/b&gt; | Dukaan</title>"));
        assert!(html.contains("<meta name=\"description\" content=\"Soft &amp; light\">"));
        assert!(html.contains("<link rel=\"canonical\" href=\"https://shop.so/product/p1\">"));
        assert!(html.contains("<meta property=\"product:price:amount\" content=\"24.50\">"));
        assert!(html.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"));
        assert_eq!(html.matches("Dukaan").count(), 4, "{html}");
        assert!(!html.contains("noindex"));
    }

    #[test]
    fn structured_data_cannot_close_its_script() {
        let html = head().render().into_string();
        assert_eq!(html.matches("</script>").count(), 1);
        assert!(html.contains("\\u003c/script\\u003e\\u003cscript\\u003ealert(1)"));
        let json = html
            .split("<script type=\"application/ld+json\">")
            .nth(1)
            .and_then(|rest| rest.split("</script>").next())
            .unwrap();
        let parsed: serde_json::Value = serde_json::from_str(json).unwrap();
        assert_eq!(parsed["name"], "</script><script>alert(1)</script>");
    }

    #[test]
    fn a_page_kept_out_of_the_index_says_so() {
        let mut head = head();
        head.indexable = false;
        head.image = None;
        let html = head.render().into_string();
        assert!(html.contains("<meta name=\"robots\" content=\"noindex, follow\">"));
        assert!(html.contains("content=\"summary\""));
        assert!(!html.contains("og:image"));
    }

    #[test]
    fn a_long_description_is_cut_at_a_word() {
        let text = format!("{} end", "word ".repeat(40));
        let cut = description_of(&text);
        assert!(cut.chars().count() <= DESCRIPTION_CHARS);
        assert!(cut.ends_with("word…"), "{cut}");
        assert_eq!(description_of("  Soft\n\nlinen  "), "Soft linen");
    }
}
