/* a network driver and a /proc file of the 5.10 shape: proc_ops (5.6+),
 * proc_create_seq, netdev and ethtool ops, dev_pm_ops, block device,
 * module parameter ops */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/ethtool.h>
#include <linux/platform_device.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/blkdev.h>

static int bar_enabled;

static int bar_enabled_set(const char *val, const struct kernel_param *kp)
{
	return param_set_bool(val, kp);
}

static struct kernel_param_ops bar_enabled_ops = {
	.set = bar_enabled_set,
	.get = param_get_bool,
};
module_param_cb(enabled, &bar_enabled_ops, &bar_enabled, 0644);

static int bar_stats_show(struct seq_file *m, void *v)
{
	seq_puts(m, "bar\n");
	return 0;
}

static int bar_stats_open(struct inode *inode, struct file *file)
{
	return single_open(file, bar_stats_show, NULL);
}

static struct proc_ops bar_stats_proc_ops = {
	.proc_open	= bar_stats_open,
	.proc_read	= seq_read,
	.proc_lseek	= seq_lseek,
	.proc_release	= single_release,
};

static void *bar_seq_start(struct seq_file *m, loff_t *pos)
{
	return NULL;
}

static void *bar_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	return NULL;
}

static void bar_seq_stop(struct seq_file *m, void *v)
{
}

static struct seq_operations bar_seq_ops = {
	.start	= bar_seq_start,
	.next	= bar_seq_next,
	.stop	= bar_seq_stop,
	.show	= bar_stats_show,
};

static int bar_open(struct net_device *dev)
{
	return 0;
}

static int bar_stop(struct net_device *dev)
{
	return 0;
}

static struct net_device_ops bar_netdev_ops = {
	.ndo_open		= bar_open,
	.ndo_stop		= bar_stop,
	.ndo_validate_addr	= eth_validate_addr,
};

static void bar_get_drvinfo(struct net_device *dev,
			    struct ethtool_drvinfo *info)
{
	strscpy(info->driver, "bar", sizeof(info->driver));
}

static struct ethtool_ops bar_ethtool_ops = {
	.get_drvinfo	= bar_get_drvinfo,
	.get_link	= ethtool_op_get_link,
};

static int bar_suspend(struct device *dev)
{
	return 0;
}

static int bar_resume(struct device *dev)
{
	return 0;
}

static struct dev_pm_ops bar_pm_ops = {
	.suspend	= bar_suspend,
	.resume		= bar_resume,
};

static struct block_device_operations bar_bdops = {
	.owner	= THIS_MODULE,
};

static int bar_probe(struct platform_device *pdev)
{
	struct net_device *dev;
	struct gendisk *disk;

	dev = alloc_etherdev(0);
	if (!dev)
		return -ENOMEM;
	dev->netdev_ops = &bar_netdev_ops;
	dev->ethtool_ops = &bar_ethtool_ops;
	disk = alloc_disk(1);
	disk->fops = &bar_bdops;
	proc_create("bar_stats", 0444, NULL, &bar_stats_proc_ops);
	proc_create_seq("bar_list", 0444, NULL, &bar_seq_ops);
	return register_netdev(dev);
}

static struct platform_driver bar_driver = {
	.probe	= bar_probe,
	.driver	= {
		.name	= "bar",
		.pm	= &bar_pm_ops,
	},
};
module_platform_driver(bar_driver);
