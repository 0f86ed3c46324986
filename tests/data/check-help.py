#!/usr/bin/env python3
# Checks the user guide: yelp-check's validation against the Mallard schema, its broken-link
# and orphan checks, and on our own (so that these run without yelp-tools too) that every
# page in help/C is listed in help/meson.build, every xref points at a page (and section)
# that exists, every page is reachable from index.page through guide links, and every page
# has its <desc>, <credit> and <license>. Prints TAP.
#
# Usage: check-help.py HELP_C_DIR PAGE...

import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

help_dir, listed = sys.argv[1], sys.argv[2:]
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
