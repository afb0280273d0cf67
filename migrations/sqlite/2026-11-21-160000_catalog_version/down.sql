DROP TABLE catalog_version;
