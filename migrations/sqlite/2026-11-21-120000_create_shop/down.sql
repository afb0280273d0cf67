DROP TABLE settings;
DROP TABLE order_lines;
DROP TABLE orders;
DROP TABLE wishlist_items;
DROP TABLE cart_items;
DROP TABLE products;
DROP TABLE users;
