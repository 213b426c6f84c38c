/* a virtualisation-like char device, a memory mapping, a pseudo file
 * system and debugfs/proc files of the 6.12 shape */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/miscdevice.h>
#include <linux/debugfs.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <net/net_namespace.h>

static long qux_dev_ioctl(struct file *filp, unsigned int ioctl,
			  unsigned long arg)
{
	return -EINVAL;
}

/* the owner is set at run time by the module that registers: writable */
static struct file_operations qux_chardev_ops = {
	.unlocked_ioctl	= qux_dev_ioctl,
	.llseek		= noop_llseek,
};

static struct miscdevice qux_dev = {
	QUX_MINOR,
	"qux",
	&qux_chardev_ops,
};

int qux_init(struct module *module)
{
	qux_chardev_ops.owner = module;
	return misc_register(&qux_dev);
}

static vm_fault_t qux_fault(struct vm_fault *vmf)
{
	return VM_FAULT_SIGBUS;
}

static struct vm_operations_struct qux_vm_ops = {
	.fault	= qux_fault,
};

static int qux_mmap(struct file *file, struct vm_area_struct *vma)
{
	vma->vm_ops = &qux_vm_ops;
	return 0;
}

static int qux_read_folio(struct file *file, struct folio *folio)
{
	return 0;
}

static struct address_space_operations qux_aops = {
	.read_folio	= qux_read_folio,
	.dirty_folio	= noop_dirty_folio,
};

static struct inode_operations qux_dir_iops = {
	.lookup	= simple_lookup,
};

static struct file_operations qux_file_fops = {
	.mmap	= qux_mmap,
	.llseek	= generic_file_llseek,
};

static bool qux_is_ours(struct file *file)
{
	return file->f_op == &qux_file_fops;
}

static int qux_d_delete(const struct dentry *dentry)
{
	return 1;
}

static struct dentry_operations qux_dops = {
	.d_delete	= qux_d_delete,
};

static struct inode *qux_make_inode(struct super_block *sb, struct dentry *d)
{
	struct inode *inode = new_inode(sb);

	inode->i_op = &qux_dir_iops;
	inode->i_fop = &qux_file_fops;
	inode->i_mapping->a_ops = &qux_aops;
	d_set_d_op(d, &qux_dops);
	return inode;
}

static int qux_stat_get(void *data, u64 *val)
{
	*val = 0;
	return 0;
}

static int qux_stat_open(struct inode *inode, struct file *file)
{
	return simple_attr_open(inode, file, qux_stat_get, NULL, "%llu\n");
}

static struct file_operations qux_stat_fops = {
	.owner		= THIS_MODULE,
	.open		= qux_stat_open,
	.release	= simple_attr_release,
	.read		= simple_attr_read,
	.llseek		= no_llseek,
};

static void *qux_seq_start(struct seq_file *seq, loff_t *pos)
{
	return NULL;
}

static void *qux_seq_next(struct seq_file *seq, void *v, loff_t *pos)
{
	return NULL;
}

static void qux_seq_stop(struct seq_file *seq, void *v)
{
}

static int qux_seq_show(struct seq_file *seq, void *v)
{
	return 0;
}

static struct seq_operations qux_seq_ops = {
	.start	= qux_seq_start,
	.next	= qux_seq_next,
	.stop	= qux_seq_stop,
	.show	= qux_seq_show,
};

static int __net_init qux_net_init(struct net *net)
{
	if (!proc_create_net("qux", 0444, net->proc_net, &qux_seq_ops,
			     sizeof(struct seq_net_private)))
		return -ENOMEM;
	return 0;
}

static void qux_debugfs_init(struct dentry *dir)
{
	debugfs_create_file("stat", 0444, dir, NULL, &qux_stat_fops);
}
