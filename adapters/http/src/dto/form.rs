//! Reading loosely typed form values: numbers and yes/no as JSON or as HTML forms' text.

use serde::{Deserialize, Deserializer};
use serde_json::Value;

/// Present: `Some(number)` or `Some(None)` when it is not a number. Absent: `None`.
pub(crate) fn loose_number<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<Option<Option<f64>>, D::Error> {
    Ok(Some(parse_number(&Value::deserialize(d)?)))
}

pub fn parse_number(value: &Value) -> Option<f64> {
    match value {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse::<f64>().ok().filter(|n| n.is_finite()),
        _ => None,
    }
}

pub(crate) fn loose_bool<'de, D: Deserializer<'de>>(d: D) -> Result<Option<bool>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Bool(b) => Some(b),
        Value::String(s) => Some(parse_bool(&s)),
        _ => None,
    })
}

pub fn parse_bool(text: &str) -> bool {
    matches!(text.trim(), "true" | "on" | "1" | "yes")
}
