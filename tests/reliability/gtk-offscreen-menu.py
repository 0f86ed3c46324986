# gtk-offscreen-menu.py: GTK 4.8's Gdk-CRITICAL with a menu opened off the monitor, without
# Hearts (issue #23, reproduction offscreen-menu-gdk-critical.sh).
#
# A libadwaita window with a primary menu button (F10), as Hearts' header has. Under an X
# server of 1280x800, with Debian's python3-gi:
#   /usr/bin/python3 tests/reliability/gtk-offscreen-menu.py 2> log &
#   w=$(xdotool search --sync --onlyvisible --name '^Hearts' | head -1)
#   xdotool windowmove $w 1500 900; xdotool key --window $w F10; sleep 2; grep -c gdk_monitor_get_geometry log
# GTK 4.8.3 with libadwaita 1.2 (Debian 12): a critical a frame while the menu is open (11
# in 2 s); GTK 4.18.6 with libadwaita 1.7 (Debian 13): none. It quits by itself after 20 s.
import sys, gi
gi.require_version('Gtk', '4.0'); gi.require_version('Adw', '1')
from gi.repository import Gtk, Adw, Gio, GLib
def activate(app):
    win = Adw.ApplicationWindow(application=app, title='Hearts', default_width=800, default_height=600)
    menu = Gio.Menu(); menu.append('New Game', 'app.new'); menu.append('Preferences', 'app.prefs'); menu.append('Quit', 'app.quit')
    button = Gtk.MenuButton(icon_name='open-menu-symbolic', menu_model=menu, primary=True)
    header = Adw.HeaderBar(); header.pack_end(button)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL); box.append(header); box.append(Gtk.Label(label='table', vexpand=True))
    win.set_content(box); win.present()
    button.get_popover().connect('notify::visible', lambda p, _: print('menu visible:', p.get_visible(), flush=True))
    print('GTK', Gtk.get_major_version(), Gtk.get_minor_version(), Gtk.get_micro_version(), 'Adw', Adw.get_major_version(), Adw.get_minor_version(), flush=True)
    if len(sys.argv) > 1 and sys.argv[1] == 'popup':
        GLib.timeout_add(4000, lambda: (button.popup(), False)[1])
    GLib.timeout_add(20000, lambda: (app.quit(), False)[1])
app = Adw.Application(application_id='io.github.gtkhearts.MenuTest')
app.connect('activate', activate)
app.run([])
