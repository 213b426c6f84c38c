// SPDX-License-Identifier: GPL-2.0-only
#include "dir_swap.h"

#include "fsutil.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

static bool lexists(const char *path)
{
	struct stat st;
	return lstat(path, &st) == 0;
}

/* DIR by way of DIR.old, for file systems without RENAME_EXCHANGE. */
static int replace_in_two_steps(const char *dir, const char *new_dir, const char *old)
{
	if (rename(dir, old) != 0)
		return -1;
	if (rename(new_dir, dir) != 0) {
		int saved = errno;
		rename(old, dir);
		errno = saved;
		return -1;
	}
	fs_remove_tree(old);
	return 0;
}

int dir_replace(const char *dir, const char *new_dir)
{
	char *old = xasprintf("%s.old", dir);
	int rc = 0;
	if (!lexists(dir) && lexists(old))
		rc = rename(old, dir);
	if (rc == 0)
		rc = fs_remove_tree(old);
	if (rc == 0 && !lexists(dir)) {
		rc = rename(new_dir, dir);
	} else if (rc == 0 && renameat2(AT_FDCWD, new_dir, AT_FDCWD, dir, RENAME_EXCHANGE) == 0) {
		fs_remove_tree(new_dir); /* the old folder now; a leftover goes next time */
	} else if (rc == 0 && (errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP)) {
		rc = replace_in_two_steps(dir, new_dir, old);
	} else {
		rc = -1;
	}
	free(old);
	return rc;
}
