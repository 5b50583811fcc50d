#!/usr/bin/env bash
# What the test stages of .ci/run need beyond node_modules: Chromium, nginx, PostgreSQL and Redis. A tool that is
# missing is installed from Debian's packages and a service that is down is started; one that still cannot be
# reached fails the run, never skips its tests.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x "$CHROMIUM_PATH" ]; then
  # Debian's packages name their program: chromium-headless-shell or chromium.
  package=chromium
  [ "$(basename "$CHROMIUM_PATH")" = chromium-headless-shell ] && package=chromium-headless-shell
  echo "installing $package from Debian's packages"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package"
fi
"$CHROMIUM_PATH" --version
# The notifications walk needs the desktop browser beside the headless shell (e2e/support/chromium.ts).
DESKTOP_CHROMIUM="${CHROMIUM_DESKTOP_PATH:-/usr/bin/chromium}"
if [ ! -x "$DESKTOP_CHROMIUM" ]; then
  echo "installing chromium from Debian's packages"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
fi
"$DESKTOP_CHROMIUM" --version

# The scale-out suite proves two processes behind a real nginx (src/server/test/nginx.ts runs its own).
if ! command -v nginx >/dev/null; then
  echo "installing nginx from Debian's packages"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light
fi
nginx -v

echo "PostgreSQL at $PG_ADMIN_URL"
pg_up() { node .ci/pg.mjs ping "$PG_ADMIN_URL" >/dev/null 2>&1; }
if ! pg_up && command -v pg_ctlcluster >/dev/null; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start || true
  sleep 2
fi
pg_up || { echo "FAIL: PostgreSQL is not reachable at $PG_ADMIN_URL"; exit 1; }

echo "Redis at $REDIS_URL_CI"
redis_up() { node .ci/redis.mjs "$REDIS_URL_CI" >/dev/null 2>&1; }
if ! redis_up && command -v redis-server >/dev/null; then
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log || true
  sleep 1
fi
redis_up || { echo "FAIL: Redis is not reachable at $REDIS_URL_CI"; exit 1; }
