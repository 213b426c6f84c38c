/* a driver of the 2.6.36 shape: misc device, char device, /proc files, tty */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/tty.h>

static struct tty_driver *foo_tty_driver;

static void *foo_seq_start(struct seq_file *m, loff_t *pos)
{
	return *pos ? NULL : SEQ_START_TOKEN;
}

static void *foo_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return NULL;
}

static void foo_seq_stop(struct seq_file *m, void *v)
{
}

static int foo_seq_show(struct seq_file *m, void *v)
{
	seq_printf(m, "foo\n");
	return 0;
}

static struct seq_operations foo_seq_ops = {
	.start	= foo_seq_start,
	.next	= foo_seq_next,
	.stop	= foo_seq_stop,
	.show	= foo_seq_show,
};

static int foo_proc_open(struct inode *inode, struct file *file)
{
	return seq_open(file, &foo_seq_ops);
}

static struct file_operations foo_proc_fops = {
	.owner		= THIS_MODULE,
	.open		= foo_proc_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

static ssize_t foo_ctl_read(struct file *file, char __user *buf,
			    size_t count, loff_t *ppos)
{
	return 0;
}

static ssize_t foo_ctl_write(struct file *file, const char __user *buf,
			     size_t count, loff_t *ppos)
{
	return count;
}

/* old style: proc entry created first, its fops set afterwards */
static struct file_operations foo_ctl_fops = {
	.owner	= THIS_MODULE,
	.read	= foo_ctl_read,
	.write	= foo_ctl_write,
};

static long foo_dev_ioctl(struct file *file, unsigned int cmd,
			  unsigned long arg)
{
	return -ENOTTY;
}

static struct file_operations foo_dev_fops = {
	.owner		= THIS_MODULE,
	.read		= foo_ctl_read,
	.write		= foo_ctl_write,
	.unlocked_ioctl	= foo_dev_ioctl,
};

static struct miscdevice foo_miscdev = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "foo",
	.fops	= &foo_dev_fops,
};

static int foo_tty_open(struct tty_struct *tty, struct file *filp)
{
	return 0;
}

static struct tty_operations foo_tty_ops = {
	.open	= foo_tty_open,
};

static int foo_ldisc_open(struct tty_struct *tty)
{
	return 0;
}

/* tty_register_ldisc() takes a non-const pointer: must stay writable */
static struct tty_ldisc_ops foo_ldisc = {
	.magic	= TTY_LDISC_MAGIC,
	.name	= "foo",
	.open	= foo_ldisc_open,
	.owner	= THIS_MODULE,
};

static int __init foo_init(void)
{
	struct proc_dir_entry *pde;

	proc_create("foo", 0444, NULL, &foo_proc_fops);
	pde = create_proc_entry("foo_ctl", 0644, NULL);
	if (pde)
		pde->proc_fops = &foo_ctl_fops;
	if (register_chrdev(240, "foo", &foo_dev_fops) < 0)
		return -EIO;
	tty_set_operations(foo_tty_driver, &foo_tty_ops);
	tty_register_ldisc(N_FOO, &foo_ldisc);
	return misc_register(&foo_miscdev);
}
module_init(foo_init);
