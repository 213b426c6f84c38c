/* SPDX-License-Identifier: GPL-2.0-only */
/* Symbolic errno names for diagnostics ("EPERM" rather than a number). */
#ifndef HB_ERRNAME_H
#define HB_ERRNAME_H

const char *hb_errname(int err);

#endif
