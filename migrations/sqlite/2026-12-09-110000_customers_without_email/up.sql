-- Customers without an e-mail (issue 45): staff take orders by phone for customers who have
-- none, so an account's e-mail may be empty; such an account is known by its phone, which no
-- other account without an e-mail may share. SQLite cannot drop NOT NULL in place: the table
-- is rebuilt with foreign keys off (metadata.toml runs this outside diesel's transaction), as
-- SQLite's documentation prescribes for such changes.
PRAGMA foreign_keys = OFF;
BEGIN;
CREATE TABLE users_rebuilt (
    id TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    -- stored lower-cased by the domain, so uniqueness is case-insensitive; NULL: none
    email TEXT UNIQUE,
    phone TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('user', 'admin', 'orders', 'stock', 'rider')),
    password_hash TEXT NOT NULL,
    must_change_password BOOLEAN NOT NULL DEFAULT 0,
    created_at DATETIME NOT NULL,
    token_version BIGINT NOT NULL DEFAULT 0,
    language TEXT NOT NULL DEFAULT 'en'
);
INSERT INTO users_rebuilt (id, name, email, phone, role, password_hash, must_change_password,
                           created_at, token_version, language)
    SELECT id, name, email, phone, role, password_hash, must_change_password, created_at,
           token_version, language
    FROM users;
DROP TABLE users;
ALTER TABLE users_rebuilt RENAME TO users;
CREATE INDEX users_created_at ON users (created_at);
CREATE UNIQUE INDEX users_phone_without_email ON users (phone) WHERE email IS NULL;
COMMIT;
PRAGMA foreign_keys = ON;
