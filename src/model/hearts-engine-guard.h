/* hearts-engine-guard.h: an external engine's processes, all of them, gone when it stops
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Starts @argv (searched in PATH) with @flags, as g_subprocess_launcher_spawnv() does,
 * under a guard: a small process of its own (this program again, run as the guard),
 * the engine's parent and the child subreaper (PR_SET_CHILD_SUBREAPER) of everything
 * the engine starts, so that a process that leaves the engine's process group or
 * session (setsid) or loses its parent is still the guard's. The guard ends the whole
 * tree with SIGKILL:
 *  - at once when the engine itself exits, or when the guard gets SIGTERM
 *    (hearts_engine_guard_kill());
 *  - @grace_ms after *@lifeline is closed (hearts_engine_guard_close()), unless the
 *    engine has exited before: the game closes it after "quit", and the kernel closes
 *    it when the game's process ends in any way, so engines never outlive the game.
 * The returned process is the guard; the engine and the guard share one process group
 * (the guard's id), as the engine alone had before. *@lifeline is -1 where there is no
 * guard (not Linux, no /proc): then the engine runs in a process group of its own and
 * nothing more. */
GSubprocess *hearts_engine_guard_spawn (const char * const *argv,
                                        GSubprocessFlags    flags,
                                        guint               grace_ms,
                                        int                *lifeline,
                                        GError            **error);

/* The engine has its grace (see above) from now on; *@lifeline becomes -1. */
void         hearts_engine_guard_close (int                *lifeline);

/* The engine and everything it started are killed now. */
void         hearts_engine_guard_kill  (GSubprocess        *guard);

G_END_DECLS
