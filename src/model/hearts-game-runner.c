/* hearts-game-runner.c
 *
 * The one place where the game moves on by itself: when a computer seat is to move
 * and no view holds the runner, its player works the move out in a thread and the
 * runner applies it. Every piece of work belongs to the game it was started for and
 * is cancelled when that game is replaced, undone or dropped.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-external-ai.h"
#include "hearts-game-private.h"
#include "hearts-game-runner.h"

struct _HeartsGameRunner
{
  GObject parent_instance;

  HeartsGame   *game;
  GSignalGroup *game_signals;
  GCancellable *moves;   /* computer moves and hints of this position */
  GCancellable *engines; /* engine starts of this game */

  char         *commands[HEARTS_MAX_PLAYERS];
  gboolean      starting[HEARTS_MAX_PLAYERS];
  gboolean      dropped[HEARTS_MAX_PLAYERS]; /* its engine failed and was reported */
  HeartsAiLevel levels[HEARTS_MAX_PLAYERS];  /* the built-in level behind each engine */

  gboolean held;
  gboolean auto_finish;
  gboolean moving;
  guint    moving_seat;
  guint    idle_id;
};

G_DEFINE_FINAL_TYPE (HeartsGameRunner, hearts_game_runner, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_GAME,
  PROP_HELD,
  PROP_AUTO_FINISH,
  PROP_STARTING_ENGINES,
  N_PROPS
};

enum
{
  ENGINE_FAILED,
  AUTO_FINISHED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint       signals[N_SIGNALS];

static void schedule (HeartsGameRunner *self);

static void
renew (GCancellable **cancellable)
{
  if (*cancellable != NULL)
    g_cancellable_cancel (*cancellable);
  g_clear_object (cancellable);
  *cancellable = g_cancellable_new ();
}

static gboolean
any_starting (HeartsGameRunner *self)
{
  for (guint s = 0; s < HEARTS_MAX_PLAYERS; s++)
    if (self->starting[s])
      return TRUE;
  return FALSE;
}

static void
set_starting (HeartsGameRunner *self,
              guint             seat,
              gboolean          starting)
{
  gboolean was = any_starting (self);

  self->starting[seat] = starting;
  if (was != any_starting (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STARTING_ENGINES]);
}

/* The seat's engine is gone: the built-in player takes the seat for the rest of the game. */
static void
drop_engine (HeartsGameRunner *self,
             guint             seat,
             const char       *reason)
{
  g_autofree char *why = NULL;

  if (self->dropped[seat])
    return;
  self->dropped[seat] = TRUE;
  g_debug ("Seat %u: the engine “%s” is dropped: %s", seat, self->commands[seat], reason);
  /* The reason may be the engine's own, which goes with it. */
  why = g_strdup (reason);
  if (hearts_external_ai_is_external (hearts_game_get_seat_ai (self->game, seat)))
    hearts_game_set_seat_level (self->game, seat, self->levels[seat]);
  g_signal_emit (self, signals[ENGINE_FAILED], 0, seat, why);
}

/* Engines, one thread each, so that the game waits on one deadline at most */

typedef struct
{
  HeartsGame *game;
  guint       seat;
  char       *command;
} EngineStart;

static void
engine_start_free (gpointer data)
{
  EngineStart *start = data;

  g_clear_object (&start->game);
  g_free (start->command);
  g_free (start);
}

static void
start_engine_thread (GTask        *task,
                     gpointer      source_object,
                     gpointer      task_data,
                     GCancellable *cancellable)
{
  EngineStart *start = task_data;
  GError      *error = NULL;
  HeartsAi    *ai;

  ai = hearts_external_ai_new (start->command, cancellable, &error);
  if (ai != NULL)
    g_task_return_pointer (task, ai, (GDestroyNotify) hearts_ai_free);
  else
    g_task_return_error (task, error);
}

static void
on_engine_started (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  HeartsGameRunner *self = HEARTS_GAME_RUNNER (source);
  EngineStart      *start = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  HeartsAi *ai;

  ai = g_task_propagate_pointer (G_TASK (result), &error);
  /* Skipped, or another game since: the seat is no longer waiting for it. */
  if (start->game != self->game || !self->starting[start->seat])
    {
      g_clear_pointer (&ai, hearts_ai_free);
      return;
    }

  set_starting (self, start->seat, FALSE);
  if (ai != NULL)
    {
      g_debug ("Seat %u: %s (%s)", start->seat, hearts_external_ai_get_engine_name (ai), start->command);
      hearts_game_set_seat_ai (self->game, start->seat, ai);
    }
  else
    drop_engine (self, start->seat, error->message);
  schedule (self);
}

static void
start_engines (HeartsGameRunner   *self,
               const char * const *commands)
{
  guint n = hearts_game_get_n_players (self->game);

  for (guint s = 0; s < n && commands != NULL; s++)
    {
      g_autoptr(GTask) task = NULL;
      EngineStart *start;

      if (commands[s] == NULL || commands[s][0] == '\0' || hearts_game_seat_is_human (self->game, s))
        continue;

      self->commands[s] = g_strdup (commands[s]);
      self->levels[s] = hearts_game_get_seat_level (self->game, s);
      start = g_new0 (EngineStart, 1);
      start->game = g_object_ref (self->game);
      start->seat = s;
      start->command = g_strdup (commands[s]);
      /* The caller says once that engines are starting. */
      self->starting[s] = TRUE;

      task = g_task_new (self, self->engines, on_engine_started, NULL);
      g_task_set_source_tag (task, start_engines);
      g_task_set_task_data (task, start, engine_start_free);
      g_task_run_in_thread (task, start_engine_thread);
    }
}

/* The loop */

static void
check_engine (HeartsGameRunner *self,
              guint             seat)
{
  HeartsAi   *ai = hearts_game_get_seat_ai (self->game, seat);
  const char *error;

  if (!hearts_external_ai_is_external (ai))
    return;
  error = hearts_external_ai_get_error (ai);
  if (error != NULL)
    drop_engine (self, seat, error);
}

static void
on_computer_moved (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(HeartsGameRunner) self = user_data;
  HeartsGame *game = HEARTS_GAME (source);
  g_autoptr(GError) error = NULL;

  if (!hearts_game_computer_move_finish (game, result, &error) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_warning ("Computer move failed: %s", error->message);

  if (game != self->game)
    return;
  self->moving = FALSE;
  check_engine (self, self->moving_seat);
  schedule (self);
}

static void
step (HeartsGameRunner *self)
{
  gint seat;

  if (self->game == NULL || self->held || self->moving)
    return;

  /* Nothing left can change a score: the rest is played out at once, human cards
   * too, through the normal moves so that a view still shows them. */
  if (self->auto_finish && !hearts_game_get_thinking (self->game) &&
      hearts_game_finish_is_determined (self->game))
    {
      if (hearts_game_finish (self->game))
        g_signal_emit (self, signals[AUTO_FINISHED], 0);
      return;
    }

  seat = hearts_game_computer_seat (self->game);
  /* A seat whose engine is starting waits for it; the others do not. */
  if (seat < 0 || self->starting[seat] || hearts_game_get_thinking (self->game))
    return;

  self->moving = TRUE;
  self->moving_seat = seat;
  hearts_game_computer_move_async (self->game, self->moves, on_computer_moved, g_object_ref (self));
}

static gboolean
step_idle (gpointer user_data)
{
  HeartsGameRunner *self = user_data;

  self->idle_id = 0;
  step (self);
  return G_SOURCE_REMOVE;
}

/* From an idle, so that every handler of the change has seen it before the next move. */
static void
schedule (HeartsGameRunner *self)
{
  if (self->idle_id == 0 && self->game != NULL && !self->held)
    self->idle_id = g_idle_add (step_idle, self);
}

static void
on_game_changed_cb (HeartsGameRunner *self)
{
  schedule (self);
}

/* GObject */

static void
hearts_game_runner_dispose (GObject *object)
{
  HeartsGameRunner *self = HEARTS_GAME_RUNNER (object);

  hearts_game_runner_set_game (self, NULL, NULL);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->moves);
  g_clear_object (&self->engines);

  G_OBJECT_CLASS (hearts_game_runner_parent_class)->dispose (object);
}

static void
hearts_game_runner_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  HeartsGameRunner *self = HEARTS_GAME_RUNNER (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_HELD:
      g_value_set_boolean (value, self->held);
      break;
    case PROP_AUTO_FINISH:
      g_value_set_boolean (value, self->auto_finish);
      break;
    case PROP_STARTING_ENGINES:
      g_value_set_boolean (value, any_starting (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_game_runner_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  HeartsGameRunner *self = HEARTS_GAME_RUNNER (object);

  switch (prop_id)
    {
    case PROP_HELD:
      hearts_game_runner_set_held (self, g_value_get_boolean (value));
      break;
    case PROP_AUTO_FINISH:
      hearts_game_runner_set_auto_finish (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_game_runner_class_init (HeartsGameRunnerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = hearts_game_runner_dispose;
  object_class->get_property = hearts_game_runner_get_property;
  object_class->set_property = hearts_game_runner_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, HEARTS_TYPE_GAME,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_HELD] =
    g_param_spec_boolean ("held", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /**
   * HeartsGameRunner:auto-finish:
   *
   * Whether the runner plays the rest of a hand out at once when no card left can
   * change a score (hearts_game_finish_is_determined()).
   */
  properties[PROP_AUTO_FINISH] =
    g_param_spec_boolean ("auto-finish", NULL, NULL, TRUE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_STARTING_ENGINES] =
    g_param_spec_boolean ("starting-engines", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * HeartsGameRunner::engine-failed:
   * @seat: whose engine
   * @reason: why, a sentence for the player
   *
   * An external engine did not start or was dropped; the seat's built-in player
   * plays instead.
   */
  signals[ENGINE_FAILED] =
    g_signal_new ("engine-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_STRING);
  /**
   * HeartsGameRunner::auto-finished:
   *
   * The runner played the rest of a settled hand out by itself (see
   * HeartsGameRunner:auto-finish), so that a view can say why the cards went.
   */
  signals[AUTO_FINISHED] =
    g_signal_new ("auto-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
hearts_game_runner_init (HeartsGameRunner *self)
{
  self->auto_finish = TRUE;
  self->moves = g_cancellable_new ();
  self->engines = g_cancellable_new ();
  self->game_signals = g_signal_group_new (HEARTS_TYPE_GAME);
  g_signal_group_connect_swapped (self->game_signals, "changed", G_CALLBACK (on_game_changed_cb), self);
}

/* Public API */

HeartsGameRunner *
hearts_game_runner_new (void)
{
  return g_object_new (HEARTS_TYPE_GAME_RUNNER, NULL);
}

HeartsGame *
hearts_game_runner_get_game (HeartsGameRunner *self)
{
  g_return_val_if_fail (HEARTS_IS_GAME_RUNNER (self), NULL);
  return self->game;
}

void
hearts_game_runner_set_game (HeartsGameRunner   *self,
                             HeartsGame         *game,
                             const char * const *engines)
{
  gboolean was_starting;

  g_return_if_fail (HEARTS_IS_GAME_RUNNER (self));
  g_return_if_fail (game == NULL || HEARTS_IS_GAME (game));

  /* Whatever the old game was doing in threads is for nobody now. */
  renew (&self->moves);
  renew (&self->engines);
  g_clear_handle_id (&self->idle_id, g_source_remove);
  self->moving = FALSE;
  was_starting = any_starting (self);
  for (guint s = 0; s < HEARTS_MAX_PLAYERS; s++)
    {
      g_clear_pointer (&self->commands[s], g_free);
      self->starting[s] = FALSE;
      self->dropped[s] = FALSE;
    }

  if (g_set_object (&self->game, game))
    {
      g_signal_group_set_target (self->game_signals, game);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
    }
  if (game != NULL)
    start_engines (self, engines);
  if (was_starting != any_starting (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STARTING_ENGINES]);
  schedule (self);
}

gboolean
hearts_game_runner_get_held (HeartsGameRunner *self)
{
  g_return_val_if_fail (HEARTS_IS_GAME_RUNNER (self), FALSE);
  return self->held;
}

void
hearts_game_runner_set_held (HeartsGameRunner *self,
                             gboolean          held)
{
  g_return_if_fail (HEARTS_IS_GAME_RUNNER (self));

  held = !!held;
  if (self->held == held)
    return;
  self->held = held;
  if (held)
    g_clear_handle_id (&self->idle_id, g_source_remove);
  else
    schedule (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HELD]);
}

gboolean
hearts_game_runner_get_auto_finish (HeartsGameRunner *self)
{
  g_return_val_if_fail (HEARTS_IS_GAME_RUNNER (self), FALSE);
  return self->auto_finish;
}

void
hearts_game_runner_set_auto_finish (HeartsGameRunner *self,
                                    gboolean          auto_finish)
{
  g_return_if_fail (HEARTS_IS_GAME_RUNNER (self));

  auto_finish = !!auto_finish;
  if (self->auto_finish == auto_finish)
    return;
  self->auto_finish = auto_finish;
  if (auto_finish)
    schedule (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTO_FINISH]);
}

gboolean
hearts_game_runner_get_starting_engines (HeartsGameRunner *self)
{
  g_return_val_if_fail (HEARTS_IS_GAME_RUNNER (self), FALSE);
  return any_starting (self);
}

void
hearts_game_runner_skip_engines (HeartsGameRunner *self)
{
  g_return_if_fail (HEARTS_IS_GAME_RUNNER (self));

  if (!any_starting (self))
    return;
  renew (&self->engines);
  for (guint s = 0; s < HEARTS_MAX_PLAYERS; s++)
    self->starting[s] = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STARTING_ENGINES]);
  schedule (self);
}

gboolean
hearts_game_runner_undo (HeartsGameRunner *self)
{
  g_return_val_if_fail (HEARTS_IS_GAME_RUNNER (self), FALSE);

  if (self->game == NULL || !hearts_game_can_undo (self->game))
    return FALSE;
  /* The move in flight reports the cancel; the loop goes on from its callback. */
  renew (&self->moves);
  return hearts_game_undo (self->game);
}

void
hearts_game_runner_hint_async (HeartsGameRunner   *self,
                               guint               seat,
                               GAsyncReadyCallback callback,
                               gpointer            user_data)
{
  g_return_if_fail (HEARTS_IS_GAME_RUNNER (self));
  g_return_if_fail (self->game != NULL);

  hearts_game_hint_async (self->game, seat, self->moves, callback, user_data);
}
