-- A bare checkout on PostgreSQL, for pgbench (-M prepared): the writes a checkout cannot do
-- without, on the shop's own tables, with no HTTP and no application in between. Each client
-- is one seeded shopper (bare_checkout_shoppers, by pgbench's client_id) buying one unit of a
-- size with plenty of stock (bare_checkout_items, :items of them): the cart line upserted;
-- then in one transaction the guarded stock decrements (the size and its product) and the
-- order (numbered from the `order_numbers` sequence, as the shop does) and its line inserted; then in another the order marked paid and the cart emptied.
-- One pgbench transaction is one order placed and paid. bench/run.sh makes both tables.
\set item random(0, :items - 1)
INSERT INTO cart_items (user_id, product_id, variant_id, quantity, created_at)
    SELECT s.user_id, i.product_id, i.variant_id, 1, now() AT TIME ZONE 'UTC'
    FROM bare_checkout_shoppers s, bare_checkout_items i
    WHERE s.client_id = :client_id AND i.item = :item
    ON CONFLICT (user_id, product_id, variant_id)
    DO UPDATE SET quantity = cart_items.quantity + 1;
BEGIN;
UPDATE product_variants SET stock = stock - 1
    WHERE id = (SELECT variant_id FROM bare_checkout_items WHERE item = :item) AND stock >= 1;
UPDATE products SET stock = stock - 1
    WHERE id = (SELECT product_id FROM bare_checkout_items WHERE item = :item) AND stock >= 1;
INSERT INTO orders (id, number, user_id, customer_name, customer_email, subtotal_cents,
        shipping_cents, total_cents, status, payment_status, payment_method, payment_phone,
        created_at, updated_at)
    SELECT gen_random_uuid()::text, nextval('order_numbers'), s.user_id, s.name, s.email, i.price_cents, 500,
        i.price_cents + 500, 'pending', 'pending', 'evc-plus', '615550123',
        now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
    FROM bare_checkout_shoppers s, bare_checkout_items i
    WHERE s.client_id = :client_id AND i.item = :item
    RETURNING id AS order_id
\gset
INSERT INTO order_lines (order_id, position, product_id, name, image, unit_price_cents,
        quantity, variant_id, size, colour, sku)
    SELECT :order_id, 0, product_id, name, image, price_cents, 1, variant_id, size, colour, sku
    FROM bare_checkout_items WHERE item = :item;
COMMIT;
BEGIN;
UPDATE orders SET payment_status = 'paid', transaction_id = 'bare-' || :order_id,
        updated_at = now() AT TIME ZONE 'UTC'
    WHERE id = :order_id;
DELETE FROM cart_items
    WHERE user_id = (SELECT user_id FROM bare_checkout_shoppers WHERE client_id = :client_id);
COMMIT;
