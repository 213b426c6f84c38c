// SPDX-License-Identifier: GPL-2.0-only
#include "user_config.h"

#include "fnv_hash.h"
#include "fsutil.h"
#include "msg.h"
#include "text_list.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The line of TEXT that starts with PREFIX, or NULL. */
static const char *line_with(const char *text, const char *prefix)
{
	size_t n = strlen(prefix);
	for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (strncmp(p, prefix, n) == 0)
			return p;
	return NULL;
}

int user_config_usable(const char *text, char *err, size_t errlen)
{
	if (!line_with(text, "CONFIG_")) {
		msg_format(err, errlen, "it sets no CONFIG_ option: not a kernel .config");
		return -1;
	}
	if (!line_with(text, "CONFIG_MODULES=y")) {
		msg_format(err, errlen,
			   "it does not build modules (no CONFIG_MODULES=y): a kernel without "
			   "modules has nothing to autoload, so modules_restrict cannot be proven on "
			   "it; give a config with CONFIG_MODULES=y");
		return -1;
	}
	return 0;
}

char *user_config_tag(const char *text)
{
	return xasprintf("config-%08x", (unsigned)(fnv1a_hash(text, strlen(text)) & 0xffffffffu));
}

char *user_config_fragment(const char *fragment)
{
	char *out = strdup("");
	const char *p = fragment;
	while (p && *p) {
		size_t n = strcspn(p, "\n");
		char symbol[128];
		char *line = strndup(p, n);
		size_t len = strlen(line);
		char *more = sscanf(line, "# %127s is not set", symbol) == 1 &&
					     strncmp(symbol, "CONFIG_", 7) == 0
				     ? xasprintf("%s# as your config has it: %s\n", out, symbol)
			     /* a module the tests load is as good built in, as a distribution's
			      * config may select it */
			     : strncmp(line, "CONFIG_", 7) == 0 && len > 2 &&
					     strcmp(line + len - 2, "=m") == 0
				     ? xasprintf("%s# hb: or built in\n%s\n", out, line)
				     : xasprintf("%s%s\n", out, line);
		free(line);
		free(out);
		out = more;
		p += n;
		p += *p == '\n';
	}
	return out;
}

/* The options naming a key or certificate file, and what each becomes when the file is not in
 * the tree. */
static const struct {
	const char *prefix;
	const char *cleared;
} key_files[] = {
	{ "CONFIG_SYSTEM_TRUSTED_KEYS=\"", "CONFIG_SYSTEM_TRUSTED_KEYS=\"\"" },
	{ "CONFIG_SYSTEM_REVOCATION_KEYS=\"", "CONFIG_SYSTEM_REVOCATION_KEYS=\"\"" },
	{ "CONFIG_MODULE_SIG_KEY=\"", "CONFIG_MODULE_SIG_KEY=\"certs/signing_key.pem\"" },
};

/* What LINE becomes (malloc'd), noting a change in *CHANGED; NULL: the line goes. */
static char *adjust_line(const char *line, const char *src, char **changed)
{
	if (strncmp(line, "CONFIG_DEBUG_INFO", 17) == 0 && strstr(line, "=y") &&
	    strcmp(line, "CONFIG_DEBUG_INFO_NONE=y") != 0)
		return NULL; /* debug information: off below */
	for (size_t i = 0; i < sizeof(key_files) / sizeof(key_files[0]); i++) {
		size_t n = strlen(key_files[i].prefix);
		if (strncmp(line, key_files[i].prefix, n) != 0)
			continue;
		char *file = strndup(line + n, strcspn(line + n, "\""));
		char *path = file[0] == '/' ? strdup(file) : fs_join(src, file);
		bool keep = !*file || strncmp(file, "pkcs11:", 7) == 0 ||
			    strcmp(file, "certs/signing_key.pem") == 0 || fs_exists(path);
		if (!keep) {
			char *why = xasprintf("%s (%s is not in the tree)", key_files[i].cleared,
					      file);
			text_list_add(changed, why);
			free(why);
		}
		free(path);
		free(file);
		return strdup(keep ? line : key_files[i].cleared);
	}
	return strdup(line);
}

char *user_config_adjust(const char *user, const char *src, char **changed)
{
	*changed = strdup("");
	char *out = strdup("");
	bool debug_info = false;
	const char *p = user;
	while (p && *p) {
		size_t n = strcspn(p, "\n");
		char *line = strndup(p, n);
		char *kept = adjust_line(line, src, changed);
		debug_info |= !kept;
		char *more = xasprintf("%s%s%s", out, kept ? kept : "", kept ? "\n" : "");
		free(out);
		free(kept);
		free(line);
		out = more;
		p += n;
		p += *p == '\n';
	}
	if (debug_info) {
		/* the choice of 5.18 and later, and the option before it */
		char *more = xasprintf("%s# hardening-backport: no debug information\n"
				       "CONFIG_DEBUG_INFO_NONE=y\n# CONFIG_DEBUG_INFO is not set\n",
				       out);
		free(out);
		out = more;
		text_list_add(changed, "debug information off (build time and module size; the "
				  "kernel behaves the same)");
	}
	return out;
}

/* Whether TEXT has the whole line LINE. */
static bool has_line(const char *text, const char *line)
{
	size_t n = strlen(line);
	for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (strncmp(p, line, n) == 0 && (p[n] == '\n' || p[n] == '\0'))
			return true;
	return false;
}

char *user_config_added(const char *user, const char *fragment, const char *final)
{
	char *added = strdup("");
	char *copy = strdup(fragment), *save = NULL;
	for (char *l = strtok_r(copy, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		if (strncmp(l, "CONFIG_", 7) != 0 || !strchr(l, '=') || has_line(user, l) ||
		    !has_line(final, l))
			continue;
		text_list_add(&added, l);
	}
	free(copy);
	return added;
}
