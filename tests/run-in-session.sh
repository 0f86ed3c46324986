#!/bin/sh
# Runs a test under its own X server and D-Bus session bus, as GTK's CI does.
# Xvfb picks a free display itself (-displayfd): xvfb-run -a races when tests start
# side by side. The services the bus starts (portals, a11y) must not inherit the
# test's fatal warnings. HEARTS_XVFB_SCREEN sets another screen size (the benchmarks).
set -e
for tool in Xvfb dbus-run-session; do
  if ! command -v $tool >/dev/null 2>&1; then
    echo "1..0 # SKIP $tool is not installed"
    exit 0
  fi
done

debug="${G_DEBUG:-}"
unset G_DEBUG

dir=$(mktemp -d)
Xvfb -displayfd 3 -screen 0 "${HEARTS_XVFB_SCREEN:-1024x768x24}" -nolisten tcp 3>"$dir/display" 2>"$dir/xvfb.log" &
xvfb=$!
trap 'kill $xvfb 2>/dev/null; rm -rf "$dir"' EXIT

i=0
while [ ! -s "$dir/display" ]; do
  i=$((i + 1))
  if [ $i -gt 600 ] || ! kill -0 $xvfb 2>/dev/null; then
    echo "Bail out! Xvfb did not start"
    cat "$dir/xvfb.log" >&2
    exit 1
  fi
  sleep 0.05
done
DISPLAY=":$(head -n 1 "$dir/display")"
export DISPLAY

status=0
dbus-run-session -- env G_DEBUG="$debug" "$@" || status=$?
exit $status
