#!/bin/sh
# Runs the saved-game fuzzer for a while, niced, from the committed corpus.
#   tests/fuzz/run-fuzz.sh [BUILD_DIR] [SECONDS]
# BUILD_DIR is a clang build (CC=clang meson setup build-fuzz); it is made if missing.
# New inputs go to BUILD_DIR/fuzz-corpus, crashes to BUILD_DIR/fuzz-crashes.
set -eu
src=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-build-fuzz}
seconds=${2:-600}

if [ ! -d "$build" ]; then
  CC=clang meson setup "$build" "$src"
fi
ninja -C "$build" tests/fuzz/fuzz-saved-game tests/fuzz/hearts-fuzz-seed

mkdir -p "$build/fuzz-corpus" "$build/fuzz-crashes"
"$build/tests/fuzz/hearts-fuzz-seed" "$build/fuzz-corpus" 200 >/dev/null

# GLib itself aborts on a critical in the harness; leaks in GLib's type system are not ours.
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1"
exec nice -n 15 "$build/tests/fuzz/fuzz-saved-game" \
  -max_total_time="$seconds" \
  -max_len=65536 \
  -timeout=20 \
  -rss_limit_mb=2048 \
  -print_final_stats=1 \
  -dict="$src/tests/fuzz/saved-game.dict" \
  -artifact_prefix="$build/fuzz-crashes/" \
  "$build/fuzz-corpus" "$src/tests/fuzz/corpus"
