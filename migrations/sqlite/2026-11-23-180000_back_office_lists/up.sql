-- The admin's order list, filtered and sorted by the server (issue 22): one index per
-- filter and sort, each ending in the tie-breakers, so a page is a walk down an index.
DROP INDEX orders_created_at;
CREATE INDEX orders_created_at_id ON orders (created_at, id);
CREATE INDEX orders_status_created_at ON orders (status, created_at, id);
CREATE INDEX orders_payment_status_created_at ON orders (payment_status, created_at, id);
CREATE INDEX orders_total_created_at ON orders (total_cents, created_at, id);
-- The few orders canceled because their payment hold ran out (the Orders screen counts
-- them on every visit).
CREATE INDEX orders_hold_expired ON orders (created_at, id) WHERE hold_expired_at IS NOT NULL;

-- Searching 100,000 orders by a piece of the id, the customer's name, e-mail or phone:
-- an FTS5 index of every trigram of that text. An order's searched text never changes
-- after it is placed, and orders are never deleted, so an insert trigger keeps it.
CREATE VIRTUAL TABLE orders_search USING fts5(order_id UNINDEXED, search_text, tokenize = 'trigram');
INSERT INTO orders_search (order_id, search_text)
    SELECT id, lower(id || ' ' || customer_name || ' ' || customer_email || ' ' || payment_phone || ' ' || coalesce(ship_phone, ''))
    FROM orders;
CREATE TRIGGER orders_search_on_insert AFTER INSERT ON orders BEGIN
    INSERT INTO orders_search (order_id, search_text)
    VALUES (new.id, lower(new.id || ' ' || new.customer_name || ' ' || new.customer_email || ' ' || new.payment_phone || ' ' || coalesce(new.ship_phone, '')));
END;
