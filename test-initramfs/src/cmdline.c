// SPDX-License-Identifier: GPL-2.0-only
#include "cmdline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktap.h"

int hb_list_has(const char *list, const char *name)
{
	size_t len = strlen(name);

	for (const char *p = list; *p;) {
		size_t item = strcspn(p, ",");

		if (item == len && !strncmp(p, name, len))
			return 1;
		p += item;
		if (*p == ',')
			p++;
	}
	return 0;
}

static void copy_value(char *dst, size_t len, const char *value)
{
	snprintf(dst, len, "%s", value);
}

static void parse_word(const char *word, struct hb_opts *o)
{
	const char *eq = strchr(word, '=');
	const char *value = eq ? eq + 1 : "";
	size_t key_len = eq ? (size_t)(eq - word) : strlen(word);

#define KEY_IS(k) (key_len == sizeof(k) - 1 && !strncmp(word, k, key_len))
	if (KEY_IS("hb.only"))
		copy_value(o->only, sizeof(o->only), value);
	else if (KEY_IS("hb.skip"))
		copy_value(o->skip, sizeof(o->skip), value);
	else if (KEY_IS("hb.timeout") && atoi(value) > 0)
		o->timeout_s = (unsigned)atoi(value);
	else if (KEY_IS("hb.loglevel") && *value)
		o->loglevel = atoi(value);
	else if (KEY_IS("hb.shell"))
		o->shell = !eq || atoi(value) != 0;
	else if ((KEY_IS("hb.fuzz") || KEY_IS("hb.seed")) && *value)
		; /* read by the fuzz suite itself */
	else if (!strncmp(word, "hb.", 3))
		ktap_diag("ignoring unknown or invalid option %s", word);
#undef KEY_IS
}

void hb_opts_parse(const char *cmdline, struct hb_opts *o)
{
	char buf[4096], *save = NULL;

	memset(o, 0, sizeof(*o));
	o->timeout_s = HB_DEFAULT_SUITE_TIMEOUT_S;
	o->loglevel = -1;
	snprintf(buf, sizeof(buf), "%s", cmdline);
	for (char *w = strtok_r(buf, " \t\n", &save); w; w = strtok_r(NULL, " \t\n", &save))
		parse_word(w, o);
}
