#!/bin/sh
# Stands in for the hearts binary in the end-to-end driver (HEARTS_BIN): runs the installed
# Flatpak with the test's environment, which `flatpak run` would otherwise drop.
#   HEARTS_FLATPAK_RULES  rules put in front of the test's own (e.g. "end=deals:2": a short game)
set -eu
app=io.github.gtkhearts.Hearts
set -- "$@"
if [ -n "${HEARTS_FLATPAK_RULES:-}" ]; then
  set -- "$@" --rules "$HEARTS_FLATPAK_RULES"
fi
extra=
# The driver's gtk-4.0/settings.ini (animations off) lives in a host folder.
if [ -n "${XDG_CONFIG_HOME:-}" ]; then
  extra="--filesystem=$XDG_CONFIG_HOME:ro --env=XDG_CONFIG_HOME=$XDG_CONFIG_HOME"
fi
# Only what is set: an empty GSK_RENDERER is a warning, and warnings are fatal here.
# The tests' module, as the local build installs it in the sandbox (-Dtest_module=true).
if [ -n "${HEARTS_TEST_MODULE:-}" ]; then
  extra="$extra --env=HEARTS_TEST_MODULE=/app/lib/hearts/libhearts-test-state.so"
fi
for var in G_DEBUG GSETTINGS_BACKEND GSK_RENDERER GTK_A11Y NO_AT_BRIDGE; do
  eval "value=\${$var:-}"
  # shellcheck disable=SC2154
  [ -n "$value" ] && extra="$extra --env=$var=$value"
done
# shellcheck disable=SC2086
exec flatpak run --user $extra "$app" "$@"
