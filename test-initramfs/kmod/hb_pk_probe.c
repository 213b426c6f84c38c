// SPDX-License-Identifier: GPL-2.0
/*
 * hb_pk_probe: a test module of hardening-backport.
 *
 * /proc/hb_pk_probe prints the address of one of this module's variables with
 * a bare %p from a seq_file show function, the way many files of the kernel
 * print pointers.  The pk_pointers semantic patch turns it into %pK on the
 * patched kernel, where kernel.kptr_restrict then hides it; the guest suite
 * pk_pointers compares what it reads with the address /proc/kallsyms gives.
 */
#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>

static int hb_pk_marker = 1;

static int hb_pk_probe_show(struct seq_file *m, void *v)
{
	seq_printf(m, "hb_pk_marker %p\n", &hb_pk_marker);
	return 0;
}

static int __init hb_pk_probe_init(void)
{
	if (!proc_create_single("hb_pk_probe", 0444, NULL, hb_pk_probe_show))
		return -ENOMEM;
	return 0;
}

static void __exit hb_pk_probe_exit(void)
{
	remove_proc_entry("hb_pk_probe", NULL);
}

module_init(hb_pk_probe_init);
module_exit(hb_pk_probe_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("hardening-backport: prints a kernel pointer to a world-readable file");
