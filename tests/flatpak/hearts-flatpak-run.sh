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
# The driver's settings (glib-2.0/settings/keyfile) and gtk-4.0/settings.ini (animations off)
# are in its XDG_CONFIG_HOME, which flatpak replaces with ~/.var/app/ID/config (and a folder
# under /tmp cannot be shared): each program gets a home of its own there, with that config
# in it, as another person's computer would have (its saved game and certificate too).
if [ -n "${XDG_CONFIG_HOME:-}" ]; then
  export FLATPAK_USER_DIR="${FLATPAK_USER_DIR:-${XDG_DATA_HOME:-$HOME/.local/share}/flatpak}"
  export HOME="$XDG_CONFIG_HOME/flatpak-home"
  config="$HOME/.var/app/$app/config"
  mkdir -p "$config"
  for dir in glib-2.0 gtk-4.0; do
    [ -d "$XDG_CONFIG_HOME/$dir" ] && cp -R "$XDG_CONFIG_HOME/$dir" "$config/"
  done
fi
# Only what is set: an empty GSK_RENDERER is a warning, and warnings are fatal here.
# The tests' module, as the local build installs it in the sandbox (-Dtest_module=true).
if [ -n "${HEARTS_TEST_MODULE:-}" ]; then
  extra="$extra --env=HEARTS_TEST_MODULE=/app/lib/hearts/libhearts-test-state.so"
fi
# HEARTS_NET_ADDRESS keeps a table of people on loopback (the network is the host's:
# --share=network); no proxy resolver for it.
for var in G_DEBUG GSETTINGS_BACKEND GSK_RENDERER GTK_A11Y NO_AT_BRIDGE HEARTS_NET_ADDRESS GIO_USE_PROXY_RESOLVER; do
  eval "value=\${$var:-}"
  # shellcheck disable=SC2154
  [ -n "$value" ] && extra="$extra --env=$var=$value"
done
# The program gets G_DEBUG through --env; flatpak and its D-Bus proxy are not ours, and a
# warning of the proxy's (no system bus on a test machine, for the Avahi name) must not be
# fatal to them.
# --die-with-parent: a test that kills "the program" (this process) kills the sandbox too.
# shellcheck disable=SC2086
exec env -u G_DEBUG flatpak run --user --die-with-parent $extra "$app" "$@"
