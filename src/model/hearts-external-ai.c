/* hearts-external-ai.c
 *
 * The engine is told only what the seat may see, the same way an in-process player
 * gets its view: the deal, its own hand, the cards passed and received, and every card
 * played. This side keeps track of what it has said, so each move sends only what is
 * new since the last one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <signal.h>
#include <string.h>

#include "hearts-external-ai.h"

#define ANSWER_TIMEOUT_MS 30000
#define EXIT_TIMEOUT_MS   2000

typedef struct
{
  HeartsAi              parent;
  GSubprocess          *process;
  GOutputStream        *to_engine;
  GPollableInputStream *from_engine;
  GString              *buffer;
  char                 *engine_name;
  HeartsAi             *stand_in;
  gboolean              dead;
  guint                 failures;

  /* What the engine has been told. */
  gboolean              rules_sent;
  HeartsRules           rules;
  gboolean              in_hand;
  gboolean              broken;        /* the stand-in plays the rest of this hand */
  guint                 seat;
  guint                 hand_index;
  HeartsCards           dealt;
  HeartsCards           engine_pass;   /* the pass the engine believes it made */
  gboolean              received_sent;
  HeartsCards           last_hand;     /* once playing, cards only ever leave it */
  guint                 plays_sent;
  HeartsCard            plays[52];
} HeartsExternalAi;

static const HeartsAiClass external_class;

static gboolean
on_ready (GObject  *stream,
          gpointer  user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

static gboolean
on_timeout (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

/* The player runs in a worker thread with no main loop: wait on a private one. */
static gboolean
wait_readable (HeartsExternalAi *self,
               gint64            deadline)
{
  g_autoptr(GMainContext) context = g_main_context_new ();
  GSource *ready_source, *timeout_source;
  gboolean ready = FALSE, timed_out = FALSE;
  gint64 left = (deadline - g_get_monotonic_time ()) / 1000;

  if (left <= 0)
    return FALSE;

  ready_source = g_pollable_input_stream_create_source (self->from_engine, NULL);
  g_source_set_callback (ready_source, G_SOURCE_FUNC (on_ready), &ready, NULL);
  g_source_attach (ready_source, context);
  timeout_source = g_timeout_source_new (left);
  g_source_set_callback (timeout_source, on_timeout, &timed_out, NULL);
  g_source_attach (timeout_source, context);

  while (!ready && !timed_out)
    g_main_context_iteration (context, TRUE);

  g_source_destroy (ready_source);
  g_source_unref (ready_source);
  g_source_destroy (timeout_source);
  g_source_unref (timeout_source);
  return ready;
}

static char *
read_line (HeartsExternalAi  *self,
           GError           **error)
{
  gint64 deadline = g_get_monotonic_time () + ANSWER_TIMEOUT_MS * G_GINT64_CONSTANT (1000);

  for (;;)
    {
      char *newline = memchr (self->buffer->str, '\n', self->buffer->len);
      char chunk[4096];
      g_autoptr(GError) local = NULL;
      gssize n;

      if (newline != NULL)
        {
          gsize len = newline - self->buffer->str;
          char *line = g_strndup (self->buffer->str, len);

          g_string_erase (self->buffer, 0, len + 1);
          return g_strchomp (line);
        }

      n = g_pollable_input_stream_read_nonblocking (self->from_engine, chunk, sizeof chunk, NULL, &local);
      if (n > 0)
        {
          g_string_append_len (self->buffer, chunk, n);
          continue;
        }
      if (n == 0)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CLOSED, "The engine closed its output");
          return NULL;
        }
      if (!g_error_matches (local, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return NULL;
        }
      if (!wait_readable (self, deadline))
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT, "The engine did not answer in time");
          return NULL;
        }
    }
}

/* One command, one answer. A transport failure leaves the engine out of step for good. */
static char *
request (HeartsExternalAi  *self,
         const char        *command,
         GError           **error)
{
  g_autofree char *line = g_strconcat (command, "\n", NULL);
  char *answer;

  if (self->dead)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CLOSED, "The engine has stopped");
      return NULL;
    }
  if (!g_output_stream_write_all (self->to_engine, line, strlen (line), NULL, NULL, error) ||
      !g_output_stream_flush (self->to_engine, NULL, error) ||
      (answer = read_line (self, error)) == NULL)
    {
      self->dead = TRUE;
      return NULL;
    }
  return answer;
}

G_GNUC_PRINTF (3, 4)
static gboolean
request_ok (HeartsExternalAi  *self,
            GError           **error,
            const char        *format,
            ...)
{
  g_autofree char *command = NULL;
  g_autofree char *answer = NULL;
  va_list args;

  va_start (args, format);
  command = g_strdup_vprintf (format, args);
  va_end (args);

  answer = request (self, command, error);
  if (answer == NULL)
    return FALSE;
  if (g_strcmp0 (answer, "ok") != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "“%s” was answered “%s”", command, answer);
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
start_hand (HeartsExternalAi  *self,
            const HeartsView  *view,
            GError           **error)
{
  const HeartsDeal *deal = &view->deal;
  g_autofree char *hand = cards_text (deal->dealt[view->seat], ',');
  g_autoptr(GString) totals = g_string_new (NULL);

  for (guint s = 0; s < deal->n_players; s++)
    g_string_append_printf (totals, "%s%d", s > 0 ? "," : "", view->totals[s]);

  self->in_hand = FALSE;
  self->broken = FALSE;
  if (!request_ok (self, error, "newhand seat=%u pass=%s hand=%s dealer=%u index=%u totals=%s",
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
sync_view (HeartsExternalAi  *self,
           const HeartsView  *view,
           gboolean           passing,
           GError           **error)
{
  const HeartsDeal *deal = &view->deal;
  guint seat = view->seat;

  if (!self->rules_sent || !hearts_rules_equal (&self->rules, &view->rules))
    {
      g_autofree char *rules = hearts_rules_to_string (&view->rules);

      self->rules_sent = FALSE;
      self->in_hand = FALSE;
      if (!request_ok (self, error, "rules %s", rules))
        return FALSE;
      self->rules = view->rules;
      self->rules_sent = TRUE;
    }

  if ((passing || !same_hand (self, view)) && !start_hand (self, view, error))
    return FALSE;
  if (self->broken)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, "The engine failed earlier in this hand");
      return FALSE;
    }
  if (passing)
    return TRUE;

  if (deal->pass != HEARTS_PASS_HOLD && !self->received_sent)
    {
      HeartsCards passed = deal->passes[seat];
      g_autofree char *passed_text = cards_text (passed, ' ');
      g_autofree char *received_text = cards_text (hearts_deal_get_received (deal, &view->rules, seat), ' ');

      if (passed != self->engine_pass && !request_ok (self, error, "passed %s", passed_text))
        return FALSE;
      self->engine_pass = passed;
      if (!request_ok (self, error, "received %s", received_text))
        return FALSE;
      self->received_sent = TRUE;
    }

  for (guint i = self->plays_sent; i < deal->n_plays; i++)
    {
      if (!request_ok (self, error, "played %u %s", hearts_deal_get_play_seat (deal, i),
                       hearts_card_to_string (deal->plays[i])))
        return FALSE;
      self->plays[i] = deal->plays[i];
      self->plays_sent = i + 1;
    }
  self->last_hand = deal->hands[seat];
  return TRUE;
}

static void
fail (HeartsExternalAi *self,
      GError           *error)
{
  self->broken = TRUE;
  self->failures++;
  g_debug ("External engine “%s”: %s; the Normal player moves instead",
           self->engine_name ? self->engine_name : "?", error ? error->message : "bad answer");
}

static HeartsCards
external_choose_pass (HeartsAi         *ai,
                      const HeartsView *view)
{
  HeartsExternalAi *self = (HeartsExternalAi *) ai;
  g_autoptr(GError) error = NULL;
  g_autofree char *answer = NULL;
  HeartsCards pass;

  if (sync_view (self, view, TRUE, &error) &&
      (answer = request (self, "pass?", &error)) != NULL)
    {
      if (g_str_has_prefix (answer, "pass ") &&
          hearts_cards_from_string (answer + 5, &pass) &&
          hearts_deal_check_pass (&view->deal, &view->rules, view->seat, pass) == HEARTS_REFUSAL_NONE)
        {
          self->engine_pass = pass;
          return pass;
        }
      g_set_error (&error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "bad answer “%s” to pass?", answer);
    }

  fail (self, error);
  return hearts_ai_choose_pass (self->stand_in, view);
}

static HeartsCard
external_choose_play (HeartsAi         *ai,
                      const HeartsView *view)
{
  HeartsExternalAi *self = (HeartsExternalAi *) ai;
  g_autoptr(GError) error = NULL;
  g_autofree char *answer = NULL;
  HeartsCard card;

  if (sync_view (self, view, FALSE, &error) &&
      (answer = request (self, "play?", &error)) != NULL)
    {
      if (g_str_has_prefix (answer, "play ") &&
          hearts_card_from_string (answer + 5, &card) &&
          hearts_deal_check_play (&view->deal, &view->rules, view->seat, card) == HEARTS_REFUSAL_NONE)
        return card;
      g_set_error (&error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "bad answer “%s” to play?", answer);
    }

  fail (self, error);
  return hearts_ai_choose_play (self->stand_in, view);
}

static gboolean
external_set_option (HeartsAi   *ai,
                     const char *name,
                     const char *value)
{
  HeartsExternalAi *self = (HeartsExternalAi *) ai;
  g_autoptr(GError) error = NULL;

  hearts_ai_set_option (self->stand_in, name, value);
  if (strpbrk (name, " \t\r\n") != NULL || strpbrk (value, " \t\r\n") != NULL)
    return FALSE;
  return request_ok (self, &error, "option %s %s", name, value);
}

static gboolean
on_exit_timeout (gpointer user_data)
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

static void
external_free (HeartsAi *ai)
{
  HeartsExternalAi *self = (HeartsExternalAi *) ai;

  if (self->process != NULL)
    {
      g_autoptr(GMainContext) context = g_main_context_new ();
      GSource *timeout_source;
      gboolean exited = FALSE, timed_out = FALSE;

      /* Ask it to stop, then make sure it has. */
      if (!self->dead)
        g_output_stream_write_all (self->to_engine, "quit\n", 5, NULL, NULL, NULL);
      g_output_stream_close (self->to_engine, NULL, NULL);

      g_main_context_push_thread_default (context);
      g_subprocess_wait_async (self->process, NULL, on_exited, &exited);
      timeout_source = g_timeout_source_new (EXIT_TIMEOUT_MS);
      g_source_set_callback (timeout_source, on_exit_timeout, &timed_out, NULL);
      g_source_attach (timeout_source, context);
      while (!exited && !timed_out)
        g_main_context_iteration (context, TRUE);
      if (!exited)
        {
          g_subprocess_force_exit (self->process);
          while (!exited)
            g_main_context_iteration (context, TRUE);
        }
      g_source_destroy (timeout_source);
      g_source_unref (timeout_source);
      g_main_context_pop_thread_default (context);
    }

  g_clear_object (&self->process);
  if (self->buffer != NULL)
    g_string_free (self->buffer, TRUE);
  g_free (self->engine_name);
  hearts_ai_free (self->stand_in);
  g_free (self);
}

static const HeartsAiClass external_class = {
  .name = "external",
  .choose_pass = external_choose_pass,
  .choose_play = external_choose_play,
  .set_option = external_set_option,
  .free = external_free,
};

HeartsAi *
hearts_external_ai_new (const char    *command,
                        GCancellable  *cancellable,
                        GError       **error)
{
  g_auto(GStrv) argv = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autofree char *answer = NULL;
  HeartsExternalAi *self;
  GInputStream *out;
  const char *name;

  g_return_val_if_fail (command != NULL, NULL);

  if (!g_shell_parse_argv (command, NULL, &argv, error))
    return NULL;

  /* Writing to an engine that has died must fail with EPIPE, not end the game. */
  signal (SIGPIPE, SIG_IGN);
  process = g_subprocess_newv ((const char * const *) argv,
                               G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE,
                               error);
  if (process == NULL)
    return NULL;

  out = g_subprocess_get_stdout_pipe (process);
  if (!G_IS_POLLABLE_INPUT_STREAM (out) || !g_pollable_input_stream_can_poll (G_POLLABLE_INPUT_STREAM (out)))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "Cannot wait on the engine's output");
      g_subprocess_force_exit (process);
      return NULL;
    }

  self = g_new0 (HeartsExternalAi, 1);
  self->parent.klass = &external_class;
  self->parent.level = HEARTS_AI_NORMAL;
  hearts_rng_init (&self->parent.rng, 0);
  self->process = g_steal_pointer (&process);
  self->to_engine = g_subprocess_get_stdin_pipe (self->process);
  self->from_engine = G_POLLABLE_INPUT_STREAM (out);
  self->buffer = g_string_new (NULL);
  self->stand_in = hearts_ai_new (HEARTS_AI_NORMAL, 0);

  answer = request (self, "hep", error);
  if (answer == NULL || !g_str_has_prefix (answer, "hep "))
    {
      if (answer != NULL)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                     "“%s” does not speak the Hearts engine protocol (it answered “%s”)", command, answer);
      external_free (&self->parent);
      return NULL;
    }

  name = strstr (answer, " name ");
  self->engine_name = g_strdup (name != NULL ? name + 6 : command);
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
  return ((HeartsExternalAi *) ai)->dead ? "it stopped answering" : NULL;
}
