DROP TABLE product_units_sold;
DROP TABLE order_day_totals;
