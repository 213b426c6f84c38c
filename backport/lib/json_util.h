/* SPDX-License-Identifier: GPL-2.0-only */
/* The few helpers the driver keeps around jansson (Debian's libjansson-dev), which holds its
 * JSON: the one layout of the files it writes (results.json, kernels/NAME.json, matrix.json),
 * errors that say where a file is not JSON, and strings made from what a guest printed. */
#ifndef HB_JSON_UTIL_H
#define HB_JSON_UTIL_H

#include <jansson.h>
#include <stddef.h>
#include <stdio.h>

/* Two-space indentation, keys in the order they were set (jansson >= 2.8 keeps that order
 * anyway; the flag says it). */
#define HB_JSON_DUMP_FLAGS (JSON_INDENT(2) | JSON_PRESERVE_ORDER)

/* S as a JSON string; NULL gives JSON null. Bytes that start no valid UTF-8 sequence (a
 * console's text is whatever the guest printed) become U+FFFD: jansson refuses them. */
json_t *hb_json_string(const char *s);
/* N as a JSON number: an integer when N is whole, a real otherwise; NaN and the infinities,
 * which JSON has no words for, give null. */
json_t *hb_json_number(double n);

/* A measurement's list in results.json: 1 when A is an array, 0 when it is absent or null
 * (the suite did not run), -1 with "expected an array or null" in ERR otherwise. */
int hb_json_array_or_null(const json_t *a, char *err, size_t errlen);

/* Writes V to F in the layout above, then a newline. 0, or -1 on a write error. */
int hb_json_write(FILE *f, const json_t *v);
/* Parses LEN bytes of TEXT, named SOURCE in errors. NULL with
 * "SOURCE:LINE:COLUMN: not valid JSON: what is wrong" in err. */
json_t *hb_json_parse(const char *text, size_t len, const char *source, char *err,
		      size_t errlen);
/* Reads and parses PATH. NULL with "PATH: cannot read: ..." or, as above,
 * "PATH:LINE:COLUMN: not valid JSON: ..." in err. */
json_t *hb_json_read_file(const char *path, char *err, size_t errlen);

#endif
