/* hearts-keyfile-backend.h: GSettings in a keyfile, written safely
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gio.h>
#include <gio/gsettingsbackend.h>

G_BEGIN_DECLS

/* The keyfile is refused unread above this size: the game's own settings, statistics
 * and history take a few KB, and outside the Flatpak the file is shared with other
 * programs. */
#define HEARTS_KEYFILE_MAX_SIZE (16 * 1024 * 1024)

#define HEARTS_TYPE_KEYFILE_BACKEND (hearts_keyfile_backend_get_type ())

G_DECLARE_FINAL_TYPE (HeartsKeyfileBackend, hearts_keyfile_backend, HEARTS, KEYFILE_BACKEND, GSettingsBackend)

/* The same file, groups and value syntax as GLib's keyfile backend (the Flatpak's),
 * with @root_path and @root_group as g_keyfile_settings_backend_new() takes them, but:
 * the file is judged before it is read (a regular file of sane size, opened without
 * blocking) and one that is not, or that is not a keyfile, is moved aside as
 * "keyfile.bad"; a value that is not UTF-8 reads as unset; and the file is replaced
 * whole (written beside it, then renamed), so a full disk leaves it as it was, where
 * GLib's backend (2.74 to 2.84 at least) leaves it empty. A failed write keeps the new
 * values for this run, emits "write-failed" once, and is tried again with the next
 * change and every few seconds (on the default main context) until it works; then
 * "saved" is emitted. */
GSettingsBackend *hearts_keyfile_backend_new             (const char *filename,
                                                          const char *root_path,
                                                          const char *root_group);

/* The backend for the game's settings: this one on the file of GLib's keyfile backend
 * when that is GLib's choice (the Flatpak, GSETTINGS_BACKEND=keyfile), once per
 * process; GLib's default backend otherwise. */
GSettingsBackend *hearts_keyfile_backend_get_default     (void);

/* Whether the file holds every value @backend was given: FALSE after a failed write of
 * a HeartsKeyfileBackend, until a write works; TRUE for any other backend. */
gboolean          hearts_keyfile_backend_is_saved        (GSettingsBackend *backend);

/* For main(), before anything opens the settings: unless GSETTINGS_BACKEND names
 * another backend, the file GLib's keyfile backend reads
 * ($XDG_CONFIG_HOME/glib-2.0/settings/keyfile) is moved aside if it is not a regular
 * file of at most HEARTS_KEYFILE_MAX_SIZE bytes (a named pipe would block every reader
 * for ever). */
void              hearts_keyfile_backend_check_file      (void);

/* What happened to the keyfile at startup, a sentence for the player, once; or NULL. */
char             *hearts_keyfile_backend_take_notice     (void);

G_END_DECLS
