/* hearts-engine.c: one seat of Hearts over a line protocol on stdin and stdout
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hearts-protocol.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(HeartsProtocol) protocol = NULL;
  g_autofree char *level_text = NULL;
  HeartsAiLevel    level = HEARTS_AI_NORMAL;
  gint64           seed = 1;
  char            *line = NULL;
  size_t           size = 0;
  ssize_t          len;
  GOptionEntry     entries[] = {
        { "level", 'l', 0, G_OPTION_ARG_STRING, &level_text, "Player level: random, easy, normal, hard (normal)", "LEVEL" },
        { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, "Seed of the player (1)", "SEED" },
        { NULL }
  };

  setlocale (LC_ALL, "");
  context = g_option_context_new ("— play a seat of Hearts over stdin and stdout");
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_description (context,
                                    "Commands, one a line, each answered with one line (docs/PROTOCOL.md):\n"
                                    "  hep | option NAME VALUE | rules KEY=VALUE... | newhand seat=S pass=L|R|A|H hand=CARDS\n"
                                    "  pass? | passed C C C | received C C C | played SEAT CARD | play? | legal? | quit\n");
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("hearts-engine: %s\n", error->message);
      return 2;
    }
  if (level_text != NULL && !hearts_ai_level_from_string (level_text, &level))
    {
      g_printerr ("hearts-engine: unknown level “%s”\n", level_text);
      return 2;
    }

  protocol = hearts_protocol_new (level, (guint64) seed);

  while ((len = getline (&line, &size, stdin)) >= 0)
    {
      g_autofree char *answer = NULL;

      /* The protocol reads a line as a C string: a NUL would hide the rest of it. */
      if (memchr (line, '\0', len) != NULL)
        answer = g_strdup ("error the line holds a NUL byte");
      else
        answer = hearts_protocol_handle (protocol, line);

      if (answer == NULL)
        break;
      fputs (answer, stdout);
      fputc ('\n', stdout);
      fflush (stdout);
    }

  free (line);
  return 0;
}
