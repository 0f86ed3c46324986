/* hearts-engine-guard.c
 *
 * Killing an engine's process group is not enough: a helper it starts with setsid()
 * leaves the group, and the game, which may exit right after "quit", cannot wait out
 * an engine's grace. So every engine gets a guard, a process of its own between the
 * game and the engine:
 *
 *   game ── guard (child subreaper) ── engine ── anything it starts
 *
 * The game forks the guard through GSubprocess; its child_setup marks it as a child
 * subreaper and forks once more: the new child returns to GLib and becomes the engine
 * (so a command that cannot run is reported by GLib as before), the guard execs this
 * same program with HEARTS_ENGINE_GUARD set, and a constructor runs guard_main()
 * before anything else. A process whose parent dies is handed to the nearest child
 * subreaper above it, so everything the engine starts stays below the guard, whatever
 * group or session it moves to. The guard reads nothing of the engine's pipes; it
 * watches a pipe of its own (the lifeline), its children and SIGTERM.
 *
 * child_setup runs between fork and exec in a copy of a program with threads: only
 * async-signal-safe calls there, and nothing allocated.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#ifdef __linux__
#include <dirent.h>
#include <glib-unix.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <time.h>
#define HAVE_GUARD 1
#endif

#include "hearts-engine-guard.h"

#define GUARD_ENV   "HEARTS_ENGINE_GUARD"
#define LIFELINE_FD 3

/* In the game */

static void
own_group (gpointer user_data)
{
  setpgid (0, 0);
}

#ifdef HAVE_GUARD

typedef struct
{
  char  *exe;
  char  *argv[2];
  char **envp;
  char  *pid_field; /* inside the guard's entry of @envp: the engine's id goes here */
} GuardSetup;

static void
guard_setup_free (gpointer data)
{
  GuardSetup *setup = data;

  g_free (setup->exe);
  g_strfreev (setup->envp);
  g_free (setup);
}

/* Async-signal-safe: decimal digits, then a NUL. */
static void
put_number (char *out,
            long  value)
{
  char  digits[24];
  guint n = 0;

  do
    {
      digits[n++] = (char) ('0' + value % 10);
      value /= 10;
    }
  while (value > 0);
  while (n > 0)
    *out++ = digits[--n];
  *out = '\0';
}

/* Between fork and exec: see the top of the file. */
static void
guard_child_setup (gpointer user_data)
{
  GuardSetup *setup = user_data;
  pid_t       engine;

  setpgid (0, 0);
  /* Without either, this process simply becomes the engine, as without a guard; the
   * game's reaper still kills the process group. */
  if (prctl (PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0)
    return;
  engine = fork ();
  if (engine < 0)
    return;
  if (engine == 0)
    {
      /* The engine: the lifeline is the guard's alone. */
      fcntl (LIFELINE_FD, F_SETFD, FD_CLOEXEC);
      return;
    }

  /* Held from now on, so that a SIGTERM sent while the guard is still starting waits for
   * it (the mask survives the exec) instead of ending it before it can kill anything. */
  {
    sigset_t mask;

    sigemptyset (&mask);
    sigaddset (&mask, SIGCHLD);
    sigaddset (&mask, SIGTERM);
    sigaddset (&mask, SIGINT);
    sigaddset (&mask, SIGHUP);
    sigaddset (&mask, SIGQUIT);
    sigprocmask (SIG_BLOCK, &mask, NULL);
  }
  put_number (setup->pid_field, engine);
  execve (setup->exe, setup->argv, setup->envp);
  /* No guard after all: the engine does not run unguarded. */
  kill (engine, SIGKILL);
  _exit (127);
}

GSubprocess *
hearts_engine_guard_spawn (const char * const *argv,
                           GSubprocessFlags    flags,
                           guint               grace_ms,
                           int                *lifeline,
                           GError            **error)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (flags);
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *entry = NULL;
  GuardSetup      *setup;
  GSubprocess     *process;
  int              fds[2];

  *lifeline = -1;
  /* An upgrade may have replaced the program on disk: then there is no guard. */
  if (exe == NULL || !g_path_is_absolute (exe) || g_str_has_suffix (exe, " (deleted)") ||
      !g_unix_open_pipe (fds, FD_CLOEXEC, NULL))
    {
      g_subprocess_launcher_set_child_setup (launcher, own_group, NULL, NULL);
      return g_subprocess_launcher_spawnv (launcher, argv, error);
    }

  setup = g_new0 (GuardSetup, 1);
  setup->exe = g_steal_pointer (&exe);
  setup->argv[0] = setup->exe;
  /* Room for the engine's id, filled in by the guard before its exec. */
  entry = g_strdup_printf ("%u:%*s", grace_ms, 20, "");
  setup->envp = g_environ_setenv (g_get_environ (), GUARD_ENV, entry, TRUE);
  for (guint i = 0; setup->envp[i] != NULL; i++)
    if (g_str_has_prefix (setup->envp[i], GUARD_ENV "="))
      setup->pid_field = strchr (setup->envp[i], ':') + 1;

  g_subprocess_launcher_take_fd (launcher, fds[0], LIFELINE_FD);
  g_subprocess_launcher_set_child_setup (launcher, guard_child_setup, setup, guard_setup_free);
  process = g_subprocess_launcher_spawnv (launcher, argv, error);
  if (process == NULL)
    close (fds[1]);
  else
    *lifeline = fds[1];
  return process;
}

void
hearts_engine_guard_close (int *lifeline)
{
  if (*lifeline >= 0)
    close (*lifeline);
  *lifeline = -1;
}

void
hearts_engine_guard_kill (GSubprocess *guard)
{
  g_subprocess_send_signal (guard, SIGTERM);
}

/* The guard */

static gint64
now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (gint64) ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Sends SIGKILL to every child of the guard, @engine first; FALSE if it could not
 * tell which they are (no /proc). */
static gboolean
kill_children (pid_t engine)
{
  char           path[64], buffer[4096];
  int            fd;
  pid_t          self = getpid ();
  DIR           *proc;
  struct dirent *entry;

  if (engine > 0)
    kill (engine, SIGKILL);

  /* The kernel's list of this thread's children (the guard has one thread). */
  g_snprintf (path, sizeof path, "/proc/%d/task/%d/children", (int) self, (int) self);
  fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd >= 0)
    {
      gssize n = read (fd, buffer, sizeof buffer - 1);

      close (fd);
      if (n >= 0)
        {
          char *p = buffer;

          buffer[n] = '\0';
          while (*p != '\0')
            {
              char *end;
              long  pid = strtol (p, &end, 10);

              if (end == p)
                break;
              if (pid > 1)
                kill ((pid_t) pid, SIGKILL);
              p = end;
            }
          /* A full buffer may have left some out: the caller asks again. */
          return TRUE;
        }
    }

  /* Without that file: every process whose parent is the guard. */
  proc = opendir ("/proc");
  if (proc == NULL)
    return FALSE;
  while ((entry = readdir (proc)) != NULL)
    {
      long  pid = strtol (entry->d_name, NULL, 10);
      char *close_paren;
      long  ppid;

      if (pid <= 1)
        continue;
      g_snprintf (path, sizeof path, "/proc/%ld/stat", pid);
      fd = open (path, O_RDONLY | O_CLOEXEC);
      if (fd < 0)
        continue;
      memset (buffer, 0, sizeof buffer);
      if (read (fd, buffer, sizeof buffer - 1) > 0 && (close_paren = strrchr (buffer, ')')) != NULL &&
          sscanf (close_paren + 1, " %*c %ld", &ppid) == 1 && ppid == self)
        kill ((pid_t) pid, SIGKILL);
      close (fd);
    }
  closedir (proc);
  return TRUE;
}

/* Kills the whole tree and reaps it: a child killed hands its own children to the
 * guard, which then kills those, until none is left. Exits as the engine did. */
G_GNUC_NORETURN static void
end_all (pid_t    engine,
         int      status,
         gboolean engine_done)
{
  for (;;)
    {
      int   st;
      pid_t pid;

      kill_children (engine_done ? 0 : engine);
      pid = waitpid (-1, &st, 0);
      if (pid < 0 && errno == EINTR)
        continue;
      if (pid < 0)
        break;
      if (pid == engine && !engine_done)
        {
          status = st;
          engine_done = TRUE;
        }
    }
  if (WIFEXITED (status))
    _exit (WEXITSTATUS (status));
  _exit (128 + (WIFSIGNALED (status) ? WTERMSIG (status) : 0));
}

G_GNUC_NORETURN static void
guard_main (const char *value)
{
  struct pollfd fds[2];
  sigset_t      mask;
  char         *end;
  guint         grace_ms = (guint) strtoul (value, &end, 10);
  pid_t         engine = *end == ':' ? (pid_t) strtol (end + 1, NULL, 10) : 0;
  gint64        deadline = -1;
  int           null_fd, signal_fd;

  /* The engine's pipes are the engine's: the game sees their end when it exits. */
  null_fd = open ("/dev/null", O_RDWR | O_CLOEXEC);
  if (null_fd >= 0)
    {
      dup2 (null_fd, 0);
      dup2 (null_fd, 1);
      close (null_fd);
    }
  signal (SIGPIPE, SIG_IGN);

  sigemptyset (&mask);
  sigaddset (&mask, SIGCHLD);
  sigaddset (&mask, SIGTERM);
  sigaddset (&mask, SIGINT);
  sigaddset (&mask, SIGHUP);
  sigaddset (&mask, SIGQUIT);
  sigprocmask (SIG_BLOCK, &mask, NULL);
  signal_fd = signalfd (-1, &mask, SFD_CLOEXEC);
  if (engine <= 1 || signal_fd < 0)
    end_all (engine, 0, FALSE);
  /* An engine that was gone before SIGCHLD was watched (its signal was lost then). */
  {
    int st;

    if (waitpid (engine, &st, WNOHANG) == engine)
      end_all (engine, st, TRUE);
  }

  fds[0].fd = LIFELINE_FD;
  fds[0].events = POLLIN;
  fds[1].fd = signal_fd;
  fds[1].events = POLLIN;
  for (;;)
    {
      gint64 left = deadline < 0 ? -1 : MAX (deadline - now_ms (), 0);
      int    ready = poll (fds, 2, (int) MIN (left, G_MAXINT));

      if (ready < 0 && errno != EINTR)
        end_all (engine, 0, FALSE);
      if (deadline >= 0 && now_ms () >= deadline)
        end_all (engine, 0, FALSE);
      if (ready <= 0)
        continue;

      if (fds[0].revents != 0)
        {
          char   byte;
          gssize n = read (LIFELINE_FD, &byte, 1);

          /* The game closed it (or ended): the grace starts. */
          if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN))
            {
              deadline = now_ms () + grace_ms;
              fds[0].fd = -1;
            }
        }

      if (fds[1].revents != 0)
        {
          struct signalfd_siginfo info;

          if (read (signal_fd, &info, sizeof info) != sizeof info)
            continue;
          if (info.ssi_signo != SIGCHLD)
            end_all (engine, 0, FALSE);
          /* Orphans handed to the guard are reaped as they go; the engine's own end
           * ends everything it left behind. */
          for (;;)
            {
              int   st;
              pid_t pid = waitpid (-1, &st, WNOHANG);

              if (pid <= 0)
                break;
              if (pid == engine)
                end_all (engine, st, TRUE);
            }
        }
    }
}

/* Runs before main() in any program that can start engines, so that the program
 * itself is the guard: nothing of it is set up yet, and nothing of it runs. */
__attribute__ ((constructor)) static void
guard_main_if_asked (void)
{
  const char *value = getenv (GUARD_ENV);

  if (value != NULL)
    guard_main (value);
}

#else /* !HAVE_GUARD */

GSubprocess *
hearts_engine_guard_spawn (const char * const *argv,
                           GSubprocessFlags    flags,
                           guint               grace_ms,
                           int                *lifeline,
                           GError            **error)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (flags);

  *lifeline = -1;
  g_subprocess_launcher_set_child_setup (launcher, own_group, NULL, NULL);
  return g_subprocess_launcher_spawnv (launcher, argv, error);
}

void
hearts_engine_guard_close (int *lifeline)
{
  *lifeline = -1;
}

void
hearts_engine_guard_kill (GSubprocess *guard)
{
  g_subprocess_send_signal (guard, SIGKILL);
}

#endif
