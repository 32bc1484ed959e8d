#!/bin/sh
# Runs once, when the primary's data folder is created (docker-entrypoint-initdb.d):
#   - team_app, the role the APIs and projectors connect as (least privilege: `npm run migrate`,
#     run as the owner POSTGRES_USER by the compose `migrate` service, grants it reading and
#     appending events and nothing that changes them);
#   - replicator, the role the streaming replica connects as, and the pg_hba line for it.
# Passwords reach SQL only as psql variables (:'name' quotes them as literals), never pasted
# into the statement: a quote or backslash in a password cannot change the SQL.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v app_password="$APP_DB_PASSWORD" -v replication_password="$REPLICATION_PASSWORD" <<'SQL'
CREATE ROLE team_app WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD :'app_password';
CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD :'replication_password';
SQL
echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
