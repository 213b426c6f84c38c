/* SPDX-License-Identifier: GPL-2.0-only */
/* io_uring by its raw system calls (no liburing, no kernel headers): a ring, and one request
 * at a time on it. */
#ifndef HB_URING_H
#define HB_URING_H

#include <stddef.h>
#include <stdint.h>

/* The opcodes the guest uses (enum io_uring_op of <linux/io_uring.h>). */
#define HB_IORING_OP_NOP 0
#define HB_IORING_OP_SOCKET 45 /* 5.19 on: socket(2) by io_uring */

struct hb_uring {
	int fd;
	void *sq, *cq, *sqes;
	size_t sq_len, cq_len, sqes_len;
	uint32_t *sq_head, *sq_tail, *sq_mask, *sq_array;
	uint32_t *cq_head, *cq_tail, *cq_mask;
	unsigned char *cqes;
};

/* io_uring_setup(2) of a ring of ENTRIES with the default parameters: its fd, or -errno. */
int hb_uring_setup(unsigned entries);
/* io_uring_enter(2) with nothing to submit: 0, or -errno. */
int hb_uring_enter_nothing(int fd);
/* A ring of ENTRIES, mapped: 0, or -errno (io_uring_setup's: ENOSYS without io_uring,
 * EPERM where kernel.io_uring_disabled refuses it). */
int hb_uring_open(struct hb_uring *r, unsigned entries);
void hb_uring_close(struct hb_uring *r);
/* One request, OP with FD, OFF and LEN (IORING_OP_SOCKET: domain, type, protocol), waited
 * for: 0 with *res the completion's result, or -errno of io_uring_enter(2). */
int hb_uring_run(struct hb_uring *r, unsigned char op, int fd, uint64_t off, uint32_t len,
		 int *res);

#endif
