/* a driver of the 7.2 shape: proc_ops, debugfs files (one array of
 * them), a protocol family, a line discipline, sysfs ops, pm_sleep_ptr() */
#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/debugfs.h>
#include <linux/seq_file.h>
#include <linux/net.h>
#include <linux/tty_ldisc.h>
#include <linux/kobject.h>
#include <linux/platform_device.h>

static int quux_show(struct seq_file *m, void *v)
{
	return 0;
}

static int quux_proc_open(struct inode *inode, struct file *file)
{
	return single_open(file, quux_show, pde_data(inode));
}

static struct proc_ops quux_proc_ops = {
	.proc_open	= quux_proc_open,
	.proc_read	= seq_read,
	.proc_lseek	= seq_lseek,
	.proc_release	= single_release,
};

static void *quux_seq_start(struct seq_file *m, loff_t *pos)
{
	return NULL;
}

static void *quux_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	return NULL;
}

static void quux_seq_stop(struct seq_file *m, void *v)
{
}

static struct seq_operations quux_seq_ops = {
	.start	= quux_seq_start,
	.next	= quux_seq_next,
	.stop	= quux_seq_stop,
	.show	= quux_show,
};

static int quux_iter_open(struct inode *inode, struct file *file)
{
	return seq_open_private(file, &quux_seq_ops, sizeof(int));
}

static struct file_operations quux_iter_fops = {
	.owner		= THIS_MODULE,
	.open		= quux_iter_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release_private,
};

static ssize_t quux_reg_read(struct file *file, char __user *buf,
			     size_t len, loff_t *ppos)
{
	return 0;
}

/* one debugfs file per register bank, never written */
static struct file_operations quux_reg_fops[] = {
	{ .read = quux_reg_read, .llseek = default_llseek, },
	{ .read = quux_reg_read, .llseek = no_llseek, },
};

/* the second bank's fops is patched at probe time: must stay writable */
static struct file_operations quux_bank_fops[2] = {
	{ .read = quux_reg_read, },
	{ .read = quux_reg_read, },
};

static int quux_create(struct net *net, struct socket *sock, int protocol,
		       int kern)
{
	return -EAFNOSUPPORT;
}

static struct net_proto_family quux_family_ops = {
	.family	= PF_QUUX,
	.create	= quux_create,
	.owner	= THIS_MODULE,
};

static int quux_ldisc_open(struct tty_struct *tty)
{
	return 0;
}

/* tty_register_ldisc() takes a const pointer only from 7.x: the rule
 * cannot tell the era from the file, so it reports and keeps this */
static struct tty_ldisc_ops quux_ldisc = {
	.owner	= THIS_MODULE,
	.num	= N_QUUX,
	.name	= "quux",
	.open	= quux_ldisc_open,
};

static ssize_t quux_attr_show(struct kobject *kobj, struct attribute *attr,
			      char *buf)
{
	return 0;
}

static struct sysfs_ops quux_sysfs_ops = {
	.show	= quux_attr_show,
};

static const struct kobj_type quux_ktype = {
	.sysfs_ops	= &quux_sysfs_ops,
};

static int quux_suspend(struct device *dev)
{
	return 0;
}

static struct dev_pm_ops quux_pm_ops = {
	.suspend	= quux_suspend,
};

static int quux_probe(struct platform_device *pdev)
{
	struct dentry *dir = debugfs_create_dir("quux", NULL);
	int i;

	quux_bank_fops[1].write = NULL;
	for (i = 0; i < ARRAY_SIZE(quux_reg_fops); i++)
		debugfs_create_file("bank", 0400, dir, NULL, &quux_reg_fops[i]);
	debugfs_create_file("bank2", 0400, dir, NULL, &quux_bank_fops[1]);
	debugfs_create_file("iter", 0400, dir, NULL, &quux_iter_fops);
	proc_create("quux", 0444, NULL, &quux_proc_ops);
	return 0;
}

static struct platform_driver quux_driver = {
	.probe	= quux_probe,
	.driver	= {
		.name	= "quux",
		.pm	= pm_sleep_ptr(&quux_pm_ops),
	},
};

static int __init quux_init(void)
{
	int err = tty_register_ldisc(&quux_ldisc);

	if (err)
		return err;
	err = sock_register(&quux_family_ops);
	if (err)
		return err;
	return platform_driver_register(&quux_driver);
}
module_init(quux_init);
