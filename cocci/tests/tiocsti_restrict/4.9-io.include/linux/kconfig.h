/* Golden case: IS_ENABLED(), as include/linux/kconfig.h of 4.9.154 defines it. */
#define IS_ENABLED(option) __or(IS_BUILTIN(option), IS_MODULE(option))
