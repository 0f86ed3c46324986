#!/usr/bin/env python3
# Checks the user guide: yelp-check's validation against the Mallard schema, its broken-link
# and orphan checks, and on our own (so that these run without yelp-tools too) that every
# page in help/C is listed in help/meson.build, every xref points at a page (and section)
# that exists, every page is reachable from index.page through guide links, and every page
# has its <desc>, <credit> and <license>. Then the translations of help/LINGUAS as the build
# merged them (itstool, into BUILD_HELP_DIR/<lang>/): every page is there, translated, keeps
# the English page's id and sections (so that every link still lands), and passes yelp-check
# validate and links. Prints TAP.
#
# Usage: check-help.py HELP_C_DIR BUILD_HELP_DIR PAGE...

import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

help_dir, built_dir, listed = sys.argv[1], sys.argv[2], sys.argv[3:]
M = '{http://projectmallard.org/1.0/}'

results = []


def check (name, ok, detail=''):
    results.append (('ok' if ok else 'not ok', name, '' if ok else detail))


def skip (name, why):
    results.append (('ok', name, None, why))


on_disk = sorted (f for f in os.listdir (help_dir) if f.endswith ('.page'))
check ('every page in help/C is listed in help/meson.build',
       not set (on_disk) - set (listed), sorted (set (on_disk) - set (listed)))
check ('every page listed in help/meson.build exists',
       not set (listed) - set (on_disk), sorted (set (listed) - set (on_disk)))
check ('index.page is there', 'index.page' in on_disk)

pages = {}
for name in on_disk:
    try:
        pages[name] = ET.parse (os.path.join (help_dir, name)).getroot ()
    except ET.ParseError as e:
        check ('%s is well-formed XML' % name, False, str (e))

ids = {}
for name, root in pages.items ():
    page_id = root.get ('id')
    check ('%s: id matches the file name' % name, page_id + '.page' == name, page_id)
    ids[page_id] = {s.get ('id') for s in root.iter (M + 'section')}
    info = root.find (M + 'info')
    missing = [t for t in ('desc', 'credit', 'license')
               if info is None or info.find (M + t) is None]
    check ('%s: <info> has desc, credit and license' % name, not missing, 'missing ' + ', '.join (missing))


def target (xref):
    page, _, section = xref.partition ('#')
    return page, section


# Mallard's navigation: a guide link in B's info puts B in guide A, a topic link in A's info
# does the same from A's side. Inline links do not count, as for yelp-check orphans.
edges = {page_id: set () for page_id in ids}
for root in pages.values ():
    page_id = root.get ('id')
    for link in root.iter (M + 'link'):
        xref = link.get ('xref')
        if xref is None:
            continue
        page, section = target (xref)
        check ('%s: link to %s resolves' % (page_id, xref),
               page in ids and (not section or section in ids[page]), xref)
        if page not in ids:
            continue
        if link.get ('type') == 'guide':
            edges[page].add (page_id)
        elif link.get ('type') == 'topic':
            edges[page_id].add (page)

seen, todo = set (), ['index']
while todo:
    page_id = todo.pop ()
    if page_id in seen or page_id not in edges:
        continue
    seen.add (page_id)
    todo.extend (edges[page_id])
unreached = sorted (set (ids) - seen)
check ('every page is reachable from index', not unreached, unreached)

yelp_check = shutil.which ('yelp-check')
paths = [os.path.join (help_dir, name) for name in on_disk]
for command in ('validate', 'links', 'orphans'):
    name = 'yelp-check %s' % command
    if yelp_check is None:
        skip (name, 'yelp-check not installed (yelp-tools)')
        continue
    run = subprocess.run ([yelp_check, command] + paths, capture_output=True, text=True)
    check (name, run.returncode == 0 and not run.stdout.strip (), run.stdout + run.stderr)

# The translations, as the build merged them.
linguas = os.path.join (help_dir, '..', 'LINGUAS')
langs = [l for line in open (linguas) for l in line.split ('#', 1)[0].split ()]
for lang in langs:
    lang_dir = os.path.join (built_dir, lang)
    check ('%s: help/%s/%s.po exists' % (lang, lang, lang),
           os.path.exists (os.path.join (help_dir, '..', lang, lang + '.po')))
    if shutil.which ('itstool') is None:
        skip ('%s: the merged pages' % lang, 'itstool not installed: the guide is installed in English only')
        continue
    missing = [p for p in listed if not os.path.exists (os.path.join (lang_dir, p))]
    check ('%s: every page is merged' % lang, not missing, 'missing ' + ', '.join (missing))
    untranslated = []
    for name in listed:
        path = os.path.join (lang_dir, name)
        if name not in pages or not os.path.exists (path):
            continue
        try:
            root = ET.parse (path).getroot ()
        except ET.ParseError as e:
            check ('%s: %s is well-formed XML' % (lang, name), False, str (e))
            continue
        page_id = root.get ('id')
        sections = {s.get ('id') for s in root.iter (M + 'section')}
        check ('%s: %s keeps the id and sections of the English page' % (lang, name),
               page_id in ids and sections == ids[page_id], (page_id, sorted (sections - ids.get (page_id, set ()))))
        english = pages[name]
        # The page's own words (not the credit, license or file names) are translated.
        text = lambda r: ' '.join (t.strip () for t in r.find (M + 'title').itertext ()) + \
            ' '.join (''.join (p.itertext ()) for p in r.iter (M + 'p'))
        if text (root) == text (english):
            untranslated.append (name)
    check ('%s: every page is translated' % lang, not untranslated, 'as in English: ' + ', '.join (untranslated))
    paths = [os.path.join (lang_dir, p) for p in listed if os.path.exists (os.path.join (lang_dir, p))]
    for command in ('validate', 'links'):
        name = '%s: yelp-check %s' % (lang, command)
        if yelp_check is None:
            skip (name, 'yelp-check not installed (yelp-tools)')
            continue
        run = subprocess.run ([yelp_check, command] + paths, capture_output=True, text=True)
        check (name, run.returncode == 0 and not run.stdout.strip (), run.stdout + run.stderr)

print ('1..%d' % len (results))
for i, r in enumerate (results, 1):
    if len (r) == 4:
        print ('ok %d - %s # SKIP %s' % (i, r[1], r[3]))
        continue
    status, name, detail = r
    print ('%s %d - %s' % (status, i, name))
    if status != 'ok':
        for line in str (detail).splitlines () or ['']:
            print ('#   ' + line)
