ALTER TABLE products DROP COLUMN colour_pictures;
