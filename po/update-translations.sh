#!/bin/sh
# Refresh the translation template and merge it into every language of po/LINGUAS.
#
# Usage: po/update-translations.sh [BUILD_DIR]      (default: build, set up if missing)
#
# The same as `meson compile -C BUILD_DIR hearts-pot hearts-update-po` (targets that
# i18n.gettext in po/meson.build defines), followed by a summary of what is left to translate.
# po/hearts.pot is regenerated each time and is not kept in git. New or changed messages show up
# as untranslated or fuzzy; `meson test -C BUILD_DIR --suite po` fails until they are done.

set -eu
srcdir=$(cd "$(dirname "$0")/.." && pwd)
builddir=${1:-$srcdir/build}

if [ ! -f "$builddir/build.ninja" ]; then
  meson setup "$builddir" "$srcdir"
fi
meson compile -C "$builddir" hearts-pot hearts-update-po

for lang in $(sed 's/#.*//' "$srcdir/po/LINGUAS"); do
  printf '%s: ' "$lang"
  msgfmt --check --statistics -o /dev/null "$srcdir/po/$lang.po" 2>&1
done
