# postgres.sh (sourced): makes a PostgreSQL server available for the tests
# and exports PIXMART_TEST_POSTGRES_URL. Uses the one given, else the
# local server on 127.0.0.1:5432, else starts the Debian cluster, else
# installs PostgreSQL and starts a private cluster in a temp directory.

ensure_postgres() {
  if [ -n "${PIXMART_TEST_POSTGRES_URL:-}" ]; then return 0; fi
  need_cmd pg_isready postgresql-client
  if pg_isready -q -h 127.0.0.1 -p 5432; then
    export PIXMART_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:5432/postgres"
    return 0
  fi
  if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ] && [ -n "$(ls /etc/postgresql 2>/dev/null)" ]; then
    say "starting the local PostgreSQL cluster"
    local version
    version="$(ls /etc/postgresql | sort -V | tail -1)"
    pg_ctlcluster --skip-systemctl-redirect "$version" main start >&2 2>&1 || true
    for _ in $(seq 1 50); do
      if pg_isready -q -h 127.0.0.1 -p 5432; then
        export PIXMART_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:5432/postgres"
        return 0
      fi
      sleep 0.2
    done
  fi
  # A private throw-away cluster (trust auth) on a free port.
  local bindir
  bindir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
  if [ -z "$bindir" ]; then
    apt_install postgresql
    bindir="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
  fi
  local dir port runas=()
  dir="$(mktemp -d /tmp/pixmart-pg.XXXXXX)"
  port="$(free_port)"
  if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || die "PostgreSQL cannot run as root and there is no postgres user"
    chown postgres "$dir"
    runas=(runuser -u postgres --)
  fi
  say "starting a private PostgreSQL on port $port"
  "${runas[@]}" "$bindir/initdb" -D "$dir/data" -U postgres -A trust >/dev/null
  "${runas[@]}" "$bindir/pg_ctl" -D "$dir/data" -o "-p $port -k $dir -c listen_addresses=127.0.0.1" -l "$dir/log" -w start >/dev/null \
    || die "private PostgreSQL did not start (see $dir/log)"
  PRIVATE_PG_STOP=("${runas[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate stop)
  export PIXMART_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:${port}/postgres"
}
