/* hearts-table-words.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "hearts-table-words.h"

char *
hearts_table_notice_text (HeartsNetNotice kind,
                          const char     *name)
{
  switch (kind)
    {
    case HEARTS_NET_NOTICE_JOINED:
      /* Translators: a person sat down at the table; %s is their name */
      return g_strdup_printf (_("%s sat down at the table"), name);
    case HEARTS_NET_NOTICE_BACK:
      /* Translators: %s is a person's name */
      return g_strdup_printf (_("%s is back"), name);
    case HEARTS_NET_NOTICE_LOST:
      /* Translators: %s is a person's name */
      return g_strdup_printf (_("%s’s connection was lost; waiting a moment for them"), name);
    case HEARTS_NET_NOTICE_COMPUTER:
      /* Translators: %s is a person's name */
      return g_strdup_printf (_("%s’s connection was lost; the computer plays for them"), name);
    case HEARTS_NET_NOTICE_LEFT:
      /* Translators: %s is a person's name */
      return g_strdup_printf (_("%s left the table; the computer plays for them"), name);
    case HEARTS_NET_NOTICE_DROPPED:
      /* Translators: %s is a person's name */
      return g_strdup_printf (_("%s’s game broke the rules of the table and was let go; the computer plays for them"),
                              name);
    case HEARTS_NET_NOTICE_STARTED:
      return g_strdup (_("The game begins"));
    case HEARTS_NET_N_NOTICES:
    default:
      return NULL;
    }
}

char *
hearts_table_bye_text (HeartsNetBye reason)
{
  switch (reason)
    {
    case HEARTS_NET_BYE_SHUTDOWN:
      return g_strdup (_("The host closed the table"));
    case HEARTS_NET_BYE_KICKED:
      return g_strdup (_("The host gave your seat to the computer"));
    case HEARTS_NET_BYE_REPLACED:
      return g_strdup (_("You sat down at this table from somewhere else"));
    case HEARTS_NET_BYE_BAD_SECRET:
      return g_strdup (_("This invitation is not for a table that is open now"));
    case HEARTS_NET_BYE_SLOW_DOWN:
      return g_strdup (_("Too many wrong invitations from here; wait a little and try again"));
    case HEARTS_NET_BYE_VERSION:
      return g_strdup (_("The host plays another version of Hearts"));
    case HEARTS_NET_BYE_NO_SEAT:
      return g_strdup (_("There is no open seat at this table"));
    case HEARTS_NET_BYE_TOO_MANY:
      return g_strdup (_("The table is too busy; try again later"));
    case HEARTS_NET_BYE_TLS:
      return g_strdup (_("The table could not prove it is the one invited to; nothing was sent"));
    case HEARTS_NET_BYE_LEFT:
      return g_strdup (_("You left the table"));
    case HEARTS_NET_BYE_NOT_LET_IN:
      return g_strdup (_("The host did not let you in"));
    case HEARTS_NET_BYE_CLOSED:
    case HEARTS_NET_BYE_TIMEOUT:
    case HEARTS_NET_BYE_NOT_READING:
    case HEARTS_NET_BYE_PROTOCOL:
    case HEARTS_NET_BYE_FLOOD:
    case HEARTS_NET_BYE_MISBEHAVING:
    case HEARTS_NET_BYE_DONE:
    case HEARTS_NET_N_BYES:
    default:
      return g_strdup (_("The connection to the table was lost"));
    }
}

char *
hearts_table_error_text (const GError *error)
{
  if (error->domain == HEARTS_NET_ERROR)
    return hearts_table_bye_text (error->code);
  return g_strdup (error->message);
}
