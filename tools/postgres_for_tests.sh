#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests (tests/history/db), from the
# distribution's packages (apt-get install -y postgresql): never a mock.
#   tools/postgres_for_tests.sh start DIR [PORT]   -> prints the DSN to give the tests
#                                                     (HILO_FAST_TEST_POSTGRES)
#   tools/postgres_for_tests.sh stop DIR           -> stops it and removes DIR
# The cluster lives in DIR, listens on 127.0.0.1:PORT (default 54329) only,
# trusts local connections, and runs as user postgres when started by root
# (initdb refuses root).
set -euo pipefail
command=${1:?usage: $0 start|stop DIR [PORT]}
dir=${2:?usage: $0 start|stop DIR [PORT]}
port=${3:-54329}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "no PostgreSQL: apt-get install -y postgresql" >&2; exit 1; }
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case $command in
start)
    mkdir -p "$dir"
    [ "$(id -u)" != 0 ] || chown postgres "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U postgres -A trust --no-sync >"$dir/initdb.log"
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w start \
        -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off" >/dev/null
    as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres hilo_fast_test
    echo "postgresql://postgres@127.0.0.1:$port/hilo_fast_test"
    ;;
stop)
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    rm -rf "$dir"
    ;;
*)
    echo "usage: $0 start|stop DIR [PORT]" >&2
    exit 2
    ;;
esac
