#!/bin/bash
# `meson install` into a temporary DESTDIR: the expected files are there (binary, desktop file,
# metainfo, icons, schema, translations), nothing lands outside the places an app may install
# to, the translations load, and the installed binary starts and maps a window under Xvfb with
# XDG_DATA_DIRS pointing at the prefix. Prints TAP.
#
# Usage: check-install.sh BUILD_ROOT SOURCE_ROOT PREFIX BINDIR DATADIR LOCALEDIR APP_ID BASE_ID [TEST_MODULE]
#   (BINDIR, DATADIR, LOCALEDIR as meson options: relative to PREFIX or absolute; TEST_MODULE:
#   where the tests' module is installed with -Dtest_module=true, the local Flatpak builds)

set -u
build=$1 src=$2 prefix=$3 bindir=$4 datadir=$5 localedir=$6 app_id=$7 base_id=$8 test_module=${9:-}
here=$(cd "$(dirname "$0")" && pwd)

abs () { case $1 in /*) echo "$1" ;; *) echo "$prefix/$1" ;; esac; }
bindir=$(abs "$bindir") datadir=$(abs "$datadir") localedir=$(abs "$localedir")

n=0
failed=0
ok () { n=$((n + 1)); echo "ok $n - $*"; }
not_ok () { n=$((n + 1)); echo "not ok $n - $*"; failed=1; }
skip () { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }
check () {  # check NAME COMMAND...
  local name=$1; shift
  if "$@"; then ok "$name"; else not_ok "$name"; fi
}

destdir=$(mktemp -d "${TMPDIR:-/tmp}/hearts-install.XXXXXX")
trap 'rm -rf "$destdir"' EXIT
root=$destdir$prefix

# 1. install
if meson install -C "$build" --no-rebuild --destdir "$destdir" > "$destdir.log" 2>&1; then
  ok "meson install into a DESTDIR"
  rm -f "$destdir.log"
else
  not_ok "meson install into a DESTDIR"
  sed 's/^/# /' "$destdir.log" | tail -30
  rm -f "$destdir.log"
  echo "1..$n"
  exit 1
fi

# Does this build have the app yet? The table work adds an installed executable 'hearts'.
has_binary=$(meson introspect --targets "$build" | python3 -c '
import json, sys
print ("yes" if any (t["name"] == "hearts" and t["type"] == "executable" and t["installed"]
                    for t in json.load (sys.stdin)) else "no")')
schema=
for s in "$src/data/$base_id.gschema.xml" "$src/data/$base_id.gschema.xml.in"; do
  [ -f "$s" ] && schema=$base_id.gschema.xml
done
langs=$(sed 's/#.*//' "$src/po/LINGUAS")
# The guide's languages are merged and installed only where itstool is (help/meson.build).
help_langs=
command -v itstool > /dev/null && help_langs=$(sed 's/#.*//' "$src/help/LINGUAS")

# 2. the expected files
expected=(
  "$datadir/applications/$app_id.desktop"
  "$datadir/metainfo/$app_id.metainfo.xml"
  "$datadir/icons/hicolor/scalable/apps/$app_id.svg"
  "$datadir/icons/hicolor/symbolic/apps/$app_id-symbolic.svg"
  "$datadir/help/C/$base_id/index.page"
)
[ $has_binary = yes ] && expected+=("$bindir/hearts")
[ -n "$schema" ] && expected+=("$datadir/glib-2.0/schemas/$schema")
for l in $langs; do expected+=("$localedir/$l/LC_MESSAGES/hearts.mo"); done
for l in $help_langs; do expected+=("$datadir/help/$l/$base_id/index.page"); done
missing=0
for f in "${expected[@]}"; do
  if [ ! -f "$destdir$f" ]; then echo "# missing: $f"; missing=1; fi
done
check "installed: desktop file, metainfo, icons, user guide$([ $has_binary = yes ] && echo ', binary')$([ -n "$schema" ] && echo ', schema'), translations ($(echo $langs)), guide translations ($(echo ${help_langs:-none: no itstool}))" \
  [ $missing = 0 ]
[ $has_binary = yes ] || echo "# no installed 'hearts' executable in this build yet: not expected"
[ -n "$schema" ] || echo "# no data/$base_id.gschema.xml yet: not expected"
# A translated guide page is the merged one, not a copy of the English page.
copies=
for l in $help_langs; do
  f=$destdir$datadir/help/$l/$base_id/index.page
  [ -f "$f" ] && cmp -s "$f" "$src/help/C/index.page" && copies="$copies $l"
done
check "the installed guide translations are translated${copies:+ (English copies:$copies)}" [ -z "$copies" ]

# 3. nothing else: only the places an app installs to (no headers, static libraries, tools)
stray=$(cd "$destdir" && find . -type f -o -type l | sed 's|^\.||' | while read -r f; do
  case $f in
    "$bindir/hearts") ;;
    "$datadir/applications/$app_id.desktop") ;;
    "$datadir/metainfo/$app_id.metainfo.xml") ;;
    "$datadir/icons/hicolor/"*"/apps/$app_id"*) ;;
    "$datadir/glib-2.0/schemas/"*.gschema.xml) ;;
    "$datadir/glib-2.0/schemas/gschemas.compiled") ;;
    "$localedir/"*/LC_MESSAGES/hearts.mo) ;;
    "$datadir/hearts/"*) ;;
    "$datadir/help/"*"/$base_id/"*) ;;
    "$datadir/dbus-1/services/$app_id.service") ;;
    *) [ -n "$test_module" ] && [ "$f" = "$test_module" ] || echo "$f" ;;
  esac
done)
check "nothing installed outside the app's places" [ -z "$stray" ]
[ -z "$stray" ] || echo "$stray" | sed 's/^/# unexpected: /'

# 4. installed binary is executable
if [ $has_binary = yes ]; then
  check "the binary is executable" [ -x "$destdir$bindir/hearts" ]
else
  skip "the binary is executable" "no hearts executable in this build yet"
fi

# 5. and on: the installed translations load, each language of po/LINGUAS (through gettext, as
# the program does). Newer C libraries (Debian 13's) ignore LANGUAGE in the C.UTF-8 locale: use
# a real one if there is.
msg_locale=C.UTF-8
if locale -a 2>/dev/null | grep -qix 'en_US.utf8'; then
  msg_locale=en_US.UTF-8
fi
for l in $langs; do
  # The translation the po file gives, so that a translator's better word does not
  # break the check; an untranslated or missing entry still fails it.
  want=$(awk '/^msgid "You must follow suit"$/ { getline; sub(/^msgstr "/, ""); sub(/"$/, ""); print }' \
         "$src/po/$l.po")
  [ -n "$want" ] || want="(no translation in po/$l.po)"
  got=$(TEXTDOMAINDIR="$destdir$localedir" LC_ALL=$msg_locale LANGUAGE=$l \
        gettext -d hearts "You must follow suit" 2>&1)
  if [ "$got" = "$want" ]; then
    ok "installed $l translation loads"
  else
    not_ok "installed $l translation loads"
    echo "# want '$want', got '$got'"
  fi
done

# 8. the installed desktop file and metainfo are the validated ones
if command -v desktop-file-validate > /dev/null && command -v appstreamcli > /dev/null; then
  out=$(desktop-file-validate "$destdir$datadir/applications/$app_id.desktop" 2>&1 &&
        appstreamcli validate --no-net "$destdir$datadir/metainfo/$app_id.metainfo.xml" 2>&1)
  rc=$?
  check "installed desktop file and metainfo validate" [ $rc = 0 ]
  [ $rc = 0 ] || echo "$out" | sed 's/^/# /'
else
  skip "installed desktop file and metainfo validate" "desktop-file-validate or appstreamcli missing"
fi

# 9. the installed binary starts and maps a window
if [ $has_binary != yes ]; then
  skip "installed binary starts under Xvfb" "no hearts executable in this build yet"
elif ! command -v xvfb-run > /dev/null || ! command -v xdotool > /dev/null ||
     ! command -v dbus-run-session > /dev/null; then
  skip "installed binary starts under Xvfb" "needs xvfb-run, xdotool and dbus-run-session"
else
  # What the post-install step does outside a DESTDIR (meson skips it inside one).
  if [ -d "$destdir$datadir/glib-2.0/schemas" ]; then
    glib-compile-schemas "$destdir$datadir/glib-2.0/schemas"
  fi
  home=$destdir/home
  # Left in the build folder to be looked at.
  shot=$build/tests/install/installed-window.png
  mkdir -p "$home"
  out=$(env -u GSETTINGS_SCHEMA_DIR -u G_TEST_SRCDIR -u G_TEST_BUILDDIR \
        HOME="$home" XDG_CONFIG_HOME="$home/.config" XDG_DATA_HOME="$home/.local/share" \
        XDG_CACHE_HOME="$home/.cache" XDG_STATE_HOME="$home/.local/state" \
        XDG_DATA_DIRS="$destdir$datadir:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}" \
        GSETTINGS_BACKEND=memory G_DEBUG= GTK_A11Y=none NO_AT_BRIDGE=1 \
        xvfb-run -a -s "-screen 0 1280x800x24" \
        dbus-run-session -- "$here/run-until-window.sh" --screenshot "$shot" -- "$destdir$bindir/hearts" 2>&1)
  rc=$?
  check "installed binary starts under Xvfb and maps a window" [ $rc = 0 ]
  echo "$out" | sed 's/^/# /'
fi

echo "1..$n"
exit $failed
