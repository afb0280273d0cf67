-- The language the shopper last used (en, so): their e-mails and text messages follow it.
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
