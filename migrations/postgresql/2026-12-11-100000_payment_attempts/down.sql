DROP TABLE payment_attempts;
