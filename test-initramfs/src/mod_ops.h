/* SPDX-License-Identifier: GPL-2.0-only */
/* The module system calls and /proc/modules. All return 0 or -errno. */
#ifndef HB_MOD_OPS_H
#define HB_MOD_OPS_H

#include "mod_db.h"

/* 1 if NAME is listed in /proc/modules, 0 if not, -errno if unreadable. */
int mod_is_loaded(const char *name);

/* finit_module(2) of the file at PATH with no parameters. */
int mod_finit(const char *path);
/* finit_module(2) of the file at PATH with the parameters PARAMS ("port=0x330 irq=-1"). */
int mod_finit_params(const char *path, const char *params);
/* init_module(2) of the file at PATH, read into memory first. */
int mod_init_from_memory(const char *path);
/* delete_module(2) with O_NONBLOCK; retries while the module is busy
 * (EAGAIN/EBUSY) for up to wait_ms. */
int mod_delete(const char *name, unsigned wait_ms);

/* At most this many names from /proc/modules. */
#define HB_MODULES_MAX 128
/* The names in /proc/modules into NAMES (HB_MODULES_MAX of them at most); returns how many. */
int mod_loaded_names(char names[][HB_MOD_NAME_MAX]);
/* Whether NAME is one of the N names of NAMES. */
int mod_listed(char names[][HB_MOD_NAME_MAX], int n, const char *name);
/* Unloads the modules of AFTER that BEFORE does not list. In passes: a module in use by
 * another that loaded with it (aes under the instance cbc(aes) of the template cbc) goes once
 * that one went; a module that still will not go is named in a diagnostic. */
void mod_unload_new(char before[][HB_MOD_NAME_MAX], int n_before, char after[][HB_MOD_NAME_MAX],
		    int n_after);
/* Loads NAME and its dependencies (modules.dep, last listed first) with
 * finit_module; an already loaded module (EEXIST) counts as success.
 * With a LOAD function, calls it for each path in that order instead
 * (modprobe -n prints them). */
int mod_load_with_deps(const struct mod_db *db, const char *name,
		       int (*load)(const char *path));

#endif
