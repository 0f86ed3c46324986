#!/bin/bash
# Screenshots of the installed Flatpak, for people to compare runtimes (not a test):
# the table, then Preferences, About and Statistics over it, each in a wide and a narrow
# window. Runs on its own X display and session bus (tests/run-in-session.sh).
#
# Usage: tests/flatpak/screenshots.sh OUTDIR PREFIX
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=$1 prefix=$2
app=io.github.gtkhearts.Hearts
mkdir -p "$out"

if [ -z "${HEARTS_SCREENSHOTS_INNER:-}" ]; then
  runtime_dir=$(mktemp -d "${TMPDIR:-/tmp}/hearts-shots.XXXXXX")
  chmod 700 "$runtime_dir"
  env -u WAYLAND_DISPLAY XDG_RUNTIME_DIR="$runtime_dir" HEARTS_SCREENSHOTS_INNER=1 \
    "$here/../run-in-session.sh" "$0" "$@"
  rm -rf "$runtime_dir"
  exit 0
fi

shot () {   # shot WIDTH HEIGHT ACTION NAME
  local width=$1 height=$2 action=$3 name=$4 win
  flatpak run --user --env=GSETTINGS_BACKEND=memory "$app" --seed 5 > /dev/null 2>&1 &
  # GTK leaves WM_CLASS empty here: find the window by its title.
  win=$(timeout 60 xdotool search --sync --onlyvisible --name "^Hearts" | tail -n 1)
  xdotool windowmove "$win" 0 0 windowsize "$win" "$width" "$height"
  sleep 3
  if [ "$action" != table ]; then
    gdbus call --session --dest "$app" --object-path /io/github/gtkhearts/Hearts \
      --method org.gtk.Actions.Activate "$action" '[]' '{}' > /dev/null
    sleep 3
  fi
  import -window root -crop "${width}x${height}+0+0" "$out/$prefix-$name.png"
  flatpak kill "$app"
  sleep 1
}

for action in table preferences about statistics; do
  shot 1000 740 "$action" "$action"
  shot 400 740 "$action" "$action-narrow"
done
echo "screenshots in $out"
