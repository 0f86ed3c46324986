#!/bin/sh
# The screenshots the metainfo shows, made from a build: the real program in a 960 × 720
# window on its own X server, played with the keyboard as a player would (xdotool).
#
#   data/screenshots/make-screenshots.sh [BUILD_DIR [OUT_DIR]]   (default: build, data/screenshots)
#
# Writes passing.png (two cards chosen), table.png (a trick in play), scores.png (the score
# sheet after the first hand) and review.png (the review of that hand). The game is seeded
# and the player named in a settings file of its own, so every run plays the same hand;
# the pauses wait for the cards to come to rest. Needs Xvfb, xdotool, ImageMagick's import
# and dbus-run-session (tests/run-in-session.sh). Look at the pictures before committing them.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
build=$(cd "${1:-$top/build}" && pwd)
out=$(mkdir -p "${2:-$here}" && cd "${2:-$here}" && pwd)

if [ -z "${HEARTS_SCREENSHOTS_INNER:-}" ]; then
  export HEARTS_SCREENSHOTS_INNER=1 HEARTS_XVFB_SCREEN=960x720x24
  exec "$top/tests/run-in-session.sh" --exit-status "$0" "$build" "$out"
fi

home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
mkdir -p "$home/config/glib-2.0/settings"
# The player's name on the table and the sheet (the account's would show otherwise).
cat > "$home/config/glib-2.0/settings/keyfile" <<EOF
[io/github/gtkhearts/Hearts]
player-name='Sam'
EOF
export XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data" XDG_CACHE_HOME="$home/cache"
export GSETTINGS_BACKEND=keyfile GSETTINGS_SCHEMA_DIR="$build/data" HEARTS_SOUNDS_DIR="$top/data/sounds"
export GDK_BACKEND=x11 NO_AT_BRIDGE=1 LANGUAGE=en LC_ALL=C.UTF-8

"$build/src/hearts" --seed 5 &
app=$!
win=$(timeout 60 xdotool search --sync --onlyvisible --name '^Hearts' | tail -n 1)
xdotool windowmove "$win" 0 0 windowsize "$win" 960 720
sleep 3

keys () {   # keys KEY… : each key, then time for the table to show it
  for k in "$@"; do
    xdotool key --window "$win" "$k"
    sleep 0.5
  done
}
shot () {
  sleep 1
  import -window root -crop 960x720+0+0 "$out/$1.png"
  echo "$out/$1.png"
}

# Two cards chosen from the keyboard (Enter leaves the focus on the next card).
keys Return Return
shot passing
# The third, then Pass Cards.
keys Return Tab Return
sleep 3
# Five cards played (the focus comes to a card that may be played on each turn).
for i in 1 2 3 4 5; do
  keys Return
  sleep 3
done
shot table
# The rest of the hand, to its score sheet.
for i in 1 2 3 4 5 6 7 8; do
  keys Return
  sleep 3
done
sleep 2
shot scores
# The review of the hand from the sheet: Ctrl+R, and the time it takes.
keys ctrl+r
sleep 6
shot review

kill "$app"
