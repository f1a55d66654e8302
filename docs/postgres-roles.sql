-- Roles and database for Scout's team index on PostgreSQL (README: "Team index on PostgreSQL").
-- Run once as a superuser, connected to any database; passwords come in as psql variables, never in this file:
--   psql "postgresql://postgres@localhost/postgres" -v writer_password=... -v reader_password=... -f docs/postgres-roles.sql
-- Safe to run again (for example to change a password): existing roles and the database are kept.
\set ON_ERROR_STOP on

-- scout_writer publishes snapshots (CI): it owns the database, so it creates and migrates the store's tables.
SELECT 'CREATE ROLE scout_writer' WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'scout_writer')\gexec
ALTER ROLE scout_writer WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD :'writer_password';

-- scout_reader pulls snapshots (agents): it can read the store and nothing else.
SELECT 'CREATE ROLE scout_reader' WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'scout_reader')\gexec
ALTER ROLE scout_reader WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD :'reader_password';

-- CREATE DATABASE cannot run inside a DO block or a transaction, hence \gexec.
SELECT 'CREATE DATABASE scout OWNER scout_writer ENCODING ''UTF8'' TEMPLATE template0'
WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'scout')\gexec
-- A new database lets every role connect (PUBLIC): only the two Scout roles may.
REVOKE ALL ON DATABASE scout FROM PUBLIC;
GRANT CONNECT ON DATABASE scout TO scout_reader;

\connect scout
-- The store's tables live in public: the writer owns it and creates there, nobody else may (PostgreSQL 15 and
-- later give public to the database owner already; older versions give it to the bootstrap superuser).
ALTER SCHEMA public OWNER TO scout_writer;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO scout_reader;
-- Tables that exist already, and every table the writer creates later (a new index schema version adds tables).
GRANT SELECT ON ALL TABLES IN SCHEMA public TO scout_reader;
ALTER DEFAULT PRIVILEGES FOR ROLE scout_writer IN SCHEMA public GRANT SELECT ON TABLES TO scout_reader;
