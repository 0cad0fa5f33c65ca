#!/usr/bin/env bash
# Installs the system packages a test suite needs and the machine lacks, or says in one sentence how to.
#   bash scripts/ensure-system-deps.sh chromium            (browser journeys: Debian's Chromium headless shell)
#   bash scripts/ensure-system-deps.sh chromium postgresql (CI's PostgreSQL pass as well)
# Nothing is installed when it is already there; then the script costs a few milliseconds.
# With postgresql, the folder of the server binaries is printed as the last line of stdout (PG_BIN=…).
set -euo pipefail

# The headless shell (Debian package chromium-headless-shell), what Playwright runs for headless Chromium: the same
# engine as the browser without its UI layer. The journeys took 20-40 % less time on it than on the full browser.
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"

pg_bin() {
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then echo "$dir"; return 0; fi
  done
  return 1
}

missing=()
for dep in "$@"; do
  case "$dep" in
    chromium) [ -x "$chromium_path" ] || missing+=(chromium-headless-shell) ;;
    postgresql) pg_bin >/dev/null || missing+=(postgresql) ;;
    *) echo "ensure-system-deps: unknown dependency '$dep' (known: chromium, postgresql)" >&2; exit 2 ;;
  esac
done

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "The tests need ${missing[*]}, which this machine lacks: run 'sudo apt-get install -y ${missing[*]}' (Debian/Ubuntu) and start again." >&2
    exit 1
  fi
  echo "== installing ${missing[*]} with apt-get (needed by the tests, missing on this machine)" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  for dep in "${missing[@]}"; do
    case "$dep" in
      chromium-headless-shell) [ -x "$chromium_path" ] || { echo "apt-get installed chromium-headless-shell, but $chromium_path is still missing: set CHROMIUM_PATH." >&2; exit 1; } ;;
      postgresql) pg_bin >/dev/null || { echo "apt-get installed postgresql, but no initdb was found under /usr/lib/postgresql/*/bin." >&2; exit 1; } ;;
    esac
  done
fi

for dep in "$@"; do
  [ "$dep" = postgresql ] && echo "PG_BIN=$(pg_bin)"
done
exit 0
