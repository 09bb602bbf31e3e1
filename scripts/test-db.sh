#!/usr/bin/env bash
# Throwaway MongoDB-compatible database for tests: FerretDB 1.24.2 on SQLite.
# MongoDB itself can't be downloaded in our environments, FerretDB builds from the Go module proxy.
#
#   scripts/test-db.sh build          build/cache the binary, print its path
#   scripts/test-db.sh start [PORT]   start on 127.0.0.1:PORT (default 27018), print `export MONGO_URL=...`
#   scripts/test-db.sh stop  [PORT]   stop it and delete its data (safe if not running)
#   scripts/test-db.sh url   [PORT]   print the connection URL
#
# Typical use:  eval "$(scripts/test-db.sh start)"; pnpm test; scripts/test-db.sh stop
set -euo pipefail

VERSION=v1.24.2
BIN="${CRM_TOOLS_DIR:-$HOME/.cache/crm-tools}/bin/ferretdb-$VERSION"
PORT="${2:-27018}"
STATE="${TMPDIR:-/tmp}/crm-test-db-$PORT.env"

log() { echo "test-db: $*" >&2; }
die() { log "error: $*"; exit 1; }
url() { echo "mongodb://127.0.0.1:$PORT/"; }

build() {
  # --version also catches binaries built without version.txt, which panic at startup.
  if [[ -x "$BIN" ]] && "$BIN" --version >/dev/null 2>&1; then echo "$BIN"; return; fi
  command -v go >/dev/null || die "'go' not found; install Go >= 1.22 to build FerretDB (or put a binary at $BIN)"
  log "building FerretDB $VERSION (about 1-2 min the first time)..."
  local tmp; tmp="$(mktemp -d)"
  # `go install ...@version` fails here (the proxy refuses @v/list for the deprecation check),
  # so build from a throwaway module instead.
  (
    cd "$tmp"
    export GOWORK=off GOFLAGS=-mod=mod
    printf 'module ferretdbbuild\n\ngo 1.22\n\nrequire github.com/FerretDB/FerretDB %s\n' "$VERSION" >go.mod
    go mod download github.com/FerretDB/FerretDB
    # The module zip lacks the generated build/version/version.txt and FerretDB panics without it,
    # so build from a patched copy of the sources.
    cp -r "$(go list -m -f '{{.Dir}}' github.com/FerretDB/FerretDB)" src
    chmod -R u+w src
    echo "$VERSION" >src/build/version/version.txt
    go mod edit -replace=github.com/FerretDB/FerretDB=./src
    go build -o ferretdb github.com/FerretDB/FerretDB/cmd/ferretdb
  ) >&2 || { rm -rf "$tmp"; die "FerretDB build failed"; }
  mkdir -p "$(dirname "$BIN")"
  mv "$tmp/ferretdb" "$BIN"
  rm -rf "$tmp"
  echo "$BIN"
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; }

# Only trust the state file if its pid is still a FerretDB process (pids get reused).
running() {
  [[ -f "$STATE" ]] || return 1
  # shellcheck disable=SC1090
  source "$STATE"
  kill -0 "$DB_PID" 2>/dev/null && [[ "$(ps -p "$DB_PID" -o comm= 2>/dev/null)" == ferretdb* ]]
}

start() {
  if running; then
    log "already running on port $PORT (pid $DB_PID)"
    echo "export MONGO_URL=$(url) CRM_FERRETDB_BIN=$BIN"
    return
  fi
  stop # clean up leftovers of a crashed instance
  port_open && die "port $PORT is already in use by something else"
  build >/dev/null
  local dir; dir="$(mktemp -d "${TMPDIR:-/tmp}/crm-test-db-$PORT.XXXXXX")"
  # nohup + own log file: the server must not hold the caller's stdout, or `$(...)` never returns.
  nohup "$BIN" --handler=sqlite --sqlite-url="file:$dir/" --state-dir="$dir" \
    --listen-addr="127.0.0.1:$PORT" --debug-addr=- --telemetry=disable --log-level=ERROR \
    </dev/null >"$dir/ferretdb.log" 2>&1 &
  local pid=$!
  printf 'DB_PID=%q\nDB_DIR=%q\n' "$pid" "$dir" >"$STATE"
  for _ in $(seq 1 300); do
    if port_open; then
      log "FerretDB $VERSION listening on 127.0.0.1:$PORT (pid $pid, data $dir)"
      echo "export MONGO_URL=$(url) CRM_FERRETDB_BIN=$BIN"
      return
    fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  log "error: FerretDB did not come up on port $PORT (exited, or 30 s timeout); log tail:"
  tail -n 20 "$dir/ferretdb.log" >&2 || true
  stop
  exit 1
}

stop() {
  if running; then
    kill "$DB_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$DB_PID" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$DB_PID" 2>/dev/null || true
    log "stopped FerretDB on port $PORT"
  fi
  if [[ -f "$STATE" ]]; then
    # shellcheck disable=SC1090
    source "$STATE"
    if [[ -n "${DB_DIR:-}" ]]; then rm -rf "$DB_DIR"; fi
    rm -f "$STATE"
  fi
}

case "${1:-}" in
  build) build ;;
  start) start ;;
  stop) stop ;;
  url) url ;;
  *) echo "usage: $0 {build|start [PORT]|stop [PORT]|url [PORT]}" >&2; exit 2 ;;
esac
