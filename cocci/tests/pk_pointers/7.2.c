/*
 * 7.2 shapes: %pK is mainline (kptr_restrict exported for the printf
 * test).  Bare %p in a sysfs show with sysfs_emit() (drivers/w1/w1.c),
 * in binder's debugfs state (user space addresses, printed hashed unless
 * binder's hash_ptrs is off) and in fs/dlm/debug_fs.c.  A sprintf() into
 * a local buffer (drivers/net/ethernet/intel/ice/devlink/health.c) stays.
 */

/* lib/vsprintf.c */
int kptr_restrict __read_mostly;
EXPORT_SYMBOL_FOR_MODULES(kptr_restrict, "printf_kunit");

/* drivers/w1/w1.c */
static ssize_t w1_master_attribute_show_pointer(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct w1_master *md = dev_to_w1_master(dev);
	ssize_t count;

	mutex_lock(&md->mutex);
	count = sysfs_emit(buf, "0x%p\n", md->bus_master);
	mutex_unlock(&md->mutex);
	return count;
}

/* drivers/android/binder.c */
static void print_binder_work_ilocked(struct seq_file *m,
				     struct binder_proc *proc,
				     const char *prefix,
				     const char *transaction_prefix,
				     struct binder_work *w, bool hash_ptrs)
{
	struct binder_node *node;

	switch (w->type) {
	case BINDER_WORK_NODE:
		node = container_of(w, struct binder_node, work);
		if (hash_ptrs)
			seq_printf(m, "%snode work %d: u%p c%p\n",
				   prefix, node->debug_id,
				   (void *)(long)node->ptr,
				   (void *)(long)node->cookie);
		else
			seq_printf(m, "%snode work %d: u%016llx c%016llx\n",
				   prefix, node->debug_id,
				   (u64)node->ptr, (u64)node->cookie);
		break;
	default:
		seq_printf(m, "%sunknown work: type %d\n",
			   prefix, w->type);
		break;
	}
}

/* fs/dlm/debug_fs.c */
static void print_format3(struct dlm_rsb *r, struct seq_file *s)
{
	struct dlm_lkb *lkb;
	int i, lvblen = r->res_ls->ls_lvblen;
	int print_name = 1;

	lock_rsb(r);

	seq_printf(s, "rsb %p %d %x %lx %d %d %u %d ",
		   r,
		   r->res_nodeid,
		   r->res_first_lkid,
		   r->res_flags,
		   !list_empty(&r->res_root_list),
		   !list_empty(&r->res_recover_list),
		   r->res_recover_locks_count,
		   r->res_length);
	unlock_rsb(r);
}

/* drivers/net/ethernet/intel/ice/devlink/health.c */
static void ice_fmsg_put_ptr(struct devlink_fmsg *fmsg, const char *name,
			     void *ptr)
{
	char buf[sizeof(ptr) * 3];

	sprintf(buf, "%p", ptr);
	devlink_fmsg_put(fmsg, name, buf);
}
