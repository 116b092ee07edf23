#!/usr/bin/env bash
# Installs what loomlab's split topology (--topology split) needs; idempotent and quiet (one line
# per install, nothing when all is there; the tools' own output only when something fails).
#
#   ip, tc     iproute2 from Debian's packages (apt-get; needs root or passwordless sudo): network
#              namespaces, veth pairs, the bridge.
#   python3    runs tools/netns-wire.py, the delayed link (--app-latency / --db-latency).
#   sch_netem  loaded with modprobe where the kernel has it as a module. The lab does not need it
#              (netns-wire.py delays the server's link in user space), so a kernel without netem —
#              CONFIG_NET_SCH_NETEM unset, as on the Firecracker guests here — is not an error.
#
# No stdin is read (CI calls it as root on a fresh machine).
set -euo pipefail

. "$(dirname "${BASH_SOURCE[0]}")/lib/install-common.sh"  # say, quietly, as_root

have() { command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ] || [ -x "/sbin/$1" ]; }

packages=()
if ! have ip || ! have tc; then
  packages+=(iproute2)
fi
if ! [ -x /usr/bin/python3 ]; then
  packages+=(python3)
fi
if [ "${#packages[@]}" -gt 0 ]; then
  say "installing ${packages[*]} (apt)"
  export DEBIAN_FRONTEND=noninteractive
  quietly apt_get update -q
  quietly apt_get install -y -q --no-install-recommends "${packages[@]}"
fi

# netem: only where the kernel has it as a loadable module and it is not loaded yet.
if ! grep -qw sch_netem /proc/modules 2>/dev/null && command -v modprobe >/dev/null 2>&1 \
   && [ -d "/lib/modules/$(uname -r)" ] && modprobe -n sch_netem >/dev/null 2>&1; then
  as_root modprobe sch_netem 2>/dev/null || true
fi
