-- Bumped with every change of the catalogue, in the same transaction: each shop process
-- compares it with the version of its cached product replies.
CREATE TABLE catalog_version (
    id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
    version BIGINT NOT NULL
);
INSERT INTO catalog_version (id, version) VALUES (1, 0);
