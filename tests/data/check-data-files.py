#!/usr/bin/env python3
# Checks the built desktop file and metainfo for what issue #6 asks of them, beyond what the
# validators check: names follow the app ID, every language of LINGUAS is merged in, and the
# metainfo has the developer, branding, OARS, supports/requires and a release for this version.
# Prints TAP.
#
# Usage: check-data-files.py APP_ID VERSION LINGUAS_FILE DESKTOP_FILE METAINFO_FILE

import configparser
import sys
import xml.etree.ElementTree as ET

app_id, version, linguas_file, desktop_path, metainfo_path = sys.argv[1:]
langs = [l for line in open (linguas_file) for l in line.split ('#', 1)[0].split ()]
XML_LANG = '{http://www.w3.org/XML/1998/namespace}lang'

results = []


def check (name, ok, detail=''):
    results.append ((name, bool (ok), detail))


# Desktop file
kf = configparser.ConfigParser (interpolation=None, strict=True)
kf.optionxform = str
kf.read (desktop_path, encoding='utf-8')
entry = kf['Desktop Entry'] if kf.has_section ('Desktop Entry') else {}
check ('desktop: Icon is the app ID', entry.get ('Icon') == app_id, entry.get ('Icon'))
check ('desktop: Exec runs hearts', (entry.get ('Exec') or '').split ()[:1] == ['hearts'], entry.get ('Exec'))
categories = (entry.get ('Categories') or '').split (';')
check ('desktop: Categories has Game and CardGame', 'Game' in categories and 'CardGame' in categories,
       entry.get ('Categories'))
check ('desktop: Keywords present', (entry.get ('Keywords') or '').endswith (';'), entry.get ('Keywords'))
for lang in langs:
    missing = [k for k in ('Name', 'Comment', 'Keywords') if '%s[%s]' % (k, lang) not in entry]
    check ('desktop: translated to %s' % lang, not missing, 'missing ' + ', '.join (missing))
    kw = entry.get ('Keywords[%s]' % lang, '')
    check ('desktop: %s keywords end with a semicolon' % lang, kw.endswith (';'), kw)

# Metainfo


def same_language (tag, lang):
    """Newer gettext (0.23, Debian 13) writes BCP 47 tags: pt_BR is pt-BR, zh_CN is zh-Hans-CN."""
    if tag is None:
        return False
    parts = [p.lower () for p in tag.replace ('_', '-').split ('-') if not (len (p) == 4 and p.isalpha ())]
    return parts == lang.lower ().replace ('_', '-').split ('-')
root = ET.parse (metainfo_path).getroot ()


def texts (path):
    return [e.text for e in root.findall (path)]


check ('metainfo: id is the app ID', root.findtext ('id') == app_id, root.findtext ('id'))
launchables = [(e.get ('type'), e.text) for e in root.findall ('launchable')]
check ('metainfo: launchable is the desktop file', ('desktop-id', app_id + '.desktop') in launchables,
       launchables)
dev = root.find ('developer')
check ('metainfo: developer with id and name',
       dev is not None and dev.get ('id') and dev.findtext ('name'))
colours = {(c.get ('type'), c.get ('scheme_preference')) for c in root.findall ('branding/color')}
check ('metainfo: branding colours for light and dark',
       {('primary', 'light'), ('primary', 'dark')} <= colours, colours)
rating = root.find ('content_rating')
check ('metainfo: OARS content rating', rating is not None and rating.get ('type') == 'oars-1.1')
controls = set (texts ('supports/control')) | set (texts ('requires/control'))
check ('metainfo: pointer and keyboard control', {'pointing', 'keyboard'} <= controls, controls)
check ('metainfo: display length', root.find ('requires/display_length') is not None)
shots = texts ('screenshots/screenshot/image')
check ('metainfo: screenshots', shots and all (s.startswith ('https://') for s in shots), shots)
releases = [r.get ('version') for r in root.findall ('releases/release')]
check ('metainfo: a release for version %s' % version, version in releases, releases)
check ('metainfo: newest release first', releases[:1] == [version], releases)
for lang in langs:
    summaries = [e for e in root.findall ('summary') if same_language (e.get (XML_LANG), lang)]
    paras = [e for e in root.findall ('description/p') if same_language (e.get (XML_LANG), lang)]
    check ('metainfo: translated to %s' % lang, summaries and paras)

print ('1..%d' % len (results))
for i, (name, ok, detail) in enumerate (results, 1):
    print ('%s %d - %s' % ('ok' if ok else 'not ok', i, name))
    if not ok and detail:
        print ('# got: %s' % (detail,))
sys.exit (0 if all (ok for _, ok, _ in results) else 1)
