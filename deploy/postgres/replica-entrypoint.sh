#!/bin/sh
# The read replica (READ_DATABASE_URL): on first start, a base backup of the primary with
# -R (standby.signal and primary_conninfo written for us), then PostgreSQL as a hot standby
# that replays the primary's WAL as it streams in.
set -eu
mkdir -p "$PGDATA"
chown postgres:postgres "$PGDATA"
chmod 0700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until gosu postgres env PGPASSWORD="$REPLICATION_PASSWORD" \
      pg_basebackup -h postgres -U replicator -D "$PGDATA" -R -X stream --checkpoint=fast; do
    echo "waiting for the primary to accept a base backup…"
    sleep 2
  done
fi
exec gosu postgres postgres -c hot_standby=on
