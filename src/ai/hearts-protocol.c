/* hearts-protocol.c: the engine side of the hearts-engine line protocol
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "hearts-protocol.h"

struct _HeartsProtocol
{
  HeartsAi     *ai;
  HeartsAiLevel level;
  guint64       seed;
  GPtrArray    *option_names; /* options set so far, set again on a new level */
  GPtrArray    *option_values;

  HeartsRules rules;
  gboolean    in_hand;
  guint       seat;
  guint       hand_index;
  gint        totals[HEARTS_MAX_PLAYERS];
  /* The deal as this seat knows it: the other hands are left empty, so the view built
   * from it is the one an in-process player would get. */
  HeartsDeal  deal;
  gboolean    leader_known;
  gboolean    pass_known;
  HeartsCards pass;
  HeartsCards voids[HEARTS_MAX_PLAYERS];
};

typedef char *(*CommandFunc) (HeartsProtocol *self,
                              char          **args,
                              guint           n_args);

G_GNUC_PRINTF (1, 2)
static char *
error_reply (const char *format,
             ...)
{
  g_autofree char *reason = NULL;
  va_list          args;

  va_start (args, format);
  reason = g_strdup_vprintf (format, args);
  va_end (args);

  /* The answer is one line, whatever a bad argument held. */
  g_strdelimit (reason, "\r\n", ' ');
  return g_strconcat ("error ", reason, NULL);
}

static void
make_view (HeartsProtocol *self,
           HeartsView     *view)
{
  hearts_view_init (view, &self->rules, &self->deal, self->seat, self->hand_index, self->totals);
}

static void
start_play (HeartsProtocol *self)
{
  HeartsDeal *deal = &self->deal;
  guint       all = (1u << deal->n_players) - 1;

  deal->phase = HEARTS_DEAL_PLAYING;
  if (deal->pass != HEARTS_PASS_HOLD)
    deal->passed = deal->received = all;
  /* Who leads is known only to the holder of the opening card until it is played. */
  self->leader_known = hearts_cards_has (deal->hands[self->seat],
                                         hearts_rules_get_opening_card (&self->rules));
  deal->leader = deal->turn = self->leader_known ? self->seat : (self->seat + 1) % deal->n_players;
  deal->trick_leaders[0] = deal->leader;
  deal->trick_len = 0;
}

static gboolean
parse_cards (char       **args,
             guint        n_args,
             HeartsCards *cards)
{
  g_autofree char *joined = g_strjoinv (" ", args);

  return n_args > 0 && hearts_cards_from_string (joined, cards);
}

static char *
choose_pass (HeartsProtocol *self)
{
  HeartsView       view;
  HeartsCards      pass;
  g_autofree char *text = NULL;

  make_view (self, &view);
  pass = hearts_ai_choose_pass (self->ai, &view);
  if (hearts_deal_check_pass (&self->deal, &self->rules, self->seat, pass) != HEARTS_REFUSAL_NONE)
    return error_reply ("internal: the player chose a bad pass");

  self->pass = pass;
  self->pass_known = TRUE;
  text = hearts_cards_to_string (pass);
  return g_strconcat ("pass ", text, NULL);
}

/* Commands */

static char *
cmd_hep (HeartsProtocol *self,
         char          **args,
         guint           n_args)
{
  return g_strdup_printf ("hep %d name hearts-engine %s %s", HEARTS_PROTOCOL_VERSION,
                          PACKAGE_VERSION, hearts_ai_level_to_string (self->level));
}

static void
remember_option (HeartsProtocol *self,
                 const char     *name,
                 const char     *value)
{
  for (guint i = 0; i < self->option_names->len; i++)
    if (g_strcmp0 (g_ptr_array_index (self->option_names, i), name) == 0)
      {
        g_free (g_ptr_array_index (self->option_values, i));
        g_ptr_array_index (self->option_values, i) = g_strdup (value);
        return;
      }
  g_ptr_array_add (self->option_names, g_strdup (name));
  g_ptr_array_add (self->option_values, g_strdup (value));
}

static char *
cmd_option (HeartsProtocol *self,
            char          **args,
            guint           n_args)
{
  if (n_args != 2)
    return error_reply ("usage: option <name> <value>");

  if (g_strcmp0 (args[0], "level") == 0)
    {
      HeartsAiLevel level;
      HeartsAi     *ai;

      if (!hearts_ai_level_from_string (args[1], &level))
        return error_reply ("unknown level (random, easy, normal, hard)");
      ai = hearts_ai_new (level, self->seed);
      for (guint i = 0; i < self->option_names->len; i++)
        hearts_ai_set_option (ai, g_ptr_array_index (self->option_names, i),
                              g_ptr_array_index (self->option_values, i));
      hearts_ai_free (self->ai);
      self->ai = ai;
      self->level = level;
      return g_strdup ("ok");
    }

  if (!hearts_ai_set_option (self->ai, args[0], args[1]))
    return error_reply ("bad option or value");
  if (g_strcmp0 (args[0], "seed") == 0)
    self->seed = self->ai->seed;
  else
    remember_option (self, args[0], args[1]);
  return g_strdup ("ok");
}

static char *
cmd_rules (HeartsProtocol *self,
           char          **args,
           guint           n_args)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *joined = g_strjoinv (" ", args);
  HeartsRules      rules;

  /* Each "rules" starts from the standard game, so it says everything that differs. */
  hearts_rules_init_default (&rules);
  if (!hearts_rules_apply_string (&rules, joined, &error))
    return error_reply ("%s", error->message);

  self->rules = rules;
  self->in_hand = FALSE;
  return g_strdup ("ok");
}

static gboolean
parse_pass_letter (const char          *text,
                   HeartsPassDirection *dir)
{
  static const char letters[] = "LRAH";
  const char       *p;

  if (text == NULL || text[0] == '\0' || text[1] != '\0')
    return FALSE;
  p = strchr (letters, g_ascii_toupper (text[0]));
  if (p == NULL || *p == '\0')
    return FALSE;
  *dir = p - letters;
  return TRUE;
}

static char *
cmd_newhand (HeartsProtocol *self,
             char          **args,
             guint           n_args)
{
  const HeartsRules *rules = &self->rules;
  guint              n = rules->n_players;
  g_autoptr(GString) hand_text = g_string_new (NULL);
  gboolean            have_seat = FALSE, have_pass = FALSE, have_hand = FALSE;
  guint64             seat = 0, dealer = 0, index = 0;
  gint                totals[HEARTS_MAX_PLAYERS] = { 0 };
  HeartsPassDirection dir = HEARTS_PASS_HOLD;
  HeartsCards         hand;
  HeartsDeal         *deal = &self->deal;

  for (guint i = 0; i < n_args; i++)
    {
      char       *eq = strchr (args[i], '=');
      const char *key = args[i], *value;

      if (eq == NULL)
        {
          /* Cards may also follow "hand=" as separate words. */
          if (!have_hand)
            return error_reply ("expected key=value");
          g_string_append_printf (hand_text, " %s", args[i]);
          continue;
        }
      *eq = '\0';
      value = eq + 1;

      if (g_strcmp0 (key, "seat") == 0)
        {
          if (!g_ascii_string_to_unsigned (value, 10, 0, n - 1, &seat, NULL))
            return error_reply ("bad seat");
          have_seat = TRUE;
        }
      else if (g_strcmp0 (key, "pass") == 0)
        {
          if (!parse_pass_letter (value, &dir))
            return error_reply ("bad pass (L, R, A or H)");
          have_pass = TRUE;
        }
      else if (g_strcmp0 (key, "hand") == 0)
        {
          g_string_assign (hand_text, value);
          have_hand = TRUE;
        }
      else if (g_strcmp0 (key, "dealer") == 0)
        {
          if (!g_ascii_string_to_unsigned (value, 10, 0, n - 1, &dealer, NULL))
            return error_reply ("bad dealer");
        }
      else if (g_strcmp0 (key, "index") == 0)
        {
          if (!g_ascii_string_to_unsigned (value, 10, 0, G_MAXINT, &index, NULL))
            return error_reply ("bad index");
        }
      else if (g_strcmp0 (key, "totals") == 0)
        {
          g_auto(GStrv) parts = g_strsplit (value, ",", -1);

          if (g_strv_length (parts) != n)
            return error_reply ("totals needs one number per player");
          for (guint s = 0; s < n; s++)
            {
              gint64 t;

              if (!g_ascii_string_to_signed (parts[s], 10, -100000, 100000, &t, NULL))
                return error_reply ("bad totals");
              totals[s] = (gint) t;
            }
        }
      else
        return error_reply ("unknown key");
    }

  if (!have_seat || !have_pass || !have_hand)
    return error_reply ("newhand needs seat=, pass= and hand=");
  if (dir == HEARTS_PASS_ACROSS && n != 4)
    return error_reply ("no across pass with %u players", n);
  if (!hearts_cards_from_string (hand_text->str, &hand))
    return error_reply ("bad cards in hand");
  if ((hand & ~hearts_rules_get_deck (rules)) != 0)
    return error_reply ("a card of the hand is not in this deck");
  if (hearts_cards_count (hand) != hearts_rules_get_hand_size (rules))
    return error_reply ("a hand has %u cards", hearts_rules_get_hand_size (rules));

  memset (deal, 0, sizeof *deal);
  deal->n_players = n;
  deal->hand_size = hearts_rules_get_hand_size (rules);
  deal->dealer = dealer;
  deal->pass = dir;
  deal->phase = HEARTS_DEAL_PASSING;
  deal->hands[seat] = deal->dealt[seat] = hand;

  self->in_hand = TRUE;
  self->seat = seat;
  self->hand_index = index;
  memcpy (self->totals, totals, sizeof totals);
  self->pass_known = FALSE;
  self->pass = 0;
  memset (self->voids, 0, sizeof self->voids);

  if (dir == HEARTS_PASS_HOLD)
    start_play (self);
  return g_strdup ("ok");
}

static char *
cmd_pass_query (HeartsProtocol *self,
                char          **args,
                guint           n_args)
{
  if (n_args != 0)
    return error_reply ("pass? takes no arguments");
  if (!self->in_hand)
    return error_reply ("no hand: send newhand first");
  if (self->deal.phase != HEARTS_DEAL_PASSING)
    return error_reply ("not passing now");
  return choose_pass (self);
}

static char *
cmd_passed (HeartsProtocol *self,
            char          **args,
            guint           n_args)
{
  HeartsCards cards;

  if (!self->in_hand)
    return error_reply ("no hand: send newhand first");
  if (self->deal.phase != HEARTS_DEAL_PASSING)
    return error_reply ("not passing now");
  if (!parse_cards (args, n_args, &cards) || hearts_cards_count (cards) != HEARTS_PASS_SIZE)
    return error_reply ("passed needs three cards");
  if ((cards & ~self->deal.hands[self->seat]) != 0)
    return error_reply ("a passed card is not in the hand");

  self->pass = cards;
  self->pass_known = TRUE;
  return g_strdup ("ok");
}

static char *
cmd_received (HeartsProtocol *self,
              char          **args,
              guint           n_args)
{
  HeartsDeal *deal = &self->deal;
  guint       seat = self->seat;
  HeartsCards cards;

  if (!self->in_hand)
    return error_reply ("no hand: send newhand first");
  if (deal->phase != HEARTS_DEAL_PASSING)
    return error_reply ("not passing now");
  if (!self->pass_known)
    return error_reply ("this seat has not passed: ask pass? first");
  if (!parse_cards (args, n_args, &cards) || hearts_cards_count (cards) != HEARTS_PASS_SIZE)
    return error_reply ("received needs three cards");
  if ((cards & ~hearts_rules_get_deck (&self->rules)) != 0)
    return error_reply ("a received card is not in this deck");
  if ((cards & deal->dealt[seat]) != 0)
    return error_reply ("a received card was dealt to this seat");

  deal->hands[seat] = (deal->dealt[seat] & ~self->pass) | cards;
  deal->passes[seat] = self->pass;
  deal->passes[hearts_rules_pass_source (&self->rules, deal->pass, seat)] = cards;
  start_play (self);
  return g_strdup ("ok");
}

static char *
cmd_played (HeartsProtocol *self,
            char          **args,
            guint           n_args)
{
  HeartsDeal        *deal = &self->deal;
  const HeartsRules *rules = &self->rules;
  guint              n = rules->n_players;
  HeartsCards        bit;
  HeartsCard         card;
  guint64            seat;

  if (n_args != 2)
    return error_reply ("usage: played <seat> <card>");
  if (!self->in_hand || deal->phase != HEARTS_DEAL_PLAYING)
    return error_reply ("no hand is being played");
  if (!g_ascii_string_to_unsigned (args[0], 10, 0, n - 1, &seat, NULL))
    return error_reply ("bad seat");
  if (!hearts_card_from_string (args[1], &card) || !hearts_cards_has (hearts_rules_get_deck (rules), card))
    return error_reply ("bad card");
  bit = HEARTS_CARD_BIT (card);
  if (deal->played & bit)
    return error_reply ("%s was played already", hearts_card_to_string (card));

  if (!self->leader_known && seat == self->seat)
    return error_reply ("this seat does not hold the opening card");
  if (self->leader_known && seat != deal->turn)
    return error_reply ("it is seat %u's turn", deal->turn);

  if (seat == self->seat)
    {
      HeartsRefusal refusal = hearts_deal_check_play (deal, rules, seat, card);

      if (refusal != HEARTS_REFUSAL_NONE)
        return error_reply ("%s", hearts_refusal_to_id (refusal));
    }
  else
    {
      guint to = hearts_rules_pass_target (rules, deal->pass, self->seat);

      if (deal->hands[self->seat] & bit)
        return error_reply ("%s is in this seat's hand", hearts_card_to_string (card));
      if ((self->pass & bit) && deal->pass != HEARTS_PASS_HOLD && seat != to)
        return error_reply ("%s was passed to seat %u", hearts_card_to_string (card), to);
      if (self->voids[seat] & bit)
        return error_reply ("seat %u has shown it holds no such suit", (guint) seat);
      if (deal->n_plays == 0)
        {
          if (rules->opening == HEARTS_OPENING_LOWEST_CLUB && card != hearts_rules_get_opening_card (rules))
            return error_reply ("%s", hearts_refusal_to_id (HEARTS_REFUSAL_MUST_LEAD_OPENING_CARD));
          if (HEARTS_CARD_SUIT (card) != HEARTS_SUIT_CLUBS)
            return error_reply ("%s", hearts_refusal_to_id (HEARTS_REFUSAL_MUST_LEAD_CLUB));
        }
      if (deal->trick_len > 0 && HEARTS_CARD_SUIT (card) != deal->lead_suit)
        self->voids[seat] |= HEARTS_SUIT_MASK (deal->lead_suit);
    }

  if (!self->leader_known)
    {
      /* The first card names the holder of the opening card. */
      deal->leader = deal->turn = seat;
      deal->trick_leaders[0] = seat;
      self->leader_known = TRUE;
    }
  hearts_deal_play_unchecked (deal, rules, card);
  return g_strdup ("ok");
}

static gboolean
our_turn (HeartsProtocol *self)
{
  return self->in_hand && self->deal.phase == HEARTS_DEAL_PLAYING && self->leader_known &&
         self->deal.turn == self->seat;
}

static char *
cmd_play_query (HeartsProtocol *self,
                char          **args,
                guint           n_args)
{
  HeartsView view;
  HeartsCard card;

  if (n_args != 0)
    return error_reply ("play? takes no arguments");
  if (!our_turn (self))
    return error_reply ("not this seat's turn to play");

  make_view (self, &view);
  card = hearts_ai_choose_play (self->ai, &view);
  if (hearts_deal_check_play (&self->deal, &self->rules, self->seat, card) != HEARTS_REFUSAL_NONE)
    return error_reply ("internal: the player chose an illegal card");
  return g_strconcat ("play ", hearts_card_to_string (card), NULL);
}

static char *
cmd_legal_query (HeartsProtocol *self,
                 char          **args,
                 guint           n_args)
{
  g_autofree char *text = NULL;

  if (n_args != 0)
    return error_reply ("legal? takes no arguments");
  if (!our_turn (self))
    return error_reply ("not this seat's turn to play");

  text = hearts_cards_to_string (hearts_deal_get_legal (&self->deal, &self->rules));
  return g_strconcat ("legal ", text, NULL);
}

static const struct
{
  const char *name;
  CommandFunc func;
} commands[] = {
  { "hep", cmd_hep },
  { "option", cmd_option },
  { "rules", cmd_rules },
  { "newhand", cmd_newhand },
  { "pass?", cmd_pass_query },
  { "passed", cmd_passed },
  { "received", cmd_received },
  { "played", cmd_played },
  { "play?", cmd_play_query },
  { "legal?", cmd_legal_query },
};

char *
hearts_protocol_handle (HeartsProtocol *self,
                        const char     *line)
{
  g_auto(GStrv) words = g_strsplit_set (line != NULL ? line : "", " \t\r\n", -1);
  g_autoptr(GPtrArray) args = g_ptr_array_new ();

  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      g_ptr_array_add (args, words[i]);
  g_ptr_array_add (args, NULL);

  if (args->len == 1)
    return error_reply ("empty command");
  /* "quit now" is malformed, and answered like any other malformed line. */
  if (g_strcmp0 (args->pdata[0], "quit") == 0)
    return args->len == 2 ? NULL : error_reply ("quit takes no arguments");

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_strcmp0 (args->pdata[0], commands[i].name) == 0)
      return commands[i].func (self, (char **) args->pdata + 1, args->len - 2);

  return error_reply ("unknown command");
}

gboolean
hearts_protocol_get_view (HeartsProtocol *self,
                          HeartsView     *view)
{
  if (!self->in_hand)
    return FALSE;
  make_view (self, view);
  return TRUE;
}

HeartsProtocol *
hearts_protocol_new (HeartsAiLevel level,
                     guint64       seed)
{
  HeartsProtocol *self = g_new0 (HeartsProtocol, 1);

  self->level = level;
  self->seed = seed;
  self->ai = hearts_ai_new (level, seed);
  self->option_names = g_ptr_array_new_with_free_func (g_free);
  self->option_values = g_ptr_array_new_with_free_func (g_free);
  hearts_rules_init_default (&self->rules);
  return self;
}

void
hearts_protocol_free (HeartsProtocol *self)
{
  if (self == NULL)
    return;
  hearts_ai_free (self->ai);
  g_ptr_array_unref (self->option_names);
  g_ptr_array_unref (self->option_values);
  g_free (self);
}
