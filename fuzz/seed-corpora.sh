#!/usr/bin/env bash
# fuzz/seed-corpora.sh BUILD_DIR: the seed corpus of every fuzz target under
# BUILD_DIR/fuzz-seeds/<target>/, made afresh from the tests' inputs (seeds_from_tests.py), the
# project's own encoders (boyi-fuzz-seeds) and the small hand seeds in fuzz/corpus/.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:?usage: fuzz/seed-corpora.sh BUILD_DIR}" && pwd)
seeds=$build/fuzz-seeds
rm -rf "$seeds"
mkdir -p "$seeds"
python3 "$root/fuzz/seeds_from_tests.py" "$root" "$seeds"
"$build/bin/boyi-fuzz-seeds" "$root" "$seeds"
for dir in "$root"/fuzz/corpus/*/; do
  mkdir -p "$seeds/$(basename "$dir")"
  cp "$dir"* "$seeds/$(basename "$dir")/"
done
