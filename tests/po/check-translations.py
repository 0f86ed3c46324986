#!/usr/bin/env python3
# For each language in po/LINGUAS: the .po file passes `msgfmt --check`, and merged with a .pot
# freshly extracted from today's sources it is 100% translated (no untranslated, no fuzzy
# message). So a translation that was complete for yesterday's strings fails. Prints TAP.
#
# Usage: check-translations.py SOURCE_ROOT PACKAGE XGETTEXT_ARG...
#   XGETTEXT_ARG: the extra xgettext arguments of the i18n preset (see tests/po/meson.build)

import os
import pathlib
import re
import subprocess
import sys
import tempfile

root = pathlib.Path (sys.argv[1]).resolve ()
package = sys.argv[2]
xgettext_args = sys.argv[3:]
po_dir = root / 'po'

langs = []
for line in (po_dir / 'LINGUAS').read_text ().splitlines ():
    line = line.split ('#', 1)[0]
    langs.extend (line.split ())


def run (args, **kwargs):
    return subprocess.run (args, capture_output=True, text=True, **kwargs)


def statistics (po_file):
    """Returns (translated, fuzzy, untranslated, stderr) as msgfmt counts them."""
    p = run (['msgfmt', '--statistics', '-o', '/dev/null', str (po_file)],
             env=dict (os.environ, LC_ALL='C', LANGUAGE=''))
    counts = {}
    for n, kind in re.findall (r'(\d+) (translated|fuzzy|untranslated) messages?', p.stderr):
        counts[kind] = int (n)
    return counts.get ('translated', 0), counts.get ('fuzzy', 0), counts.get ('untranslated', 0), p.stderr


print ('1..%d' % (1 + 2 * len (langs)))
failed = False
n = 0

with tempfile.TemporaryDirectory () as tmp:
    tmp = pathlib.Path (tmp)
    pot = tmp / (package + '.pot')
    p = run (['xgettext', '--package-name=' + package, '-f', str (po_dir / 'POTFILES.in'),
              '-D', str (root), '-k_', '-o', str (pot)] + xgettext_args)
    n += 1
    if p.returncode != 0 or not pot.exists ():
        print ('not ok %d - extract the template from po/POTFILES.in' % n)
        for line in p.stderr.splitlines ():
            print ('# ' + line)
        sys.exit (1)
    total = statistics (pot)[2]
    print ('ok %d - extract the template: %d messages' % (n, total))

    for lang in langs:
        po = po_dir / (lang + '.po')

        n += 1
        if not po.exists ():
            print ('not ok %d - %s: po/%s.po exists' % (n, lang, lang))
            n += 1
            print ('not ok %d - %s: complete # po/%s.po missing' % (n, lang, lang))
            failed = True
            continue
        p = run (['msgfmt', '--check', '-o', '/dev/null', str (po)])
        if p.returncode == 0:
            print ('ok %d - %s: msgfmt --check' % (n, lang))
        else:
            print ('not ok %d - %s: msgfmt --check' % (n, lang))
            for line in p.stderr.splitlines ():
                print ('# ' + line)
            failed = True

        n += 1
        merged = tmp / (lang + '.po')
        p = run (['msgmerge', '--quiet', '--no-fuzzy-matching', '-o', str (merged), str (po), str (pot)])
        if p.returncode != 0:
            print ('not ok %d - %s: merge with the template' % (n, lang))
            for line in p.stderr.splitlines ():
                print ('# ' + line)
            failed = True
            continue
        translated, fuzzy, untranslated, _ = statistics (merged)
        # Also count fuzzy entries in the file itself: msgmerge keeps them fuzzy.
        if translated == total and fuzzy == 0 and untranslated == 0:
            print ('ok %d - %s: %d/%d translated' % (n, lang, translated, total))
        else:
            print ('not ok %d - %s: %d/%d translated, %d fuzzy, %d untranslated'
                   % (n, lang, translated, total, fuzzy, untranslated))
            missing = run (['msgattrib', '--untranslated', '--no-obsolete', '--no-wrap', str (merged)]).stdout
            fuzzies = run (['msgattrib', '--only-fuzzy', '--no-obsolete', '--no-wrap', str (merged)]).stdout
            shown = 0
            for kind, text in (('untranslated', missing), ('fuzzy', fuzzies)):
                for m in re.findall (r'^msgid (".+")$', text, re.M):
                    if shown < 30:
                        print ('# %s: %s' % (kind, m))
                    shown += 1
            if shown > 30:
                print ('# … and %d more (run po/update-translations.sh)' % (shown - 30))
            failed = True

sys.exit (1 if failed else 0)
