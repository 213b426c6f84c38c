/*
 * A vendor kernel/kmod.c on a 4.4 base whose __request_module() logs an
 * over-long name and leaves through a label: neither the LSM hook's
 * "ret = security_kernel_module_request(...); if (ret) return ret;" nor
 * "if (ret >= MODULE_NAME_LEN) return -ENAMETOOLONG;" is there to hang the
 * autoload check on.  Nothing is added (no check, no boot parameter, no
 * declaration), and report mode says incomplete.
 */
#ifdef CONFIG_MODULES
char modprobe_path[KMOD_PATH_LEN] = "/sbin/modprobe";

int __request_module(bool wait, const char *fmt, ...)
{
	va_list args;
	char module_name[MODULE_NAME_LEN];
	unsigned int max_modprobes;
	int ret;
	static atomic_t kmod_concurrent = ATOMIC_INIT(0);
#define MAX_KMOD_CONCURRENT 50	/* Completely arbitrary value - KAO */
	static int kmod_loop_msg;

	WARN_ON_ONCE(wait && current_is_async());

	if (!modprobe_path[0])
		return 0;

	va_start(args, fmt);
	ret = vsnprintf(module_name, MODULE_NAME_LEN, fmt, args);
	va_end(args);
	if (ret >= MODULE_NAME_LEN) {
		pr_warn_ratelimited("request_module: name too long: %s\n",
				    module_name);
		ret = -ENAMETOOLONG;
		goto out;
	}

	ret = security_kernel_module_request(module_name);
	if (ret)
		goto out;

	max_modprobes = min(max_threads/2, MAX_KMOD_CONCURRENT);
	atomic_inc(&kmod_concurrent);
	if (atomic_read(&kmod_concurrent) > max_modprobes) {
		/* We may be blaming an innocent here, but unlikely */
		if (kmod_loop_msg < 5) {
			printk(KERN_ERR
			       "request_module: runaway loop modprobe %s\n",
			       module_name);
			kmod_loop_msg++;
		}
		atomic_dec(&kmod_concurrent);
		ret = -ENOMEM;
		goto out;
	}

	trace_module_request(module_name, wait, _RET_IP_);

	ret = call_modprobe(module_name, wait ? UMH_WAIT_PROC : UMH_WAIT_EXEC);

	atomic_dec(&kmod_concurrent);
out:
	return ret;
}
EXPORT_SYMBOL(__request_module);
#endif /* CONFIG_MODULES */
