// SPDX-License-Identifier: GPL-2.0-only
/* Root's everyday work as an administrator does it, with the system's own tools: links of
 * each common kind, IPsec states, loop-mounted images of four filesystems, modprobe by hand.
 * Each undoes what it made. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sys_cmd.h"
#include "workload.h"

#define T 60 /* seconds a command may take under TCG */

static enum hb_verdict all_ok(const char *const *const cmds[])
{
	int bad = 0;

	for (int i = 0; cmds[i]; i++)
		bad += wl_cmd(cmds[i], T) != 0;
	return bad ? HB_FAIL : HB_PASS;
}

/* Makes a link with MAKE, checks it is there, deletes the links of DEL. */
static enum hb_verdict link_case(const char *const *const make[], const char *check,
				 const char *const del[])
{
	char path[64];
	int bad = 0;

	for (int i = 0; make[i]; i++)
		bad += wl_cmd(make[i], T) != 0;
	snprintf(path, sizeof(path), "/sys/class/net/%s", check);
	if (access(path, F_OK) != 0) {
		ktap_diag("%s is not there", check);
		bad++;
	}
	for (int i = 0; del[i]; i++) {
		const char *argv[] = { "ip", "link", "del", del[i], NULL };

		wl_cmd(argv, T);
	}
	return bad ? HB_FAIL : HB_PASS;
}

enum hb_verdict wl_admin_link_bridge(void)
{
	const char *add[] = { "ip", "link", "add", "hbabr", "type", "bridge", NULL };
	const char *const *make[] = { add, NULL };
	const char *del[] = { "hbabr", NULL };

	return link_case(make, "hbabr", del);
}

enum hb_verdict wl_admin_link_vlan(void)
{
	const char *parent[] = { "ip", "link", "add", "hbadm", "type", "dummy", NULL };
	const char *vlan[] = { "ip", "link", "add", "link", "hbadm", "name", "hbavl", "type",
			       "vlan", "id", "7", NULL };
	const char *const *make[] = { parent, vlan, NULL };
	const char *del[] = { "hbavl", "hbadm", NULL };

	return link_case(make, "hbavl", del);
}

enum hb_verdict wl_admin_link_veth(void)
{
	const char *add[] = { "ip", "link", "add", "hbave0", "type", "veth", "peer", "name",
			      "hbave1", NULL };
	const char *const *make[] = { add, NULL };
	const char *del[] = { "hbave0", NULL };

	return link_case(make, "hbave1", del);
}

/* VNI 43: 42 is systemd-networkd's hbvx0, and a VNI is taken once per port. */
enum hb_verdict wl_admin_link_vxlan(void)
{
	const char *add[] = { "ip", "link", "add", "hbavx", "type", "vxlan", "id", "43",
			      "dstport", "4789", "local", "192.0.2.1", NULL };
	const char *const *make[] = { add, NULL };
	const char *del[] = { "hbavx", NULL };

	return link_case(make, "hbavx", del);
}

#define KEY_ENC "0x00112233445566778899aabbccddeeff"
#define KEY_AUTH "0x00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"

/* An ESP state in tunnel mode, AES-CBC with HMAC-SHA256: what an IPsec daemon installs. */
static enum hb_verdict esp_case(const char *src, const char *dst)
{
	const char *add[] = { "ip", "xfrm", "state", "add", "src", src, "dst", dst, "proto", "esp",
			      "spi", "0x100", "mode", "tunnel", "enc", "cbc(aes)", KEY_ENC,
			      "auth-trunc", "hmac(sha256)", KEY_AUTH, "128", NULL };
	const char *list[] = { "ip", "xfrm", "state", "list", NULL };
	const char *flush[] = { "ip", "xfrm", "state", "flush", NULL };
	static char out[4096];
	int ok = wl_cmd(add, T) == 0 && wl_cmd_out(list, T, out, sizeof(out)) == 0 &&
		 strstr(out, "proto esp spi 0x00000100");

	if (!ok)
		ktap_diag("the state is not listed");
	wl_cmd(flush, T);
	return ok ? HB_PASS : HB_FAIL;
}

enum hb_verdict wl_admin_xfrm_esp4(void)
{
	return esp_case("192.0.2.1", "192.0.2.2");
}

enum hb_verdict wl_admin_xfrm_esp6(void)
{
	return esp_case("2001:db8::1", "2001:db8::2");
}

/* Loop-mounts IMAGE (made by the MAKE commands) as TYPE, read-only, and checks /proc/mounts. */
static enum hb_verdict mount_case(const char *const *const make[], const char *image,
				  const char *type)
{
	char dir[64], mounts[8192] = "", want[96];
	const char *mnt[] = { "mount", "-o", "loop,ro", "-t", type, image, dir, NULL };
	const char *umnt[] = { "umount", dir, NULL };
	FILE *f;
	int bad = 0, mounted;

	snprintf(dir, sizeof(dir), "/mnt/hb-%s", type);
	mkdir(dir, 0755);
	for (int i = 0; make[i]; i++)
		bad += wl_cmd(make[i], T) != 0;
	bad += wl_cmd(mnt, T) != 0;
	f = fopen("/proc/mounts", "re");
	if (f) {
		size_t n = fread(mounts, 1, sizeof(mounts) - 1, f);

		mounts[n] = '\0';
		fclose(f);
	}
	snprintf(want, sizeof(want), " %s %s ", dir, type);
	mounted = strstr(mounts, want) != NULL;
	ktap_diag("%s on %s: %s", type, dir, mounted ? "mounted" : "not mounted");
	if (mounted)
		wl_cmd(umnt, T);
	unlink(image);
	return !bad && mounted ? HB_PASS : HB_FAIL;
}

enum hb_verdict wl_admin_mount_ext4(void)
{
	const char *mk[] = { "mke2fs", "-q", "-F", "-t", "ext4", "-d", "/etc/systemd",
			     "/var/tmp/hb.ext4", "8M", NULL };
	const char *const *make[] = { mk, NULL };

	return mount_case(make, "/var/tmp/hb.ext4", "ext4");
}

enum hb_verdict wl_admin_mount_vfat(void)
{
	const char *mk[] = { "mkfs.vfat", "-C", "/var/tmp/hb.vfat", "8192", NULL };
	const char *const *make[] = { mk, NULL };

	unlink("/var/tmp/hb.vfat"); /* mkfs.vfat -C refuses an existing file */
	return mount_case(make, "/var/tmp/hb.vfat", "vfat");
}

enum hb_verdict wl_admin_mount_iso9660(void)
{
	const char *mk[] = { "xorriso", "-as", "mkisofs", "-quiet", "-o", "/var/tmp/hb.iso",
			     "/etc/systemd", NULL };
	const char *const *make[] = { mk, NULL };

	return mount_case(make, "/var/tmp/hb.iso", "iso9660");
}

enum hb_verdict wl_admin_mount_squashfs(void)
{
	const char *mk[] = { "mksquashfs", "/etc/systemd", "/var/tmp/hb.sqfs", "-quiet",
			     "-noappend", "-no-progress", NULL };
	const char *const *make[] = { mk, NULL };

	return mount_case(make, "/var/tmp/hb.sqfs", "squashfs");
}

/* modprobe by hand, the way an administrator loads a module nothing autoloads: tun. */
enum hb_verdict wl_admin_modprobe(void)
{
	const char *unload[] = { "modprobe", "-r", "-q", "tun", NULL };
	const char *load[] = { "modprobe", "tun", NULL };
	const char *const *cmds[] = { load, NULL };
	enum hb_verdict v;

	wl_cmd(unload, T);
	v = all_ok(cmds);
	if (access("/sys/module/tun", F_OK) != 0) {
		ktap_diag("tun is not loaded");
		v = HB_FAIL;
	}
	return v;
}
