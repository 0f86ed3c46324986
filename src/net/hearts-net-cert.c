/* hearts-net-cert.c
 *
 * The certificate is pinned by the invitation's fingerprint, so nobody vouches for it:
 * its names and dates only have to be well formed. It is made once per host (or
 * server) and kept, so that invitations stay good across restarts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <time.h>

#include "hearts-net-cert.h"
#include "hearts-net-protocol.h"

/* Long enough never to matter: the pin, not the dates, is what is checked. */
#define LIFETIME (60L * 60 * 24 * 365 * 20)

static gboolean
gnutls_failed (GError    **error,
               const char *what,
               int         rc)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: %s", what, gnutls_strerror (rc));
  return FALSE;
}

static gboolean
make_certificate (const char *path,
                  GError    **error)
{
  gnutls_x509_privkey_t key = NULL;
  gnutls_x509_crt_t     crt = NULL;
  gnutls_datum_t        key_pem = { NULL, 0 }, crt_pem = { NULL, 0 };
  g_autoptr(GString) pem = g_string_new (NULL);
  guint8   serial[16];
  time_t   now = time (NULL);
  int      rc;
  gboolean ok = FALSE;

  hearts_net_random (serial, sizeof serial);
  serial[0] &= 0x7f; /* a positive number */

  if ((rc = gnutls_x509_privkey_init (&key)) < 0 ||
      (rc = gnutls_x509_privkey_generate (key, GNUTLS_PK_ECDSA, GNUTLS_CURVE_TO_BITS (GNUTLS_ECC_CURVE_SECP256R1),
                                          0)) < 0)
    {
      gnutls_failed (error, "Making the key", rc);
      goto out;
    }
  if ((rc = gnutls_x509_crt_init (&crt)) < 0 || (rc = gnutls_x509_crt_set_key (crt, key)) < 0 ||
      (rc = gnutls_x509_crt_set_version (crt, 3)) < 0 ||
      (rc = gnutls_x509_crt_set_serial (crt, serial, sizeof serial)) < 0 ||
      (rc = gnutls_x509_crt_set_activation_time (crt, now - 60 * 60 * 24)) < 0 ||
      (rc = gnutls_x509_crt_set_expiration_time (crt, now + LIFETIME)) < 0 ||
      (rc = gnutls_x509_crt_set_dn (crt, "O=Hearts,CN=Hearts table", NULL)) < 0 ||
      (rc = gnutls_x509_crt_set_key_usage (crt, GNUTLS_KEY_DIGITAL_SIGNATURE)) < 0 ||
      (rc = gnutls_x509_crt_sign2 (crt, crt, key, GNUTLS_DIG_SHA256, 0)) < 0)
    {
      gnutls_failed (error, "Making the certificate", rc);
      goto out;
    }
  if ((rc = gnutls_x509_privkey_export2 (key, GNUTLS_X509_FMT_PEM, &key_pem)) < 0 ||
      (rc = gnutls_x509_crt_export2 (crt, GNUTLS_X509_FMT_PEM, &crt_pem)) < 0)
    {
      gnutls_failed (error, "Writing the certificate", rc);
      goto out;
    }
  g_string_append_len (pem, (const char *) key_pem.data, key_pem.size);
  g_string_append_len (pem, (const char *) crt_pem.data, crt_pem.size);
  /* Written whole, readable by its owner only, from the first byte on. */
  ok = g_file_set_contents_full (path, pem->str, pem->len, G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);

out:
  if (key_pem.data != NULL)
    {
      gnutls_memset (key_pem.data, 0, key_pem.size);
      gnutls_free (key_pem.data);
    }
  gnutls_free (crt_pem.data);
  gnutls_x509_crt_deinit (crt);
  gnutls_x509_privkey_deinit (key);
  if (pem->len > 0)
    gnutls_memset (pem->str, 0, pem->len);
  return ok;
}

GTlsCertificate *
hearts_net_cert_load_or_create (const char *path,
                                GError    **error)
{
  GStatBuf st;

  g_return_val_if_fail (path != NULL, NULL);

  if (g_stat (path, &st) != 0)
    {
      g_autofree char *dir = g_path_get_dirname (path);

      if (errno != ENOENT)
        {
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), "%s: %s", path, g_strerror (errno));
          return NULL;
        }
      if (g_mkdir_with_parents (dir, 0700) != 0)
        {
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), "%s: %s", dir, g_strerror (errno));
          return NULL;
        }
      if (!make_certificate (path, error))
        return NULL;
    }
  else if ((st.st_mode & 077) != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                   "%s may be read by others; its key is the table's identity (chmod 600 it)", path);
      return NULL;
    }
  return g_tls_certificate_new_from_file (path, error);
}

void
hearts_net_cert_fingerprint (GTlsCertificate *certificate,
                             guint8          *fingerprint)
{
  g_autoptr(GByteArray) der = NULL;
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  gsize size = 32;

  g_object_get (certificate, "certificate", &der, NULL);
  g_checksum_update (sum, der->data, der->len);
  g_checksum_get_digest (sum, fingerprint, &size);
}
