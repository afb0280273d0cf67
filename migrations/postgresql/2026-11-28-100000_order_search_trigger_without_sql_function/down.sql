CREATE FUNCTION order_search_terms_of(o orders) RETURNS TEXT[] LANGUAGE sql IMMUTABLE AS $$
    SELECT ARRAY(
        SELECT DISTINCT lower(t)
        FROM unnest(ARRAY[o.customer_name, o.customer_email, o.payment_phone, o.ship_phone]) AS t
        WHERE t <> ''
        ORDER BY 1
    )
$$;

CREATE OR REPLACE FUNCTION orders_search_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    terms TEXT[] := order_search_terms_of(NEW);
BEGIN
    INSERT INTO order_search_terms (term) SELECT unnest(terms) ON CONFLICT (term) DO NOTHING;
    INSERT INTO order_search_links (term_id, order_id)
        SELECT id, NEW.id FROM order_search_terms WHERE term = ANY (terms);
    RETURN NULL;
END
$$;

ALTER TABLE order_search_links
    ADD CONSTRAINT order_search_links_term_id_fkey
        FOREIGN KEY (term_id) REFERENCES order_search_terms (id),
    ADD CONSTRAINT order_search_links_order_id_fkey
        FOREIGN KEY (order_id) REFERENCES orders (id);
