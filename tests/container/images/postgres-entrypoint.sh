#!/bin/sh
# As the official image's entrypoint does, in short: a first start creates the cluster with
# POSTGRES_USER as its superuser (password POSTGRES_PASSWORD, required over the network) and the
# database POSTGRES_DB; every start then runs the server as the postgres user, listening on every
# interface, as process 1.
set -eu
: "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}"
user=${POSTGRES_USER:-postgres}
database=${POSTGRES_DB:-$user}
mkdir -p "$PGDATA" /var/run/postgresql
chown postgres:postgres "$PGDATA" /var/run/postgresql
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  password=$(mktemp)
  printf '%s' "$POSTGRES_PASSWORD" > "$password"
  chown postgres "$password"
  setpriv --reuid=postgres --regid=postgres --init-groups initdb -D "$PGDATA" -U "$user" --pwfile="$password" --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$password"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  if [ "$database" != "postgres" ]; then
    echo "CREATE DATABASE \"$database\" OWNER \"$user\";" | setpriv --reuid=postgres --regid=postgres --init-groups postgres --single -D "$PGDATA" -j postgres >/dev/null
  fi
fi
exec setpriv --reuid=postgres --regid=postgres --init-groups postgres -D "$PGDATA" -c listen_addresses='*'
