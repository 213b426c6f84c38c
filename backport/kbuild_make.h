/* One make run in a kernel tree, out of tree (O=), with ccache and -j(CPUs), its output in a
 * log and a progress line every few seconds. */
#ifndef HB_KBUILD_MAKE_H
#define HB_KBUILD_MAKE_H

/* make -C SRC O=OUTDIR -jN CC="ccache gcc" TARGETS... with ENV added; WHAT names it in the
 * progress lines. Returns make's exit status (0 ok). */
int kbuild_make(const char *src, const char *outdir, const char *log, char **env,
		const char *const *targets, const char *what);

#endif
