#!/bin/bash
# The development profile: configures a second build folder with -Dprofile=development and
# checks that the desktop file, metainfo and icons are named after the .Devel app ID, and that
# its desktop file and metainfo are valid and consistent too. Prints TAP.
#
# Usage: check-profile.sh SOURCE_ROOT WORK_DIR VERSION

set -u
srcdir=$1
work=$2
version=$3
base_id=io.github.gtkhearts.Hearts
dev_id=$base_id.Devel
n=0
failed=0

report () {  # report OK? NAME
  n=$((n + 1))
  if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=1; fi
}

echo "1..4"

rm -rf "$work"
if ! meson setup "$work" "$srcdir" -Dprofile=development > "$work.log" 2>&1; then
  report 1 "configure with -Dprofile=development"
  sed 's/^/# /' "$work.log" | tail -20
  for name in "install names" "desktop file and metainfo build and validate" "consistent with $dev_id"; do
    report 1 "$name # skipped: no build folder"
  done
  exit 1
fi
report 0 "configure with -Dprofile=development"

installed=$(meson introspect --installed "$work" | python3 -c '
import json, sys
for dst in json.load (sys.stdin).values ():
    print (dst)')
missing=
for f in "share/applications/$dev_id.desktop" "share/metainfo/$dev_id.metainfo.xml" \
         "share/icons/hicolor/scalable/apps/$dev_id.svg" \
         "share/icons/hicolor/symbolic/apps/$dev_id-symbolic.svg"; do
  echo "$installed" | grep -q -- "/$f\$" || missing="$missing $f"
done
if echo "$installed" | grep -q -- "/$base_id\.\(desktop\|metainfo\.xml\|svg\)\$"; then
  missing="$missing (and a file still named $base_id)"
fi
[ -z "$missing" ]; report $? "install names follow $dev_id"
[ -n "$missing" ] && echo "# missing:$missing"

desktop=$work/data/$dev_id.desktop
metainfo=$work/data/$dev_id.metainfo.xml
ok=0
ninja -C "$work" "data/$dev_id.desktop" "data/$dev_id.metainfo.xml" > "$work.log" 2>&1 || ok=1
if [ $ok = 0 ]; then
  desktop-file-validate "$desktop" > "$work.log" 2>&1 || ok=1
  appstreamcli validate --no-net "$metainfo" >> "$work.log" 2>&1 || ok=1
fi
report $ok "desktop file and metainfo build and validate"
[ $ok = 0 ] || sed 's/^/# /' "$work.log" | tail -20

out=$(python3 "$srcdir/tests/data/check-data-files.py" "$dev_id" "$version" "$srcdir/po/LINGUAS" \
      "$desktop" "$metainfo" 2>&1)
rc=$?
report $rc "desktop file and metainfo consistent with $dev_id"
[ $rc = 0 ] || echo "$out" | grep -v '^ok' | sed 's/^/# /'

exit $failed
