#!/usr/bin/env python3
# The Flatpak manifest says what issue #6 asks: GNOME runtime and SDK of one version, the app ID,
# the hearts command, exactly five finish-args (no file system, no network; the sound server for
# the table's sounds), the project folder as a dir source built with meson, tests run during the
# build. Prints TAP.
#
# Usage: check-manifest.py MANIFEST APP_ID

import json
import pathlib
import sys

path = pathlib.Path (sys.argv[1])
app_id = sys.argv[2]
m = json.loads (path.read_text ())
results = []


def check (name, ok, got=None):
    results.append ((name, bool (ok), got))


check ('id is %s' % app_id, m.get ('id', m.get ('app-id')) == app_id, m.get ('id'))
check ('runtime org.gnome.Platform, sdk org.gnome.Sdk',
       m.get ('runtime') == 'org.gnome.Platform' and m.get ('sdk') == 'org.gnome.Sdk',
       (m.get ('runtime'), m.get ('sdk')))
version = str (m.get ('runtime-version', ''))
check ('runtime-version is a GNOME release number', version.isdigit () and int (version) >= 45, version)
check ('command is hearts', m.get ('command') == 'hearts', m.get ('command'))
wanted = ['--share=ipc', '--socket=fallback-x11', '--socket=wayland', '--socket=pulseaudio', '--device=dri']
check ('finish-args exactly %s' % ' '.join (wanted), sorted (m.get ('finish-args', [])) == sorted (wanted),
       m.get ('finish-args'))
modules = [mod for mod in m.get ('modules', []) if isinstance (mod, dict)]
main = modules[-1] if modules else {}
check ('last module is hearts, built with meson',
       main.get ('name') == 'hearts' and main.get ('buildsystem') == 'meson', main.get ('name'))
check ('tests run during the build', main.get ('run-tests') is True, main.get ('run-tests'))
dirs = [s for s in main.get ('sources', []) if s.get ('type') == 'dir']
check ('the project folder is a dir source',
       len (dirs) == 1 and (path.parent / dirs[0].get ('path', '')).resolve () == path.parent.parent.resolve (),
       dirs)

print ('1..%d' % len (results))
for i, (name, ok, got) in enumerate (results, 1):
    print ('%s %d - %s' % ('ok' if ok else 'not ok', i, name))
    if not ok:
        print ('# got: %r' % (got,))
sys.exit (0 if all (ok for _, ok, _ in results) else 1)
