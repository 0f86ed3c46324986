#!/bin/sh
# Instruction counts up to hearts' first frame with the cards (README.md, "Performance"):
#
#   HEARTS_TEST_MODULE=$PWD/build-rel/tests/module/libhearts-test-state.so \
#     tests/run-in-session.sh tests/bench/first-frame-callgrind.sh OUT build-rel/src/hearts --seed 1
#
# Runs the program once to fill the caches (the kept deck, and Mesa's shaders: under valgrind,
# whose CPU Mesa compiles for otherwise), then under callgrind, one file per thread, and dumps
# when the program prints "first-frame" (hearts does through the tests' module, which
# HEARTS_TEST_MODULE names): OUT.<pid>.1-01 is the main thread up to that frame. Any program
# that prints "first-frame" with HEARTS_BENCH_FIRST_FRAME set works (tests/bench/bare-adw-window).
set -e
out=$1
shift
export HEARTS_BENCH_FIRST_FRAME=1
valgrind --tool=none "$@" >/dev/null 2>&1
rm -f "$out".*
valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$out.%p" "$@" >"$out.stdout" 2>/dev/null &
pid=$!
until grep -q first-frame "$out.stdout" 2>/dev/null; do
  sleep 0.05
done
callgrind_control -d $pid >/dev/null 2>&1
wait $pid
rm -f "$out.stdout"
