// SPDX-License-Identifier: GPL-2.0-only
#include "hardening_judge.h"

#include "apply.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "hardening_checker.h"
#include "msg.h"
#include "sha256.h"
#include "spawn.h"
#include "sysctl_dump.h"
#include "sysctl_dump_format.h"
#include "text_list.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct hc_tool tool;
static int tool_rc = -1; /* not fetched yet */

static const struct hc_tool *the_tool(const struct hb_ctx *ctx)
{
	if (tool_rc < 0)
		tool_rc = hc_tool_fetch(ctx, &tool);
	return tool_rc == HB_EXIT_OK ? &tool : NULL;
}

static void problem(struct hc_flavour *out, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void problem(struct hc_flavour *out, const char *fmt, ...)
{
	char text[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	if (!out->problem)
		out->problem = strdup(text);
	msg_warn("kernel-hardening-checker: %s", text);
}

/* The last LINES lines of the log, on one line ("a | b"), malloc'd. */
static char *log_tail(const char *log)
{
	char *text = fs_read_file(log, NULL);
	if (!text)
		return strdup("(no output)");
	size_t n = strlen(text);
	while (n && text[n - 1] == '\n')
		text[--n] = '\0';
	const char *start = text + n;
	for (int lines = 0; start > text && lines < 3; start--)
		if (start[-1] == '\n' && ++lines == 3)
			break;
	char *out = strdup(start);
	for (char *c = out; *c; c++)
		if (*c == '\n')
			*c = '|';
	free(text);
	return out;
}

/* Runs the tool on CONFIG and dump D (its files written into DIR). 0 with C filled, or -1
 * after recording the problem. */
static int judge_dump(const struct hc_tool *t, const char *config, const struct sysctl_dump *d,
		      const char *dir, struct hc_checks *c, struct hc_flavour *out)
{
	char *sysctl = xasprintf("%s/sysctl-%s.txt", dir, d->label);
	char *cmdline = xasprintf("%s/cmdline-%s.txt", dir, d->label);
	char *json = xasprintf("%s/hardening-checker-%s.json", dir, d->label);
	char *log = fs_join(dir, "hardening-checker.log");
	char *line = xasprintf("%s\n", *d->cmdline ? d->cmdline : "console=ttyS0");
	int rc = -1;
	if (fs_write_file_atomic(sysctl, d->text, strlen(d->text)) != 0 ||
	    fs_write_file_atomic(cmdline, line, strlen(line)) != 0) {
		problem(out, "cannot write its input into %s", dir);
		goto out;
	}
	char *args[] = { "-c", (char *)config, "-l", cmdline, "-s", sysctl, "-m", "json", NULL };
	char **argv = hc_tool_argv(t, args);
	spawn_log_argv(log, argv);
	struct spawn_opts o = { .log_path = log };
	int status = 0;
	char *text = spawn_capture(argv, &o, &status);
	free(argv);
	char err[512];
	if (!text) {
		problem(out, "python3 could not be started: %m");
	} else if (status != 0) {
		char *tail = log_tail(log);
		problem(out, "it exited %d on the %s dump: %s (log: %s)", status, d->label, tail,
			log);
		free(tail);
	} else if (hc_checks_parse(text, strlen(text), c, err, sizeof(err)) != 0) {
		problem(out, "its JSON on the %s dump is not what %s printed: %s", d->label,
			HC_TESTED_VERSION, err);
	} else {
		fs_write_file_atomic(json, text, strlen(text));
		rc = 0;
	}
	free(text);
out:
	free(line);
	free(log);
	free(json);
	free(cmdline);
	free(sysctl);
	return rc;
}

/* The checks whose verdict differs between BOOT and C: "a, b" (malloc'd) or NULL. */
static char *differs(const struct hc_checks *boot, const struct hc_checks *c)
{
	char *list = NULL;
	for (size_t i = 0; i < c->n; i++) {
		const struct hc_check *b = NULL;
		for (size_t k = 0; k < boot->n && !b; k++)
			if (hc_check_same(&boot->v[k], &c->v[i]))
				b = &boot->v[k];
		if (!b || b->ok != c->v[i].ok)
			text_list_add(&list, c->v[i].name);
	}
	return list;
}

void hardening_judge_flavour(const struct hb_ctx *ctx, const char *config,
			     const char *console_log, const char *dir, struct hc_flavour *out)
{
	memset(out, 0, sizeof(*out));
	size_t len = 0;
	char *console = fs_read_file(console_log, &len);
	struct sysctl_dump *d = NULL;
	size_t n = 0;
	if (!fs_exists(config)) {
		problem(out, "the build left no .config at %s", config);
		goto out;
	}
	if (!console || sysctl_dumps_cut(console, len, &d, &n) != 0) {
		problem(out, "cannot read %s", console_log);
		goto out;
	}
	const struct sysctl_dump *boot = NULL;
	for (size_t i = 0; i < n && !boot; i++)
		if (!strcmp(d[i].label, HB_DUMP_AT_BOOT))
			boot = &d[i];
	if (!boot || !boot->lines) {
		problem(out, "the guest printed no sysctls at boot in %s", console_log);
		goto out;
	}
	const struct hc_tool *t = the_tool(ctx);
	if (!t) {
		problem(out, "%s could not be fetched from Debian %s (see above)", HC_PACKAGE,
			HC_SUITE);
		goto out;
	}
	out->version = strdup(t->version);
	out->source = strdup(t->source);
	out->cmdline = strdup(boot->cmdline);
	out->modules_restrict = sysctl_dump_value(boot, "kernel.modules_restrict");
	for (size_t i = 0; i < n; i++)
		if (!sysctl_dump_whole(&d[i]))
			msg_warn("kernel-hardening-checker: the %s dump in %s %s (%zu lines kept, "
				 "%zu others left out)", d[i].label, console_log,
				 d[i].printed < 0 ? "has no end" : "lost lines on the console",
				 d[i].lines, d[i].dropped);
	if (judge_dump(t, config, boot, dir, &out->boot, out) != 0)
		goto out;
	out->ran = true;
	for (size_t i = 0; i < n && out->n_dumps < HC_DUMPS_MAX; i++) {
		struct hc_checks c;
		if (&d[i] == boot || !d[i].lines || judge_dump(t, config, &d[i], dir, &c, out) != 0)
			continue;
		struct hc_dump *x = &out->dumps[out->n_dumps++];
		snprintf(x->label, sizeof(x->label), "%s", d[i].label);
		x->modules_restrict = sysctl_dump_value(&d[i], "kernel.modules_restrict");
		x->ok = c.ok;
		x->fail = c.fail;
		x->differs = differs(&out->boot, &c);
		hc_checks_free(&c);
	}
out:
	sysctl_dumps_free(d, n);
	free(console);
}

int run_series_read(const struct hb_ctx *ctx, const struct kernel_entry *e,
		    struct run_series *s)
{
	memset(s, 0, sizeof(*s));
	char *dir = apply_series_dir(ctx, e);
	char *series = fs_join(dir, "series");
	char *text = fs_read_file(series, NULL);
	int rc = text ? 0 : -1;
	char *save = NULL;
	for (char *l = text ? strtok_r(text, "\n", &save) : NULL; l && !rc;
	     l = strtok_r(NULL, "\n", &save)) {
		if (!*l || *l == '#')
			continue;
		char *path = fs_join(dir, l);
		s->patches = xrealloc(s->patches, (s->n + 1) * sizeof(*s->patches));
		struct run_patch *p = &s->patches[s->n++];
		p->name = strdup(l);
		rc = sha256_hex_file(path, p->sha256);
		free(path);
	}
	if (rc)
		run_series_free(s);
	else
		s->known = true;
	if (s->known)
		run_series_hash(s);
	free(text);
	free(series);
	free(dir);
	return rc;
}
