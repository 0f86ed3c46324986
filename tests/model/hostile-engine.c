/* hostile-engine.c: a hearts-engine that misbehaves on purpose, for test-engines
 *
 *   hostile-engine MODE [AT [ARG]]
 *
 * It plays like `hearts-engine --level normal` until the question (pass? or play?)
 * numbered AT (from 0; "hep" for the handshake, "quit" for the end), and there does MODE:
 *   flood    writes without a newline, forever
 *   stall    stops reading and answering (its own pid in the file ARG, at once, and
 *            the file ARG.stalled once it stops)
 *   garbage  answers nonsense
 *   illegal  answers a card or a pass it may not make
 *   close    closes its standard output and waits
 *   exit     exits
 *   fork     leaves a child holding its pipes (its pid in the file ARG) and exits
 *   setsid   starts a helper in a session of its own (setsid), which sleeps; writes its
 *            own pid and the helper's in the file ARG, and plays on
 *   slow     answers after ARG (3000) ms, then plays on at once
 *   stderr   never misbehaves on stdout, but writes 256 KiB to stderr before each answer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hearts-protocol.h"

static void
write_all (int         fd,
           const char *data,
           gsize       len)
{
  while (len > 0)
    {
      gssize n = write (fd, data, len);

      if (n <= 0)
        exit (0);
      data += n;
      len -= n;
    }
}

static void
answer (const char *line)
{
  write_all (1, line, strlen (line));
  write_all (1, "\n", 1);
}

G_GNUC_NORETURN static void
wait_forever (void)
{
  for (;;)
    pause ();
}

static char *
illegal_answer (HeartsProtocol *protocol,
                gboolean        passing)
{
  HeartsView       view;
  HeartsCards      deck, wrong;
  g_autofree char *cards = NULL;

  if (!hearts_protocol_get_view (protocol, &view))
    return g_strdup (passing ? "pass 2C 3C 4C" : "play 2C");
  deck = hearts_rules_get_deck (&view.rules);
  if (passing)
    {
      /* Three cards it does not hold. */
      HeartsCards others = deck & ~view.deal.hands[view.seat];

      wrong = 0;
      for (guint i = 0; i < 3; i++)
        {
          wrong |= HEARTS_CARD_BIT (hearts_cards_lowest (others));
          others &= others - 1;
        }
      cards = hearts_cards_to_string (wrong);
      return g_strconcat ("pass ", cards, NULL);
    }
  wrong = deck & ~hearts_deal_get_legal (&view.deal, &view.rules);
  return g_strconcat ("play ", hearts_card_to_string (hearts_cards_lowest (wrong)), NULL);
}

static void
misbehave (HeartsProtocol *protocol,
           const char     *mode,
           const char     *arg,
           const char     *line)
{
  if (g_str_equal (mode, "flood"))
    {
      char chunk[4096];

      memset (chunk, 'x', sizeof chunk);
      for (;;)
        write_all (1, chunk, sizeof chunk);
    }
  if (g_str_equal (mode, "stall"))
    {
      if (arg != NULL)
        {
          g_autofree char *stalled = g_strconcat (arg, ".stalled", NULL);

          g_file_set_contents (stalled, "", 0, NULL);
        }
      wait_forever ();
    }
  if (g_str_equal (mode, "garbage"))
    {
      answer ("banana split");
      return;
    }
  if (g_str_equal (mode, "illegal"))
    {
      g_autofree char *wrong = illegal_answer (protocol, g_str_equal (line, "pass?"));

      answer (wrong);
      return;
    }
  if (g_str_equal (mode, "close"))
    {
      close (1);
      wait_forever ();
    }
  if (g_str_equal (mode, "exit"))
    exit (3);
  if (g_str_equal (mode, "fork"))
    {
      pid_t child = fork ();

      if (child == 0)
        {
          /* Holds stdin and stdout open, and outlives its parent. */
          sleep (600);
          _exit (0);
        }
      if (arg != NULL)
        {
          g_autofree char *text = g_strdup_printf ("%d\n", (int) child);

          g_file_set_contents (arg, text, -1, NULL);
        }
      exit (0);
    }
  if (g_str_equal (mode, "setsid"))
    {
      pid_t            helper = fork ();
      g_autofree char *reply = NULL;

      if (helper == 0)
        {
          /* Out of the engine's process group and session: killing the group misses it. */
          setsid ();
          close (0);
          close (1);
          sleep (600);
          _exit (0);
        }
      if (arg != NULL)
        {
          g_autofree char *text = g_strdup_printf ("%d %d\n", (int) getpid (), (int) helper);

          g_file_set_contents (arg, text, -1, NULL);
        }
      reply = hearts_protocol_handle (protocol, line);
      answer (reply);
      return;
    }
  if (g_str_equal (mode, "slow"))
    {
      g_autofree char *reply = hearts_protocol_handle (protocol, line);

      g_usleep ((arg != NULL ? atoi (arg) : 3000) * G_GINT64_CONSTANT (1000));
      answer (reply);
      return;
    }
  g_error ("unknown mode %s", mode);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(HeartsProtocol) protocol = hearts_protocol_new (HEARTS_AI_NORMAL, 1);
  const char *mode = argc > 1 ? argv[1] : "stall";
  const char *arg = argc > 3 && argv[3][0] != '\0' ? argv[3] : NULL;
  gboolean    at_hep = argc > 2 && g_str_equal (argv[2], "hep");
  gboolean    at_quit = argc > 2 && g_str_equal (argv[2], "quit");
  gint        at = argc > 2 && !at_hep && !at_quit ? atoi (argv[2]) : -1;
  gboolean    noisy = g_str_equal (mode, "stderr");
  gint        questions = 0;
  char       *line = NULL;
  size_t      size = 0;
  ssize_t     len;

  signal (SIGPIPE, SIG_DFL);
  if (g_str_equal (mode, "stall") && arg != NULL)
    {
      g_autofree char *text = g_strdup_printf ("%d\n", (int) getpid ());

      g_file_set_contents (arg, text, -1, NULL);
    }
  while ((len = getline (&line, &size, stdin)) > 0)
    {
      g_autofree char *reply = NULL;

      g_strchomp (line);
      if (noisy)
        {
          static char noise[256 * 1024];

          memset (noise, 'e', sizeof noise);
          write_all (2, noise, sizeof noise);
        }
      if ((at_hep && g_str_equal (line, "hep")) || (at_quit && g_str_equal (line, "quit")) ||
          ((g_str_equal (line, "pass?") || g_str_equal (line, "play?")) && questions++ == at))
        {
          misbehave (protocol, mode, arg, line);
          continue;
        }
      reply = hearts_protocol_handle (protocol, line);
      if (reply == NULL)
        break;
      answer (reply);
    }
  free (line);
  return 0;
}
