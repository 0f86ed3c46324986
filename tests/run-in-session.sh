#!/bin/sh
# Runs a test under its own X server and D-Bus session bus, as GTK's CI does.
#
#   run-in-session.sh [--exit-status] PROGRAM ARGS…
#
# Without Xvfb or dbus-run-session the test reports a skip: "1..0 # SKIP" for a TAP test,
# or status 77 with --exit-status (for a test that speaks exit codes).
# Xvfb picks a free display itself (-displayfd): xvfb-run -a races when tests start
# side by side. The services the bus starts (portals, a11y) must not inherit the
# test's fatal warnings. HEARTS_XVFB_SCREEN sets another screen size (the benchmarks).
set -e

skip_status=
if [ "${1:-}" = "--exit-status" ]; then
  skip_status=77
  shift
fi

for tool in Xvfb dbus-run-session; do
  if ! command -v $tool >/dev/null 2>&1; then
    if [ -n "$skip_status" ]; then
      echo "SKIP: $tool is not installed"
      exit $skip_status
    fi
    echo "1..0 # SKIP $tool is not installed"
    exit 0
  fi
done

debug="${G_DEBUG:-}"
unset G_DEBUG

dir=$(mktemp -d)
mkfifo "$dir/display"
Xvfb -displayfd 3 -screen 0 "${HEARTS_XVFB_SCREEN:-1024x768x24}" -nolisten tcp 3>"$dir/display" 2>"$dir/xvfb.log" &
xvfb=$!
trap 'kill $xvfb 2>/dev/null; rm -rf "$dir"' EXIT

# Xvfb writes the display number once it accepts clients; if it dies first, the read
# ends empty. A hang is left to meson's timeout.
display=
read -r display <"$dir/display" || true
if [ -z "$display" ]; then
  echo "Bail out! Xvfb did not start"
  cat "$dir/xvfb.log" >&2
  exit 1
fi
DISPLAY=":$display"
export DISPLAY
# The saved-game file and the kept decks of the program under test, not the user's.
XDG_DATA_HOME="$dir/data"
XDG_CACHE_HOME="$dir/cache"
export XDG_DATA_HOME XDG_CACHE_HOME

# The bus and the services it starts (the accessibility registry says hello) write to
# stderr: only the test itself speaks on stdout, where meson reads its TAP.
status=0
exec 3>&1
dbus-run-session -- env G_DEBUG="$debug" sh -c 'exec 1>&3 3>&-; exec "$@"' sh "$@" >&2 || status=$?
exit $status
