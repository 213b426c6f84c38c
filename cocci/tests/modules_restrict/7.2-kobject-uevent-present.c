/* lib/kobject_uevent.c, 7.2, as modules_restrict leaves it: kernel.hotplug
 * guarded already. */
#ifdef CONFIG_UEVENT_HELPER
char uevent_helper[UEVENT_HELPER_PATH_LEN] = CONFIG_UEVENT_HELPER_PATH;
#endif

#ifdef CONFIG_UEVENT_HELPER
static int modules_restrict_hotplug_sysctl(const struct ctl_table *table,
					   int write, void *buffer,
					   size_t *lenp, loff_t *ppos)
{
	/*
	 * kernel.hotplug, the uevent helper: it runs as full root at every
	 * uevent, see modules_restrict_program_lock().
	 */
	int ret;

	if (!write)
		return proc_dostring(table, write, buffer, lenp, ppos);
	ret = modules_restrict_program_lock();
	if (ret)
		return ret;
	ret = proc_dostring(table, write, buffer, lenp, ppos);
	modules_restrict_program_unlock();
	return ret;
}

static const struct ctl_table uevent_helper_sysctl_table[] = {
	{
		.procname	= "hotplug",
		.data		= &uevent_helper,
		.maxlen		= UEVENT_HELPER_PATH_LEN,
		.mode		= 0644,
		.proc_handler	= modules_restrict_hotplug_sysctl,
	},
};

static int __init init_uevent_helper_sysctl(void)
{
	register_sysctl_init("kernel", uevent_helper_sysctl_table);
	return 0;
}

postcore_initcall(init_uevent_helper_sysctl);
#endif
