DROP TRIGGER orders_search_on_insert ON orders;
DROP FUNCTION orders_search_on_insert();
DROP TABLE order_search_links;
DROP TABLE order_search_terms;
DROP FUNCTION order_search_terms_of(orders);
DROP INDEX orders_id_prefix;

CREATE INDEX orders_search_trgm ON orders USING gin (
    (lower(id || ' ' || customer_name || ' ' || customer_email || ' ' || payment_phone || ' ' || coalesce(ship_phone, ''))) gin_trgm_ops
);
