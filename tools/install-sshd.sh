#!/usr/bin/env bash
# Installs what load agents reached over SSH need (the k6 engine with --agents / plan agents);
# idempotent and quiet (one line per install, nothing when all is there; apt's output only when it
# fails).
#
#   sshd, ssh, ssh-keygen   OpenSSH from Debian's packages (apt-get; needs root or passwordless
#                           sudo). The lab starts an sshd of its own in each agent namespace of
#                           the split topology, with a key made for the run, and stops it with
#                           the run; the system's own sshd service is neither started nor changed.
#
# No stdin is read (CI calls it as root on a fresh machine).
set -euo pipefail

. "$(dirname "${BASH_SOURCE[0]}")/lib/install-common.sh"  # say, quietly, as_root

packages=()
if ! [ -x /usr/sbin/sshd ]; then
  packages+=(openssh-server)
fi
if ! command -v ssh >/dev/null 2>&1 || ! command -v ssh-keygen >/dev/null 2>&1; then
  packages+=(openssh-client)
fi
if [ "${#packages[@]}" -gt 0 ]; then
  say "installing ${packages[*]} (apt)"
  export DEBIAN_FRONTEND=noninteractive
  # policy-rc.d 101: Debian's maintainer scripts must not start the system's sshd service here.
  policy=/usr/sbin/policy-rc.d
  made_policy=
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' | as_root tee "$policy" >/dev/null
    as_root chmod 755 "$policy"
    made_policy=1
  fi
  status=0
  quietly apt_get update -q || status=$?
  [ "$status" = 0 ] && { quietly apt_get install -y -q --no-install-recommends "${packages[@]}" || status=$?; }
  [ -n "$made_policy" ] && as_root rm -f "$policy"
  exit "$status"
fi
