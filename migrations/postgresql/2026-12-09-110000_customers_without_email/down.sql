-- Fails while an account has no e-mail: give those accounts one first.
DROP INDEX users_phone_without_email;
ALTER TABLE users ALTER COLUMN email SET NOT NULL;
