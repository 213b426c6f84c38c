// SPDX-License-Identifier: GPL-2.0-only
/* What procps' `sysctl -a` prints, run as root: for every file under /proc/sys whose owner
 * may read it, "KEY = VALUE", KEY the path below /proc/sys with '/' as '.' and a '.' inside
 * a name as '/' (net.ipv4.conf.eth0/1.forwarding), one line per line of the value. Files
 * without a read bit (vm.compact_memory, net.ipv4.route.flush) are left out, as sysctl -a
 * leaves them, and so are the two names procps calls deprecated (base_reachable_time and
 * retrans_time, whose _ms twins stay). kernel-hardening-checker stops at a line it cannot read, so a key with other
 * characters than it takes (letters, digits and "/ * . _ -") is left out
 * too, and counted.
 *
 * The first dump notes the directories at the top of /proc/sys; a later one walks only those.
 * A test module may register a table under a name of its own and leave it behind: 6.12.118's
 * sysctl KUnit test registers foo/qux from a table on its stack and never unregisters it, so
 * listing /proc/sys/foo after it ran reads freed memory and oopses. The kernel's own names
 * were all there at boot; a directory that was not is named on the end line, not read. */
#include "sysctl_dump.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "files.h"
#include "sysctl_dump_format.h"

#define PROC_SYS "/proc/sys"
#define VALUE_MAX 65536
#define DEPTH_MAX 16
#define TOPS_MAX 64
#define NAME_MAX_LEN 64

struct dump {
	unsigned lines, unreadable, odd_keys, new_tops;
	char new_names[512];
	char value[VALUE_MAX];
};

/* the top-level directories of the first dump */
static struct {
	unsigned n;
	int known;
	char name[TOPS_MAX][NAME_MAX_LEN];
} tops;

static int top_known(const char *name)
{
	for (unsigned i = 0; i < tops.n; i++)
		if (!strcmp(tops.name[i], name))
			return 1;
	return 0;
}

/* 1 when the top-level directory NAME is walked: always at the first dump (which notes it),
 * later only when the first dump saw it. */
static int top_walked(struct dump *d, const char *name)
{
	size_t used;

	if (!tops.known) {
		if (tops.n < TOPS_MAX && strlen(name) < NAME_MAX_LEN)
			strcpy(tops.name[tops.n++], name);
		return 1;
	}
	if (top_known(name))
		return 1;
	d->new_tops++;
	used = strlen(d->new_names);
	snprintf(d->new_names + used, sizeof(d->new_names) - used, " %s", name);
	return 0;
}

static int key_char_ok(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '/' || c == '*' || c == '.' || c == '_' || c == '-';
}

/* KEY from the path below /proc/sys; 0 when a character would stop the tool. */
static int make_key(const char *rel, char *key, size_t len)
{
	size_t i;

	for (i = 0; rel[i] && i + 1 < len; i++) {
		key[i] = rel[i] == '/' ? '.' : rel[i] == '.' ? '/' : rel[i];
		if (!key_char_ok(key[i]))
			return 0;
	}
	key[i] = '\0';
	return i > 0 && !rel[i];
}

static void print_file(struct dump *d, const char *path, const char *rel)
{
	char key[512];
	int n;

	if (!make_key(rel, key, sizeof(key))) {
		d->odd_keys++;
		return;
	}
	n = hb_read_file(path, d->value, sizeof(d->value));
	if (n < 0) {
		d->unreadable++;
		return;
	}
	/* one line per line of the value; an empty value is one empty line */
	if (n > 0 && d->value[n - 1] == '\n')
		d->value[n - 1] = '\0';
	for (char *line = d->value;;) {
		char *nl = strchr(line, '\n');

		if (nl)
			*nl = '\0';
		printf("%s = %s\n", key, line);
		d->lines++;
		if (!nl)
			break;
		line = nl + 1;
	}
}

static int deprecated(const char *name)
{
	return !strcmp(name, "base_reachable_time") || !strcmp(name, "retrans_time");
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static void walk(struct dump *d, const char *dir, const char *rel, int depth)
{
	struct dirent **names;
	int n;

	if (depth > DEPTH_MAX)
		return;
	n = scandir(dir, &names, NULL, by_name);
	if (n < 0) {
		d->unreadable++;
		return;
	}
	for (int i = 0; i < n; i++) {
		const char *name = names[i]->d_name;
		char path[1024], sub[1024];
		struct stat st;

		if (strcmp(name, ".") && strcmp(name, "..") &&
		    snprintf(path, sizeof(path), "%s/%s", dir, name) < (int)sizeof(path) &&
		    snprintf(sub, sizeof(sub), "%s%s%s", rel, *rel ? "/" : "", name) <
			    (int)sizeof(sub) &&
		    lstat(path, &st) == 0) {
			if (S_ISDIR(st.st_mode)) {
				if (depth > 0 || top_walked(d, name))
					walk(d, path, sub, depth + 1);
			} else if (S_ISREG(st.st_mode) && (st.st_mode & S_IRUSR) &&
				   !deprecated(name)) {
				print_file(d, path, sub);
			}
		}
		free(names[i]);
	}
	free(names);
}

unsigned hb_sysctl_dump_of(const char *root, const char *label)
{
	static struct dump d;
	char cmdline[4096] = "";

	memset(&d, 0, sizeof(d));
	hb_read_file("/proc/cmdline", cmdline, sizeof(cmdline));
	cmdline[strcspn(cmdline, "\n")] = '\0';
	fflush(stdout);
	printf(HB_DUMP_BEGIN "%s\n" HB_DUMP_CMDLINE "%s\n", label, cmdline);
	walk(&d, root, "", 0);
	tops.known = 1;
	/* the counts of what was left out go after N, for whoever reads the console */
	printf(HB_DUMP_END "%s %u (%u unreadable, %u with other characters left out", label,
	       d.lines, d.unreadable, d.odd_keys);
	if (d.new_tops)
		printf(", %u director%s registered since the first dump not read:%s", d.new_tops,
		       d.new_tops == 1 ? "y" : "ies", d.new_names);
	printf(")\n");
	fflush(stdout);
	return d.lines;
}

unsigned hb_sysctl_dump(const char *label)
{
	return hb_sysctl_dump_of(PROC_SYS, label);
}
