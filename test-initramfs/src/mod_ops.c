// SPDX-License-Identifier: GPL-2.0-only
#include "mod_ops.h"

#include "ktap.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int mod_is_loaded(const char *name)
{
	char want[HB_MOD_NAME_MAX], have[HB_MOD_NAME_MAX];
	char line[512];
	int found = 0;
	FILE *f = fopen("/proc/modules", "re");

	if (!f)
		return -errno;
	mod_name_normalize(name, want, sizeof(want));
	while (!found && fgets(line, sizeof(line), f)) {
		line[strcspn(line, " \n")] = '\0';
		mod_name_normalize(line, have, sizeof(have));
		found = !strcmp(want, have);
	}
	fclose(f);
	return found;
}

int mod_finit(const char *path)
{
	return mod_finit_params(path, "");
}

int mod_finit_params(const char *path, const char *params)
{
	int rc, fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	rc = (int)syscall(SYS_finit_module, fd, params, 0);
	rc = rc < 0 ? -errno : 0;
	close(fd);
	return rc;
}

int mod_init_from_memory(const char *path)
{
	struct stat st;
	void *image;
	ssize_t got;
	int rc, fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0 || st.st_size <= 0) {
		rc = st.st_size <= 0 ? -EINVAL : -errno;
		close(fd);
		return rc;
	}
	image = malloc((size_t)st.st_size);
	if (!image) {
		close(fd);
		return -ENOMEM;
	}
	got = read(fd, image, (size_t)st.st_size);
	close(fd);
	if (got != st.st_size) {
		free(image);
		return -EIO;
	}
	rc = (int)syscall(SYS_init_module, image, (unsigned long)st.st_size, "");
	rc = rc < 0 ? -errno : 0;
	free(image);
	return rc;
}

static void sleep_ms(unsigned ms)
{
	struct timespec ts = { .tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

int mod_delete(const char *name, unsigned wait_ms)
{
	char norm[HB_MOD_NAME_MAX];
	unsigned waited = 0;

	mod_name_normalize(name, norm, sizeof(norm));
	for (;;) {
		if (syscall(SYS_delete_module, norm, O_NONBLOCK) == 0)
			return 0;
		if ((errno != EAGAIN && errno != EBUSY) || waited >= wait_ms)
			return -errno;
		sleep_ms(100);
		waited += 100;
	}
}

static int load_one(const char *path)
{
	int rc = mod_finit(path);

	return rc == -EEXIST ? 0 : rc;
}

int mod_load_with_deps(const struct mod_db *db, const char *name,
		       int (*load)(const char *path))
{
	struct mod_dep *dep = malloc(sizeof(*dep));
	int rc;

	if (!dep)
		return -ENOMEM;
	if (!load)
		load = load_one;
	rc = mod_db_dep(db, name, dep);
	if (rc == 0) {
		for (int i = dep->ndeps - 1; rc == 0 && i >= 0; i--)
			rc = load(dep->deps[i]);
	}
	if (rc == 0)
		rc = load(dep->path);
	free(dep);
	return rc;
}

int mod_loaded_names(char names[][HB_MOD_NAME_MAX])
{
	FILE *f = fopen("/proc/modules", "r");
	char line[512];
	int n = 0;

	while (f && n < HB_MODULES_MAX && fgets(line, sizeof(line), f))
		if (sscanf(line, "%63s", names[n]) == 1)
			n++;
	if (f)
		fclose(f);
	return n;
}

int mod_listed(char names[][HB_MOD_NAME_MAX], int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(names[i], name))
			return 1;
	return 0;
}

void mod_unload_new(char before[][HB_MOD_NAME_MAX], int n_before, char after[][HB_MOD_NAME_MAX],
		    int n_after)
{
	static char gone[HB_MODULES_MAX];
	int progress = 1;

	memset(gone, 0, sizeof(gone));
	while (progress) {
		progress = 0;
		for (int i = 0; i < n_after; i++)
			if (!gone[i] && !mod_listed(before, n_before, after[i]) &&
			    mod_delete(after[i], 0) == 0)
				gone[i] = progress = 1;
	}
	for (int i = 0; i < n_after; i++)
		if (!gone[i] && !mod_listed(before, n_before, after[i]) && mod_delete(after[i], 3000) < 0)
			ktap_diag("cannot unload %s", after[i]);
}
