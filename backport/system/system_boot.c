// SPDX-License-Identifier: GPL-2.0-only
#include "system_boot.h"

#include "fsutil.h"
#include "qemu.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DONE_MARKER "# hb-system-done"
#define RESULTS_BYTES (4u << 20)
/* Under TCG a boot takes 20 to 60 s, the workloads two minutes: limits well above that */
#define BOOT_TIMEOUT_S 1200
#define IDLE_TIMEOUT_S 300

char *system_boot_stage(const char *output)
{
	const char *last = NULL;
	for (const char *p = output ? strstr(output, "hb-system: ") : NULL; p;
	     p = strstr(p + 1, "hb-system: "))
		last = p;
	if (!last)
		return strdup("before hb-system started (the boot itself)");
	last += strlen("hb-system: ");
	size_t n = strcspn(last, "\r\n");
	if (n > 4 && strncmp(last + n - 4, " ...", 4) == 0)
		return xasprintf("in %.*s", (int)(n - 4), last);
	return xasprintf("after %.*s", (int)n, last);
}

/* An empty results disk of RESULTS_BYTES. */
static int make_results_disk(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -1;
	int rc = ftruncate(fd, RESULTS_BYTES);
	close(fd);
	return rc;
}

int system_boot_run(const struct system_boot_opts *o, struct system_boot *b)
{
	memset(b, 0, sizeof(*b));
	char *results = fs_join(o->dir, "results.img");
	b->console_log = fs_join(o->dir, "console.log");
	fs_mkdir_p(o->dir, 0755);
	if (make_results_disk(results) != 0) {
		b->problem = xasprintf("cannot make %s", results);
		free(results);
		return -1;
	}
	char *append = xasprintf("root=/dev/vda rw console=ttyS0 panic=-1 loglevel=4 hb.system%s%s",
				 *o->append ? " " : "", o->append);
	char *disk = xasprintf("file=%s,format=raw,if=virtio", o->image);
	char *rdisk = xasprintf("file=%s,format=raw,if=virtio", results);
	char *extra[] = { "-drive", disk, "-drive", rdisk, NULL };
	struct qemu_opts q = {
		.kernel = o->kernel, .initrd = o->initrd, .append = append, .mem_mb = 1536,
		.smp = 2, .timeout_s = BOOT_TIMEOUT_S, .idle_timeout_s = IDLE_TIMEOUT_S,
		.console_log = b->console_log, .done_marker = DONE_MARKER, .extra_args = extra,
	};
	struct qemu_result res;
	char err[512];
	int rc = qemu_run(&q, &res, err, sizeof(err));
	if (rc != 0) {
		b->problem = strdup(err);
	} else {
		b->ran = true;
		b->seconds = res.seconds;
		b->finished = res.done_marker_seen && !res.panic_seen;
		if (res.panic_seen) {
			b->problem = strdup("KERNEL PANIC");
		} else if (!b->finished) {
			char *stage = system_boot_stage(res.output);
			b->problem = xasprintf("%s %s", res.timed_out ? "timed out" : res.hung
					       ? "hung (no output)" : "stopped", stage);
			free(stage);
		}
		size_t len = 0;
		char *text = fs_read_file(results, &len);
		if (text) {
			len = strnlen(text, len);
			b->parsed = system_result_parse(text, len, &b->result) == 0;
			if (!b->parsed)
				system_result_free(&b->result);
		}
		free(text);
	}
	qemu_result_free(&res);
	free(rdisk);
	free(disk);
	free(append);
	free(results);
	return rc;
}

void system_boot_free(struct system_boot *b)
{
	free(b->problem);
	free(b->console_log);
	if (b->parsed)
		system_result_free(&b->result);
	memset(b, 0, sizeof(*b));
}
