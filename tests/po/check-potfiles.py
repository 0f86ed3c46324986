#!/usr/bin/env python3
# Fails when a source file with translatable strings is missing from po/POTFILES.in, or when
# POTFILES.in names a file that does not exist. Prints TAP.
#
# Usage: check-potfiles.py SOURCE_ROOT

import pathlib
import re
import sys

root = pathlib.Path (sys.argv[1]).resolve ()

C_MARK = re.compile (r'(?<![A-Za-z0-9_])(?:_|N_|C_|NC_|Q_)\s*\(')
UI_MARK = re.compile (r'translatable\s*=\s*"(?:yes|true|1)"')


def is_translatable (path):
    name = path.name
    text = path.read_text (encoding='utf-8', errors='replace')
    if path.suffix in ('.c', '.h'):
        return C_MARK.search (text) is not None
    if path.suffix in ('.ui', '.blp'):
        return UI_MARK.search (text) is not None or C_MARK.search (text) is not None
    # Desktop files and metainfo are translated whole by i18n.merge_file.
    if re.search (r'\.(desktop|metainfo\.xml|appdata\.xml)(\.in)+$', name):
        return True
    if name.endswith ('.gschema.xml') or name.endswith ('.gschema.xml.in'):
        return 'gettext-domain' in text
    if name.endswith ('.in'):
        return (UI_MARK.search (text) is not None or C_MARK.search (text) is not None
                or 'translatable="yes"' in text)
    return False


def candidates ():
    for pattern in ('src/**/*.c', 'src/**/*.h', 'src/**/*.ui', 'src/**/*.blp',
                    'data/**/*.ui', 'data/*.in', 'data/*.gschema.xml'):
        yield from root.glob (pattern)


listed = set ()
bad_lines = []
for lineno, line in enumerate ((root / 'po' / 'POTFILES.in').read_text ().splitlines (), 1):
    line = line.strip ()
    if not line or line.startswith ('#'):
        continue
    if line.startswith ('[type:'):
        line = line.split (']', 1)[1].strip ()
    listed.add (line)

wanted = sorted ({str (p.relative_to (root)) for p in candidates () if p.is_file () and is_translatable (p)})
missing = [p for p in wanted if p not in listed]
stale = sorted (p for p in listed if not (root / p).is_file ())

print ('1..2')
if missing:
    print ('not ok 1 - every file with translatable strings is in po/POTFILES.in')
    for p in missing:
        print ('# missing from po/POTFILES.in: %s' % p)
else:
    print ('ok 1 - every file with translatable strings is in po/POTFILES.in (%d files)' % len (wanted))
if stale:
    print ('not ok 2 - every file in po/POTFILES.in exists')
    for p in stale:
        print ('# listed in po/POTFILES.in but not found: %s' % p)
else:
    print ('ok 2 - every file in po/POTFILES.in exists')
sys.exit (1 if missing or stale else 0)
