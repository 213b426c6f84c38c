// SPDX-License-Identifier: GPL-2.0-only
#include "feature_table.h"

#include "constify_manifest.h"
#include "fsutil.h"
#include "msg.h"
#include "text_list.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* In apply order, which is also the order of the series' patches and the bit of each in a
 * selection mask. Each descriptor is a file of its own (NAME.feature.h). */
const struct feature features[] = {
#include "kallsyms_mode.feature.h"
#include "dmesg_restrict.feature.h"
#include "pk_pointers.feature.h"
#include "modules_restrict.feature.h"
#include "constify_ops.feature.h"
#include "tiocsti_restrict.feature.h"
#include "io_uring_restrict.feature.h"
};

_Static_assert(sizeof(features) / sizeof(features[0]) <= FEATURES_MAX, "too many features");
const size_t features_count = sizeof(features) / sizeof(features[0]);

const struct feature *feature_find(const char *name)
{
	for (size_t i = 0; i < features_count; i++)
		if (strcmp(features[i].name, name) == 0)
			return &features[i];
	return NULL;
}

const char *feature_verdict_note(const struct feature *f, const char *version)
{
	if (!f || !f->verdict_note)
		return NULL;
	unsigned major, minor;
	if (!version || sscanf(version, "%u.%u", &major, &minor) != 2)
		return f->verdict_note;
	return (int)(major * 1000 + minor) >= f->verdict_note_since ? f->verdict_note : NULL;
}

int feature_note_number(const struct feature *f)
{
	int n = 0;
	for (size_t i = 0; i < features_count; i++) {
		n += features[i].verdict_note != NULL;
		if (&features[i] == f)
			return f->verdict_note ? n : 0;
	}
	return 0;
}

int features_select(const char *list, unsigned *mask, char *err, size_t errlen)
{
	*mask = 0;
	char *copy = strdup(list), *save = NULL;
	int rc = 0;
	for (char *n = strtok_r(copy, ",", &save); n && !rc; n = strtok_r(NULL, ",", &save)) {
		const struct feature *f = feature_find(n);
		if (f) {
			*mask |= 1u << (f - features);
			continue;
		}
		char *known = strdup("");
		for (size_t i = 0; i < features_count; i++)
			text_list_add(&known, features[i].name);
		msg_format(err, errlen, "unknown feature '%s' (known: %s)", n, known);
		free(known);
		rc = -1;
	}
	if (!rc && !*mask) {
		msg_format(err, errlen, "no feature named in '%s'", list);
		rc = -1;
	}
	free(copy);
	return rc;
}

const struct guest_suite guest_suites[] = {
#define HB_SUITE(name, feature, proof) { #name, feature, proof },
#include "suites.def"
#undef HB_SUITE
};

_Static_assert(sizeof(guest_suites) / sizeof(guest_suites[0]) <= GUEST_SUITES_MAX,
	       "suites.def lists more suites than GUEST_SUITES_MAX");
const size_t guest_suites_count = sizeof(guest_suites) / sizeof(guest_suites[0]);

const struct feature *feature_measured_by(const char *suite)
{
	for (size_t i = 0; i < features_count; i++)
		if (features[i].measured_by && strcmp(features[i].measured_by, suite) == 0)
			return &features[i];
	return NULL;
}

unsigned features_selected(const struct hb_ctx *ctx)
{
	return ctx->features ? ctx->features : (1u << features_count) - 1;
}
