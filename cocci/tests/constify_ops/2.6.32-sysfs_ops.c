/*
 * block/blk-sysfs.c, 2.6.32 shape (2.6.32.67): struct kobj_type's sysfs_ops
 * is "struct sysfs_ops *" there (a pointer to const only from 2.6.34), so
 * queue_sysfs_ops must stay writable: a const table in that field is a
 * discarded qualifier.  The file's /sys/block/.../queue show functions'
 * ops beside it are const already (present).
 */

static ssize_t
queue_attr_show(struct kobject *kobj, struct attribute *attr, char *page)
{
	struct queue_sysfs_entry *entry = to_queue(attr);
	struct request_queue *q;
	ssize_t res;

	if (!entry->show)
		return -EIO;
	q = container_of(kobj, struct request_queue, kobj);
	mutex_lock(&q->sysfs_lock);
	if (test_bit(QUEUE_FLAG_DEAD, &q->queue_flags)) {
		mutex_unlock(&q->sysfs_lock);
		return -ENOENT;
	}
	res = entry->show(q, page);
	mutex_unlock(&q->sysfs_lock);
	return res;
}

static struct sysfs_ops queue_sysfs_ops = {
	.show	= queue_attr_show,
	.store	= queue_attr_store,
};

struct kobj_type blk_queue_ktype = {
	.sysfs_ops	= &queue_sysfs_ops,
	.default_attrs	= default_attrs,
	.release	= blk_release_queue,
};

static const struct block_device_operations queue_bdops = {
	.owner		= THIS_MODULE,
};
