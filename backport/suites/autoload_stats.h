/* SPDX-License-Identifier: GPL-2.0-only */
/* The guest's module autoload surface measurement (suite autoload,
 * test-initramfs/src/test_autoload_surface.c): per identity, how many module requests the
 * recording modprobe got and how many modules loaded. Read from the lines
 *   # autoload WHO requests=N loaded=M [PROBE=K ...] (T ms)
 * of the guest's KTAP; kept in results.json and the per-kernel results as an array of
 * {"who", "requests", "loaded"} objects. */
#ifndef HB_AUTOLOAD_STATS_H
#define HB_AUTOLOAD_STATS_H

#include "ktap.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#define AUTOLOAD_WHO_MAX 4

struct autoload_who {
	char who[16];   /* "unpriv", "userns" */
	long requests;
	long loaded;
};

struct autoload_stats {
	struct autoload_who who[AUTOLOAD_WHO_MAX];
	size_t n;
};

/* Parses one diagnostic's text (without "# "): true for a well-formed "autoload ..." line. */
bool autoload_line_parse(const char *diag, struct autoload_who *out);
/* Every such line of R, at any depth; an identity seen twice keeps its last line. */
void autoload_stats_from_ktap(const struct ktap_report *r, struct autoload_stats *out);
/* The identity's entry, or NULL when it was not measured. */
const struct autoload_who *autoload_stats_who(const struct autoload_stats *s, const char *who);
json_t *autoload_stats_to_json(const struct autoload_stats *s);
/* From such an array; NULL or JSON null give none. 0, or -1 with what is wrong in err. */
int autoload_stats_from_json(const json_t *a, struct autoload_stats *out, char *err,
			     size_t errlen);

#endif
