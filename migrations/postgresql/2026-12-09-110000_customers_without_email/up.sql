-- Customers without an e-mail (issue 45): staff take orders by phone for customers who have
-- none, so an account's e-mail may be empty; such an account is known by its phone, which no
-- other account without an e-mail may share.
ALTER TABLE users ALTER COLUMN email DROP NOT NULL;
CREATE UNIQUE INDEX users_phone_without_email ON users (phone) WHERE email IS NULL;
