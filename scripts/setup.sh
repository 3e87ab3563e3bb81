#!/usr/bin/env bash
# Installs the Debian 12 packages Boyi needs, and only those still missing.
# Idempotent: a second run installs nothing. Needs root (or sudo).
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache pkg-config git clang-format
  libgtest-dev libgmock-dev libbenchmark-dev
  libcli11-dev
  protobuf-compiler libprotobuf-dev
  libboost1.81-dev
  libsqlite3-dev libargon2-dev libssl-dev libspdlog-dev nlohmann-json3-dev
)
# PostgreSQL: the client library for the storage engine of several servers (libpq-dev), and
# the server, whose initdb and pg_ctl the tests use for a throw-away cluster of their own.
packages+=(libpq-dev postgresql)
# The operator's files are tested for real (deploy/tests): nginx with TLS in front of the
# server (openssl makes the certificate, curl asks), the backups with pg_dump/pg_restore,
# the log rotation with logrotate.
packages+=(nginx-light openssl curl logrotate)
# The container image (docker/) is built and tried here without a registry: debootstrap makes
# the Debian base, buildah builds and runs the image (docker/test-image.sh).
packages+=(buildah debootstrap)
# Fuzzing (fuzz/, scripts/fuzz.sh): clang with libFuzzer and its sanitizer runtimes.
packages+=(clang libclang-rt-14-dev)
# The web client: Node 18+ and npm build it (web/); headless Chromium runs its browser tests
# (tests/web/) and a CJK font draws the Chinese in their screenshots. A node and npm already on
# the PATH are used as they are (Debian's npm package conflicts with other Node packagings).
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  packages+=(nodejs npm)
fi
packages+=(chromium fonts-noto-cjk)
# The Python bot example (examples/python) and its end-to-end test.
packages+=(python3)
# The learned bots and their trainer (bots/learned, boyi-train): Debian's CPU build of libtorch,
# and gnuplot to draw the learning curves.
packages+=(libtorch-dev gnuplot-nox)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

sudo=""
if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
if ((${#missing[@]} == 0)); then
  echo "setup: all ${#packages[@]} packages already installed"
else
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# Debian 12's npm (9.2, with Debian's own semver) cannot read the web client's lockfile (its
# rollup override is an npm: alias); npm 10 from the npm registry can, on Debian's Node 18.
if command -v npm >/dev/null 2>&1 && (($(npm --version | cut -d. -f1) < 10)); then
  echo "setup: npm $(npm --version) is too old for the web client; installing npm 10"
  $sudo npm install -g --no-audit --no-fund --loglevel=error npm@10
fi
