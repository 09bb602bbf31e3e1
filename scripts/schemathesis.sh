#!/usr/bin/env bash
# Schemathesis 4 against a running API, as in issue 32's closing note: a vendor's token, no
# token, then an admin's (last: it deletes and changes data the others need, and its wrong
# current passwords spend the admin's sign-in brake for some minutes). Start the API on a
# throwaway database with a low CAPTCHA_COST first; the outputs go to $OUT/st-<run>.txt.
#   scripts/schemathesis.sh http://127.0.0.1:4108 admin@crm.test 'Admin.12345'
# ST (default `st`), EXAMPLES (15 per operation) and MAX_TIME (420 s per run) can be set.
set -euo pipefail
base=${1:?base URL, such as http://127.0.0.1:4108}
email=${2:?the admin email}
password=${3:?the admin password}
root=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-/tmp}

# altcha-lib resolves from apps/api, not from scripts/.
tokens=$(cd "$root/apps/api" &&
  node --input-type=module - "$base" "$email" "$password" <"$root/scripts/schemathesis-tokens.mjs")
admin=$(sed -n 's/^ADMIN_TOKEN=//p' <<<"$tokens")
vendor=$(sed -n 's/^VENDOR_TOKEN=//p' <<<"$tokens")

run() {
  local name=$1
  shift
  "${ST:-st}" run "$base/api/openapi.json" --url "$base" --checks all \
    -n "${EXAMPLES:-15}" --max-time "${MAX_TIME:-420}" --workers 2 --seed 32 "$@" \
    >"$out/st-$name.txt" 2>&1 || true
  echo "== $name"
  sed -n '/^Failures:/,/^Test cases:/p;/generated/p' "$out/st-$name.txt"
}

# Signing out (all of it, or one session) would revoke the token under test.
keep_token=(--exclude-path /api/user/logout --exclude-path-regex '^/api/me/sessions/')
run vendor -H "Authorization: Bearer $vendor" "${keep_token[@]}"
run none
run admin -H "Authorization: Bearer $admin" "${keep_token[@]}"
