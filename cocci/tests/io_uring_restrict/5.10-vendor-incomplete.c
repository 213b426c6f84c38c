// SPDX-License-Identifier: GPL-2.0
/*
 * Shared application/kernel submission and completion ring pairs, for
 * supporting fast/efficient IO.
 */
/* Golden case: fs/io_uring.c of 5.10 as a vendor tree could have changed it,
 * its io_uring_setup system call doing more than returning io_uring_setup():
 * no place known for the check, so the hardening is refused whole
 * (incomplete). */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/syscalls.h>

static struct kmem_cache *req_cachep;

static long io_uring_setup(u32 entries, struct io_uring_params __user *params)
{
	struct io_uring_params p;

	if (copy_from_user(&p, params, sizeof(p)))
		return -EFAULT;
	return  io_uring_create(entries, &p, params);
}

SYSCALL_DEFINE2(io_uring_setup, u32, entries,
		struct io_uring_params __user *, params)
{
	long ret;

	trace_android_vh_io_uring_setup(entries);
	ret = io_uring_setup(entries, params);
	return ret;
}

static int __init io_uring_init(void)
{
	req_cachep = KMEM_CACHE(io_kiocb, SLAB_HWCACHE_ALIGN | SLAB_PANIC);
	return 0;
};
__initcall(io_uring_init);
