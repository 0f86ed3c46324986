/* test-protocol.c: the hearts-engine protocol
 *
 * Malformed commands get "error" and change nothing; the engine over the protocol makes
 * exactly the moves of the same player in process; the real program survives a stream
 * of garbage.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "hearts-external-ai.h"
#include "hearts-protocol.h"
#include "test-util.h"

static const char *vocabulary[] = {
  "hep",
  "option",
  "rules",
  "newhand",
  "pass?",
  "passed",
  "received",
  "played",
  "play?",
  "legal?",
  "level",
  "seed",
  "movetime",
  "threads",
  "samples",
  "hard",
  "normal",
  "easy",
  "random",
  "players=4",
  "players=3",
  "players=7",
  "pass=lrah",
  "moon=x",
  "end=score:5",
  "seat=0",
  "seat=9",
  "seat=-1",
  "pass=L",
  "pass=A",
  "pass=Q",
  "hand=",
  "hand=2C,3C",
  "hand=2C,2C",
  "2C",
  "QS",
  "AH",
  "TD",
  "XX",
  "10H",
  "-1",
  "0",
  "1",
  "3",
  "4",
  "99999999999999999999",
  "=",
  "==",
  "totals=1,2",
  "totals=a,b,c,d",
  "dealer=2",
  "index=x",
  "PLAY?",
  "Hep",
  "quit?",
  ",",
  "2C,",
  "hand=2C,3C,4C,5C,6C,7C,8C,9C,TC,JC,QC,KC,AC",
};

static char *
random_word (HeartsRng *rng)
{
  switch (hearts_rng_below (rng, 4))
    {
    case 0:
    case 1:
      return g_strdup (vocabulary[hearts_rng_below (rng, G_N_ELEMENTS (vocabulary))]);
    case 2:
      return g_strdup (hearts_card_to_string (HEARTS_CARD (hearts_rng_below (rng, 4), hearts_rng_below (rng, 13))));
    default:
      {
        guint len = 1 + hearts_rng_below (rng, 12);
        char *word = g_malloc (len + 1);

        /* Any byte but a line end or a NUL. */
        for (guint i = 0; i < len; i++)
          do
            word[i] = (char) (1 + hearts_rng_below (rng, 255));
          while (word[i] == '\n');
        word[len] = '\0';
        return word;
      }
    }
}

static char *
random_line (HeartsRng *rng)
{
  g_autoptr(GString) line = g_string_new (NULL);
  guint n = hearts_rng_below (rng, 7);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *word = random_word (rng);

      if (i > 0)
        g_string_append_c (line, hearts_rng_below (rng, 5) == 0 ? '\t' : ' ');
      g_string_append (line, word);
    }
  return g_string_free (g_steal_pointer (&line), FALSE);
}

static void
assert_well_formed (const char *line,
                    const char *answer)
{
  g_assert_nonnull (answer);
  g_assert_null (strchr (answer, '\n'));
  if (g_str_has_prefix (answer, "error ") || g_strcmp0 (answer, "ok") == 0 ||
      g_str_has_prefix (answer, "hep 1 name ") || g_str_has_prefix (answer, "pass ") ||
      g_str_has_prefix (answer, "play ") || g_str_has_prefix (answer, "legal"))
    return;
  g_error ("“%s” was answered “%s”", line, answer);
}

/* Whatever arrives, one line comes back and the engine still works afterwards. */
static void
test_fuzz_anything (void)
{
  guint64 seed = hearts_test_seed ();
  g_autoptr(HeartsProtocol) protocol = hearts_protocol_new (HEARTS_AI_NORMAL, 1);
  HeartsRng rng;
  guint     errors = 0;

  hearts_rng_init (&rng, seed);
  for (guint i = 0; i < 20000; i++)
    {
      g_autofree char *line = random_line (&rng);
      g_autofree char *answer = NULL;

      g_autofree char *stripped = g_strstrip (g_strdup (line));

      if (g_strcmp0 (stripped, "quit") == 0)
        continue;
      answer = hearts_protocol_handle (protocol, line);
      assert_well_formed (line, answer);
      if (g_str_has_prefix (answer, "error "))
        errors++;
    }
  g_assert_cmpuint (errors, >, 15000);

  {
    g_autofree char *answer = hearts_protocol_handle (protocol, "hep");

    g_assert_true (g_str_has_prefix (answer, "hep 1 name "));
  }
}

/* "quit" with anything after it is malformed: answered "error", and the engine stays
 * (reproduction engine-quit-with-argument.sh: it exited without an answer). */
static void
test_quit_with_argument (void)
{
  g_autoptr(HeartsProtocol) protocol = hearts_protocol_new (HEARTS_AI_NORMAL, 1);
  static const char *malformed[] = { "quit now", "quit 0", " quit\tx", "quit quit" };

  for (guint i = 0; i < G_N_ELEMENTS (malformed); i++)
    {
      g_autofree char *answer = hearts_protocol_handle (protocol, malformed[i]);

      g_assert_nonnull (answer);
      g_assert_true (g_str_has_prefix (answer, "error "));
    }
  g_assert_null (hearts_protocol_handle (protocol, "quit"));
  g_assert_null (hearts_protocol_handle (protocol, " quit \r\n"));
}

static void
expect_ok (HeartsProtocol *protocol,
           const char     *line)
{
  g_autofree char *answer = hearts_protocol_handle (protocol, line);

  if (g_strcmp0 (answer, "ok") != 0)
    g_error ("“%s” was answered “%s”", line, answer);
}

static void
expect_error (HeartsProtocol *protocol,
              const char     *line)
{
  g_autofree char *answer = hearts_protocol_handle (protocol, line);

  if (!g_str_has_prefix (answer, "error "))
    g_error ("“%s” should have failed, got “%s”", line, answer);
}

static char *
cards_csv (HeartsCards cards)
{
  char *text = hearts_cards_to_string (cards);

  return g_strdelimit (text, " ", ',');
}

/* A command that is wrong at this point of a hand being played. */
static char *
malformed_in_play (const HeartsDeal  *deal,
                   const HeartsRules *rules,
                   guint              engine_seat,
                   HeartsRng         *rng)
{
  guint       n = deal->n_players;
  HeartsCards played = deal->played;

  switch (hearts_rng_below (rng, 12))
    {
    case 0:
      /* Before the first card an engine cannot know whose turn it is. */
      if (deal->n_plays == 0)
        return g_strdup_printf ("played %u 2C", n + hearts_rng_below (rng, 5));
      return g_strdup_printf ("played %u %s", (deal->turn + 1 + hearts_rng_below (rng, n - 1)) % n,
                              hearts_card_to_string (hearts_cards_lowest (deal->hands[deal->turn])));
    case 1:
      if (played != 0)
        return g_strdup_printf ("played %u %s", deal->turn, hearts_card_to_string (hearts_cards_highest (played)));
      return g_strdup ("played");
    case 2:
      if (deal->turn != engine_seat && deal->hands[engine_seat] != 0)
        return g_strdup_printf ("played %u %s", deal->turn, hearts_card_to_string (hearts_cards_lowest (deal->hands[engine_seat])));
      return g_strdup ("played 0");
    case 3:
      return g_strdup (deal->turn != engine_seat ? "play?" : "play? now");
    case 4:
      return g_strdup (deal->turn != engine_seat ? "legal?" : "legal? 2C");
    case 5:
      return g_strdup ("pass?");
    case 6:
      return g_strdup ("received 2C 3C 4C");
    case 7:
      return g_strdup_printf ("newhand seat=%u pass=Z hand=2C", engine_seat);
    case 8:
      return g_strdup ("rules players=9");
    case 9:
      return g_strdup (hearts_rng_below (rng, 2) ? "option samples lots" : "option colour blue");
    case 10:
      return g_strdup_printf ("played %u ZZ", deal->turn);
    default:
      return g_strdup_printf ("played %u %s extra", deal->turn, hearts_card_to_string (hearts_cards_lowest (deal->hands[deal->turn])));
    }
}

static void
set_test_options (HeartsProtocol *protocol,
                  HeartsAiLevel   level)
{
  if (level != HEARTS_AI_HARD)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (test_hard_options); i++)
    {
      g_autofree char *line = g_strdup_printf ("option %s %s", test_hard_options[i][0], test_hard_options[i][1]);

      expect_ok (protocol, line);
    }
}

/* Every seat is played twice over: by a player in process and by a protocol engine of
 * the same level and seed, which must agree on every move and rebuild the same view;
 * malformed commands are thrown in between and must change nothing. */
static void
test_same_decisions (gconstpointer data)
{
  HeartsAiLevel level = GPOINTER_TO_UINT (data);
  guint64       seed = hearts_test_seed ();
  HeartsRng     rng;
  guint         moves = 0, noise = 0;

  hearts_rng_init (&rng, seed * 3 + level);
  for (guint h = 0; h < (level == HEARTS_AI_HARD ? 60 : 200); h++)
    {
      HeartsAi        *ais[HEARTS_MAX_PLAYERS];
      HeartsProtocol  *engines[HEARTS_MAX_PLAYERS];
      HeartsRules      rules;
      HeartsDeal       deal;
      HeartsView       view, engine_view;
      gint             totals[HEARTS_MAX_PLAYERS];
      g_autofree char *rules_text = NULL;
      guint            n, dealer;

      hearts_test_random_rules (&rules, &rng);
      n = rules.n_players;
      rules_text = hearts_rules_to_string (&rules);
      dealer = hearts_rng_below (&rng, n);
      hearts_deal_shuffle (&deal, &rules, dealer, h, &rng);
      for (guint s = 0; s < n; s++)
        totals[s] = hearts_rng_below (&rng, 99);

      for (guint s = 0; s < n; s++)
        {
          g_autofree char *hand = cards_csv (deal.hands[s]);
          g_autofree char *level_line = g_strdup_printf ("option level %s", hearts_ai_level_to_string (level));
          g_autofree char *seed_line = g_strdup_printf ("option seed %" G_GUINT64_FORMAT, seed + h * 8 + s);
          g_autofree char *rules_line = g_strdup_printf ("rules %s", rules_text);

          ais[s] = test_ai_new (level, seed + h * 8 + s);
          engines[s] = hearts_protocol_new (HEARTS_AI_NORMAL, 0);
          expect_ok (engines[s], level_line);
          expect_ok (engines[s], seed_line);
          set_test_options (engines[s], level);
          expect_ok (engines[s], rules_line);
          {
            g_autoptr(GString) newhand = g_string_new (NULL);

            g_string_printf (newhand, "newhand seat=%u pass=%s hand=%s dealer=%u index=%u totals=",
                             s, hearts_pass_direction_to_letter (deal.pass), hand, dealer, h);
            for (guint t = 0; t < n; t++)
              g_string_append_printf (newhand, "%s%d", t > 0 ? "," : "", totals[t]);
            expect_ok (engines[s], newhand->str);
          }
        }

      if (deal.phase == HEARTS_DEAL_PASSING)
        {
          HeartsCards passes[HEARTS_MAX_PLAYERS];

          for (guint s = 0; s < n; s++)
            {
              g_autofree char *answer = hearts_protocol_handle (engines[s], "pass?");
              g_autofree char *expected = NULL;
              g_autofree char *cards = NULL;

              hearts_view_init (&view, &rules, &deal, s, h, totals);
              passes[s] = hearts_ai_choose_pass (ais[s], &view);
              cards = hearts_cards_to_string (passes[s]);
              expected = g_strconcat ("pass ", cards, NULL);
              g_assert_cmpstr (answer, ==, expected);
              moves++;
            }
          for (guint s = 0; s < n; s++)
            g_assert_cmpint (hearts_deal_pass (&deal, &rules, s, passes[s]), ==, HEARTS_REFUSAL_NONE);
          for (guint s = 0; s < n; s++)
            {
              g_autofree char *cards = hearts_cards_to_string (hearts_deal_get_received (&deal, &rules, s));
              g_autofree char *line = g_strconcat ("received ", cards, NULL);

              expect_error (engines[s], "received");
              expect_ok (engines[s], line);
              expect_error (engines[s], line);
            }
        }

      while (deal.phase == HEARTS_DEAL_PLAYING)
        {
          guint            s = deal.turn;
          HeartsCard       card;
          g_autofree char *answer = NULL;
          g_autofree char *expected = NULL;

          /* Now and then a malformed command to someone. */
          if (hearts_rng_below (&rng, 4) == 0)
            {
              guint            e = hearts_rng_below (&rng, n);
              g_autofree char *line = malformed_in_play (&deal, &rules, e, &rng);

              expect_error (engines[e], line);
              noise++;
            }

          hearts_view_init (&view, &rules, &deal, s, h, totals);
          g_assert_true (hearts_protocol_get_view (engines[s], &engine_view));
          g_assert_true (memcmp (&view, &engine_view, sizeof view) == 0);

          card = hearts_ai_choose_play (ais[s], &view);
          answer = hearts_protocol_handle (engines[s], "play?");
          expected = g_strconcat ("play ", hearts_card_to_string (card), NULL);
          g_assert_cmpstr (answer, ==, expected);
          moves++;

          g_assert_cmpint (hearts_deal_play (&deal, &rules, s, card), ==, HEARTS_REFUSAL_NONE);
          for (guint e = 0; e < n; e++)
            {
              g_autofree char *line = g_strdup_printf ("played %u %s", s, hearts_card_to_string (card));

              expect_ok (engines[e], line);
            }
        }

      for (guint s = 0; s < n; s++)
        {
          expect_error (engines[s], "play?");
          hearts_ai_free (ais[s]);
          hearts_protocol_free (engines[s]);
        }
    }
  g_test_message ("%u moves agreed, %u malformed commands refused", moves, noise);
}

/* The real program, fed garbage, answers every line and carries on. */
static void
test_engine_program (void)
{
  const char *path = g_getenv ("HEARTS_ENGINE");
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GDataInputStream) out = NULL;
  GOutputStream *in;
  guint64        seed = hearts_test_seed ();
  HeartsRng      rng;

  if (path == NULL)
    {
      g_test_skip ("HEARTS_ENGINE is not set");
      return;
    }

  process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE,
                              &error, path, "--level", "normal", NULL);
  g_assert_no_error (error);
  in = g_subprocess_get_stdin_pipe (process);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (process));

  hearts_rng_init (&rng, seed);
  for (guint i = 0; i < 3000; i++)
    {
      g_autofree char *line = random_line (&rng);
      g_autofree char *answer = NULL;
      g_autofree char *stripped = g_strstrip (g_strdup (line));

      if (g_strcmp0 (stripped, "quit") == 0)
        continue;
      /* A NUL now and then: the engine must still answer the line. */
      if (hearts_rng_below (&rng, 50) == 0)
        {
          g_output_stream_write_all (in, "x\0y", 3, NULL, NULL, &error);
          g_assert_no_error (error);
        }
      g_output_stream_write_all (in, line, strlen (line), NULL, NULL, &error);
      g_assert_no_error (error);
      g_output_stream_write_all (in, "\n", 1, NULL, NULL, &error);
      g_assert_no_error (error);

      answer = g_data_input_stream_read_line (out, NULL, NULL, &error);
      g_assert_no_error (error);
      assert_well_formed (line, answer);
    }

  /* A malformed quit, and a quit with a NUL and more after it, are answered "error"
   * (reproduction engine-quit-with-argument.sh); the engine goes on. */
  g_output_stream_write_all (in, "quit now\nquit\0now\n", 18, NULL, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *answer = g_data_input_stream_read_line (out, NULL, NULL, &error);

      g_assert_no_error (error);
      g_assert_nonnull (answer);
      g_assert_true (g_str_has_prefix (answer, "error "));
    }

  g_output_stream_write_all (in, "hep\nquit\n", 9, NULL, NULL, &error);
  g_assert_no_error (error);
  {
    g_autofree char *answer = g_data_input_stream_read_line (out, NULL, NULL, &error);

    g_assert_no_error (error);
    g_assert_true (g_str_has_prefix (answer, "hep 1 name hearts-engine"));
  }
  g_subprocess_wait_check (process, NULL, &error);
  g_assert_no_error (error);
}

/* The model's external player, driving the real program, moves as the player does in
 * process: over several hands of every pass, with no stand-in moves. */
static void
test_external_player (void)
{
  const char *path = g_getenv ("HEARTS_ENGINE");
  g_autoptr(GError) error = NULL;
  g_autofree char *command = NULL;
  g_autoptr(HeartsAi) external = NULL;
  g_autoptr(HeartsAi) local = NULL;
  HeartsAi   *others[HEARTS_MAX_PLAYERS] = { NULL };
  guint64     seed = hearts_test_seed ();
  HeartsRules rules;
  HeartsRng   rng;
  guint       moves = 0;

  if (path == NULL)
    {
      g_test_skip ("HEARTS_ENGINE is not set");
      return;
    }

  command = g_strdup_printf ("'%s' --level hard", path);
  external = hearts_external_ai_new (command, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (hearts_external_ai_is_external (external));
  g_assert_true (g_str_has_prefix (hearts_external_ai_get_engine_name (external), "hearts-engine"));
  local = test_ai_new (HEARTS_AI_HARD, 0);
  for (guint i = 0; i < G_N_ELEMENTS (test_hard_options); i++)
    g_assert_true (hearts_ai_set_option (external, test_hard_options[i][0], test_hard_options[i][1]));
  g_assert_false (hearts_ai_set_option (external, "samples", "lots"));

  hearts_rules_init_default (&rules);
  hearts_rng_init (&rng, seed);
  for (guint s = 0; s < HEARTS_MAX_PLAYERS; s++)
    others[s] = hearts_ai_new (HEARTS_AI_NORMAL, seed + s);

  for (guint h = 0; h < 8; h++)
    {
      g_autofree char *seed_text = g_strdup_printf ("%u", h * 17);
      guint            seat = h % rules.n_players;
      gint             totals[HEARTS_MAX_PLAYERS] = { 0 };
      HeartsDeal       deal;
      HeartsView       view;

      /* The second half on other rules: the engine is told of the change. */
      if (h == 4)
        rules.moon = HEARTS_MOON_SHOOTER_MINUS_26;
      g_assert_true (hearts_ai_set_option (external, "seed", seed_text));
      g_assert_true (hearts_ai_set_option (local, "seed", seed_text));
      hearts_deal_shuffle (&deal, &rules, 0, h, &rng);

      if (deal.phase == HEARTS_DEAL_PASSING)
        {
          HeartsCards passes[HEARTS_MAX_PLAYERS];

          for (guint s = 0; s < rules.n_players; s++)
            {
              hearts_view_init (&view, &rules, &deal, s, h, totals);
              passes[s] = hearts_ai_choose_pass (s == seat ? external : others[s], &view);
              if (s == seat)
                g_assert_cmphex (passes[s], ==, hearts_ai_choose_pass (local, &view));
            }
          for (guint s = 0; s < rules.n_players; s++)
            g_assert_cmpint (hearts_deal_pass (&deal, &rules, s, passes[s]), ==, HEARTS_REFUSAL_NONE);
        }

      while (deal.phase == HEARTS_DEAL_PLAYING)
        {
          guint      s = deal.turn;
          HeartsCard card;

          hearts_view_init (&view, &rules, &deal, s, h, totals);
          card = hearts_ai_choose_play (s == seat ? external : others[s], &view);
          if (s == seat)
            {
              g_assert_cmpuint (card, ==, hearts_ai_choose_play (local, &view));
              moves++;
            }
          g_assert_cmpint (hearts_deal_play (&deal, &rules, s, card), ==, HEARTS_REFUSAL_NONE);
        }
    }

  g_assert_cmpuint (hearts_external_ai_get_failures (external), ==, 0);
  g_assert_cmpuint (moves, ==, 8 * 13);
  for (guint s = 0; s < HEARTS_MAX_PLAYERS; s++)
    hearts_ai_free (others[s]);
}

/* An engine that agrees to everything but never moves, and one that dies after its
 * greeting: the stand-in plays their moves, all legal, and the game goes on. */
static void
test_external_stand_in (gconstpointer data)
{
  const char *command = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(HeartsAi) external = hearts_external_ai_new (command, NULL, &error);
  HeartsAi   *others[HEARTS_MAX_PLAYERS];
  HeartsRules rules;
  HeartsRng   rng;
  guint       moves = 0;

  g_assert_no_error (error);
  hearts_rules_init_default (&rules);
  hearts_rng_init (&rng, hearts_test_seed ());
  for (guint s = 0; s < 4; s++)
    others[s] = hearts_ai_new (HEARTS_AI_EASY, s);

  for (guint h = 0; h < 4; h++)
    {
      HeartsDeal deal;
      HeartsView view;

      hearts_deal_shuffle (&deal, &rules, 0, h, &rng);
      if (deal.phase == HEARTS_DEAL_PASSING)
        {
          HeartsCards passes[HEARTS_MAX_PLAYERS];

          for (guint s = 0; s < 4; s++)
            {
              hearts_view_init (&view, &rules, &deal, s, h, NULL);
              passes[s] = hearts_ai_choose_pass (s == 0 ? external : others[s], &view);
            }
          for (guint s = 0; s < 4; s++)
            g_assert_cmpint (hearts_deal_pass (&deal, &rules, s, passes[s]), ==, HEARTS_REFUSAL_NONE);
          moves++;
        }
      while (deal.phase == HEARTS_DEAL_PLAYING)
        {
          guint s = deal.turn;

          hearts_view_init (&view, &rules, &deal, s, h, NULL);
          g_assert_cmpint (hearts_deal_play (&deal, &rules, s,
                                             hearts_ai_choose_play (s == 0 ? external : others[s], &view)),
                           ==, HEARTS_REFUSAL_NONE);
          if (s == 0)
            moves++;
        }
    }

  /* Every move of the engine's seat was the stand-in's. */
  g_assert_cmpuint (hearts_external_ai_get_failures (external), ==, moves);
  for (guint s = 0; s < 4; s++)
    hearts_ai_free (others[s]);
}

/* A program that does not speak the protocol is refused at once. */
static void
test_external_refused (void)
{
  g_autoptr(GError) error = NULL;
  HeartsAi *ai = hearts_external_ai_new ("cat", NULL, &error);

  g_assert_null (ai);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_clear_error (&error);

  ai = hearts_external_ai_new ("/nonexistent/engine", NULL, &error);
  g_assert_null (ai);
  g_assert_nonnull (error);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/protocol/fuzz", test_fuzz_anything);
  g_test_add_func ("/protocol/quit-with-argument", test_quit_with_argument);
  for (guint level = 0; level < HEARTS_N_AI_LEVELS; level++)
    {
      g_autofree char *path = g_strdup_printf ("/protocol/same-decisions/%s", hearts_ai_level_to_string (level));

      g_test_add_data_func (path, GUINT_TO_POINTER (level), test_same_decisions);
    }
  g_test_add_func ("/protocol/program", test_engine_program);
  g_test_add_func ("/protocol/external-player", test_external_player);
  g_test_add_func ("/protocol/external-refused", test_external_refused);
  g_test_add_data_func ("/protocol/external-stand-in/yes-man",
                        "sh -c 'read l; echo \"hep 1 name yes-man\"; while read l; do echo ok; done'",
                        test_external_stand_in);
  g_test_add_data_func ("/protocol/external-stand-in/quitter",
                        "sh -c 'read l; echo \"hep 1 name quitter\"'",
                        test_external_stand_in);
  return g_test_run ();
}
