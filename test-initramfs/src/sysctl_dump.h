/* SPDX-License-Identifier: GPL-2.0-only */
/* The guest's sysctls and command line on the console, as `sysctl -a` prints them, between
 * the markers of sysctl_dump.h in backport/features (the host cuts them out and gives them to
 * kernel-hardening-checker). */
#ifndef HB_GUEST_SYSCTL_DUMP_H
#define HB_GUEST_SYSCTL_DUMP_H

/* Prints the block LABEL: every readable file under /proc/sys (after the first dump, below
 * the top-level directories that one saw). Returns the lines printed. */
unsigned hb_sysctl_dump(const char *label);
/* The same of the tree at ROOT (the unit tests' seam). */
unsigned hb_sysctl_dump_of(const char *root, const char *label);

#endif
