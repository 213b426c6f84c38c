/* Golden case: IS_ENABLED(), as include/linux/kconfig.h of 3.16 defines it. */
#define IS_ENABLED(option) \
	(config_enabled(option) || config_enabled(option##_MODULE))
