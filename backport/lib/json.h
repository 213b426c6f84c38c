/* SPDX-License-Identifier: GPL-2.0-only */
/* A small JSON tree: parse a whole document, build one, write it back. Enough for the driver's
 * own files (per-kernel results, matrix.json) and the guest's results.json it embeds. */
#ifndef HB_JSON_H
#define HB_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum json_type { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT };

struct json_value {
	enum json_type type;
	bool boolean;
	double number;
	char *string;               /* JSON_STRING, UTF-8, NUL-terminated (no NUL inside) */
	struct json_value **items;  /* JSON_ARRAY elements, JSON_OBJECT values */
	char **keys;                /* JSON_OBJECT keys, in the order read or set */
	size_t count;
};

/* Parses TEXT (LEN bytes). NULL with "offset N: what is wrong" in err on bad input. */
struct json_value *json_parse(const char *text, size_t len, char *err, size_t errlen);
/* Reads and parses PATH; NULL with "PATH: ..." in err. */
struct json_value *json_read_file(const char *path, char *err, size_t errlen);
void json_free(struct json_value *v);
/* Writes V with 2-space indentation (no newline after); -1 on a write error. */
int json_write(FILE *f, const struct json_value *v, int indent);
/* Writes S as a JSON string literal; invalid UTF-8 becomes U+FFFD. NULL writes null. */
void json_write_string(FILE *f, const char *s);
/* Deep copy. */
struct json_value *json_copy(const struct json_value *v);

/* Building: each returns a new value (aborts on no memory). */
struct json_value *json_null(void);
struct json_value *json_bool(bool b);
struct json_value *json_number(double n);
struct json_value *json_string(const char *s); /* NULL gives JSON null */
struct json_value *json_array(void);
struct json_value *json_object(void);
/* Appends V to array A (takes V). */
void json_push(struct json_value *a, struct json_value *v);
/* Sets KEY of object O to V (takes V; replaces an earlier value of KEY). */
void json_set(struct json_value *o, const char *key, struct json_value *v);

/* Looking up: NULL when O is no object or has no KEY. */
const struct json_value *json_get(const struct json_value *o, const char *key);
/* The string at KEY, or NULL when absent, null or not a string. */
const char *json_get_string(const struct json_value *o, const char *key);
/* The number at KEY, or FALLBACK. */
double json_get_number(const struct json_value *o, const char *key, double fallback);
/* The boolean at KEY, or FALLBACK. */
bool json_get_bool(const struct json_value *o, const char *key, bool fallback);

#endif
