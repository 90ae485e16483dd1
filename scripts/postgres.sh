#!/usr/bin/env bash
# Starts or stops a throwaway PostgreSQL server for the tests, on loopback,
# with its data in a temporary folder; `start` prints the URL to export as
# RECKON_TEST_POSTGRES. Debian's postgresql package provides the server
# (apt-get install postgresql); the server runs as the postgres user.
#
#   export RECKON_TEST_POSTGRES=$(scripts/postgres.sh start)
#   go test ./...
#   scripts/postgres.sh stop
set -euo pipefail
dir=${RECKON_PG_DIR:-/tmp/reckon-postgres}
port=${RECKON_PG_PORT:-54329}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case "${1:-}" in
start)
	if [ -z "$bin" ]; then
		apt-get update -qq >&2 && apt-get install -y -qq postgresql >/dev/null
		bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
	fi
	rm -rf "$dir" && mkdir -p "$dir"
	[ "$(id -u)" = 0 ] && chown postgres "$dir"
	as_pg "$bin/initdb" -D "$dir/data" -A trust -U postgres >"$dir/initdb.log"
	as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
		-o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
	echo "postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"
	;;
stop)
	[ -d "$dir/data" ] && as_pg "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
	rm -rf "$dir"
	;;
*)
	echo "usage: $0 start|stop" >&2
	exit 2
	;;
esac
