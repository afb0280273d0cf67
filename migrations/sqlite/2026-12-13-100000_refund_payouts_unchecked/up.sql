-- Which wallets a refund may be paid out to is the domain's rule (PaymentMethod::takes_payouts,
-- checked before any write): a CHECK listing them had to be migrated for every new wallet and
-- was found wanting only at run time. SQLite cannot drop a CHECK, so the table's stored text
-- loses it (as in the staff roles' migration); every row keeps its value.
PRAGMA writable_schema = ON;
UPDATE sqlite_master
SET sql = replace(sql,
    'CHECK (refund_paid_with IN (''cash'', ''evc-plus'', ''zaad'', ''sahal'', ''edahab''))', '')
WHERE type = 'table' AND name = 'returns';
PRAGMA writable_schema = OFF;
-- Any schema change moves the schema's version, so every open connection reads the new text.
CREATE TABLE refund_payouts_unchecked_schema_bump (done INTEGER);
DROP TABLE refund_payouts_unchecked_schema_bump;
