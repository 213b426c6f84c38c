/* lib/kobject_uevent.c, 7.2: kernel.hotplug's own const table (moved from
 * kernel/sysctl.c after 6.12); no handler defined in the file: the current types. */
#ifdef CONFIG_UEVENT_HELPER
char uevent_helper[UEVENT_HELPER_PATH_LEN] = CONFIG_UEVENT_HELPER_PATH;
#endif

#ifdef CONFIG_UEVENT_HELPER
static const struct ctl_table uevent_helper_sysctl_table[] = {
	{
		.procname	= "hotplug",
		.data		= &uevent_helper,
		.maxlen		= UEVENT_HELPER_PATH_LEN,
		.mode		= 0644,
		.proc_handler	= proc_dostring,
	},
};

static int __init init_uevent_helper_sysctl(void)
{
	register_sysctl_init("kernel", uevent_helper_sysctl_table);
	return 0;
}

postcore_initcall(init_uevent_helper_sysctl);
#endif
