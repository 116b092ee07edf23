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

# apt-get as root, one at a time: two clones installing at once (two suites side by side on one machine)
# otherwise fail on each other's lock ("Could not get lock /var/lib/apt/lists/lock"). loomlab's own installs
# queue on a lock of their own in /run/lock (root's, so no other user can hold it); apt's wait for its dpkg lock
# covers another program's install. Ten minutes: a cold apt-get update plus a Chromium install.
apt_get() {
  as_root flock -w 600 /run/lock/loomlab-apt.lock \
    env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 "$@"
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

# Installs the wheel pinned (by version and sha256) in tools/requirements/$1.txt into the folder $2,
# never into a Python's own site-packages: --target is what PEP 668's externally managed Pythons
# (Debian 12, Ubuntu 24.04) allow, and it needs no venv module. Built beside $2, then moved into
# place, so an interrupted install leaves nothing half there.
pip_install_pinned() {
  local name="$1" dir="$2" py tmp
  py=$(command -v python3 || command -v python || true)
  if [ -z "$py" ] || ! "$py" -m pip --version >/dev/null 2>&1; then
    say "no python3 with pip: install python3 and python3-pip first (needed to fetch the $name wheel)"
    return 1
  fi
  tmp="$dir.tmp-$$"
  rm -rf "$tmp"
  mkdir -p "$(dirname "$dir")"
  if ! quietly env PIP_ROOT_USER_ACTION=ignore PIP_NO_INPUT=1 "$py" -m pip install --quiet --disable-pip-version-check \
      --no-warn-script-location --require-hashes --no-deps --only-binary :all: --target "$tmp" \
      -r "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/requirements/$name.txt"; then
    rm -rf "$tmp"
    return 1
  fi
  rm -rf "$dir"
  mv "$tmp" "$dir"
}
