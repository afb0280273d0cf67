-- Goes up with every password change; session tokens carry the version they were issued at.
ALTER TABLE users ADD COLUMN token_version BIGINT NOT NULL DEFAULT 0;
