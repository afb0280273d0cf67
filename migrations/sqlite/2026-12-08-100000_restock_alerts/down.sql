DROP TABLE restock_alerts;
