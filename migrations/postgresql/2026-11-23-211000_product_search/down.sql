DROP TRIGGER product_search_on_update ON products;
DROP TRIGGER product_search_on_insert ON products;
DROP FUNCTION product_search_write();
DROP TABLE product_search;
