-- A PostgreSQL database for Boyi (several servers share it; deploy/README.md). Run once as
-- the database superuser, for example:  sudo -u postgres psql -f deploy/postgresql/setup.sql
-- then give the servers  "storage": "postgresql://boyi:PASSWORD@DBHOST/boyi"
-- (deploy/boyi-postgres.example.json). The servers create their tables at first start: the
-- role owns the database, which also lets it create the citext extension the schema uses.
CREATE ROLE boyi LOGIN PASSWORD 'change-me';
CREATE DATABASE boyi OWNER boyi ENCODING 'UTF8' TEMPLATE template0;
