/* hearts-net-cert.h: the host's certificate, made once and kept
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The certificate and key in @path (one PEM file, readable by its owner only), made
 * first when there is none: a self-signed ECDSA P-256 certificate. A file others may
 * read is refused: its key is the table's identity. */
GTlsCertificate *hearts_net_cert_load_or_create (const char      *path,
                                                 GError         **error);
/* SHA-256 of the certificate's DER bytes (32 bytes). */
void             hearts_net_cert_fingerprint    (GTlsCertificate *certificate,
                                                 guint8          *fingerprint);

G_END_DECLS
