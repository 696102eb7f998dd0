#!/usr/bin/env bash
# Makes sure what the test suites need is on this machine, from Debian's packages: Chromium for the browser
# journeys, PostgreSQL on 127.0.0.1:5432 with a database `test`, and Redis on 127.0.0.1:6379. Installs and starts
# only what is missing, so a machine that already runs them is left as it is. Run as root (CI).
set -euo pipefail

apt_ready=0
apt_install() {
  if [ "$apt_ready" = 0 ]; then
    apt-get update -qq
    apt_ready=1
  fi
  echo "--- installing $* from Debian's packages"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" > /dev/null
}

port_open() { (exec 3<> "/dev/tcp/127.0.0.1/$1") 2> /dev/null; }

wait_for_port() {
  for _ in $(seq 1 60); do
    port_open "$1" && return 0
    sleep 0.5
  done
  echo "nothing answers on 127.0.0.1:$1 after 30 s ($2)" >&2
  return 1
}

[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || apt_install chromium

if ! port_open 5432; then
  command -v pg_ctlcluster > /dev/null || apt_install postgresql
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  if [ -z "$version" ]; then
    version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
    pg_createcluster "$version" main
  fi
  echo "--- starting PostgreSQL $version"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  wait_for_port 5432 PostgreSQL
  # A fresh cluster asks for a password on TCP: give the postgres role the one in TEST_DATABASE_URL.
  runuser -u postgres -- psql -qXc "alter role postgres password 'postgres'"
fi
if ! runuser -u postgres -- psql -qXtAc "select 1 from pg_database where datname = 'test'" 2> /dev/null | grep -q 1; then
  runuser -u postgres -- createdb test 2> /dev/null || true
fi

command -v redis-server > /dev/null || apt_install redis-server
if ! port_open 6379; then
  echo "--- starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no --logfile /tmp/ci-redis.log
  wait_for_port 6379 Redis
fi
