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

-- Searching 100,000 orders by a piece of the id, the customer's name, e-mail or phone: a
-- trigram index of that text in lower case. The expression is the one the list's query
-- uses (adapters/db/src/order_list.rs); pg_trgm is a trusted extension, which the
-- database's owner may create.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX orders_search_trgm ON orders USING gin (
    (lower(id || ' ' || customer_name || ' ' || customer_email || ' ' || payment_phone || ' ' || coalesce(ship_phone, ''))) gin_trgm_ops
);
