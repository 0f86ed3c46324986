#!/bin/bash
# The game survives SIGKILL: the real program, with its settings in a keyfile and its
# saved-game file in a temporary folder, is killed at 20 random moments and relaunched; each time the
# saved game must be the one that was killed: the same move if it waited for the
# player, the same game played on if the computers were moving.
#
# The player's moves are made between runs by hearts-resume-tool (the real program
# is killed first), so the test does not depend on where the cards are drawn.
#
#   test-resume-sigkill.sh HEARTS_BIN RESUME_TOOL [SEED]
#
# Runs under an X server and a session bus (tests/model/meson.build). A program
# that does not start or does not save the game fails the test.
set -u

hearts=$1
tool=$2
seed=${3:-20240601}
kills=20

fail () { echo "FAIL: $*"; exit 1; }

[ -x "$hearts" ] || fail "no program at $hearts"
[ -x "$tool" ] || fail "no $tool"
command -v xdotool >/dev/null || true

tmp=$(mktemp -d "${TMPDIR:-/tmp}/hearts-resume-XXXXXX")
pid=
cleanup () {
  [ -n "$pid" ] && kill -9 "$pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

# The program's settings and saved game, and nothing else of the user's, live in $tmp.
export GSETTINGS_BACKEND=keyfile
export XDG_CONFIG_HOME=$tmp/config
export XDG_DATA_HOME=$tmp/data
export XDG_CACHE_HOME=$tmp/cache
export XDG_STATE_HOME=$tmp/state
mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_CACHE_HOME" "$XDG_STATE_HOME"
saved=$XDG_DATA_HOME/hearts/saved-game
# Fatal warnings are for the test programs, not for the game under test.
unset G_DEBUG

# Seeded delays: awk's generator, so the run can be repeated.
delays=$(awk -v seed="$seed" -v n="$kills" 'BEGIN { srand (seed); for (i = 0; i < n; i++) printf "%.2f\n", 0.15 + rand () * 2.6 }')

launch () {
  "$hearts" "$@" >>"$tmp/hearts.log" 2>&1 &
  pid=$!
}

stop () {
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  pid=
}

# Waits until the saved game stops changing while the program runs (the computers
# have moved and it is the player's turn), at most $1 seconds.
settle () {
  local limit=$1 last= now= same=0 t=0
  while [ "$t" -lt $((limit * 10)) ]; do
    kill -0 "$pid" 2>/dev/null || fail "the program died after relaunch: $(tail -5 "$tmp/hearts.log")"
    now=$(cat "$saved" 2>/dev/null | md5sum)
    if [ "$now" = "$last" ]; then
      same=$((same + 1))
      [ "$same" -ge 15 ] && return 0
    else
      same=0
      last=$now
    fi
    sleep 0.1
    t=$((t + 1))
  done
  return 1
}

# First launch: a new game from a fixed seed; it must be saved.
launch --seed "$seed"
for i in $(seq 1 100); do
  [ -f "$saved" ] && [ "$("$tool" status 2>/dev/null)" != none ] && break
  kill -0 "$pid" 2>/dev/null || fail "the program did not start: $(tail -3 "$tmp/hearts.log")"
  sleep 0.1
done
[ "$("$tool" status 2>/dev/null)" = none ] || [ ! -f "$saved" ] && fail "the program did not save its game ($saved)"
settle 30 || fail "the game never waited for the player"

n=0
for delay in $delays; do
  n=$((n + 1))
  # The player's move, made while the program is down; then the computers answer.
  stop
  status=$("$tool" status) || fail "unreadable saved game before move $n"
  [ "$status" = over ] && { echo "# the game ended after $n kills"; break; }
  "$tool" human-move $((seed + n)) >/dev/null || fail "could not make the player's move ($status)"
  launch

  sleep "$delay"
  kill -0 "$pid" 2>/dev/null || fail "the program died before kill $n: $(tail -5 "$tmp/hearts.log")"
  stop
  "$tool" dump "$tmp/killed-$n" || fail "no saved game after kill $n"
  killed_status=$("$tool" status)

  launch
  settle 60 || fail "the relaunched game never settled (kill $n)"
  "$tool" dump "$tmp/resumed-$n" || fail "no saved game after relaunch $n"
  result=$("$tool" check "$tmp/killed-$n" "$tmp/resumed-$n" 2>&1) ||
    fail "kill $n after ${delay}s ($killed_status): $result"
  echo "ok $n - killed after ${delay}s while $killed_status: $result"
done

stop
# The game lives in its file; the settings never hold it.
keyfile=$XDG_CONFIG_HOME/glib-2.0/settings/keyfile
! grep -q '^saved-game=' "$keyfile" 2>/dev/null || fail "the saved game was written to the settings"
echo "# $n kills, every one resumed"
exit 0
