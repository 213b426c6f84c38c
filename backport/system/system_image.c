// SPDX-License-Identifier: GPL-2.0-only
#include "system_image.h"

#include "apt_private.h"
#include "apt_sources.h"
#include "chroot_run.h"
#include "exitcodes.h"
#include "fnv_hash.h"
#include "fsutil.h"
#include "lock.h"
#include "msg.h"
#include "spawn.h"

#include <dirent.h>
#include <glob.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What the base has besides its packages: the ordinary user, a host name. Part of the base's
 * hash: a change makes the base again. */
static const char *const base_hooks[] = {
	"--customize-hook=chroot \"$1\" useradd --create-home --shell /bin/bash " SYSTEM_USER,
	"--customize-hook=echo hbsystem > \"$1/etc/hostname\"",
	NULL,
};

char *system_packages_joined(const char *list_text)
{
	char *out = strdup(""), *copy = strdup(list_text), *save = NULL;
	for (char *l = strtok_r(copy, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		l[strcspn(l, "#")] = '\0';
		char name[128];
		if (sscanf(l, "%127s", name) != 1)
			continue;
		char *more = xasprintf("%s%s%s", out, *out ? "," : "", name);
		free(out);
		out = more;
	}
	free(copy);
	return out;
}

char **system_mmdebstrap_argv(const char *suite, const char *packages, const char *out,
			      char *const *mirrors)
{
	char **argv = NULL;
	size_t n = 0;
	fs_list_add(&argv, &n, strdup("mmdebstrap"));
	fs_list_add(&argv, &n, strdup("--variant=minbase"));
	fs_list_add(&argv, &n, strdup("--format=tar"));
	fs_list_add(&argv, &n, xasprintf("--include=%s", packages));
	for (int i = 0; base_hooks[i]; i++)
		fs_list_add(&argv, &n, strdup(base_hooks[i]));
	fs_list_add(&argv, &n, strdup(suite));
	fs_list_add(&argv, &n, strdup(out));
	for (int i = 0; mirrors && mirrors[i]; i++)
		fs_list_add(&argv, &n, strdup(mirrors[i]));
	return argv;
}

/* The "deb ..." lines of SUITE's pockets from the machine's apt sources (NULL-terminated,
 * malloc'd), or NULL with a message. */
static char **suite_mirrors(const struct hb_ctx *ctx, const char *suite)
{
	struct apt_pocket pockets[APT_POCKETS_MAX];
	char err[1024];
	int n = apt_sources_find_pockets(ctx->apt_etc, suite, pockets, err, sizeof(err));
	if (n <= 0) {
		msg_error("system image of %s: %s", suite, n < 0 ? err : "no mirror serves it");
		return NULL;
	}
	char **lines = NULL;
	size_t count = 0;
	for (int i = 0; i < n; i++) {
		char *line = apt_private_sources_text(&pockets[i].mirror, pockets[i].suite);
		line[strcspn(line, "\n")] = '\0';
		fs_list_add(&lines, &count, line);
	}
	return lines;
}

/* Why mmdebstrap failed, from its log: what it could not fetch. */
static char *mmdebstrap_problem(const char *log, const char *suite)
{
	char *text = fs_read_file(log, NULL);
	char *problem = NULL;
	static const char *const signs[] = { "does not have a Release file", "Unable to locate package",
					     "Failed to fetch", "Temporary failure resolving",
					     "Could not connect", "E: ", NULL };
	for (int i = 0; text && signs[i] && !problem; i++) {
		const char *hit = strstr(text, signs[i]);
		if (!hit)
			continue;
		const char *start = hit;
		while (start > text && start[-1] != '\n')
			start--;
		problem = strndup(start, strcspn(start, "\n"));
	}
	free(text);
	return problem ? problem
		       : xasprintf("mmdebstrap could not make a %s system (no reason in the log)",
				   suite);
}

int system_base_image(const struct hb_ctx *ctx, const char *suite, bool refresh, char **tar)
{
	*tar = NULL;
	char *list_path = fs_join(ctx->repo, SYSTEM_PACKAGES_LIST);
	char *list = fs_read_file(list_path, NULL);
	if (!list) {
		msg_error("cannot read %s", list_path);
		free(list_path);
		return HB_EXIT_ENV;
	}
	free(list_path);
	char *packages = system_packages_joined(list);
	free(list);
	uint64_t h = fnv1a_hash(suite, strlen(suite));
	h = fnv1a_more(h, packages, strlen(packages));
	for (int i = 0; base_hooks[i]; i++)
		h = fnv1a_more(h, base_hooks[i], strlen(base_hooks[i]));
	char *dir = xasprintf("%s/system/base", ctx->cache);
	char *path = xasprintf("%s/%s-%08" PRIx64 ".tar", dir, suite, h & 0xffffffffu);
	char *partial = xasprintf("%s.partial", path);
	char *log = xasprintf("%s/%s-%08" PRIx64 ".log", dir, suite, h & 0xffffffffu);
	char *lock_name = xasprintf("system-base-%s", suite);
	int lock = lock_acquire(ctx->cache, lock_name);
	int rc = HB_EXIT_OK;
	if (fs_exists(path) && !refresh) {
		msg_info("system image of %s: %s (made before; --refresh makes it again)", suite, path);
		goto out;
	}
	char **mirrors = suite_mirrors(ctx, suite);
	if (!mirrors) {
		rc = HB_EXIT_ENV;
		goto out;
	}
	fs_mkdir_p(dir, 0755);
	unlink(partial);
	fs_write_file_atomic(log, "", 0);
	char **argv = system_mmdebstrap_argv(suite, packages, partial, mirrors);
	msg_info("system image of %s: mmdebstrap (about a minute and a half; log %s)", suite, log);
	spawn_log_argv(log, argv);
	struct spawn_opts o = { .log_path = log };
	int st = spawn_run(argv, &o);
	fs_free_list(argv);
	fs_free_list(mirrors);
	if (st != 0 || rename(partial, path) != 0) {
		char *why = mmdebstrap_problem(log, suite);
		msg_error("system image of %s: %s (log %s)", suite, why, log);
		free(why);
		unlink(partial);
		rc = HB_EXIT_ENV;
		goto out;
	}
	msg_info("system image of %s: %s", suite, path);
out:
	lock_release(lock);
	if (rc == HB_EXIT_OK)
		*tar = strdup(path);
	free(lock_name);
	free(log);
	free(partial);
	free(path);
	free(dir);
	free(packages);
	return rc;
}

static int run_logged(const char *log, char *const argv[])
{
	spawn_log_argv(log, argv);
	struct spawn_opts o = { .log_path = log };
	return spawn_run(argv, &o);
}

/* The one linux-image-*.deb of DIR (not its -dbg), malloc'd, or NULL. */
static char *image_deb(const char *dir)
{
	char *pattern = fs_join(dir, "linux-image-*.deb");
	glob_t g;
	char *found = NULL;
	if (glob(pattern, 0, NULL, &g) == 0) {
		for (size_t i = 0; i < g.gl_pathc && !found; i++)
			if (!strstr(strrchr(g.gl_pathv[i], '/'), "-dbg"))
				found = strdup(g.gl_pathv[i]);
		globfree(&g);
	}
	free(pattern);
	return found;
}

/* The release of the one vmlinuz-RELEASE in ROOT/boot, malloc'd, or NULL. */
static char *booted_release(const char *root)
{
	char *boot = fs_join(root, "boot");
	DIR *d = opendir(boot);
	char *release = NULL;
	int count = 0;
	for (struct dirent *de = d ? readdir(d) : NULL; de; de = readdir(d))
		if (strncmp(de->d_name, "vmlinuz-", 8) == 0 && count++ == 0)
			release = strdup(de->d_name + 8);
	if (d)
		closedir(d);
	free(boot);
	if (count != 1) {
		free(release);
		return NULL;
	}
	return release;
}

int system_rootfs(const struct hb_ctx *ctx, const char *tar, const char *out_system,
		  const char *packages_dir, const char *root, const char *log, char **release)
{
	*release = NULL;
	char *deb = image_deb(packages_dir);
	if (!deb) {
		msg_error("no linux-image-*.deb in %s", packages_dir);
		return HB_EXIT_ENV;
	}
	fs_remove_tree(root);
	fs_mkdir_p(root, 0755);
	char *overlay = xasprintf("%s/%s/.", ctx->repo, SYSTEM_ROOTFS_DIR);
	char *libdir = fs_join(root, "usr/local/lib/hb");
	char *sbindir = fs_join(root, "usr/local/sbin");
	char *kdir = fs_join(root, "var/cache/hb-kernel");
	char *in_tree = xasprintf("/var/cache/hb-kernel/%s", strrchr(deb, '/') + 1);
	char *system_bin = fs_join(out_system, "hb-system"), *probe = fs_join(out_system, "hb-probe");
	char *modprobe = fs_join(out_system, "hb-modprobe");
	int rc = HB_EXIT_ENV;
	char *untar[] = { "tar", "-x", "-p", "--numeric-owner", "-f", (char *)tar, "-C", (char *)root,
			  NULL };
	char *files[] = { "cp", "-a", overlay, (char *)root, NULL };
	char *progs[] = { "install", "-m", "0755", system_bin, probe, libdir, NULL };
	char *mp[] = { "install", "-m", "0755", modprobe, sbindir, NULL };
	char *kpkg[] = { "cp", deb, kdir, NULL };
	if (run_logged(log, untar) != 0 || run_logged(log, files) != 0 ||
	    fs_mkdir_p(libdir, 0755) != 0 || fs_mkdir_p(sbindir, 0755) != 0 ||
	    fs_mkdir_p(kdir, 0755) != 0 || run_logged(log, progs) != 0 ||
	    run_logged(log, mp) != 0 || run_logged(log, kpkg) != 0) {
		msg_error("system tree %s: could not lay it out (log %s)", root, log);
		goto out;
	}
	/* as a user installs it: apt-get install ./linux-image-....deb, which runs the kernel
	 * hooks (initramfs-tools makes the initrd) */
	const char *install[] = { "apt-get", "install", "--yes", "-q", in_tree, NULL };
	const char *enable[] = { "systemctl", "enable", "systemd-networkd.service",
				 "nftables.service", "hb-system.service", NULL };
	/* agetty's vhangup() on ttyS0 would cut hb-system off the console */
	const char *mask[] = { "systemctl", "mask", "serial-getty@ttyS0.service", NULL };
	const char *clean[] = { "rm", "-rf", "/var/cache/hb-kernel", NULL };
	const char *const *const cmds[] = { install, enable, mask, clean, NULL };
	int crc = chroot_run(root, cmds, log);
	if (crc != 0) {
		msg_error("system tree %s: %s failed (exit %d; log %s)", root,
			  crc < 0 ? "the chroot" : "installing the kernel package or enabling the units",
			  crc, log);
		goto out;
	}
	*release = booted_release(root);
	if (!*release) {
		msg_error("system tree %s: not one vmlinuz-RELEASE in /boot after the install (log %s)",
			  root, log);
		goto out;
	}
	rc = HB_EXIT_OK;
out:
	free(modprobe);
	free(probe);
	free(system_bin);
	free(in_tree);
	free(kdir);
	free(sbindir);
	free(libdir);
	free(overlay);
	free(deb);
	return rc;
}

int system_image_make(const char *root, const char *img, const char *log)
{
	char *partial = xasprintf("%s.partial", img);
	unlink(partial);
	char *argv[] = { "mkfs.ext4", "-q", "-F", "-L", "hbroot", "-d", (char *)root, partial, "2G",
			 NULL };
	int rc = run_logged(log, argv) == 0 && rename(partial, img) == 0 ? 0 : -1;
	if (rc)
		unlink(partial);
	free(partial);
	return rc;
}
