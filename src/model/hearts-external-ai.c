/* hearts-external-ai.c
 *
 * The engine is told only what the seat may see, the same way an in-process player
 * gets its view: the deal, its own hand, the cards passed and received, and every card
 * played. This side keeps track of what it has said, so each move sends only what is
 * new since the last one.
 *
 * The engine is an untrusted process. Whatever it writes, a move takes at most the
 * answer deadline and a bounded amount of memory; an engine that fails once is dropped
 * and the stand-in plays its seat for good. Stopping it never blocks the caller: a
 * reaper thread waits for it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <signal.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "hearts-engine-guard.h"
#include "hearts-external-ai.h"

/* The deadlines and the line cap are documented in docs/PROTOCOL.md. */
#define START_TIMEOUT_MS  10000 /* from launch to the answer to "hep" */
#define ANSWER_TIMEOUT_MS 10000 /* a move: catching up with the table, then the answer */
#define QUIT_GRACE_MS     2000  /* after "quit", before the engine and its processes are killed */
#define GUARD_MARGIN_MS   3000  /* a guard late by this much is killed with its group */
#define MAX_LINE          4096  /* bytes of an answer, its newline not counted */

typedef struct
{
  HeartsAi              parent;
  GSubprocess          *process;  /* the engine's guard; NULL once dropped */
  GPid                  group;    /* the guard's and the engine's process group; never 0 or 1 */
  int                   lifeline; /* closed: the engine has its grace (hearts-engine-guard.h) */
  GOutputStream        *to_engine;
  GPollableInputStream *from_engine;
  GMainContext         *context; /* a read waits here; hearts_ai_stop() wakes it */
  GString              *buffer;
  gsize                 scanned; /* bytes of @buffer known to hold no newline */
  guint                 owed;    /* answers still due to commands given up on */
  char                 *engine_name;
  char                 *error; /* why it was dropped */
  HeartsAi             *stand_in;
  guint                 failures;

  /* What the engine has been told. */
  gboolean    rules_sent;
  HeartsRules rules;
  gboolean    in_hand;
  guint       seat;
  guint       hand_index;
  HeartsCards dealt;
  HeartsCards engine_pass; /* the pass the engine believes it made */
  gboolean    received_sent;
  HeartsCards last_hand; /* once playing, cards only ever leave it */
  guint       plays_sent;
  HeartsCard  plays[52];
} HeartsExternalAi;

static const HeartsAiClass external_class;

/* HEARTS_ENGINE_TIMEOUT_MS, read once, replaces both deadlines: the tests keep them short. */
static guint
timeout_ms (guint standard)
{
  static gsize override = 0;

  if (g_once_init_enter (&override))
    {
      const char *text = g_getenv ("HEARTS_ENGINE_TIMEOUT_MS");
      guint64     ms = 0;

      if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 1, 600000, &ms, NULL))
        ms = G_MAXSIZE;
      g_once_init_leave (&override, ms);
    }
  return override != G_MAXSIZE ? override : standard;
}

static gint64
deadline_in (guint ms)
{
  return g_get_monotonic_time () + ms * G_GINT64_CONSTANT (1000);
}

static void
set_timed_out (GError **error,
               guint    ms)
{
  if (ms % 1000 == 0)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                 /* Translators: why an external engine was dropped; it follows "The engine of Ada failed: " */
                 g_dngettext (GETTEXT_PACKAGE, "it did not answer within %u second", "it did not answer within %u seconds", ms / 1000),
                 ms / 1000);
  else
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT, _("it did not answer within %u ms"), ms);
}

/* Something the engine wrote, fit to quote in a sentence. */
static char *
quote (const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);
  g_autofree char *start = NULL;

  if (g_utf8_strlen (valid, -1) <= 40)
    return g_steal_pointer (&valid);
  start = g_utf8_substring (valid, 0, 40);
  return g_strconcat (start, "…", NULL);
}

/* Reaping */

typedef struct
{
  GSubprocess *process;
  GPid         group;
  gboolean     polite;
} Retired;

static gboolean
on_flag_timeout (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

static void
on_exited (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_subprocess_wait_finish (G_SUBPROCESS (object), result, NULL);
  *(gboolean *) user_data = TRUE;
}

/* Waits up to @ms (0: for good) for @process to exit. */
static void
wait_exit (GSubprocess  *process,
           GMainContext *context,
           guint         ms)
{
  GSource *timeout_source = NULL;
  gboolean exited = FALSE, timed_out = FALSE;

  g_subprocess_wait_async (process, NULL, on_exited, &exited);
  if (ms > 0)
    {
      timeout_source = g_timeout_source_new (ms);
      g_source_set_callback (timeout_source, on_flag_timeout, &timed_out, NULL);
      g_source_attach (timeout_source, context);
    }
  while (!exited && !timed_out)
    g_main_context_iteration (context, TRUE);
  if (timeout_source != NULL)
    {
      g_source_destroy (timeout_source);
      g_source_unref (timeout_source);
    }
  /* on_exited() must not outlive @exited: kill, and see the wait through. */
  if (!exited)
    {
      g_subprocess_force_exit (process);
      while (!exited)
        g_main_context_iteration (context, TRUE);
    }
}

/* The guard ends the engine and all it started: within the grace after "quit", at once
 * otherwise. This thread only waits for that, and makes sure of it: a guard that is
 * late is killed with its process group, as an engine was before there were guards. */
static gpointer
reaper_thread (gpointer data)
{
  Retired *retired = data;
  g_autoptr(GMainContext) context = g_main_context_new ();

  g_main_context_push_thread_default (context);
  wait_exit (retired->process, context, (retired->polite ? QUIT_GRACE_MS : 0) + GUARD_MARGIN_MS);
  /* The leader has not been reaped, or only a moment ago, so no other process can have
   * taken the group's id. */
  if (retired->group > 1)
    kill (-retired->group, SIGKILL);
  wait_exit (retired->process, context, 0);
  g_main_context_pop_thread_default (context);

  g_object_unref (retired->process);
  g_free (retired);
  return NULL;
}

/* Stops the engine without blocking the caller: a well-behaved engine is told "quit"
 * and given a grace period, any other is killed with everything it started at once
 * (so even if we exit right after). A reaper thread waits for it. */
static void
retire (HeartsExternalAi *self,
        gboolean          polite)
{
  Retired *retired;

  if (self->process == NULL)
    return;

  retired = g_new0 (Retired, 1);
  retired->process = g_steal_pointer (&self->process);
  retired->group = self->group;
  retired->polite = polite && self->owed == 0;

  if (retired->polite && G_IS_POLLABLE_OUTPUT_STREAM (self->to_engine))
    g_pollable_output_stream_write_nonblocking (G_POLLABLE_OUTPUT_STREAM (self->to_engine),
                                                "quit\n", 5, NULL, NULL);
  else
    retired->polite = FALSE;
  if (!retired->polite)
    {
      hearts_engine_guard_kill (retired->process);
      if (self->lifeline < 0 && retired->group > 1)
        kill (-retired->group, SIGKILL);
    }
  hearts_engine_guard_close (&self->lifeline);
  g_output_stream_close (self->to_engine, NULL, NULL);
  g_input_stream_close (G_INPUT_STREAM (self->from_engine), NULL, NULL);
  self->to_engine = NULL;
  self->from_engine = NULL;

  g_thread_unref (g_thread_new ("hearts-engine-reaper", reaper_thread, retired));
}

/* From now on the stand-in plays this seat. @reason is a sentence for the player. */
static void
drop (HeartsExternalAi *self,
      const char       *reason)
{
  if (self->error != NULL)
    return;
  self->error = g_strdup (reason);
  g_debug ("External engine “%s” is dropped: %s; the Normal player moves instead",
           self->engine_name ? self->engine_name : "?", reason);
  retire (self, FALSE);
}

/* Talking */

static gboolean
on_ready (GObject *stream,
          gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

static gboolean
stopped (HeartsExternalAi *self,
         gboolean          stoppable)
{
  return stoppable && hearts_ai_is_stopped (&self->parent);
}

/* The player runs in a worker thread with no main loop: wait on a private one. Returns
 * when the engine's output is readable, at @deadline, or when the player is stopped. */
static void
wait_readable (HeartsExternalAi *self,
               gint64            deadline,
               gboolean          stoppable)
{
  GSource *ready_source, *timeout_source;
  gboolean ready = FALSE, timed_out = FALSE;
  gint64   left = (deadline - g_get_monotonic_time () + 999) / 1000;

  if (left <= 0)
    return;

  ready_source = g_pollable_input_stream_create_source (self->from_engine, NULL);
  g_source_set_callback (ready_source, G_SOURCE_FUNC (on_ready), &ready, NULL);
  g_source_attach (ready_source, self->context);
  timeout_source = g_timeout_source_new (left);
  g_source_set_callback (timeout_source, on_flag_timeout, &timed_out, NULL);
  g_source_attach (timeout_source, self->context);

  /* external_stop() wakes the context after setting the flag, so no stop is missed. */
  while (!ready && !timed_out && !stopped (self, stoppable))
    g_main_context_iteration (self->context, TRUE);

  g_source_destroy (ready_source);
  g_source_unref (ready_source);
  g_source_destroy (timeout_source);
  g_source_unref (timeout_source);
}

/* One line, whatever the engine writes: the deadline is checked on every round, the line
 * may not grow past MAX_LINE, and each byte is scanned for the newline once. */
static char *
read_line (HeartsExternalAi *self,
           gint64            deadline,
           guint             timeout,
           gboolean          stoppable,
           GError          **error)
{
  for (;;)
    {
      GString *buffer = self->buffer;
      char    *newline = memchr (buffer->str + self->scanned, '\n', buffer->len - self->scanned);
      char     chunk[MAX_LINE + 1];
      g_autoptr(GError) local = NULL;
      gssize n;

      if (newline != NULL)
        {
          gsize len = newline - buffer->str;
          char *line = g_strndup (buffer->str, len);

          g_string_erase (buffer, 0, len + 1);
          self->scanned = 0;
          return g_strchomp (line);
        }
      self->scanned = buffer->len;

      if (buffer->len > MAX_LINE)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
                       _("it wrote a line longer than %u bytes"), MAX_LINE);
          return NULL;
        }
      if (stopped (self, stoppable))
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("it was stopped"));
          return NULL;
        }
      if (g_get_monotonic_time () >= deadline)
        {
          set_timed_out (error, timeout);
          return NULL;
        }

      n = g_pollable_input_stream_read_nonblocking (self->from_engine, chunk,
                                                    MAX_LINE + 1 - buffer->len, NULL, &local);
      if (n > 0)
        g_string_append_len (buffer, chunk, n);
      else if (n == 0)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CLOSED,
                               _("it quit or closed its output"));
          return NULL;
        }
      else if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        wait_readable (self, deadline, stoppable);
      else
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "its output could not be read (%s)",
                       local->message);
          return NULL;
        }
    }
}

/* One command, one answer, by @deadline. A stopped read leaves the answer owed: it is
 * read and thrown away before the next command, so it is never taken for another's. */
static char *
request (HeartsExternalAi *self,
         const char       *command,
         gint64            deadline,
         guint             timeout,
         gboolean          stoppable,
         GError          **error)
{
  g_autofree char *line = g_strconcat (command, "\n", NULL);
  g_autoptr(GError) local = NULL;
  char *answer;

  g_assert (self->process != NULL);

  while (self->owed > 0)
    {
      g_autofree char *late = read_line (self, deadline, timeout, stoppable, error);

      if (late == NULL)
        return NULL;
      self->owed--;
    }
  if (stopped (self, stoppable))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("it was stopped"));
      return NULL;
    }

  /* Blocking is fine: an engine that has answered every command has at most one
   * command unread in the pipe. */
  if (!g_output_stream_write_all (self->to_engine, line, strlen (line), NULL, NULL, &local) ||
      !g_output_stream_flush (self->to_engine, NULL, &local))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_BROKEN_PIPE, _("it stopped reading its input (%s)"), local->message);
      return NULL;
    }
  self->owed++;
  answer = read_line (self, deadline, timeout, stoppable, error);
  if (answer != NULL)
    self->owed--;
  return answer;
}

/* A move's requests share one deadline. */
typedef struct
{
  gint64 deadline;
  guint  timeout;
} Deadline;

static gboolean
request_ok (HeartsExternalAi *self,
            const Deadline   *when,
            GError          **error,
            const char       *format,
            ...) G_GNUC_PRINTF (4, 5);

static gboolean
request_ok (HeartsExternalAi *self,
            const Deadline   *when,
            GError          **error,
            const char       *format,
            ...)
{
  g_autofree char *command = NULL;
  g_autofree char *answer = NULL;
  va_list          args;

  va_start (args, format);
  command = g_strdup_vprintf (format, args);
  va_end (args);

  answer = request (self, command, when->deadline, when->timeout, TRUE, error);
  if (answer == NULL)
    return FALSE;
  if (g_strcmp0 (answer, "ok") != 0)
    {
      g_autofree char *quoted = quote (answer);
      g_autofree char *what = quote (command);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("it answered “%s” to “%s”"), quoted, what);
      return FALSE;
    }
  return TRUE;
}

static char *
cards_text (HeartsCards cards,
            char        separator)
{
  char *text = hearts_cards_to_string (cards);

  if (separator != ' ')
    g_strdelimit (text, " ", separator);
  return text;
}

static gboolean
same_hand (HeartsExternalAi *self,
           const HeartsView *view)
{
  const HeartsDeal *deal = &view->deal;

  if (!self->in_hand || self->seat != view->seat || self->hand_index != view->hand_index ||
      self->dealt != deal->dealt[view->seat] || deal->n_plays < self->plays_sent ||
      memcmp (deal->plays, self->plays, self->plays_sent) != 0)
    return FALSE;
  if (self->last_hand != 0 && (deal->hands[view->seat] & ~self->last_hand) != 0)
    return FALSE;
  return TRUE;
}

static gboolean
start_hand (HeartsExternalAi *self,
            const HeartsView *view,
            const Deadline   *when,
            GError          **error)
{
  const HeartsDeal *deal = &view->deal;
  g_autofree char  *hand = cards_text (deal->dealt[view->seat], ',');
  g_autoptr(GString) totals = g_string_new (NULL);

  for (guint s = 0; s < deal->n_players; s++)
    g_string_append_printf (totals, "%s%d", s > 0 ? "," : "", view->totals[s]);

  self->in_hand = FALSE;
  if (!request_ok (self, when, error, "newhand seat=%u pass=%s hand=%s dealer=%u index=%u totals=%s",
                   view->seat, hearts_pass_direction_to_letter (deal->pass), hand,
                   deal->dealer, view->hand_index, totals->str))
    return FALSE;

  self->in_hand = TRUE;
  self->seat = view->seat;
  self->hand_index = view->hand_index;
  self->dealt = deal->dealt[view->seat];
  self->engine_pass = 0;
  self->received_sent = FALSE;
  self->last_hand = 0;
  self->plays_sent = 0;
  return TRUE;
}

/* Tells the engine everything in @view it has not heard yet. */
static gboolean
sync_view (HeartsExternalAi *self,
           const HeartsView *view,
           gboolean          passing,
           const Deadline   *when,
           GError          **error)
{
  const HeartsDeal *deal = &view->deal;
  guint             seat = view->seat;

  if (!self->rules_sent || !hearts_rules_equal (&self->rules, &view->rules))
    {
      g_autofree char *rules = hearts_rules_to_string (&view->rules);

      self->rules_sent = FALSE;
      self->in_hand = FALSE;
      if (!request_ok (self, when, error, "rules %s", rules))
        return FALSE;
      self->rules = view->rules;
      self->rules_sent = TRUE;
    }

  if ((passing || !same_hand (self, view)) && !start_hand (self, view, when, error))
    return FALSE;
  if (passing)
    return TRUE;

  if (deal->pass != HEARTS_PASS_HOLD && !self->received_sent)
    {
      HeartsCards      passed = deal->passes[seat];
      g_autofree char *passed_text = cards_text (passed, ' ');
      g_autofree char *received_text = cards_text (hearts_deal_get_received (deal, &view->rules, seat), ' ');

      if (passed != self->engine_pass && !request_ok (self, when, error, "passed %s", passed_text))
        return FALSE;
      self->engine_pass = passed;
      if (!request_ok (self, when, error, "received %s", received_text))
        return FALSE;
      self->received_sent = TRUE;
    }

  for (guint i = self->plays_sent; i < deal->n_plays; i++)
    {
      if (!request_ok (self, when, error, "played %u %s", hearts_deal_get_play_seat (deal, i),
                       hearts_card_to_string (deal->plays[i])))
        return FALSE;
      self->plays[i] = deal->plays[i];
      self->plays_sent = i + 1;
    }
  self->last_hand = deal->hands[seat];
  return TRUE;
}

static Deadline
move_deadline (void)
{
  Deadline when;

  when.timeout = timeout_ms (ANSWER_TIMEOUT_MS);
  when.deadline = deadline_in (when.timeout);
  return when;
}

/* After a failed move: a stop keeps the engine, but what it heard last is unsure, so the
 * next move starts over from the rules; anything else drops it. */
static void
move_failed (HeartsExternalAi *self,
             GError           *error)
{
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      self->rules_sent = FALSE;
      self->in_hand = FALSE;
      return;
    }
  drop (self, error->message);
}

static HeartsCards
external_choose_pass (HeartsAi         *ai,
                      const HeartsView *view)
{
  HeartsExternalAi *self = (HeartsExternalAi *) ai;
  g_autoptr(GError) error = NULL;
  g_autofree char *answer = NULL;
  Deadline         when = move_deadline ();
  HeartsCards      pass;

  if (self->process == NULL)
    {
      self->failures++;
      return hearts_ai_choose_pass (self->stand_in, view);
    }

  if (sync_view (self, view, TRUE, &when, &error) &&
      (answer = request (self, "pass?", when.deadline, when.timeout, TRUE, &error)) != NULL)
    {
      g_autofree char *quoted = quote (answer);

      if (g_str_has_prefix (answer, "pass ") &&
          hearts_cards_from_string (answer + 5, &pass) &&
          hearts_deal_check_pass (&view->deal, &view->rules, view->seat, pass) == HEARTS_REFUSAL_NONE)
        {
          self->engine_pass = pass;
          return pass;
        }
      g_set_error (&error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("it answered “%s” to “pass?”, which is not a pass it may make"), quoted);
    }

  /* A stopped move is thrown away: the stand-in answers at once and is not counted. */
  move_failed (self, error);
  if (self->process == NULL)
    self->failures++;
  return hearts_ai_choose_pass (self->stand_in, view);
}

static HeartsCard
external_choose_play (HeartsAi         *ai,
                      const HeartsView *view)
{
  HeartsExternalAi *self = (HeartsExternalAi *) ai;
  g_autoptr(GError) error = NULL;
  g_autofree char *answer = NULL;
  Deadline         when = move_deadline ();
  HeartsCard       card;

  if (self->process == NULL)
    {
      self->failures++;
      return hearts_ai_choose_play (self->stand_in, view);
    }

  if (sync_view (self, view, FALSE, &when, &error) &&
      (answer = request (self, "play?", when.deadline, when.timeout, TRUE, &error)) != NULL)
    {
      g_autofree char *quoted = quote (answer);

      if (g_str_has_prefix (answer, "play ") &&
          hearts_card_from_string (answer + 5, &card) &&
          hearts_deal_check_play (&view->deal, &view->rules, view->seat, card) == HEARTS_REFUSAL_NONE)
        return card;
      g_set_error (&error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("it answered “%s” to “play?”, which is not a card it may play"), quoted);
    }

  move_failed (self, error);
  if (self->process == NULL)
    self->failures++;
  return hearts_ai_choose_play (self->stand_in, view);
}

/* An option the engine refuses is only refused; an engine that does not answer is
 * dropped. Not stoppable: options are set between moves. */
static gboolean
external_set_option (HeartsAi   *ai,
                     const char *name,
                     const char *value)
{
  HeartsExternalAi *self = (HeartsExternalAi *) ai;
  g_autoptr(GError) error = NULL;
  g_autofree char *command = NULL;
  g_autofree char *answer = NULL;
  gboolean         stand_in_takes_it;
  guint            timeout = timeout_ms (ANSWER_TIMEOUT_MS);

  stand_in_takes_it = hearts_ai_set_option (self->stand_in, name, value);
  if (strpbrk (name, " \t\r\n") != NULL || strpbrk (value, " \t\r\n") != NULL)
    return FALSE;
  if (self->process == NULL)
    return stand_in_takes_it;

  command = g_strdup_printf ("option %s %s", name, value);
  answer = request (self, command, deadline_in (timeout), timeout, FALSE, &error);
  if (answer == NULL)
    {
      drop (self, error->message);
      return stand_in_takes_it;
    }
  return g_strcmp0 (answer, "ok") == 0;
}

static void
external_stop (HeartsAi *ai)
{
  HeartsExternalAi *self = (HeartsExternalAi *) ai;

  g_main_context_wakeup (self->context);
}

static void
external_free (HeartsAi *ai)
{
  HeartsExternalAi *self = (HeartsExternalAi *) ai;

  retire (self, TRUE);
  g_main_context_unref (self->context);
  g_string_free (self->buffer, TRUE);
  g_free (self->engine_name);
  g_free (self->error);
  hearts_ai_free (self->stand_in);
  g_free (self);
}

static const HeartsAiClass external_class = {
  .name = "external",
  .choose_pass = external_choose_pass,
  .choose_play = external_choose_play,
  .set_option = external_set_option,
  .free = external_free,
  .stop = external_stop,
};

static void
on_start_cancelled (GCancellable *cancellable,
                    gpointer      user_data)
{
  hearts_ai_stop (user_data);
}

static GSubprocess *
spawn (const char *command,
       int        *lifeline,
       GError    **error)
{
  g_auto(GStrv) argv = NULL;
  GSubprocessFlags flags = G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE;

  if (!g_shell_parse_argv (command, NULL, &argv, error))
    return NULL;

  /* Nobody reads an engine's diagnostics during a game, and a pipe we did not drain
   * would block an engine that writes many: they go to /dev/null unless a developer
   * asks for them. */
  if (g_strcmp0 (g_getenv ("HEARTS_ENGINE_STDERR"), "inherit") != 0)
    flags |= G_SUBPROCESS_FLAGS_STDERR_SILENCE;

  /* Writing to an engine that has died must fail with EPIPE, not end the game. */
  signal (SIGPIPE, SIG_IGN);
  /* Under a guard, so that nothing it starts outlives it, nor the game. */
  return hearts_engine_guard_spawn ((const char * const *) argv, flags, QUIT_GRACE_MS, lifeline, error);
}

HeartsAi *
hearts_external_ai_new (const char   *command,
                        GCancellable *cancellable,
                        GError      **error)
{
  g_autoptr(GSubprocess) process = NULL;
  g_autofree char *answer = NULL;
  g_autoptr(GError) local = NULL;
  HeartsExternalAi *self;
  int               lifeline = -1;
  GInputStream     *out;
  const char       *name, *id;
  guint             timeout = timeout_ms (START_TIMEOUT_MS);
  gint64            deadline = deadline_in (timeout);
  gulong            handler = 0;

  g_return_val_if_fail (command != NULL, NULL);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), NULL);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  process = spawn (command, &lifeline, error);
  if (process == NULL)
    return NULL;

  out = g_subprocess_get_stdout_pipe (process);
  if (!G_IS_POLLABLE_INPUT_STREAM (out) || !g_pollable_input_stream_can_poll (G_POLLABLE_INPUT_STREAM (out)))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "Cannot wait on the engine's output");
      hearts_engine_guard_kill (process);
      hearts_engine_guard_close (&lifeline);
      return NULL;
    }

  self = g_new0 (HeartsExternalAi, 1);
  self->parent.klass = &external_class;
  self->parent.level = HEARTS_AI_NORMAL;
  hearts_rng_init (&self->parent.rng, 0);
  /* NULL if it has already exited and been reaped: then there is no group to kill. */
  id = g_subprocess_get_identifier (process);
  self->group = id != NULL ? (GPid) g_ascii_strtoll (id, NULL, 10) : 0;
  self->process = g_steal_pointer (&process);
  self->lifeline = lifeline;
  self->to_engine = g_subprocess_get_stdin_pipe (self->process);
  self->from_engine = G_POLLABLE_INPUT_STREAM (out);
  self->context = g_main_context_new ();
  self->buffer = g_string_new (NULL);
  self->stand_in = hearts_ai_new (HEARTS_AI_NORMAL, 0);

  if (cancellable != NULL)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (on_start_cancelled), self, NULL);
  answer = request (self, "hep", deadline, timeout, TRUE, &local);
  g_cancellable_disconnect (cancellable, handler);
  hearts_ai_reset_stop (&self->parent);

  if (answer == NULL || !g_str_has_prefix (answer, "hep "))
    {
      g_autofree char *quoted = answer != NULL ? quote (answer) : NULL;

      if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, "The engine's start was cancelled");
      else if (local != NULL)
        g_propagate_error (error, g_steal_pointer (&local));
      else
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                     "“%s” does not speak the Hearts engine protocol (it answered “%s”)", command, quoted);
      retire (self, FALSE);
      external_free (&self->parent);
      return NULL;
    }

  name = strstr (answer, " name ");
  self->engine_name = name != NULL ? quote (name + 6) : g_strdup (command);
  return &self->parent;
}

gboolean
hearts_external_ai_is_external (HeartsAi *ai)
{
  return ai != NULL && ai->klass == &external_class;
}

const char *
hearts_external_ai_get_engine_name (HeartsAi *ai)
{
  g_return_val_if_fail (hearts_external_ai_is_external (ai), NULL);
  return ((HeartsExternalAi *) ai)->engine_name;
}

GPid
hearts_external_ai_get_pid (HeartsAi *ai)
{
  HeartsExternalAi *self = (HeartsExternalAi *) ai;

  g_return_val_if_fail (hearts_external_ai_is_external (ai), 0);
  /* The engine leads its own process group, so the group is its id. */
  return self->process != NULL ? self->group : 0;
}

guint
hearts_external_ai_get_failures (HeartsAi *ai)
{
  g_return_val_if_fail (hearts_external_ai_is_external (ai), 0);
  return ((HeartsExternalAi *) ai)->failures;
}

const char *
hearts_external_ai_get_error (HeartsAi *ai)
{
  g_return_val_if_fail (hearts_external_ai_is_external (ai), NULL);
  return ((HeartsExternalAi *) ai)->error;
}
