// SPDX-License-Identifier: GPL-2.0-only
#include "chroot_run.h"

#include "fsutil.h"
#include "spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

static int mount_under(const char *root, const char *dir, const char *type, const char *opts,
		       FILE *log)
{
	char *path = fs_join(root, dir);
	int rc = mount(type, path, type, MS_NOSUID | MS_NOEXEC, opts);
	if (rc < 0)
		fprintf(log, "chroot_run: mount %s on %s: %s\n", type, path, strerror(errno));
	free(path);
	return rc;
}

static int run_one(const char *const argv[], int logfd)
{
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		int in = open("/dev/null", O_RDONLY);
		if (in >= 0)
			dup2(in, 0);
		dup2(logfd, 1);
		dup2(logfd, 2);
		execvp(argv[0], (char *const *)argv);
		dprintf(logfd, "%s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* The child: its own mount namespace, proc, sysfs and devpts in the tree, the chroot, the
 * commands. */
static int in_namespace(const char *root, const char *const *const cmds[], FILE *log)
{
	if (unshare(CLONE_NEWNS) < 0 || mount("none", "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0) {
		fprintf(log, "chroot_run: a mount namespace of its own: %s\n", strerror(errno));
		return -1;
	}
	/* devpts of its own: apt and dpkg log through a pty */
	if (mount_under(root, "proc", "proc", NULL, log) < 0 ||
	    mount_under(root, "sys", "sysfs", NULL, log) < 0 ||
	    mount_under(root, "dev/pts", "devpts", "newinstance,ptmxmode=0666", log) < 0)
		return -1;
	if (chroot(root) < 0 || chdir("/") < 0) {
		fprintf(log, "chroot_run: chroot %s: %s\n", root, strerror(errno));
		return -1;
	}
	setenv("PATH", "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", 1);
	setenv("DEBIAN_FRONTEND", "noninteractive", 1);
	setenv("LC_ALL", "C.UTF-8", 1);
	for (int i = 0; cmds[i]; i++) {
		char *line = spawn_format_argv((char *const *)cmds[i]);
		fprintf(log, "$ chroot %s %s\n", root, line);
		fflush(log);
		free(line);
		int rc = run_one(cmds[i], fileno(log));
		if (rc != 0) {
			fprintf(log, "chroot_run: exit %d\n", rc);
			return rc < 0 ? -1 : rc;
		}
	}
	return 0;
}

int chroot_run(const char *root, const char *const *const cmds[], const char *log)
{
	FILE *f = fopen(log, "ae");
	if (!f)
		return -1;
	fflush(f);
	pid_t pid = fork();
	if (pid < 0) {
		fclose(f);
		return -1;
	}
	if (pid == 0) {
		int rc = in_namespace(root, cmds, f);
		fflush(f);
		_exit(rc < 0 ? 255 : rc);
	}
	fclose(f);
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (!WIFEXITED(st))
		return 128 + WTERMSIG(st);
	return WEXITSTATUS(st) == 255 ? -1 : WEXITSTATUS(st);
}
