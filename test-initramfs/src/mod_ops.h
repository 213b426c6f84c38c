/* SPDX-License-Identifier: GPL-2.0-only */
/* The module system calls and /proc/modules. All return 0 or -errno. */
#ifndef HB_MOD_OPS_H
#define HB_MOD_OPS_H

#include "mod_db.h"

/* 1 if NAME is listed in /proc/modules, 0 if not, -errno if unreadable. */
int mod_is_loaded(const char *name);

/* finit_module(2) of the file at PATH with no parameters. */
int mod_finit(const char *path);
/* init_module(2) of the file at PATH, read into memory first. */
int mod_init_from_memory(const char *path);
/* delete_module(2) with O_NONBLOCK; retries while the module is busy
 * (EAGAIN/EBUSY) for up to wait_ms. */
int mod_delete(const char *name, unsigned wait_ms);

/* Loads NAME and its dependencies (modules.dep, last listed first) with
 * finit_module; an already loaded module (EEXIST) counts as success.
 * With a LOAD function, calls it for each path in that order instead
 * (modprobe -n prints them). */
int mod_load_with_deps(const struct mod_db *db, const char *name,
		       int (*load)(const char *path));

#endif
