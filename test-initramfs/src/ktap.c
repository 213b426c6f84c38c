// SPDX-License-Identifier: GPL-2.0-only
#include "ktap.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hb_paths.h"

static char skip_reason[200];

void ktap_init_stdout(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	setvbuf(stderr, NULL, _IOLBF, 0);
}

void ktap_header(unsigned planned)
{
	printf(KTAP_VERSION_LINE "\n1..%u\n", planned);
	fflush(stdout);
}

int ktap_is_version_line(const char *s, size_t n)
{
	static const char *const starts[] = { "KTAP version ", "TAP version " };

	while (n && (s[n - 1] == '\r' || s[n - 1] == ' '))
		n--;
	for (size_t i = 0; i < sizeof(starts) / sizeof(starts[0]); i++) {
		size_t k = strlen(starts[i]);

		if (n <= k || strncmp(s, starts[i], k))
			continue;
		for (size_t j = k; j < n; j++)
			if (s[j] < '0' || s[j] > '9')
				return 0;
		return 1;
	}
	return 0;
}

/* One diagnostic line: embedded newlines would break the KTAP structure. */
static void print_flat(const char *prefix, const char *text)
{
	fputs(prefix, stdout);
	for (const char *p = text; *p; p++)
		putchar(*p == '\n' || *p == '\r' ? ' ' : *p);
	putchar('\n');
	fflush(stdout);
}

void ktap_subtest_name(const char *prefix, const char *name)
{
	char line[200];

	snprintf(line, sizeof(line), "# Subtest: %s", name);
	print_flat(prefix, line);
}

void ktap_subtest_header(const char *prefix, const char *name)
{
	printf("%s" KTAP_VERSION_LINE "\n", prefix);
	ktap_subtest_name(prefix, name);
}

void ktap_diag(const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	print_flat("# ", buf);
}

void ktap_skip_reason(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(skip_reason, sizeof(skip_reason), fmt, ap);
	va_end(ap);
}

void ktap_result(unsigned num, enum hb_verdict v, const char *name, const char *reason)
{
	char line[400];

	if (v == HB_SKIP)
		snprintf(line, sizeof(line), "ok %u %s # SKIP %s", num, name,
			 reason && *reason ? reason : "skipped");
	else
		snprintf(line, sizeof(line), "%s %u %s", v == HB_PASS ? "ok" : "not ok", num, name);
	print_flat("", line);
}

int ktap_run_cases(const struct hb_case *cases, size_t n)
{
	int failed = 0;

	ktap_header((unsigned)n);
	for (size_t i = 0; i < n; i++) {
		enum hb_verdict v;

		skip_reason[0] = '\0';
		v = cases[i].run(cases[i].arg);
		if (v == HB_FAIL)
			failed = 1;
		ktap_result((unsigned)(i + 1), v, cases[i].name, skip_reason);
	}
	return failed;
}

int ktap_suite_main(int argc, char **argv, const struct hb_case *cases, size_t n)
{
	ktap_init_stdout();
	if (argc == 2 && !strcmp(argv[1], "--list")) {
		for (size_t i = 0; i < n; i++)
			puts(cases[i].name);
		return 0;
	}
	if (argc > 1) {
		fprintf(stderr, "usage: %s [--list]\n", argv[0]);
		return 2;
	}
	if (!getenv(HB_GUEST_ENV)) {
		fprintf(stderr, "%s: changes sysctls and modules: runs only in the test guest "
			"(under /init, which sets %s=1)\n", argv[0], HB_GUEST_ENV);
		return 2;
	}
	return ktap_run_cases(cases, n);
}
