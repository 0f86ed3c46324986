#!/bin/sh
# Runs a test under its own X server and D-Bus session bus, as GTK's CI does. The
# services the bus starts (portals, a11y) must not inherit the test's fatal warnings.
set -e
debug="${G_DEBUG:-}"
unset G_DEBUG
exec xvfb-run -a -s "-screen 0 1024x768x24 -nolisten tcp" \
  dbus-run-session -- env G_DEBUG="$debug" "$@"
