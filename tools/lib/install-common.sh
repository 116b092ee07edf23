# Sourced by tools/install-*.sh (not run): the helpers every install script shares. Each script
# stays quiet when all is installed, so these print only on an install or a failure.
#
# say names the script that sources this file (install-engines: ...), taken from $0.

say() { printf '%s: %s\n' "$(basename "$0" .sh)" "$*" >&2; }

# Runs a command quietly; on failure prints its output and fails.
quietly() {
  local log
  log=$(mktemp)
  if ! "$@" >"$log" 2>&1; then
    say "failed: $*"
    cat "$log" >&2
    rm -f "$log"
    return 1
  fi
  rm -f "$log"
}

# Runs a command as root: directly when root, else with passwordless sudo (no stdin is read).
as_root() {
  if [ "$(id -u)" = 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo -n "$@"
  else
    say "needs root to run: $* (run this script as root, or with passwordless sudo)"
    return 1
  fi
}
