/* Golden case: IS_ENABLED(), as include/linux/kconfig.h of 4.4.155 defines it. */
#define IS_ENABLED(option) \
	(IS_BUILTIN(option) || IS_MODULE(option))
