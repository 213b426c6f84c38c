// SPDX-License-Identifier: GPL-2.0-only
#include "sys_state.h"

#include "ktap.h"
#include "sys_cmd.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define REFUSED "modules_restrict: refused autoload of "
#define RECORD_MAX 8192

void sys_names_add(struct sys_names *s, const char *name)
{
	if (!*name || sys_names_has(s, name) || s->n >= SYS_NAMES_MAX)
		return;
	snprintf(s->name[s->n++], SYS_NAME_LEN, "%s", name);
}

int sys_names_has(const struct sys_names *s, const char *name)
{
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->name[i], name))
			return 1;
	return 0;
}

void sys_names_join(const struct sys_names *s, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < s->n && used < len; i++) {
		int n = snprintf(buf + used, len - used, "%s%s", i ? " " : "", s->name[i]);

		if (n < 0)
			break;
		used += (size_t)n;
	}
}

void sys_names_diag(const char *key, const struct sys_names *s)
{
	char line[400];
	size_t used = 0;

	line[0] = '\0';
	for (size_t i = 0; i < s->n; i++) {
		if (used && used + strlen(s->name[i]) + 2 > sizeof(line)) {
			ktap_diag("%s: %s", key, line);
			used = 0;
			line[0] = '\0';
		}
		used += (size_t)snprintf(line + used, sizeof(line) - used, "%s%s", used ? " " : "",
					 s->name[i]);
	}
	if (used || !s->n)
		ktap_diag("%s: %s", key, line);
}

int sys_modules_now(struct sys_names *out)
{
	FILE *f = fopen("/proc/modules", "re");
	char line[512];

	memset(out, 0, sizeof(*out));
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, " \n")] = '\0';
		sys_names_add(out, line);
	}
	fclose(f);
	return 0;
}

void sys_names_minus(const struct sys_names *after, const struct sys_names *before,
		     struct sys_names *out)
{
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < after->n; i++)
		if (!sys_names_has(before, after->name[i]))
			sys_names_add(out, after->name[i]);
}

void sys_mark(struct sys_mark *m, int from_boot)
{
	struct stat st;

	m->modlog = !from_boot && stat(SYS_MODPROBE_LOG, &st) == 0 ? st.st_size : 0;
	m->kmsg_fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (m->kmsg_fd >= 0 && !from_boot)
		lseek(m->kmsg_fd, 0, SEEK_END);
}

static void read_requests(off_t from, struct sys_names *requests)
{
	FILE *f = fopen(SYS_MODPROBE_LOG, "re");
	char line[256];

	if (!f)
		return;
	if (fseeko(f, from, SEEK_SET) == 0)
		while (fgets(line, sizeof(line), f)) {
			line[strcspn(line, "\n")] = '\0';
			sys_names_add(requests, line);
		}
	fclose(f);
}

/* "refused autoload of ALIAS for COMM[PID] uid UID (level N)": 0, or -1 when MSG is not one. */
static int parse_refusal(const char *msg, struct sys_refusal *r)
{
	const char *p = strstr(msg, REFUSED), *forp, *lb, *rb;

	memset(r, 0, sizeof(*r));
	if (!p)
		return -1;
	p += strlen(REFUSED);
	forp = strstr(p, " for ");
	lb = forp ? strchr(forp, '[') : NULL;
	rb = lb ? strchr(lb, ']') : NULL;
	if (!rb)
		return -1;
	snprintf(r->alias, sizeof(r->alias), "%.*s", (int)(forp - p), p);
	snprintf(r->comm, sizeof(r->comm), "%.*s", (int)(lb - forp - 5), forp + 5);
	r->pid = (pid_t)strtol(lb + 1, NULL, 10);
	r->uid = strstr(rb, " uid ") ? strtol(strstr(rb, " uid ") + 5, NULL, 10) : -1;
	return 0;
}

static void read_refusals(int fd, struct sys_refusals *out)
{
	static char buf[RECORD_MAX];
	ssize_t n;

	if (fd < 0)
		return;
	for (;;) {
		n = read(fd, buf, sizeof(buf) - 1);
		if (n < 0 && (errno == EPIPE || errno == EINTR))
			continue;
		if (n <= 0)
			break;
		buf[n] = '\0';
		const char *msg = strchr(buf, ';');
		struct sys_refusal r;

		if (!msg || parse_refusal(msg + 1, &r) < 0)
			continue;
		out->lines++;
		int seen = 0;

		for (size_t i = 0; i < out->n && !seen; i++)
			seen = !strcmp(out->r[i].alias, r.alias) && !strcmp(out->r[i].comm, r.comm);
		if (seen || out->n >= SYS_REFUSALS_MAX)
			continue;
		sys_unit_of(r.pid, r.unit, sizeof(r.unit));
		sys_module_of(r.alias, r.module, sizeof(r.module));
		out->r[out->n++] = r;
	}
}

void sys_since(struct sys_mark *m, struct sys_names *requests, struct sys_refusals *refused)
{
	memset(requests, 0, sizeof(*requests));
	memset(refused, 0, sizeof(*refused));
	read_requests(m->modlog, requests);
	read_refusals(m->kmsg_fd, refused);
	if (m->kmsg_fd >= 0)
		close(m->kmsg_fd);
	m->kmsg_fd = -1;
}

/* The unit of a cgroup v2 path ("0::/system.slice/systemd-networkd.service"): its last
 * component that ends in .service or .scope. */
static int unit_of_cgroup(const char *line, char *unit, size_t len)
{
	const char *path = strstr(line, "::");
	char copy[512];
	int found = 0;

	if (!path)
		return 0;
	snprintf(copy, sizeof(copy), "%s", path + 2);
	copy[strcspn(copy, "\n")] = '\0';
	for (char *save = NULL, *c = strtok_r(copy, "/", &save); c; c = strtok_r(NULL, "/", &save)) {
		size_t n = strlen(c);

		if ((n > 8 && !strcmp(c + n - 8, ".service")) || (n > 6 && !strcmp(c + n - 6, ".scope"))) {
			snprintf(unit, len, "%s", c);
			found = 1;
		}
	}
	return found;
}

void sys_unit_of(pid_t pid, char *unit, size_t len)
{
	char path[64], line[512];
	FILE *f;

	unit[0] = '\0';
	snprintf(path, sizeof(path), "/proc/%d/cgroup", (int)pid);
	f = fopen(path, "re");
	if (f) {
		while (!unit[0] && fgets(line, sizeof(line), f))
			unit_of_cgroup(line, unit, len);
		fclose(f);
	}
	if (unit[0])
		return;
	/* gone already: what the journal recorded of it */
	char match[32];
	struct sys_cmd_result r;

	snprintf(match, sizeof(match), "_PID=%d", (int)pid);
	const char *argv[] = { "journalctl", "-b", "-o", "export", "-n", "1", match, NULL };
	if (sys_run(argv, 20, &r) == 0) {
		const char *u = strstr(r.out, "_SYSTEMD_UNIT=");

		if (u)
			snprintf(unit, len, "%.*s", (int)strcspn(u + 14, "\n"), u + 14);
	}
}

void sys_module_of(const char *alias, char *module, size_t len)
{
	const char *argv[] = { "modprobe", "-R", alias, NULL };
	struct sys_cmd_result r;

	module[0] = '\0';
	if (sys_run(argv, 20, &r) == 0)
		sys_first_line(&r, module, len);
}
