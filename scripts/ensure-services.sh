#!/usr/bin/env bash
# Start the local PostgreSQL and Redis servers if they are not answering, and install Chromium for
# the browser tests if it is missing (CI and fresh machines).
# Never stops anything. Safe to run repeatedly.
set -u
pg_up() { pg_isready -q -h "${PGHOST:-127.0.0.1}" -p "${PGPORT:-5432}" 2>/dev/null; }
redis_up() { redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG; }

if ! pg_up; then
  echo "PostgreSQL is not answering on 127.0.0.1:5432; starting it"
  if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
    for v in $(ls /etc/postgresql); do pg_ctlcluster --skip-systemctl-redirect "$v" main start || true; done
  fi
  for _ in $(seq 1 30); do pg_up && break; sleep 0.5; done
  pg_up || echo "WARNING: PostgreSQL could not be started; PostgreSQL tests will say so and skip"
fi

if ! redis_up; then
  echo "Redis is not answering on 127.0.0.1:6379; starting it"
  if command -v redis-server >/dev/null 2>&1; then
    mkdir -p /tmp/chronicle-redis
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no \
      --dir /tmp/chronicle-redis --logfile /tmp/chronicle-redis/redis.log || true
  fi
  for _ in $(seq 1 30); do redis_up && break; sleep 0.2; done
  redis_up || echo "WARNING: Redis could not be started; Redis tests will say so and skip"
fi
# Chromium for the browser tests (Debian's package; Playwright never downloads a browser here)
if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
  echo "Chromium is not installed; installing Debian's chromium package for the browser tests"
  if [ "$(id -u)" = 0 ]; then
    (apt-get install -y -q chromium >/dev/null 2>&1 || (apt-get update -q >/dev/null 2>&1 && apt-get install -y -q chromium >/dev/null 2>&1)) || true
  elif command -v sudo >/dev/null 2>&1; then
    sudo -n apt-get install -y -q chromium >/dev/null 2>&1 || true
  fi
  command -v chromium >/dev/null 2>&1 || echo "WARNING: Chromium could not be installed; browser tests will say so and skip"
fi
exit 0
