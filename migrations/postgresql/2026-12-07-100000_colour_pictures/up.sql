-- Each colour's own pictures (issue 44), as JSON: [{"colour", "pictures": [{"full",
-- "thumbnail"}]}] in the order their colours first got one.
ALTER TABLE products ADD COLUMN colour_pictures TEXT NOT NULL DEFAULT '[]';
