// SPDX-License-Identifier: GPL-2.0-only
/* Suite constify: every ops table that apply made const (the manifest /hb/constified, written
 * by the driver from constify_ops's patch) and that is built into this kernel lies, by the
 * address root reads in /proc/kallsyms, in the read-only data: between __start_rodata and
 * __end_rodata, outside the __ro_after_init data there. On vanilla the same tables are in
 * .data, so the suite fails there. Tables not built in are skipped. The type letter does not
 * tell: x86's .rodata output section is writable in the ELF file (it holds __ro_after_init
 * data), so kallsyms calls the symbols there "d" like any data. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errname.h"
#include "hb_paths.h"
#include "ktap.h"

#define MAX_TABLES 64

struct table {
	char symbol[64];
	char file[160];
	char type;      /* from /proc/kallsyms, 0 when not found */
	unsigned long long addr;
};

static struct table tables[MAX_TABLES];
static size_t n_tables;
static int kallsyms_errno;

/* __start_rodata, __end_rodata, __start_ro_after_init, __end_ro_after_init */
static const char *const bound_names[4] = { "__start_rodata", "__end_rodata",
					    "__start_ro_after_init", "__end_ro_after_init" };
static unsigned long long bounds[4];

/* "SYMBOL FILE" lines; returns how many were read, -1 without a manifest. */
static int read_manifest(void)
{
	FILE *f = fopen(HB_CONSTIFIED, "r");
	char line[256];

	if (!f)
		return -1;
	while (n_tables < MAX_TABLES && fgets(line, sizeof(line), f)) {
		struct table *t = &tables[n_tables];
		if (sscanf(line, "%63s %159s", t->symbol, t->file) == 2)
			n_tables++;
	}
	fclose(f);
	return (int)n_tables;
}

/* Fills each table's type from the built-in symbols of /proc/kallsyms (root sees them all;
 * module symbols carry a "[module]" column and are not the built-in table). */
static void read_kallsyms(void)
{
	FILE *f = fopen(HB_KALLSYMS, "r");
	char *line = NULL;
	size_t cap = 0;

	if (!f) {
		kallsyms_errno = errno;
		return;
	}
	while (getline(&line, &cap, f) > 0) {
		unsigned long long addr;
		char type, name[128], module[64];
		int fields = sscanf(line, "%llx %c %127s %63s", &addr, &type, name, module);
		if (fields != 3)
			continue;
		for (size_t i = 0; i < 4; i++)
			if (strcmp(bound_names[i], name) == 0)
				bounds[i] = addr;
		for (size_t i = 0; i < n_tables; i++)
			if (strcmp(tables[i].symbol, name) == 0 && !tables[i].type) {
				tables[i].type = type;
				tables[i].addr = addr;
			}
	}
	free(line);
	fclose(f);
}

/* Root sees the read-only data's boundaries, with real addresses (kptr_restrict 0 or 1). */
static enum hb_verdict case_rodata_bounds(const void *arg)
{
	(void)arg;
	if (kallsyms_errno) {
		ktap_diag("open %s: %s", HB_KALLSYMS, hb_errname(kallsyms_errno));
		return HB_FAIL;
	}
	for (size_t i = 0; i < 4; i++)
		ktap_diag("%s %llx", bound_names[i], bounds[i]);
	return bounds[0] && bounds[1] > bounds[0] && bounds[3] >= bounds[2] ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_read_only(const void *arg)
{
	const struct table *t = arg;

	if (!t->type) {
		ktap_skip_reason("%s (%s) is not built into this kernel", t->symbol, t->file);
		return HB_SKIP;
	}
	int in_rodata = t->addr >= bounds[0] && t->addr < bounds[1];
	int in_ro_after_init = t->addr >= bounds[2] && t->addr < bounds[3];
	ktap_diag("%s (%s) at %llx: %s", t->symbol, t->file, t->addr,
		  !in_rodata ? "outside the read-only data (writable)"
		  : in_ro_after_init ? "in the __ro_after_init data (written at boot)"
				     : "in the read-only data");
	return bounds[0] && in_rodata && !in_ro_after_init ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_no_manifest(const void *arg)
{
	(void)arg;
	ktap_skip_reason("no %s: apply made no table const in this tree", HB_CONSTIFIED);
	return HB_SKIP;
}

int main(int argc, char **argv)
{
	static struct hb_case cases[MAX_TABLES + 1];
	size_t n = 0;

	if (read_manifest() <= 0) {
		snprintf(cases[0].name, sizeof(cases[0].name), "constify_manifest");
		cases[0].run = case_no_manifest;
		n = 1;
	} else {
		read_kallsyms();
		snprintf(cases[0].name, sizeof(cases[0].name), "constify_rodata_bounds");
		cases[0].run = case_rodata_bounds;
		for (n = 1; n <= n_tables; n++) {
			snprintf(cases[n].name, sizeof(cases[n].name), "constify_%.63s_read_only",
				 tables[n - 1].symbol);
			cases[n].run = case_read_only;
			cases[n].arg = &tables[n - 1];
		}
	}
	return ktap_suite_main(argc, argv, cases, n);
}
