DROP TRIGGER orders_search_on_insert;
DROP TABLE orders_search;
DROP INDEX orders_total_created_at;
DROP INDEX orders_hold_expired;
DROP INDEX orders_payment_status_created_at;
DROP INDEX orders_status_created_at;
DROP INDEX orders_created_at_id;
CREATE INDEX orders_created_at ON orders (created_at);
