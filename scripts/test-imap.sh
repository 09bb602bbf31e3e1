#!/usr/bin/env bash
# Throwaway IMAP server for tests (issue 35): Debian's Dovecot on loopback, one mailbox user
# from a passwd-file and a Maildir under a temporary folder, plain login without TLS (loopback
# only). Messages are delivered the way a mail server would leave them: by IMAP APPEND.
#
#   scripts/test-imap.sh start [PORT]   start on 127.0.0.1:PORT (default 10143), print `export IMAP_URL=...`
#   scripts/test-imap.sh stop  [PORT]   stop it and delete its mail (safe if not running)
#
# Typical use:  eval "$(scripts/test-imap.sh start)"; pnpm test; scripts/test-imap.sh stop
set -euo pipefail

PORT="${2:-10143}"
STATE="${TMPDIR:-/tmp}/crm-test-imap-$PORT.env"
# The sales mailbox the product reads; the password is a test's, never an operator's.
MAIL_USER="ventas@crm.test"
MAIL_PASSWORD="clave-de-prueba"

log() { echo "test-imap: $*" >&2; }
die() { log "error: $*"; exit 1; }
url() { echo "imap://ventas%40crm.test:$MAIL_PASSWORD@127.0.0.1:$PORT/INBOX"; }
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; }

dovecot_bin() {
  command -v dovecot 2>/dev/null || { [[ -x /usr/sbin/dovecot ]] && echo /usr/sbin/dovecot; } ||
    die "Dovecot not found: install Debian's dovecot-imapd (apt-get install dovecot-imapd)"
}

running() {
  [[ -f "$STATE" ]] || return 1
  # shellcheck disable=SC1090
  source "$STATE"
  [[ -f "$IMAP_DIR/run/master.pid" ]] && kill -0 "$(cat "$IMAP_DIR/run/master.pid")" 2>/dev/null
}

start() {
  if running; then
    log "already running on port $PORT"
    echo "export IMAP_URL=$(url)"
    return
  fi
  stop
  port_open && die "port $PORT is already in use by something else"
  local bin dir user group
  bin="$(dovecot_bin)"
  dir="$(mktemp -d "${TMPDIR:-/tmp}/crm-test-imap-$PORT.XXXXXX")"
  user="$(id -un)"
  group="$(id -gn)"
  # Dovecot never keeps mail as root: as root (our machines, CI) the Maildir belongs to Debian's
  # `mail` user instead.
  # Not root (a CI runner's user): every Dovecot process runs as that user.
  local own_users=""
  if [[ "$(id -u)" -eq 0 ]]; then
    user=mail
    group=mail
  else
    own_users="default_login_user = $user
default_internal_user = $user
default_internal_group = $group"
  fi
  # Dovecot's auth process runs as its own user and must reach the passwd-file.
  chmod 755 "$dir"
  mkdir -p "$dir/run" "$dir/home"
  chown "$user:$group" "$dir/home"
  printf '%s:{PLAIN}%s::::::\n' "$MAIL_USER" "$MAIL_PASSWORD" >"$dir/passwd"
  # Dovecot's own users for login and internal processes are Debian's (dovenull, dovecot).
  cat >"$dir/dovecot.conf" <<CONF
base_dir = $dir/run
state_dir = $dir/state
log_path = $dir/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
# A test that fails a login on purpose must not slow the logins after it (loopback only).
auth_failure_delay = 0
login_trusted_networks = 127.0.0.0/8
first_valid_uid = 1
$own_users
mail_location = maildir:$dir/home/%u/Maildir
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u $dir/passwd
}
userdb {
  driver = static
  args = uid=$user gid=$group home=$dir/home/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = $PORT
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
}
CONF
  printf 'IMAP_DIR=%q\n' "$dir" >"$STATE"
  # Its own output file: the daemon must not hold the caller's stdout or stderr, or `$(...)`
  # and a test runner's child process never end.
  "$bin" -c "$dir/dovecot.conf" </dev/null >"$dir/startup.log" 2>&1 || {
    cat "$dir/startup.log" >&2
    tail -n 20 "$dir/dovecot.log" >&2 || true
    stop
    exit 1
  }
  for _ in $(seq 1 100); do
    if port_open; then
      log "Dovecot listening on 127.0.0.1:$PORT (mail in $dir)"
      echo "export IMAP_URL=$(url)"
      return
    fi
    sleep 0.1
  done
  log "error: Dovecot did not come up on port $PORT in 10 s; log tail:"
  tail -n 20 "$dir/dovecot.log" >&2 || true
  stop
  exit 1
}

stop() {
  if running; then
    "$(dovecot_bin)" -c "$IMAP_DIR/dovecot.conf" stop 2>/dev/null || true
    for _ in $(seq 1 50); do running || break; sleep 0.1; done
    log "stopped Dovecot on port $PORT"
  fi
  if [[ -f "$STATE" ]]; then
    # shellcheck disable=SC1090
    source "$STATE"
    if [[ -n "${IMAP_DIR:-}" ]]; then rm -rf "$IMAP_DIR"; fi
    rm -f "$STATE"
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  url) url ;;
  *) echo "usage: $0 {start [PORT]|stop [PORT]|url [PORT]}" >&2; exit 2 ;;
esac
