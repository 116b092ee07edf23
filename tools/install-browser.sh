#!/usr/bin/env bash
# Installs headless Chromium and its WebDriver from Debian's packages, for the report's browser
# test (ReportBrowserTest renders report.html in it and fails, naming this script, when it is
# missing). Idempotent and quiet: one line per install, nothing when all is there.
#
#   tools/install-browser.sh
#
# Needs root or passwordless sudo. No stdin is read (CI calls it as root on a fresh machine).
set -euo pipefail

. "$(dirname "${BASH_SOURCE[0]}")/lib/install-common.sh"  # say, quietly, as_root

if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
  exit 0
fi
command -v apt-get >/dev/null 2>&1 || { say "no apt-get here: install chromium and chromium-driver with this system's package manager"; exit 1; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT
say "installing chromium and chromium-driver (apt)"
if ! { apt_get update -q \
    && apt_get install -y -q --no-install-recommends chromium chromium-driver \
       fonts-dejavu-core; } >"$log" 2>&1; then
  say "apt-get failed:"
  cat "$log" >&2
  exit 1
fi
say "$(chromium --version 2>/dev/null || echo 'chromium installed')"
