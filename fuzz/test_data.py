#!/usr/bin/env python3
"""Writes a schemathesis.toml that feeds the fuzzer ids of things that exist in the shop under
test, so that no call taking one in its path is fuzzed only into 404s: each such parameter
draws from the real values half of the time and is generated the other half. (Ids in request
bodies come from the document's links: schemathesis binds dictionaries to parameters only.)

Usage: fuzz/test_data.py BASE_URL ADMIN_TOKEN SHOPPER_TOKEN > schemathesis.toml
"""
import json
import sys
import urllib.request

base, admin, shopper = sys.argv[1:4]


def get(path, token):
    request = urllib.request.Request(base + path, headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=30) as reply:
        return json.load(reply)


def ids(rows, key="_id"):
    return [row[key] for row in rows if row.get(key)]


products = ids(get("/api/products?limit=20", admin))
# The shopper's own orders first: the shopper's run can only reach those.
orders = ids(get("/api/orders", shopper)) + ids(get("/api/orders/all?limit=10", admin))
reviews = get("/api/admin/reviews?limit=10", admin)
discounts = get("/api/admin/discounts?limit=10", admin)
dictionaries = {
    "products": products,
    "orders": orders,
    "returns": ids(get("/api/admin/returns?limit=10", admin)),
    "reviews": ids(reviews),
    "reviewed_products": [review["product"]["_id"] for review in reviews],
    "discounts": ids(discounts),
    # Shoppers only: the fuzzer must not lock itself out by deleting or demoting its admin.
    "users": ids(u for u in get("/api/users?limit=20", admin) if u.get("role") != "admin"),
    "notifications": ids(get("/api/admin/notifications?limit=10", admin)),
    "categories": ["women", "kids", "sales"],
    "tags": ["new", "sale"],
}

# Parameters by the paths they appear in: (path regex, where.parameter, dictionary).
BINDINGS = [
    (r"^/api/products/\{id\}(/reviews(/summary|/mine)?)?$", "path.id", "products"),
    (r"^/api/products/\{id\}/reviews/\{reviewId\}$", "path.id", "reviewed_products"),
    (r"^/api/products/\{id\}/reviews/\{reviewId\}$", "path.reviewId", "reviews"),
    (r"^/api/(cart|wishlist)/remove/\{productId\}$", "path.productId", "products"),
    (r"^/api/orders/\{id\}", "path.id", "orders"),
    (r"^/api/admin/returns/\{id\}$", "path.id", "returns"),
    (r"^/api/admin/reviews/\{id\}$", "path.id", "reviews"),
    (r"^/api/admin/discounts/\{id\}$", "path.id", "discounts"),
    (r"^/api/users/\{id\}$", "path.id", "users"),
    (r"^/api/admin/notifications/\{id\}/resend$", "path.id", "notifications"),
    (r"^/api/products/category/\{category\}$", "path.category", "categories"),
    (r"^/api/products/tag/\{tag\}$", "path.tag", "tags"),
]


def toml_string(value):
    return json.dumps(str(value))


print("# Written by fuzz/test_data.py for one run: ids that exist in the shop under test.")
for name, values in dictionaries.items():
    if values:
        print(f"\n[dictionaries.{name}]")
        print("values = [" + ", ".join(toml_string(v) for v in values) + "]")
by_path = {}
for regex, parameter, dictionary in BINDINGS:
    if dictionaries[dictionary]:
        by_path.setdefault(regex, []).append((parameter, dictionary))
for regex, bound in by_path.items():
    print("\n[[operations]]")
    print(f"include-path-regex = {toml_string(regex)}")
    entries = ", ".join(
        f'"{parameter}" = {{ dictionary = "{dictionary}", probability = 0.5 }}'
        for parameter, dictionary in bound
    )
    print(f"parameters = {{ {entries} }}")
