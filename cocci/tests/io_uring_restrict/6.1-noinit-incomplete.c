// SPDX-License-Identifier: GPL-2.0
/*
 * Shared application/kernel submission and completion ring pairs, for
 * supporting fast/efficient IO.
 */
/* Golden case: io_uring/io_uring.c of 6.1 as a tree could have changed it,
 * its io_uring_init() ending in a call rather than "return 0;": no place to
 * register the sysctls, so the hardening is refused whole (incomplete). */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/syscalls.h>

static struct kmem_cache *req_cachep;

static long io_uring_setup(u32 entries, struct io_uring_params __user *params)
{
	struct io_uring_params p;

	if (copy_from_user(&p, params, sizeof(p)))
		return -EFAULT;
	return io_uring_create(entries, &p, params);
}

SYSCALL_DEFINE2(io_uring_setup, u32, entries,
		struct io_uring_params __user *, params)
{
	return io_uring_setup(entries, params);
}

static int __init io_uring_init(void)
{
	req_cachep = KMEM_CACHE(io_kiocb, SLAB_HWCACHE_ALIGN | SLAB_PANIC |
				SLAB_ACCOUNT);
	return io_uring_vendor_init();
};
__initcall(io_uring_init);
