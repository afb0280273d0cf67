-- Which wallets a refund may be paid out to is the domain's rule (PaymentMethod::takes_payouts,
-- checked before any write): a CHECK listing them had to be migrated for every new wallet and
-- was found wanting only at run time.
ALTER TABLE returns DROP CONSTRAINT returns_refund_paid_with_check;
