#!/usr/bin/env python3
"""A bare checkout on SQLite: bench/bare-checkout.sql's writes on the shop's own tables.

    bare-checkout-sqlite.py DATABASE CLIENTS SECONDS WARMUP_SECONDS

Each of CLIENTS threads is one seeded shopper (bare_checkout_shoppers, which bench/run.sh
makes beside bare_checkout_items) with its own connection, set up as the shop sets up its
writing connection (PRAGMAS), buying one unit of a size with plenty of stock: the cart line
upserted; then in one transaction the guarded stock decrements (the size and its product)
and the order and its line inserted; then in another the order marked paid and the cart
emptied. Python's sqlite3 keeps each connection's statements prepared.

The clients take turns, one order at a time, on a lock, as the shop's requests hand their
writes to its one writing connection: left to SQLite's busy handler, which sleeps and
retries, some of 64 writers waited past busy_timeout and failed.

Orders placed after the warm-up are counted; prints `RESULT orders=N seconds=S
orders_per_s=R`, or exits non-zero when a client failed.
"""

import datetime
import random
import sqlite3
import sys
import threading
import time
import uuid

# The shop's writing connection's (adapters/db/src/connection.rs), whose checkpoints wait for
# 100,000 pages of log: the shop checkpoints on a thread of its own.
PRAGMAS = (
    "PRAGMA busy_timeout = 5000",
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = NORMAL",
    "PRAGMA foreign_keys = ON",
    "PRAGMA temp_store = MEMORY",
    "PRAGMA wal_autocheckpoint = 100000",
)

UPSERT_CART_LINE = """
    INSERT INTO cart_items (user_id, product_id, variant_id, quantity, created_at)
    VALUES (?, ?, ?, 1, ?)
    ON CONFLICT (user_id, product_id, variant_id)
    DO UPDATE SET quantity = cart_items.quantity + 1"""
TAKE_SIZE = "UPDATE product_variants SET stock = stock - 1 WHERE id = ? AND stock >= 1"
TAKE_PRODUCT = "UPDATE products SET stock = stock - 1 WHERE id = ? AND stock >= 1"
# Numbered one past the last, inside the immediate transaction, as the shop does.
INSERT_ORDER = """
    INSERT INTO orders (id, number, user_id, customer_name, customer_email, subtotal_cents,
        shipping_cents, total_cents, status, payment_status, payment_method, payment_phone,
        created_at, updated_at)
    VALUES (?, (SELECT COALESCE(MAX(number), 1000) + 1 FROM orders), ?, ?, ?, ?, 500, ?,
        'pending', 'pending', 'evc-plus', '615550123', ?, ?)"""
INSERT_LINE = """
    INSERT INTO order_lines (order_id, position, product_id, name, image, unit_price_cents,
        quantity, variant_id, size, colour, sku)
    VALUES (?, 0, ?, ?, ?, ?, 1, ?, ?, ?, ?)"""
MARK_PAID = """
    UPDATE orders SET payment_status = 'paid', transaction_id = ?, updated_at = ?
    WHERE id = ?"""
EMPTY_CART = "DELETE FROM cart_items WHERE user_id = ?"

SHOPPERS = "SELECT user_id, name, email FROM bare_checkout_shoppers ORDER BY client_id"
ITEMS = """
    SELECT product_id, variant_id, name, image, price_cents, size, colour, sku
    FROM bare_checkout_items ORDER BY item"""


def connect(path):
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    for pragma in PRAGMAS:
        conn.execute(pragma)
    return conn


def now():
    """UTC as the shop stores it."""
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S.%f")


def checkout(conn, shopper, item):
    user_id, name, email = shopper
    product_id, variant_id, product_name, image, price, size, colour, sku = item
    order_id = str(uuid.uuid4())
    conn.execute(UPSERT_CART_LINE, (user_id, product_id, variant_id, now()))
    conn.execute("BEGIN IMMEDIATE")
    conn.execute(TAKE_SIZE, (variant_id,))
    conn.execute(TAKE_PRODUCT, (product_id,))
    conn.execute(INSERT_ORDER, (order_id, user_id, name, email, price, price + 500, now(), now()))
    conn.execute(
        INSERT_LINE,
        (order_id, product_id, product_name, image, price, variant_id, size, colour, sku),
    )
    conn.execute("COMMIT")
    conn.execute("BEGIN IMMEDIATE")
    conn.execute(MARK_PAID, ("bare-" + order_id, now(), order_id))
    conn.execute(EMPTY_CART, (user_id,))
    conn.execute("COMMIT")


def main():
    path, clients = sys.argv[1], int(sys.argv[2])
    seconds, warmup = float(sys.argv[3]), float(sys.argv[4])
    setup = connect(path)
    shoppers = setup.execute(SHOPPERS).fetchall()
    items = setup.execute(ITEMS).fetchall()
    setup.close()
    if len(shoppers) < clients or not items:
        sys.exit(f"need {clients} shoppers and some items, found {len(shoppers)}, {len(items)}")

    start = time.monotonic()
    counted_from, stop = start + warmup, start + warmup + seconds
    counts = [0] * clients
    failures = []
    turn = threading.Lock()

    def client(index):
        conn = connect(path)
        pick = random.Random(index)
        try:
            while (moment := time.monotonic()) < stop:
                item = items[pick.randrange(len(items))]
                with turn:
                    checkout(conn, shoppers[index], item)
                if moment >= counted_from:
                    counts[index] += 1
        except sqlite3.Error as error:
            failures.append(f"client {index}: {error}")
        finally:
            conn.close()

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        sys.exit("bare checkout failed: " + "; ".join(failures))
    orders = sum(counts)
    print(f"RESULT orders={orders} seconds={seconds:.3f} orders_per_s={orders / seconds:.1f}")


if __name__ == "__main__":
    main()
