-- Searching 10,000 products by a piece of their name, description, tags or category
-- (the catalogue's search and the admin's Products screen): LIKE over the four columns
-- of every product took ~25 ms, an FTS5 trigram index of the same text in lower case
-- ~4 ms. The fields are joined by a line break, which a search box cannot send, so a
-- search never matches across two fields. Triggers keep the index.
CREATE VIRTUAL TABLE product_search USING fts5(product_id UNINDEXED, search_text, tokenize = 'trigram');
INSERT INTO product_search (product_id, search_text)
    SELECT id, lower(name || char(10) || description || char(10) || tag_keys || char(10) || category)
    FROM products;
CREATE TRIGGER product_search_on_insert AFTER INSERT ON products BEGIN
    INSERT INTO product_search (product_id, search_text)
    VALUES (new.id, lower(new.name || char(10) || new.description || char(10) || new.tag_keys || char(10) || new.category));
END;
-- Only edits of the searched text: a sale's stock update does not touch the index.
CREATE TRIGGER product_search_on_update AFTER UPDATE OF name, description, tag_keys, category ON products BEGIN
    UPDATE product_search
    SET search_text = lower(new.name || char(10) || new.description || char(10) || new.tag_keys || char(10) || new.category)
    WHERE product_id = old.id;
END;
CREATE TRIGGER product_search_on_delete AFTER DELETE ON products BEGIN
    DELETE FROM product_search WHERE product_id = old.id;
END;
