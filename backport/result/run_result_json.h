/* SPDX-License-Identifier: GPL-2.0-only */
/* A kernel's run_result as JSON (reports/.../kernels/NAME.json), and back: what separate CI
 * jobs hand to `backport report merge`. Embeds each flavour's guest results.json. */
#ifndef HB_RUN_RESULT_JSON_H
#define HB_RUN_RESULT_JSON_H

#include "run_result.h"

#include <jansson.h>

#define RUN_RESULT_FORMAT "hardening-backport-kernel"
#define RUN_RESULT_FORMAT_VERSION 1

json_t *run_result_to_json(const struct run_result *r);
/* 0, or -1 with what is wrong (the field's name) in err; R is then empty. */
int run_result_from_json(const json_t *v, struct run_result *r, char *err, size_t errlen);
/* Writes PATH atomically; 0 or -1. */
int run_result_write_file(const struct run_result *r, const char *path);
/* 0, or -1 with "PATH: what is wrong" in err. */
int run_result_read_file(const char *path, struct run_result *r, char *err, size_t errlen);

#endif
