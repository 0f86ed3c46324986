#!/usr/bin/python3
# test-atspi.py: the real program as a screen reader meets it, through AT-SPI
#
# Walks the window and fails on a control with no name or with a type name for a
# name; plays one hand with real keys (xdotool) and checks that every play and every
# trick's taker was announced (GTK 4.14: announcements; before: name changes of the
# polite status region). HEARTS_ATSPI_TREE=1 prints the tree it walks.
#
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

# The suite's G_DEBUG=fatal-warnings is for our program (started below with its own
# G_DEBUG); in this client it made libatspi's own start-up race ("AT-SPI: Error in
# GetItems … /org/a11y/atspi/cache", the registry not yet ready) abort the test about
# half the time. GLib reads G_DEBUG when it is loaded, so before gi.
os.environ.pop('G_DEBUG', None)

import gi
gi.require_version('Gio', '2.0')
from gi.repository import Gio, GLib

try:
    import pyatspi
except ImportError:
    print('1..0 # SKIP python3-pyatspi is not installed')
    sys.exit(0)

APP_ID = os.environ['HEARTS_APP_ID']
OBJECT_PATH = '/' + APP_ID.replace('.', '/')
TYPE_NAME = re.compile(r'^(Gtk|Adw|Hearts)[A-Z]')
CONTROLS = {pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_CHECK_BOX,
            pyatspi.ROLE_RADIO_BUTTON, pyatspi.ROLE_COMBO_BOX, pyatspi.ROLE_SPIN_BUTTON,
            pyatspi.ROLE_SLIDER, pyatspi.ROLE_ENTRY, pyatspi.ROLE_TEXT, pyatspi.ROLE_LINK,
            pyatspi.ROLE_MENU_ITEM, pyatspi.ROLE_TABLE, pyatspi.ROLE_DIALOG,
            pyatspi.ROLE_FRAME, pyatspi.ROLE_STATUS_BAR, pyatspi.ROLE_SCROLL_BAR}


def said_twice(name):
    """ "Next Hand Next Hand": GTK 4.8 read the label child after the name."""
    words = name.split()
    half = len(words) // 2
    return len(words) % 2 == 0 and half > 0 and words[:half] == words[half:]
LIMIT_S = 60
failures = []
tap = 0


def ok(good, what):
    global tap
    tap += 1
    print(('ok %d - %s' if good else 'not ok %d - %s') % (tap, what), flush=True)
    if not good:
        failures.append(what)


def pump(seconds):
    """Lets AT-SPI events arrive while we wait."""
    context = GLib.MainContext.default()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        while context.iteration(False):
            pass
        time.sleep(0.01)


class App:
    def __init__(self):
        self.bus = Gio.bus_get_sync(Gio.BusType.SESSION)
        self.config = tempfile.mkdtemp(prefix='hearts-atspi-')
        gtk_dir = os.path.join(self.config, 'gtk-4.0')
        os.makedirs(gtk_dir)
        with open(os.path.join(gtk_dir, 'settings.ini'), 'w') as f:
            f.write('[Settings]\ngtk-enable-animations=false\n')
        env = dict(os.environ, GTK_A11Y='atspi', XDG_CONFIG_HOME=self.config,
                   G_DEBUG='fatal-criticals')
        env.pop('NO_AT_BRIDGE', None)
        self.process = subprocess.Popen([os.environ['HEARTS_BIN'], '--seed', '5'], env=env)
        self.window = None
        for _ in range(LIMIT_S * 10):
            out = subprocess.run(['xdotool', 'search', '--onlyvisible', '--pid', str(self.process.pid)],
                                 capture_output=True, text=True).stdout.split()
            if out:
                self.window = out[-1]
                break
            time.sleep(0.1)
        assert self.window, 'the window never appeared'
        subprocess.run(['xdotool', 'windowfocus', '--sync', self.window], check=True)
        self.wait(lambda s: s.get('focus', '').startswith('hand:'))

    def state(self):
        try:
            reply = self.bus.call_sync(APP_ID, OBJECT_PATH, 'org.gtk.Actions', 'Describe',
                                       GLib.Variant('(s)', ('state',)), None, 0, 5000, None)
        except GLib.Error:
            return None
        enabled, ptype, states = reply.unpack()[0]
        return states[0] if states else None

    def wait(self, check):
        end = time.monotonic() + LIMIT_S
        while time.monotonic() < end:
            s = self.state()
            if s is not None and check(s):
                return s
            pump(0.03)
        raise AssertionError('the program never reached the state waited for: %s' % (self.state() or {}).get('focus'))

    def key(self, name):
        subprocess.run(['xdotool', 'key', '--clearmodifiers', name], check=True)

    def stop(self):
        self.process.terminate()
        self.process.wait(10)
        shutil.rmtree(self.config, ignore_errors=True)


def hearts_app():
    desktop = pyatspi.Registry.getDesktop(0)
    for _ in range(LIMIT_S * 10):
        for app in desktop:
            if app is not None and app.name and 'hearts' in app.name.lower():
                return app
        pump(0.1)
    return None


def walk(node, path, found):
    try:
        role = node.getRole()
        name = node.name or ''
        # GTK 4.8 sets no "showing" state; hidden widgets are not in its tree at all.
        showing = True
    except Exception:
        return
    if os.environ.get('HEARTS_ATSPI_TREE'):
        print('# %s/%s %r showing=%s' % (path, node.getRoleName(), name, showing))
    if showing and role in CONTROLS:
        found.append((path + '/' + node.getRoleName(), name))
    for child in node:
        if child is not None:
            walk(child, path + '/' + node.getRoleName(), found)


def check_names(app, where):
    found = []
    walk(app, '', found)
    bad = [(p, n) for p, n in found if not n.strip() or TYPE_NAME.match(n) or '_' in n or said_twice(n)]
    for p, n in bad:
        print('# %s: %r' % (p, n))
    ok(len(found) > 10 and not bad, '%s: %d controls, each with a name a person would say' % (where, len(found)))


RANKS = dict(zip('23456789TJQKA', ['Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine',
                                      'Ten', 'Jack', 'Queen', 'King', 'Ace']))
SUITS = {'C': 'Clubs', 'D': 'Diamonds', 'S': 'Spades', 'H': 'Hearts'}


def card_name(card):
    """What the table calls a card of the record: "QS" is "Queen of Spades"."""
    return '%s of %s' % (RANKS[card[0]], SUITS[card[1]])


def play_hand(app):
    """One hand with the keyboard, as test-e2e's keyboard game does."""
    for _ in range(200):
        s = app.wait(lambda s: not s['table']['busy'])
        if 'sheet' in s:
            return s
        t = s['table']
        if s['phase'] == 'passing' and 'pass-button' in t:
            hand = [c for c, _ in t['hand']]
            app.key('Home')
            app.wait(lambda s: s['focus'] == 'hand:' + hand[0])
            for k in range(3):
                # Space chooses the card and leaves the focus on the next one of the row.
                app.key('space')
                chosen = app.wait(lambda s, k=k: len(s['table']['chosen'].split()) == k + 1)
                nxt = chosen['table']['hand'][k + 1][0]
                app.wait(lambda s, c=nxt: s['focus'] == 'hand:' + c)
            # The hand is one Tab stop: the pass button is next.
            for _ in range(3):
                before = app.state()['focus']
                if before == 'pass-button':
                    break
                app.key('Tab')
                app.wait(lambda s, f=before: s['focus'] != f)
            app.wait(lambda s: s['focus'] == 'pass-button')
            app.key('Return')
            app.wait(lambda s: 'pass-button' not in s['table'])
            continue
        if s['phase'] == 'playing' and s['current-player'] == 0:
            legal = t['legal'].split()
            hand = [c for c, _ in t['hand']]
            target = next(i for i, c in enumerate(hand) if c in legal)
            at = hand.index(s['focus'][len('hand:'):])
            while at != target:
                step = 1 if at < target else -1
                app.key('Right' if step > 0 else 'Left')
                at += step
                app.wait(lambda s, c=hand[at]: s['focus'] == 'hand:' + c)
            app.key('Return')
            app.wait(lambda s, c=hand[target]: c not in [x for x, _ in s['table']['hand']])
            continue
        pump(0.02)
    raise AssertionError('the hand never ended')


def main():
    print('1..7', flush=True)
    heard = []

    def on_name(event):
        try:
            if event.source.getRole() == pyatspi.ROLE_STATUS_BAR:
                heard.append(event.any_data if isinstance(event.any_data, str) else event.source.name)
        except Exception:
            pass

    def on_announcement(event):
        heard.append(event.any_data)

    pyatspi.Registry.registerEventListener(on_name, 'object:property-change:accessible-name')
    pyatspi.Registry.registerEventListener(on_announcement, 'object:announcement')

    app = App()
    try:
        atspi_app = hearts_app()
        ok(atspi_app is not None, 'the program is on the accessibility bus')
        if atspi_app is None:
            return
        pump(0.5)
        check_names(atspi_app, 'the table while passing')

        last = play_hand(app)
        pump(1.0)
        check_names(atspi_app, 'the hand\'s score sheet')

        names = last['players']
        plays = [l.split()[1:] for l in last['record'].splitlines() if l.startswith('play ')]
        missing = []
        at = 0
        for seat, card in plays:
            want = ('You play the %s' if seat == '0' else names[int(seat)] + ' plays the %s') % card_name(card)
            while at < len(heard) and heard[at] != want:
                at += 1
            if at == len(heard):
                missing.append(want)
                at = 0
            else:
                at += 1
        ok(len(plays) == 52 and not missing,
           'every play of the hand was said (%d plays, %d said, missing %r)' % (len(plays), len(heard), missing))
        takes = [h for h in heard if h and ('takes the trick' in h or 'take the trick' in h)]
        ok(len(takes) == 13, 'every trick\'s taker was said (%d)' % len(takes))
        said, unsaid, mine = False, 0, 0
        for h in heard:
            if h and h.startswith('Your turn'):
                said = True
            elif h and h.startswith('You play the'):
                unsaid += not said
                mine += 1
                said = False
        early = [a for a, b in zip(heard, heard[1:]) if a and b and a.startswith('Your turn') and 'the trick' in b]
        ok(not early, 'the turn is said after the trick is taken (%d said too early)' % len(early))
        ok(mine == 13 and unsaid == 0, 'your turn was said before each of your %d plays (%d not)' % (mine, unsaid))
        for h in heard[:8]:
            print('# heard: %s' % h)
    finally:
        app.stop()
    sys.exit(1 if failures else 0)


if __name__ == '__main__':
    main()
