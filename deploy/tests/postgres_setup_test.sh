#!/bin/bash
# deploy/postgresql/setup.sql as an operator runs it: on a fresh cluster, the role it makes
# (not a superuser) can start Boyi on its database: the schema, citext included, is created
# at first use, and an account can be added and listed.
#   deploy/tests/postgres_setup_test.sh BUILD_DIR
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=$(cd "${1:?usage: $0 BUILD_DIR}" && pwd)
state=$(mktemp -d /tmp/boyi-pgsetup-XXXXXX)
trap '"$root/tests/postgres/test-cluster.sh" stop "$state"; rm -rf "$state"' EXIT
"$root/tests/postgres/test-cluster.sh" start "$state" >/dev/null
superuser_url=$(cat "$state/url")
psql -q -v ON_ERROR_STOP=1 "$superuser_url/postgres" -f "$root/deploy/postgresql/setup.sql"
# The same cluster, as the role setup.sql made (the test cluster trusts loopback: the
# password is not checked).
url=${superuser_url/postgres@/boyi:change-me@}/boyi
[ "$(psql -tA "$url" -c "SELECT rolsuper FROM pg_roles WHERE rolname = current_user")" = f ] ||
  { echo "FAIL: the role of setup.sql is a superuser" >&2; exit 1; }
printf 'a-long-password\n' >"$state/pw"
"$build/bin/boyi-admin" --storage "$url" --argon2-memory-kib 256 user add alice \
  --password-file "$state/pw" >/dev/null
users=$("$build/bin/boyi-admin" --storage "$url" user list)
grep -q alice <<<"$users" || { echo "FAIL: alice is not listed" >&2; exit 1; }
echo "setup.sql: a non-superuser owner created the schema and an account"
