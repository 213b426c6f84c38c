#include "spatch_run.h"

#include "fsutil.h"
#include "spawn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char **spatch_rule_options(const char *cocci)
{
	char **words = calloc(1, sizeof(char *));
	size_t n = 0;
	char *text = fs_read_file(cocci, NULL);
	const char *line = text ? strstr(text, "\n// Options:") : NULL;
	if (line) {
		line += strlen("\n// Options:");
		char *copy = strndup(line, strcspn(line, "\n")), *save = NULL;
		for (char *w = strtok_r(copy, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
			words = realloc(words, (n + 2) * sizeof(char *));
			words[n++] = strdup(w);
			words[n] = NULL;
		}
		free(copy);
	}
	free(text);
	return words;
}

void spatch_free_words(char **words)
{
	for (char **w = words; w && *w; w++)
		free(*w);
	free(words);
}

static char *run(const char *cocci, const char *tree, const char *mode, int jobs,
		 const char *log, int *status)
{
	char **options = spatch_rule_options(cocci);
	char *argv[64];
	char jobs_text[16];
	snprintf(jobs_text, sizeof(jobs_text), "%d", jobs > 0 ? jobs : 1);
	size_t n = 0;
	argv[n++] = "spatch";
	argv[n++] = "--sp-file";
	argv[n++] = (char *)cocci;
	argv[n++] = "-D";
	argv[n++] = (char *)mode;
	argv[n++] = "--very-quiet";
	argv[n++] = "--dir";
	argv[n++] = (char *)tree;
	argv[n++] = "--patch";
	argv[n++] = (char *)tree;
	argv[n++] = "-j";
	argv[n++] = jobs_text;
	for (char **o = options; *o && n < 62; o++)
		argv[n++] = *o;
	argv[n] = NULL;
	FILE *f = fopen(log, "a");
	if (f) {
		char *shown = spawn_format_argv(argv);
		fprintf(f, "$ %s\n", shown);
		free(shown);
		fclose(f);
	}
	struct spawn_opts o = { .log_path = log };
	char *out = spawn_capture(argv, &o, status);
	spatch_free_words(options);
	return out;
}

char *spatch_diff(const char *cocci, const char *tree, int jobs, const char *log)
{
	int st;
	char *out = run(cocci, tree, "patch", jobs, log, &st);
	if (out && st != 0) {
		free(out);
		return NULL;
	}
	return out;
}

char *spatch_report(const char *cocci, const char *tree, const char *log)
{
	int st;
	/* One job: with -j, lines printed by python script rules get lost or doubled. */
	char *out = run(cocci, tree, "report", 1, log, &st);
	if (!out || st != 0) {
		free(out);
		return NULL;
	}
	size_t tl = strlen(tree);
	char *result = calloc(1, strlen(out) + 1);
	char *save = NULL;
	for (char *l = strtok_r(out, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		if (strncmp(l, tree, tl) == 0 && l[tl] == '/')
			l += tl + 1;
		size_t ll = strlen(l);
		/* Skip exact duplicates. */
		bool seen = false;
		for (const char *p = result; (p = strstr(p, l)); p += ll)
			if ((p == result || p[-1] == '\n') && p[ll] == '\n') {
				seen = true;
				break;
			}
		if (!seen) {
			strcat(result, l);
			strcat(result, "\n");
		}
	}
	free(out);
	return result;
}
