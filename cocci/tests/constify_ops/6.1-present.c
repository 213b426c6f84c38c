/* the same tables of the 6.1 shape, const already: nothing to do */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/net.h>

static int corge_show(struct seq_file *m, void *v)
{
	return 0;
}

static int corge_open(struct inode *inode, struct file *file)
{
	return single_open(file, corge_show, NULL);
}

static const struct proc_ops corge_proc_ops = {
	.proc_open	= corge_open,
	.proc_read	= seq_read,
	.proc_lseek	= seq_lseek,
	.proc_release	= single_release,
};

static const struct file_operations corge_fops = {
	.owner		= THIS_MODULE,
	.open		= corge_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
};

static const struct seq_operations corge_seq_ops[] = {
	{ .show = corge_show, },
};

static int corge_create(struct net *net, struct socket *sock, int protocol,
			int kern)
{
	return -EAFNOSUPPORT;
}

static const struct net_proto_family corge_pf = {
	.family	= PF_CORGE,
	.create	= corge_create,
	.owner	= THIS_MODULE,
};

static int __init corge_init(void)
{
	proc_create("corge", 0444, NULL, &corge_proc_ops);
	debugfs_create_file("corge", 0444, NULL, NULL, &corge_fops);
	return sock_register(&corge_pf);
}
module_init(corge_init);
