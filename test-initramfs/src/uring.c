// SPDX-License-Identifier: GPL-2.0-only
#include "uring.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

/* The system call numbers on x86-64 (5.1 on), for a C library that lacks them. */
#ifndef SYS_io_uring_setup
#define SYS_io_uring_setup 425
#endif
#ifndef SYS_io_uring_enter
#define SYS_io_uring_enter 426
#endif

#define OFF_SQ_RING 0ULL
#define OFF_CQ_RING 0x8000000ULL
#define OFF_SQES 0x10000000ULL
#define ENTER_GETEVENTS 1U
#define SQE_SIZE 64
#define CQE_SIZE 16

/* struct io_uring_params, 120 bytes: the offsets of the rings' fields come back in it. */
struct params {
	uint32_t sq_entries, cq_entries, flags, sq_thread_cpu, sq_thread_idle, features, wq_fd;
	uint32_t resv[3];
	uint32_t sq_head, sq_tail, sq_mask, sq_entries_off, sq_flags, sq_dropped, sq_array, sq_resv;
	uint64_t sq_user;
	uint32_t cq_head, cq_tail, cq_mask, cq_entries_off, cq_overflow, cq_cqes, cq_flags, cq_resv;
	uint64_t cq_user;
};

_Static_assert(sizeof(struct params) == 120, "struct io_uring_params is 120 bytes");

static int setup(unsigned entries, struct params *p)
{
	long fd;

	memset(p, 0, sizeof(*p));
	fd = syscall(SYS_io_uring_setup, entries, p);
	return fd < 0 ? -errno : (int)fd;
}

int hb_uring_setup(unsigned entries)
{
	struct params p;

	return setup(entries, &p);
}

int hb_uring_enter_nothing(int fd)
{
	return syscall(SYS_io_uring_enter, fd, 0, 0, 0, NULL, 0) < 0 ? -errno : 0;
}

static void *map(int fd, size_t len, unsigned long long off)
{
	void *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd, off);

	return m == MAP_FAILED ? NULL : m;
}

int hb_uring_open(struct hb_uring *r, unsigned entries)
{
	struct params p;
	unsigned char *sq, *cq;

	memset(r, 0, sizeof(*r));
	r->fd = setup(entries, &p);
	if (r->fd < 0)
		return r->fd;
	r->sq_len = p.sq_array + p.sq_entries * sizeof(uint32_t);
	r->cq_len = p.cq_cqes + p.cq_entries * CQE_SIZE;
	r->sqes_len = p.sq_entries * SQE_SIZE;
	r->sq = map(r->fd, r->sq_len, OFF_SQ_RING);
	r->cq = map(r->fd, r->cq_len, OFF_CQ_RING);
	r->sqes = map(r->fd, r->sqes_len, OFF_SQES);
	if (!r->sq || !r->cq || !r->sqes) {
		int err = -errno;

		hb_uring_close(r);
		return err;
	}
	sq = r->sq;
	cq = r->cq;
	r->sq_head = (uint32_t *)(sq + p.sq_head);
	r->sq_tail = (uint32_t *)(sq + p.sq_tail);
	r->sq_mask = (uint32_t *)(sq + p.sq_mask);
	r->sq_array = (uint32_t *)(sq + p.sq_array);
	r->cq_head = (uint32_t *)(cq + p.cq_head);
	r->cq_tail = (uint32_t *)(cq + p.cq_tail);
	r->cq_mask = (uint32_t *)(cq + p.cq_mask);
	r->cqes = cq + p.cq_cqes;
	return 0;
}

void hb_uring_close(struct hb_uring *r)
{
	if (r->sq)
		munmap(r->sq, r->sq_len);
	if (r->cq)
		munmap(r->cq, r->cq_len);
	if (r->sqes)
		munmap(r->sqes, r->sqes_len);
	if (r->fd >= 0)
		close(r->fd);
	memset(r, 0, sizeof(*r));
	r->fd = -1;
}

int hb_uring_run(struct hb_uring *r, unsigned char op, int fd, uint64_t off, uint32_t len,
		 int *res)
{
	uint32_t tail = __atomic_load_n(r->sq_tail, __ATOMIC_RELAXED);
	uint32_t index = tail & *r->sq_mask;
	unsigned char *sqe = (unsigned char *)r->sqes + index * SQE_SIZE;
	uint32_t head;

	/* the SQE: opcode at 0, fd at 4, off at 8, len at 24, the rest zero */
	memset(sqe, 0, SQE_SIZE);
	sqe[0] = op;
	memcpy(sqe + 4, &fd, sizeof(fd));
	memcpy(sqe + 8, &off, sizeof(off));
	memcpy(sqe + 24, &len, sizeof(len));
	r->sq_array[index] = index;
	__atomic_store_n(r->sq_tail, tail + 1, __ATOMIC_RELEASE);
	if (syscall(SYS_io_uring_enter, r->fd, 1, 1, ENTER_GETEVENTS, NULL, 0) < 0)
		return -errno;
	head = __atomic_load_n(r->cq_head, __ATOMIC_RELAXED);
	if (head == __atomic_load_n(r->cq_tail, __ATOMIC_ACQUIRE))
		return -EAGAIN;
	/* the CQE: user_data at 0, res at 8 */
	memcpy(res, r->cqes + (head & *r->cq_mask) * CQE_SIZE + 8, sizeof(*res));
	__atomic_store_n(r->cq_head, head + 1, __ATOMIC_RELEASE);
	return 0;
}
