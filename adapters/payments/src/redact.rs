//! What providers say, made safe to show: phone numbers hidden.

/// Runs of 9 or more digits (phone numbers, national or with 252) replaced, for text shown
/// to staff and shoppers.
pub(crate) fn redact_numbers(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut digits = String::new();
    let flush = |digits: &mut String, out: &mut String| {
        if digits.len() >= 9 {
            out.push_str("***");
        } else {
            out.push_str(digits);
        }
        digits.clear();
    };
    for c in message.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            flush(&mut digits, &mut out);
            out.push(c);
        }
    }
    flush(&mut digits, &mut out);
    out
}
