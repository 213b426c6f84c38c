/* sound/core/seq_device.c, 6.1, as modules_restrict leaves it: a task's autoload
 * request acts for the task. */
/*
 * load all registered drivers (called from seq_clientmgr.c)
 */

#ifdef CONFIG_MODULES
/* flag to block auto-loading */
static atomic_t snd_seq_in_init = ATOMIC_INIT(1); /* blocked as default */

static int request_seq_drv(struct device *dev, void *data)
{
	struct snd_seq_device *sdev = to_seq_dev(dev);

	if (!dev->driver)
		request_module("snd-%s", sdev->id);
	return 0;
}

static void autoload_drivers(struct work_struct *work)
{
	/* avoid reentrance */
	if (atomic_inc_return(&snd_seq_in_init) == 1)
		bus_for_each_dev(&snd_seq_bus_type, NULL, NULL,
				 request_seq_drv);
	atomic_dec(&snd_seq_in_init);
}

static DECLARE_WORK(autoload_work, autoload_drivers);

static void queue_autoload_drivers(void)
{
	schedule_work(&autoload_work);
}

void snd_seq_autoload_init(void)
{
	atomic_dec(&snd_seq_in_init);
#ifdef CONFIG_SND_SEQUENCER_MODULE
	/* initial autoload only when snd-seq is a module */
	queue_autoload_drivers();
#endif
}
EXPORT_SYMBOL(snd_seq_autoload_init);

void snd_seq_autoload_exit(void)
{
	atomic_inc(&snd_seq_in_init);
}
EXPORT_SYMBOL(snd_seq_autoload_exit);

/*
 * kernel.modules_restrict: the autoload a task asks for here runs in a work
 * item, with the kernel's credentials.  It runs in one of its own instead,
 * which acts for the task, so that its requests are judged as the task's;
 * then an autoload of a new device that was under way is waited for too.
 */
struct autoload_request {
	struct work_struct work;
	struct kmod_requester *requester;
};

static void autoload_drivers_for(struct work_struct *work)
{
	struct autoload_request *req;

	req = container_of(work, struct autoload_request, work);
	kmod_act_for(req->requester);
	autoload_drivers(work);
	kmod_act_done(req->requester);
}

void snd_seq_device_load_drivers(void)
{
	struct autoload_request req = {
		.requester = kmod_requester_get(),
	};

	if (IS_ERR(req.requester))
		return;
	INIT_WORK_ONSTACK(&req.work, autoload_drivers_for);
	schedule_work(&req.work);
	flush_work(&req.work);
	flush_work(&autoload_work);
	destroy_work_on_stack(&req.work);
	kmod_requester_put(req.requester);
}
EXPORT_SYMBOL(snd_seq_device_load_drivers);

static inline void cancel_autoload_drivers(void)
{
	cancel_work_sync(&autoload_work);
}
#else
static inline void queue_autoload_drivers(void)
{
}

static inline void cancel_autoload_drivers(void)
{
}
#endif
