// SPDX-License-Identifier: GPL-2.0-only
#include "ro_symbols.h"

#include "fsutil.h"
#include "spawn.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The read-only data of x86: [__start_rodata, __end_rodata) minus the __ro_after_init data the
 * linker script puts inside it. nm's type letter does not tell: that data makes the .rodata
 * output section writable (WA), so nm calls every symbol there "d". */
struct rodata {
	unsigned long long start, end, rai_start, rai_end;
};

static const char *const boundaries[] = { "__start_rodata", "__end_rodata",
					  "__start_ro_after_init", "__end_ro_after_init" };

/* The address and type nm gives SYMBOL; false when absent. */
static bool nm_lookup(const char *nm_output, const char *symbol, unsigned long long *addr,
		      char *type)
{
	size_t len = strlen(symbol);
	for (const char *p = nm_output; *p;) {
		const char *nl = strchr(p, '\n'), *end = nl ? nl : p + strlen(p);
		const char *name = end;
		while (name > p && name[-1] != ' ')
			name--;
		if (name - p >= 3 && (size_t)(end - name) == len && memcmp(name, symbol, len) == 0 &&
		    sscanf(p, "%llx", addr) == 1) {
			*type = name[-2];
			return true;
		}
		p = nl ? nl + 1 : end;
	}
	return false;
}

static bool rodata_of(const char *nm_output, struct rodata *r)
{
	unsigned long long *slot[] = { &r->start, &r->end, &r->rai_start, &r->rai_end };
	char type;
	for (size_t i = 0; i < 4; i++)
		if (!nm_lookup(nm_output, boundaries[i], slot[i], &type))
			return false;
	return r->start < r->end;
}

void ro_symbols_count(const char *nm_output, const char *manifest, struct ro_symbols *out)
{
	memset(out, 0, sizeof(*out));
	struct rodata ro;
	out->bounds_known = rodata_of(nm_output, &ro);
	char *copy = strdup(manifest), *save = NULL;
	for (char *l = strtok_r(copy, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		char symbol[128], type;
		unsigned long long addr;
		if (sscanf(l, "%127s", symbol) != 1)
			continue;
		out->listed++;
		if (!nm_lookup(nm_output, symbol, &addr, &type))
			continue;
		out->built_in++;
		bool read_only = out->bounds_known && addr >= ro.start && addr < ro.end &&
				 !(addr >= ro.rai_start && addr < ro.rai_end);
		if (read_only) {
			out->read_only++;
		} else {
			size_t used = strlen(out->writable);
			snprintf(out->writable + used, sizeof(out->writable) - used, "%s%s(%c)",
				 used ? " " : "", symbol, type);
		}
	}
	free(copy);
}

int ro_symbols_of_vmlinux(const char *vmlinux, const char *manifest_path, struct ro_symbols *out)
{
	memset(out, 0, sizeof(*out));
	char *manifest = fs_read_file(manifest_path, NULL);
	char *argv[] = { "nm", (char *)vmlinux, NULL };
	int status = -1;
	char *nm_output = manifest ? spawn_capture(argv, NULL, &status) : NULL;
	bool ok = nm_output && status == 0;
	if (ok)
		ro_symbols_count(nm_output, manifest, out);
	free(nm_output);
	free(manifest);
	return ok ? 0 : -1;
}
