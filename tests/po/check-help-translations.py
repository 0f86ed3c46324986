#!/usr/bin/env python3
# The user guide's translations, as check-translations.py checks the program's: every language
# in help/LINGUAS has help/<lang>/<lang>.po, which passes `msgfmt --check` and, merged with a
# template freshly extracted from today's help/C pages (itstool, as the build does), is 100%
# translated with nothing fuzzy; and no help/<lang>/ folder is left out of LINGUAS. Prints TAP.
#
# Usage: check-help-translations.py SOURCE_ROOT PAGE...

import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

root = pathlib.Path (sys.argv[1]).resolve ()
help_dir = root / 'help'
pages = [str (help_dir / 'C' / p) for p in sys.argv[2:]]

langs = []
for line in (help_dir / 'LINGUAS').read_text ().splitlines ():
    langs.extend (line.split ('#', 1)[0].split ())


def run (args):
    return subprocess.run (args, capture_output=True, text=True,
                           env=dict (os.environ, LC_ALL='C', LANGUAGE=''))


def statistics (po_file):
    p = run (['msgfmt', '--statistics', '-o', '/dev/null', str (po_file)])
    counts = {}
    for n, kind in re.findall (r'(\d+) (translated|fuzzy|untranslated) messages?', p.stderr):
        counts[kind] = int (n)
    return counts.get ('translated', 0), counts.get ('fuzzy', 0), counts.get ('untranslated', 0)


results = []
folders = sorted (d.name for d in help_dir.iterdir ()
                  if d.is_dir () and d.name != 'C' and (d / (d.name + '.po')).exists ())
left_out = sorted (set (folders) - set (langs))
results.append ((not left_out, 'every help/<lang>/<lang>.po is listed in help/LINGUAS',
                 'not listed: ' + ', '.join (left_out)))

if shutil.which ('itstool') is None:
    print ('1..%d' % (len (results) + 1))
    for i, (ok, name, detail) in enumerate (results, 1):
        print ('%s %d - %s' % ('ok' if ok else 'not ok', i, name))
    print ('ok %d - the guide\'s translations # SKIP itstool not installed' % (len (results) + 1))
    sys.exit (0 if all (r[0] for r in results) else 1)

with tempfile.TemporaryDirectory () as tmp:
    pot = pathlib.Path (tmp) / 'help.pot'
    p = run (['itstool', '-o', str (pot)] + pages)
    ok = p.returncode == 0 and pot.exists ()
    total = statistics (pot)[2] if ok else 0
    results.append ((ok, 'extract the template from help/C: %d messages' % total, p.stderr))

    for lang in langs:
        po = help_dir / lang / (lang + '.po')
        if not po.exists ():
            results.append ((False, '%s: help/%s/%s.po exists' % (lang, lang, lang), ''))
            continue
        p = run (['msgfmt', '--check', '-o', '/dev/null', str (po)])
        results.append ((p.returncode == 0, '%s: msgfmt --check' % lang, p.stderr))
        merged = pathlib.Path (tmp) / (lang + '.po')
        p = run (['msgmerge', '--quiet', '--no-fuzzy-matching', '-o', str (merged), str (po), str (pot)])
        if p.returncode != 0:
            results.append ((False, '%s: merge with the template' % lang, p.stderr))
            continue
        translated, fuzzy, untranslated = statistics (merged)
        detail = ''
        if not (translated == total and fuzzy == 0 and untranslated == 0):
            left = run (['msgattrib', '--only-fuzzy', '--no-obsolete', '--no-wrap', str (merged)]).stdout
            left += run (['msgattrib', '--untranslated', '--no-obsolete', '--no-wrap', str (merged)]).stdout
            shown = re.findall (r'^msgid (".+")$', left, re.M)[:20]
            detail = '%d fuzzy, %d untranslated (ninja -C <build> help-io.github.gtkhearts.Hearts-%s-update-po)\n' \
                % (fuzzy, untranslated, lang) + '\n'.join (shown)
        results.append ((not detail, '%s: %d/%d translated' % (lang, translated, total), detail))

print ('1..%d' % len (results))
for i, (ok, name, detail) in enumerate (results, 1):
    print ('%s %d - %s' % ('ok' if ok else 'not ok', i, name))
    if not ok:
        for line in detail.splitlines ():
            print ('#   ' + line)
sys.exit (0 if all (r[0] for r in results) else 1)
