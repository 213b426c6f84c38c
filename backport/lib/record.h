/* SPDX-License-Identifier: GPL-2.0-only */
/* The small records the stages leave in the cache, in one format: a JSON object (jansson, the
 * layout of json_util.h) whose "record" names what it is and whose "record_version" its
 * layout, then the record's own fields:
 *   CACHE/kernels/NAME/fetched     "fetch"         what fetch brought (fetch.h)
 *   CACHE/work/NAME/stamp          "apply-stamp"   what an apply's tree was made from
 *   out/.hb-source-record          "source"        the sources an out/ was built from
 *   out/.hb-config-stamp           "config-stamp"  what its .config was configured from
 *   CACHE/work/NAME/apply.json     "apply"         what apply found, per feature
 * A record of another name or layout reads as none: what it described is made again. */
#ifndef HB_RECORD_H
#define HB_RECORD_H

#include <jansson.h>

/* A new record KIND of layout VERSION, with no fields yet. */
json_t *hb_record_new(const char *kind, int version);
/* REC as text: the JSON of json_util.h's layout, then a newline. Two records of the same
 * fields set in the same order have the same text. */
char *hb_record_text(const json_t *rec);
/* Whether REC is a record KIND of layout VERSION. */
int hb_record_is(const json_t *rec, const char *kind, int version);
/* TEXT as a record KIND of layout VERSION, or NULL (no text, not JSON, another kind or
 * layout). */
json_t *hb_record_parse(const char *text, const char *kind, int version);
/* Writes REC to PATH atomically (its folder must exist). 0 or -1. */
int hb_record_write(const char *path, const json_t *rec);
/* PATH's record KIND of layout VERSION, or NULL as hb_record_parse(). */
json_t *hb_record_read(const char *path, const char *kind, int version);
/* REC's string field KEY, or "" when it has none. */
const char *hb_record_str(const json_t *rec, const char *key);

#endif
