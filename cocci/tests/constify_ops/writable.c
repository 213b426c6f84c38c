/* tables that must stay writable, and objects that are no ops tables */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/notifier.h>
#include <linux/sysctl.h>
#include <linux/reboot.h>

static ssize_t grault_read(struct file *file, char __user *buf, size_t len,
			   loff_t *ppos)
{
	return 0;
}

static ssize_t grault_read_fast(struct file *file, char __user *buf,
				size_t len, loff_t *ppos)
{
	return 0;
}

/* assigned at run time */
static struct file_operations grault_fops = {
	.owner	= THIS_MODULE,
	.read	= grault_read,
};

/* its address goes into a non-const pointer */
static struct file_operations grault_ptr_fops = {
	.read	= grault_read,
};

/* its address goes into a field whose type the file does not show */
static struct file_operations grault_dev_fops = {
	.read	= grault_read,
};

/* stored in a field named like a const one, but this file declares it
 * as a non-const pointer */
struct grault_priv {
	struct file_operations	*fops;
};

static struct file_operations grault_priv_fops = {
	.read	= grault_read,
};

/* passed to a function the rule does not know */
static struct file_operations grault_reg_fops = {
	.read	= grault_read,
};

/* only reached through a macro, which the parser does not expand */
static struct file_operations grault_macro_fops = {
	.read	= grault_read,
};
#define GRAULT_MACRO_FOPS (&grault_macro_fops)

/* only used in code the parser skips (#if 0) */
static struct file_operations grault_old_fops = {
	.read	= grault_read,
};

#if 0
static void grault_old(void)
{
	grault_old_fops.read = NULL;
}
#endif

/* in a section of its own: const would conflict with it */
static struct file_operations grault_late_fops __ro_after_init = {
	.read	= grault_read,
};

/* grsecurity's opt-out */
static struct file_operations grault_nc_fops __no_const = {
	.read	= grault_read,
};

/* visible to other files, which may write it */
struct file_operations grault_global_fops = {
	.read	= grault_read,
};

/* a file system type: the kernel links it into its list (->next) */
static struct file_system_type grault_fs_type = {
	.owner		= THIS_MODULE,
	.name		= "grault",
	.kill_sb	= kill_anon_super,
};

/* a notifier block: registration writes ->next */
static int grault_reboot(struct notifier_block *nb, unsigned long code,
			 void *unused)
{
	return NOTIFY_DONE;
}

static struct notifier_block grault_reboot_nb = {
	.notifier_call	= grault_reboot,
};

/* a sysctl table: data, not ops */
static int grault_level;

static struct ctl_table grault_table[] = {
	{
		.procname	= "grault_level",
		.data		= &grault_level,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= proc_dointvec,
	},
	{ }
};

/* a data member beside the function pointers: not an ops type of the list */
struct grault_ops {
	int	count;
	int	(*start)(void);
};

static int grault_start(void)
{
	return 0;
}

static struct grault_ops grault_counted_ops = {
	.count	= 0,
	.start	= grault_start,
};

/* and one that is const already */
static const struct file_operations grault_ro_fops = {
	.read	= grault_read,
};

static int __init grault_init(struct grault_dev *dev, struct grault_priv *priv,
			      int fast)
{
	struct file_operations *p = &grault_ptr_fops;

	if (fast)
		grault_fops.read = grault_read_fast;
	p->llseek = no_llseek;
	dev->ops = &grault_dev_fops;
	priv->fops = &grault_priv_fops;
	priv->fops->llseek = no_llseek;
	grault_register(&grault_reg_fops);
	cdev_init(&dev->cdev, GRAULT_MACRO_FOPS);
	grault_counted_ops.count++;
	register_sysctl("grault", grault_table);
	register_reboot_notifier(&grault_reboot_nb);
	proc_create("grault", 0444, NULL, &grault_fops);
	proc_create("grault_late", 0444, NULL, &grault_late_fops);
	proc_create("grault_nc", 0444, NULL, &grault_nc_fops);
	proc_create("grault_ro", 0444, NULL, &grault_ro_fops);
	return register_filesystem(&grault_fs_type);
}
