//! utoipa leaves every `Option` field out of `required`, which is right for a request body
//! (the field may be left out) but not for a reply: serde writes an `Option` as `null`, so a
//! reply always has the field. Without this, a client generated from the document (the
//! frontend's types) reads every such field as possibly missing.
//!
//! Replies are the schemas named `…Dto`. A reply field that serde leaves out when it has no
//! value (`skip_serializing_if`) is declared `nullable = false`, so it is never `null` and
//! stays optional here.

use serde_json::Value;

/// Whether a property's schema admits `null`: `type: [.., "null"]`, or a `oneOf` with a
/// `{"type": "null"}` (how utoipa writes an optional reference).
fn admits_null(property: &Value) -> bool {
    let null_type = |schema: &Value| match &schema["type"] {
        Value::String(name) => name == "null",
        Value::Array(names) => names.iter().any(|name| name == "null"),
        _ => false,
    };
    null_type(property)
        || property["oneOf"]
            .as_array()
            .is_some_and(|options| options.iter().any(null_type))
}

/// Marks every property of a reply schema that admits `null` as required.
pub(super) fn require_reply_nulls(doc: &mut Value) {
    let Some(schemas) = doc
        .pointer_mut("/components/schemas")
        .and_then(Value::as_object_mut)
    else {
        return;
    };
    for (_, schema) in schemas.iter_mut().filter(|(name, _)| name.ends_with("Dto")) {
        // A reply made of others (`allOf`) has its own properties in one of the parts.
        let parts = match schema.get_mut("allOf").and_then(Value::as_array_mut) {
            Some(parts) => parts.iter_mut().collect::<Vec<_>>(),
            None => vec![schema],
        };
        for part in parts {
            let nullable: Vec<Value> = part["properties"]
                .as_object()
                .into_iter()
                .flatten()
                .filter(|(_, property)| admits_null(property))
                .map(|(name, _)| Value::from(name.as_str()))
                .collect();
            if nullable.is_empty() {
                continue;
            }
            let required = part
                .as_object_mut()
                .expect("a schema with properties is an object")
                .entry("required")
                .or_insert_with(|| Value::Array(Vec::new()));
            if let Value::Array(required) = required {
                for name in nullable {
                    if !required.contains(&name) {
                        required.push(name);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_replys_null_fields_become_required_and_a_bodys_stay_optional() {
        let optional_ref =
            json!({"oneOf": [{"$ref": "#/components/schemas/AddressDto"}, {"type": "null"}]});
        let mut doc = json!({"components": {"schemas": {
            "OrderDto": {"type": "object", "required": ["_id"], "properties": {
                "_id": {"type": "string"},
                "deliveredAt": {"type": ["string", "null"]},
                "shippingAddress": optional_ref,
                "hidden": {"type": "boolean"}
            }},
            "UpdatedUserDto": {"allOf": [
                {"$ref": "#/components/schemas/UserDto"},
                {"type": "object", "properties": {"token": {"type": "string"}, "note": {"type": ["string", "null"]}}}
            ]},
            "CheckoutBody": {"type": "object", "properties": {"paymentPhone": {"type": ["string", "null"]}}}
        }}});
        require_reply_nulls(&mut doc);
        let schemas = &doc["components"]["schemas"];
        assert_eq!(
            schemas["OrderDto"]["required"],
            json!(["_id", "deliveredAt", "shippingAddress"])
        );
        assert_eq!(schemas["OrderDto"].get("allOf"), None);
        assert_eq!(
            schemas["UpdatedUserDto"]["allOf"][1]["required"],
            json!(["note"])
        );
        assert_eq!(schemas["CheckoutBody"].get("required"), None);
    }
}
