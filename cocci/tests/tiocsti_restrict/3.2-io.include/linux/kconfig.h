/* Golden case: IS_ENABLED(), as include/linux/kconfig.h of 3.2.7 defines it. */
#define IS_ENABLED(option) \
	(__enabled_ ## option || __enabled_ ## option ## _MODULE)
