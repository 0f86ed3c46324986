#!/bin/bash
# The real program against the reproductions of ../shared/repro/reliability-3 that need
# it whole: it starts with a named pipe or a link to /dev/zero as its saved game, with a
# named pipe or bad bytes as its settings keyfile (GLib's keyfile backend, as in the
# Flatpak), and when it quits, no engine is left: one that ignores "quit", one thinking
# about its move, and a helper another started with setsid.
#
#   test-launch-reliability.sh HEARTS_BIN HOSTILE_ENGINE
#
# Runs under an X server and a session bus (tests/model/meson.build). Each launch has a
# hang guard of 30 s; the engines must be gone within their grace (2 s) of the quit,
# checked for up to 8 s.
set -u

hearts=$1
hostile=$2

fail () { echo "FAIL: $*"; exit 1; }

[ -x "$hearts" ] || fail "no program at $hearts"
[ -x "$hostile" ] || fail "no hostile engine at $hostile"
command -v gdbus >/dev/null || { echo "SKIP: gdbus is not installed"; exit 77; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/hearts-launch-XXXXXX")
pid=
cleanup () {
  [ -n "$pid" ] && kill -9 "$pid" 2>/dev/null
  for f in "$tmp"/*.pid; do
    [ -f "$f" ] && for p in $(cat "$f"); do kill -9 "$p" 2>/dev/null; done
  done
  rm -rf "$tmp"
}
trap cleanup EXIT

export GSETTINGS_BACKEND=keyfile HEARTS_TEST_STATE=1
unset G_DEBUG

# A fresh settings and data folder for each launch.
fresh () {
  export XDG_CONFIG_HOME=$tmp/$1/config XDG_DATA_HOME=$tmp/$1/data XDG_CACHE_HOME=$tmp/$1/cache
  mkdir -p "$XDG_CONFIG_HOME/glib-2.0/settings" "$XDG_DATA_HOME/hearts" "$XDG_CACHE_HOME"
  keyfile=$XDG_CONFIG_HOME/glib-2.0/settings/keyfile
  saved=$XDG_DATA_HOME/hearts/saved-game
}

state () {
  gdbus call --session --timeout 2 --dest io.github.gtkhearts.Hearts --object-path /io/github/gtkhearts/Hearts \
    --method org.gtk.Actions.Describe state 2>/dev/null
}

# Launches and waits for the window's state, at most about 30 s.
launch () {
  local start=$SECONDS
  "$hearts" "$@" >>"$tmp/hearts.log" 2>&1 &
  pid=$!
  while [ $((SECONDS - start)) -lt 30 ]; do
    [ -n "$(state)" ] && return 0
    kill -0 "$pid" 2>/dev/null || fail "the program died at launch: $(tail -5 "$tmp/hearts.log")"
    sleep 0.1
  done
  fail "no window after 30 s (blocked?): $(tail -5 "$tmp/hearts.log")"
}

quit () {
  gdbus call --session --timeout 10 --dest io.github.gtkhearts.Hearts --object-path /io/github/gtkhearts/Hearts \
    --method org.gtk.Actions.Activate quit [] {} >/dev/null
  wait "$pid"
  pid=
}

message () { state | grep -o "'message': <'[^']*'>"; }

# Waits up to 5 s for the last message to hold $1.
says () {
  for _ in $(seq 50); do
    message | grep -q "$1" && return 0
    sleep 0.1
  done
  return 1
}

# 1. A named pipe as the saved game (saved-game-fifo-hang.sh).
fresh fifo
mkfifo "$saved"
launch
[ -p "$saved.bad" ] || fail "the named pipe was not moved aside"
says 'saved-game.bad' || fail "no message about the saved game: $(message)"
quit
echo "ok 1 - a named pipe as the saved game: moved aside, the game starts"

# 2. A link to /dev/zero as the saved game (saved-game-huge-crash.sh, LINK=1).
fresh zero
ln -s /dev/zero "$saved"
launch
[ -L "$saved.bad" ] || fail "the link was not moved aside"
quit
echo "ok 2 - a link to /dev/zero as the saved game: moved aside, the game starts"

# 3. A named pipe as the settings keyfile (keyfile-fifo-hang.sh).
fresh keyfile-fifo
mkfifo "$keyfile"
launch --seed 1
[ -p "$keyfile.bad" ] || fail "the named pipe was not moved aside"
says 'keyfile.bad' || fail "no message about the settings: $(message)"
quit
[ -p "$keyfile" ] && fail "a named pipe as the keyfile again"
echo "ok 3 - a named pipe as the settings keyfile: moved aside, the game starts"

# 4. Bad bytes in the keyfile, criticals fatal (keyfile-bad-utf8-critical.sh).
fresh keyfile-bytes
printf "[io/github/gtkhearts/Hearts]\nplayer-name='\xff\xfe bad'\n" > "$keyfile"
G_DEBUG=fatal-criticals launch --seed 1
quit
grep -aq CRITICAL "$tmp/hearts.log" && fail "a critical: $(grep -a CRITICAL "$tmp/hearts.log" | head -1)"
echo "ok 4 - bad bytes in the settings keyfile: no critical"

# 5. Engines at quit (engine-left-running-after-quit.sh, -quit-mid-move.sh): seat 1 stops
# answering at its first question (the game waits for its pass), seat 2 ignores "quit"
# and the end of its input, seat 3 leaves a helper in a session of its own.
fresh engines
cat > "$keyfile" <<EOF
[io/github/gtkhearts/Hearts]
seat1-engine='$hostile stall 0 $tmp/mute.pid'
seat2-engine='$hostile stall quit $tmp/deaf.pid'
seat3-engine='$hostile setsid hep $tmp/setsid.pid'
EOF
launch --seed 1
for _ in $(seq 100); do
  [ -f "$tmp/mute.pid.stalled" ] && [ -f "$tmp/deaf.pid" ] && [ -f "$tmp/setsid.pid" ] && break
  sleep 0.1
done
[ -f "$tmp/mute.pid.stalled" ] || fail "seat 1 was never asked to move"
engines=$(cat "$tmp/mute.pid" "$tmp/deaf.pid" "$tmp/setsid.pid")
quit
for _ in $(seq 80); do
  left=
  for p in $engines; do
    if [ -e "/proc/$p" ] && ! grep -q '^State:.*Z' "/proc/$p/status" 2>/dev/null; then left="$left $p"; fi
  done
  [ -z "$left" ] && break
  sleep 0.1
done
[ -z "$left" ] || fail "still running after quit:$(for p in $left; do echo; tr '\0' ' ' < "/proc/$p/cmdline"; done)"
echo "ok 5 - at quit, no engine is left: one thinking, one deaf to quit, a helper in its own session"
exit 0
