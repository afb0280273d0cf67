//! How a `Letter` reads as an e-mail: a plain text part, and a simple HTML part with every
//! piece of text escaped (names and addresses come from shoppers).

use domain::notification::Letter;
use v_htmlescape::escape;

pub fn plain_text(letter: &Letter) -> String {
    let mut text = format!("{}\n\n", letter.greeting);
    for paragraph in &letter.paragraphs {
        text.push_str(paragraph);
        text.push_str("\n\n");
    }
    if !letter.table.is_empty() {
        let width = letter
            .table
            .iter()
            .map(|(left, _)| left.chars().count())
            .max()
            .unwrap_or(0);
        for (left, right) in &letter.table {
            text.push_str(&format!("  {left:<width$}  {right}\n"));
        }
        text.push('\n');
    }
    if let Some((label, url)) = &letter.link {
        text.push_str(&format!("{label}: {url}\n\n"));
    }
    text.push_str("-- \n");
    text.push_str(&letter.signature);
    text.push('\n');
    text
}

pub fn html(letter: &Letter) -> String {
    let mut html = String::from(
        "<!doctype html><html><body style=\"font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:16px\">",
    );
    html.push_str(&format!("<p>{}</p>", escape(&letter.greeting)));
    for paragraph in &letter.paragraphs {
        html.push_str(&format!("<p>{}</p>", escape(paragraph)));
    }
    if !letter.table.is_empty() {
        html.push_str("<table style=\"border-collapse:collapse;width:100%\">");
        let last = letter.table.len() - 1;
        for (row, (left, right)) in letter.table.iter().enumerate() {
            let weight = if row == last { "font-weight:bold;" } else { "" };
            html.push_str(&format!(
                "<tr><td style=\"{weight}padding:4px 0;border-top:1px solid #e5e7eb\">{}</td><td style=\"{weight}padding:4px 0;border-top:1px solid #e5e7eb;text-align:right\">{}</td></tr>",
                escape(left),
                escape(right)
            ));
        }
        html.push_str("</table>");
    }
    if let Some((label, url)) = &letter.link {
        html.push_str(&format!(
            "<p><a href=\"{}\" style=\"color:#be185d\">{}</a></p>",
            escape(url),
            escape(label)
        ));
    }
    html.push_str(&format!(
        "<p style=\"color:#6b7280;font-size:12px\">{}</p></body></html>",
        escape(&letter.signature)
    ));
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letter() -> Letter {
        Letter {
            subject: "Order #abc confirmed".into(),
            greeting: "Hello <Amina>,".into(),
            paragraphs: vec!["Thank you & welcome.".into()],
            table: vec![
                ("1 × Abaya".into(), "$40.00".into()),
                ("Total".into(), "$45.00".into()),
            ],
            link: Some((
                "View your order".into(),
                "https://shop.so/orders/1?a=1&b=2".into(),
            )),
            signature: "Dukaan · help@dukaan.so".into(),
            sms: String::new(),
        }
    }

    #[test]
    fn the_plain_text_lines_up_the_table_and_ends_with_the_signature() {
        let text = plain_text(&letter());
        assert!(text.starts_with("Hello <Amina>,\n\nThank you & welcome.\n\n"));
        assert!(text.contains("  1 × Abaya  $40.00\n  Total      $45.00\n"));
        assert!(text.contains("View your order: https://shop.so/orders/1?a=1&b=2\n"));
        assert!(text.ends_with("-- \nDukaan · help@dukaan.so\n"));
    }

    #[test]
    fn the_html_escapes_every_text() {
        let html = html(&letter());
        assert!(html.contains("<p>Hello &lt;Amina&gt;,</p>"));
        assert!(html.contains("Thank you &amp; welcome."));
        assert!(html.contains("href=\"https:&#x2f;&#x2f;shop.so&#x2f;orders&#x2f;1?a=1&amp;b=2\""));
        assert!(!html.contains("<Amina>"));
    }
}
