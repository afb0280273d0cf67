//! The built `index.html`, cut once at start where every served page puts its own head (title,
//! description, links, structured data) and its own body (inside the app's root, which the app
//! replaces when it starts).

use maud::Markup;

/// Where the page's body goes: right after the header frame inside `#root` (see
/// `frontend/index.html`).
const BODY_MARKER: &str = "<!--page-->";

/// `index.html` without its generic title and description, ready to take a page's own.
#[derive(Clone, Debug)]
pub struct IndexPage {
    /// Up to where the generic `<title>` was.
    before_head: String,
    /// From after the title to the body marker (the whole rest without a marker).
    between: String,
    /// From the body marker on; `None` when the page has no marker (then no body is served).
    after_body: Option<String>,
}

impl IndexPage {
    pub fn parse(index: &str) -> Self {
        let without_description = remove_tag(index, "<meta name=\"description\"", ">");
        let (before_head, rest) = match cut_out(&without_description, "<title>", "</title>") {
            Some((before, after)) => (before.to_owned(), after.to_owned()),
            None => match without_description.find("</head>") {
                Some(at) => (
                    without_description[..at].to_owned(),
                    without_description[at..].to_owned(),
                ),
                None => (String::new(), without_description),
            },
        };
        let (between, after_body) = match rest.split_once(BODY_MARKER) {
            Some((between, after)) => (between.to_owned(), Some(after.to_owned())),
            None => (rest, None),
        };
        Self {
            before_head,
            between,
            after_body,
        }
    }

    /// The page with this head and body.
    pub fn render(&self, head: &Markup, body: &Markup) -> String {
        let head = head.0.as_str();
        let body = body.0.as_str();
        let mut page = String::with_capacity(
            self.before_head.len() + head.len() + self.between.len() + body.len() + 4096,
        );
        page.push_str(&self.before_head);
        page.push_str(head);
        page.push_str(&self.between);
        if let Some(after) = &self.after_body {
            page.push_str(body);
            page.push_str(after);
        }
        page
    }
}

/// `text` without the first tag starting with `start` (up to and including `end`).
fn remove_tag(text: &str, start: &str, end: &str) -> String {
    match cut_out(text, start, end) {
        Some((before, after)) => format!("{before}{}", after.trim_start_matches(['\n', ' '])),
        None => text.to_owned(),
    }
}

/// What comes before `start` and after the first `end` behind it.
fn cut_out<'a>(text: &'a str, start: &str, end: &str) -> Option<(&'a str, &'a str)> {
    let from = text.find(start)?;
    let to = from + text[from..].find(end)? + end.len();
    Some((&text[..from], &text[to..]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use maud::html;

    const INDEX: &str = "<html><head>\n<meta name=\"description\" content=\"Generic\" />\n\
        <title>Shop</title><script src=\"/a.js\"></script></head>\
        <body><div id=\"root\"><div>frame</div><!--page--></div></body></html>";

    #[test]
    fn a_page_gets_its_own_head_in_place_of_the_generic_title_and_description() {
        let page = IndexPage::parse(INDEX).render(
            &html! { title { "Dress | Shop" } },
            &html! { main { "Dress" } },
        );
        assert_eq!(
            page,
            "<html><head>\n<title>Dress | Shop</title><script src=\"/a.js\"></script></head>\
             <body><div id=\"root\"><div>frame</div><main>Dress</main></div></body></html>"
        );
    }

    #[test]
    fn the_real_index_page_has_the_places_pages_fill() {
        let index = include_str!("../../../../frontend/index.html");
        assert_eq!(index.matches(BODY_MARKER).count(), 1);
        let page = IndexPage::parse(index).render(&html! { title { "T" } }, &html! { main {} });
        assert_eq!(page.matches("<title>").count(), 1);
        assert_eq!(page.matches("name=\"description\"").count(), 0);
        assert!(page.contains("<main></main>"));
    }

    #[test]
    fn without_a_marker_the_page_is_served_without_a_body() {
        let page = IndexPage::parse("<head><title>x</title></head><body></body>")
            .render(&html! { title { "T" } }, &html! { main {} });
        assert_eq!(page, "<head><title>T</title></head><body></body>");
    }
}
