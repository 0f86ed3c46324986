#!/bin/bash
# A long play session on a disk that fills up and empties, killed at random: the game
# resumes every time and nothing is lost (issue #23). Not part of `meson test`: it runs
# for MINUTES (30 by default). As root (it mounts a tmpfs), under an X server and a
# session bus:
#
#   tests/run-in-session.sh --exit-status tests/reliability/soak-full-disk.sh \
#     build/src/hearts build/tests/model/hearts-resume-tool [MINUTES] [SEED]
#
# The saved game and the settings keyfile (GSETTINGS_BACKEND=keyfile, as in the Flatpak;
# games to 25 points, so that many end) live on a tmpfs of 256 KiB; a filler fills it to the last byte and empties it again at
# random moments (0.3 to 5 s apart). Each run: the player's move is made while the program
# is down (hearts-resume-tool, written beside and renamed: on a full disk no move is
# made), the program is launched, and after 0.5 to 8 s it is killed with SIGKILL, or
# one time in five quit as a player would (app.quit). After each run:
#   - nothing was moved aside as unreadable (no saved-game.bad, no keyfile.bad);
#   - the saved game loads, and it is the game that was killed or that game played on
#     (hearts-resume-tool check), or, once a game is over and counted, none;
#   - the settings keyfile is not empty and the games counted never go down.
# At the end, with room on the disk, the program runs once more and quits: every game
# that was seen and is not the one in progress is counted in the statistics, once.
# Prints a line per run and a summary; exits 0 when all held, 1 otherwise, 77 when it
# cannot mount (not root).
set -u

hearts=$1
tool=$2
minutes=${3:-30}
seed=${4:-20260101}

[ -x "$hearts" ] || { echo "no program at $hearts"; exit 1; }
[ -x "$tool" ] || { echo "no $tool"; exit 1; }
command -v gdbus >/dev/null || { echo "SKIP: gdbus is not installed"; exit 77; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/hearts-soak-XXXXXX")
disk=$tmp/disk
mkdir -p "$disk"
if ! mount -t tmpfs -o size=256k,mode=0700 tmpfs "$disk" 2>/dev/null; then
  echo "SKIP: cannot mount a tmpfs (not root?)"
  rm -rf "$tmp"
  exit 77
fi

pid=
filler=
stop_all () {
  [ -n "$pid" ] && kill -9 "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  pid=
  [ -n "$filler" ] && kill "$filler" 2>/dev/null && wait "$filler" 2>/dev/null
  filler=
}
cleanup () {
  stop_all
  umount "$disk" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
fail () {
  echo "FAIL: $*"
  stop_all
  mkdir -p "$tmp/kept" && cp -a "$disk/." "$tmp/kept/" 2>/dev/null
  umount "$disk" 2>/dev/null
  echo "# the program's log and the disk's last state are kept in $tmp"
  trap - EXIT
  exit 1
}

# A build's program finds its schema beside it (build/data), unless told otherwise.
if [ -z "${GSETTINGS_SCHEMA_DIR:-}" ] && [ -f "$(dirname "$hearts")/../data/gschemas.compiled" ]; then
  export GSETTINGS_SCHEMA_DIR=$(cd "$(dirname "$hearts")/../data" && pwd)
fi
export GSETTINGS_BACKEND=keyfile HEARTS_TEST_STATE=1
export XDG_DATA_HOME=$disk/data XDG_CONFIG_HOME=$disk/config XDG_CACHE_HOME=$tmp/cache
unset G_DEBUG
saved=$XDG_DATA_HOME/hearts/saved-game
keyfile=$XDG_CONFIG_HOME/glib-2.0/settings/keyfile
mkdir -p "$XDG_DATA_HOME/hearts" "$(dirname "$keyfile")" "$XDG_CACHE_HOME"
# Games to 25 points: a few hands each, so that many end (and are counted) in a session.
printf '[io/github/gtkhearts/Hearts]\nend-score=uint32 25\n' > "$keyfile"

# Seeded: bash's generator, one for the runs and one for the filler.
# A number between $2 and $3 from $1, a draw of $RANDOM made by the caller (a command
# substitution is a subshell, whose draws the caller's generator never sees).
RANDOM=$seed
between () { awk -v r="$1" -v lo="$2" -v hi="$3" 'BEGIN { printf "%.2f", lo + (hi - lo) * r / 32767 }'; }

fill_and_empty () {
  RANDOM=$((seed + 1))
  while :; do
    if [ $((RANDOM % 2)) = 0 ]; then
      dd if=/dev/zero of="$disk/filler" bs=4k 2>/dev/null
      dd if=/dev/zero of="$disk/filler-tail" bs=64 2>/dev/null
      : > "$tmp/full"
    else
      rm -f "$disk/filler" "$disk/filler-tail" "$tmp/full"
    fi
    r=$RANDOM
    sleep "$(between "$r" 0.3 5)"
  done
}

state () {
  gdbus call --session --timeout 5 --dest io.github.gtkhearts.Hearts --object-path /io/github/gtkhearts/Hearts \
    --method org.gtk.Actions.Describe state 2>/dev/null
}

# The games counted in the keyfile, over every preset ("'standard': (3, …)").
counted () {
  grep -a '^statistics=' "$keyfile" 2>/dev/null | grep -o "': ([a-z0-9 ]*" | grep -o '[0-9]*$' |
    awk '{ n += $1 } END { print n + 0 }'
}

# Sets $after to the saved game's status.
check_after () {
  local what=$1 now
  for bad in "$saved.bad" "$keyfile.bad"; do
    [ -e "$bad" ] && fail "run $n ($what): $bad appeared: something could not be read"
  done
  after=$("$tool" status 2>&1) || fail "run $n ($what): the saved game does not load: $after"
  if [ -e "$keyfile" ]; then
    [ -s "$keyfile" ] || fail "run $n ($what): the settings keyfile is empty"
    now=$(counted)
    [ "$now" -ge "$games" ] || fail "run $n ($what): the games counted went down from $games to $now"
    games=$now
  elif [ "$games" -gt 0 ]; then
    fail "run $n ($what): the settings keyfile is gone"
  fi
}

declare -A seen
games=0
n=0
kills=0
quits=0
full_runs=0
fill_and_empty &
filler=$!
end=$((SECONDS + minutes * 60))

while [ "$SECONDS" -lt "$end" ]; do
  n=$((n + 1))
  before=$("$tool" status 2>&1) || fail "run $n: the saved game does not load: $before"
  case $before in
    passing|human|hand-over) "$tool" human-move $((seed + n)) >/dev/null 2>&1 || true ;;
  esac
  id=$("$tool" id) || fail "run $n: no id"
  [ "$id" != none ] && seen[$id]=1
  [ "$id" != none ] && "$tool" dump "$tmp/before" >/dev/null 2>&1

  args=()
  [ "$id" = none ] && args=(--seed $((seed * 100 + n)))
  "$hearts" "${args[@]}" >"$tmp/run.log" 2>&1 &
  pid=$!
  [ -e "$tmp/full" ] && full_runs=$((full_runs + 1))
  r=$RANDOM
  sleep "$(between "$r" 0.5 8)"
  if ! kill -0 "$pid" 2>/dev/null; then
    grep -q 'X connection to .* broken' "$tmp/run.log" && fail "run $n: the X server went away (not the game's doing)"
    fail "run $n: the program died: $(grep -v 'Could not' "$tmp/run.log" | tail -5)"
  fi
  if [ $((RANDOM % 5)) = 0 ] && [ -n "$(state)" ]; then
    how=quit
    gdbus call --session --timeout 5 --dest io.github.gtkhearts.Hearts --object-path /io/github/gtkhearts/Hearts \
      --method org.gtk.Actions.Activate quit [] {} >/dev/null 2>&1
    for _ in $(seq 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && fail "run $n: the program did not quit within 30 s"
    wait "$pid" 2>/dev/null
    pid=
    quits=$((quits + 1))
  else
    how=killed
    kill -9 "$pid"
    wait "$pid" 2>/dev/null
    pid=
    kills=$((kills + 1))
  fi

  cat "$tmp/run.log" >>"$tmp/hearts.log"
  check_after "$how"
  if [ "$id" != none ] && [ "$after" != none ]; then
    "$tool" dump "$tmp/after" >/dev/null 2>&1 || fail "run $n: no dump"
    now_id=$("$tool" id)
    if [ "$now_id" = "$id" ]; then
      # The same game: as it was, or played on (the computers' moves).
      result=$("$tool" check "$tmp/before" "$tmp/after" 2>&1) || {
        # A move is never lost, but the player's own last move may not have been written
        # (a full disk at the tool's or the game's write): then "before" is ahead.
        "$tool" check "$tmp/after" "$tmp/before" >/dev/null 2>&1 ||
          fail "run $n ($how): the game is not the one that was running: $result"
      }
    else
      # Another game: the one before was over and is counted now.
      seen[$now_id]=1
    fi
  fi
  printf 'run %d: %s, %s, now %s; %d games counted%s\n' "$n" "$before" "$how" "$after" "$games" \
    "$([ -e "$tmp/full" ] && echo ', disk full')"
done

# With room, one more run that quits: every game seen but the one in progress is counted.
stop_all
fill_and_empty () { :; }
rm -f "$disk/filler" "$disk/filler-tail" "$tmp/full"
"$hearts" >>"$tmp/hearts.log" 2>&1 &
pid=$!
for _ in $(seq 300); do [ -n "$(state)" ] && break; sleep 0.1; done
sleep 2
gdbus call --session --timeout 10 --dest io.github.gtkhearts.Hearts --object-path /io/github/gtkhearts/Hearts \
  --method org.gtk.Actions.Activate quit [] {} >/dev/null 2>&1
wait "$pid"
pid=
check_after final
final=$after
final_id=$("$tool" id)
[ "$final_id" != none ] && seen[$final_id]=1
expected=${#seen[@]}
case $final in
  none|over) ;;
  *) expected=$((expected - 1)) ;;
esac
games=$(counted)
echo "# $n runs in $minutes min ($kills killed, $quits quit, $full_runs started on a full disk); ${#seen[@]} games seen, $expected finished, $games counted"
[ "$games" = "$expected" ] || fail "$expected games were finished but $games are counted"
echo "# every run resumed its game; nothing lost"
exit 0
