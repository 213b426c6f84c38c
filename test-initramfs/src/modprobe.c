// SPDX-License-Identifier: GPL-2.0-only
/* /sbin/modprobe for the test guest: records every request the kernel makes,
 * then resolves and loads it with finit_module(2).
 *
 * The kernel runs it as "/sbin/modprobe -q -- NAME" (kernel/kmod.c).
 * Usage: modprobe [-q] [-v] [-n] [-r] [-d BASEDIR] [-S RELEASE] [--] NAME
 *   -n  dry run: resolve and print, load nothing, log nothing
 *   -r  unload NAME (delete_module) instead
 *   -d/-S  look in BASEDIR/lib/modules/RELEASE (default /, uname -r)
 * Exit status: 0 loaded (or built in, or already loaded), 1 otherwise. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "errname.h"
#include "mod_db.h"
#include "mod_ops.h"
#include "modprobe_log.h"

#define MAX_MATCHES 8

struct modprobe_opts {
	int quiet, verbose, dry_run, remove;
	const char *base, *release, *name;
};

static int usage(void)
{
	fprintf(stderr, "usage: modprobe [-q] [-v] [-n] [-r] [-d BASEDIR] [-S RELEASE] [--] NAME\n");
	return 1;
}

static int parse_args(int argc, char **argv, struct modprobe_opts *o)
{
	int c;

	memset(o, 0, sizeof(*o));
	while ((c = getopt(argc, argv, "qvnrd:S:")) != -1) {
		switch (c) {
		case 'q': o->quiet = 1; break;
		case 'v': o->verbose = 1; break;
		case 'n': o->dry_run = 1; break;
		case 'r': o->remove = 1; break;
		case 'd': o->base = optarg; break;
		case 'S': o->release = optarg; break;
		default: return -1;
		}
	}
	if (optind != argc - 1)
		return -1;
	o->name = argv[optind];
	return 0;
}

static void report(const struct modprobe_opts *o, const char *fmt, const char *a, const char *b)
{
	if (o->dry_run || o->verbose)
		printf(fmt, a, b);
}

static int print_load(const char *path)
{
	printf("insmod %s\n", path);
	return 0;
}

static int load_request(const struct modprobe_opts *o, const struct mod_db *db)
{
	char names[MAX_MATCHES][HB_MOD_NAME_MAX];
	int n = mod_db_resolve(db, o->name, names, MAX_MATCHES);
	int loaded = 0, last_err = ENOENT;

	if (n == 0 && mod_db_is_builtin(db, o->name)) {
		report(o, "builtin %s%s\n", o->name, "");
		if (!o->dry_run)
			modlog_append("builtin %s", o->name);
		return 0;
	}
	for (int i = 0; i < n; i++) {
		int rc = 0;

		report(o, "load %s (for %s)\n", names[i], o->name);
		rc = mod_load_with_deps(db, names[i], o->dry_run ? print_load : NULL);
		if (rc == 0) {
			loaded++;
			if (!o->dry_run)
				modlog_append("loaded %s %s", o->name, names[i]);
		} else {
			last_err = -rc;
		}
	}
	if (loaded)
		return 0;
	if (!o->dry_run)
		modlog_append("failed %s %s", o->name, n ? hb_errname(last_err) : "no-match");
	if (!o->quiet)
		fprintf(stderr, "modprobe: %s: %s\n", o->name,
			n ? hb_errname(last_err) : "no module matches");
	return 1;
}

static int remove_module(const struct modprobe_opts *o)
{
	int rc;

	if (o->dry_run) {
		printf("remove %s\n", o->name);
		return 0;
	}
	rc = mod_delete(o->name, 2000);
	modlog_append("%s %s %s", rc ? "unload-failed" : "unloaded", o->name,
		      rc ? hb_errname(-rc) : "");
	if (rc && !o->quiet)
		fprintf(stderr, "modprobe -r %s: %s\n", o->name, hb_errname(-rc));
	return rc ? 1 : 0;
}

/* The kernel starts us with no open files: keep 0-2 taken so that no file
 * we open later becomes "stderr". */
static void fill_std_fds(void)
{
	for (int fd = 0; fd < 3; fd++) {
		if (fcntl(fd, F_GETFD) >= 0)
			continue;
		if (open("/dev/null", O_RDWR) < 0)
			return;
	}
}

int main(int argc, char **argv)
{
	struct modprobe_opts o;
	struct mod_db db;
	int rc;

	fill_std_fds();
	if (parse_args(argc, argv, &o) < 0)
		return usage();
	if (!o.dry_run && !o.remove)
		modlog_append("request %s", o.name);
	if (o.remove)
		return remove_module(&o);
	rc = mod_db_open(&db, o.base, o.release);
	if (rc < 0) {
		if (!o.dry_run)
			modlog_append("failed %s no-modules.dep:%s", o.name, hb_errname(-rc));
		if (!o.quiet)
			fprintf(stderr, "modprobe: %s/modules.dep: %s\n", db.dir, hb_errname(-rc));
		return 1;
	}
	return load_request(&o, &db);
}
