// SPDX-License-Identifier: GPL-2.0-only
#include "kernel_tests.h"

#include "json_util.h"
#include "msg.h"

#include <stdio.h>
#include <string.h>

static const char *const result_names[] = { [KTEST_OK] = "ok", [KTEST_NOT_OK] = "not ok",
					    [KTEST_SKIP] = "skip" };

const char *kernel_test_result_name(enum kernel_test_result r)
{
	return result_names[r];
}

/* Its own cases, not the kernel's tests: the setup and the restore of the level. */
static bool own_case(const char *name)
{
	return strncmp(name, "kernel_tests_", strlen("kernel_tests_")) == 0;
}

static void add(struct kernel_tests *t, const char *name, enum kernel_test_result r)
{
	if (t->n >= KERNEL_TESTS_MAX || strlen(name) >= sizeof(t->test[0].name))
		return;
	struct kernel_test *k = &t->test[t->n++];
	snprintf(k->name, sizeof(k->name), "%s", name);
	k->result = r;
}

void kernel_tests_from_ktap(const struct ktap_report *r, struct kernel_tests *out)
{
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < r->n_results; i++) {
		const struct ktap_result *s = &r->results[i];
		if (strcmp(s->name, KERNEL_TESTS_SUITE) != 0)
			continue;
		out->ran = true;
		for (size_t c = 0; c < s->n_sub; c++) {
			const struct ktap_result *k = &s->sub[c];
			if (own_case(k->name))
				continue;
			add(out, k->name, k->status == KTAP_OK ? KTEST_OK
					  : k->status == KTAP_SKIP ? KTEST_SKIP
								   : KTEST_NOT_OK);
		}
	}
}

const struct kernel_test *kernel_tests_find(const struct kernel_tests *t, const char *name)
{
	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->test[i].name, name) == 0)
			return &t->test[i];
	return NULL;
}

json_t *kernel_tests_to_json(const struct kernel_tests *t)
{
	if (!t->ran)
		return json_null();
	json_t *a = json_array();
	for (size_t i = 0; i < t->n; i++)
		json_array_append_new(a, json_pack("{s:o, s:s}", "name",
						   hb_json_string(t->test[i].name), "result",
						   kernel_test_result_name(t->test[i].result)));
	return a;
}

int kernel_tests_from_json(const json_t *a, struct kernel_tests *out, char *err, size_t errlen)
{
	memset(out, 0, sizeof(*out));
	int is_array = hb_json_array_or_null(a, err, errlen);
	if (is_array <= 0)
		return is_array;
	out->ran = true;
	size_t i;
	json_t *o;
	json_array_foreach(a, i, o) {
		const char *name, *result;
		json_error_t e;
		int rc = json_unpack_ex(o, &e, 0, "{s:s, s:s}", "name", &name, "result", &result);
		int which = -1;
		for (int k = 0; !rc && k < 3; k++)
			if (strcmp(result, result_names[k]) == 0)
				which = k;
		if (rc != 0 || which < 0 || strlen(name) >= sizeof(out->test[0].name)) {
			msg_format(err, errlen,
				   "entry %zu: %s (expected name (a short string) and result (\"ok\", "
				   "\"not ok\" or \"skip\"))",
				   i, rc ? e.text : "a value out of range");
			memset(out, 0, sizeof(*out));
			return -1;
		}
		add(out, name, (enum kernel_test_result)which);
	}
	return 0;
}
