DROP TABLE return_status_history;
DROP TABLE return_lines;
DROP TABLE returns;
ALTER TABLE orders DROP COLUMN returns_held;
