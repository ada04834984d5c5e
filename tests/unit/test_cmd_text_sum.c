/* test_cmd_text_sum.c — cksum, md5sum, sha1sum, sha224sum, sha256sum, sha384sum, sha512sum: expectations produced by the GNU tools
 * (LC_ALL=C) on the same input; see texttest.h. */
#include "texttest.h"

SK_CMD("cksum", cmd_cksum, "");
SK_CMD("md5sum", cmd_md5sum, "");
SK_CMD("sha1sum", cmd_sha1sum, "");
SK_CMD("sha224sum", cmd_sha224sum, "");
SK_CMD("sha256sum", cmd_sha256sum, "");
SK_CMD("sha384sum", cmd_sha384sum, "");
SK_CMD("sha512sum", cmd_sha512sum, "");

static void sum_files(cmdtest *t)
{
    sk_vfs_write_file(&t->vfs, "/home/user", "a", "aaa", 3, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "b", "bbb", 3, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "bad.md5", "47bce5c74f589f4867dbd57e9ca9f808  a\n00000000000000000000000000000000  b\ngarbage line\nd41d8cd98f00b204e9800998ecf8427e  missing\n", 127, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "c.sum", "SHA256 (a) = 9834876dcfb05cb167a5c24953eba58c4ac89b1adf57f28f2f9d09af107ee8f0\n", 78, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "esc.md5", "\\9dd4e461268c8034f5c8564e155c67a6  n\\nl\n", 40, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "good.md5", "47bce5c74f589f4867dbd57e9ca9f808  a\n08f8e0260c64418510cefb2b06eee5cd  b\n", 72, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "n\nl", "x", 1, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "nl", "x", 1, 0644);
    sk_vfs_write_file(&t->vfs, "/home/user", "tag.sha", "SHA256 (a) = 9834876dcfb05cb167a5c24953eba58c4ac89b1adf57f28f2f9d09af107ee8f0\n", 78, 0644);
}

TEST(cmd_text_sum_1)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    sum_files(&t);
    TX(&t, cmd_md5sum, "hello", "5d41402abc4b2a76b9719d911017c592  -\n", 0, "", "md5sum");
    TX(&t, cmd_sha1sum, "hello", "aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d  -\n", 0, "", "sha1sum");
    TX(&t, cmd_sha256sum, "hello", "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824  -\n", 0, "", "sha256sum");
    TX(&t, cmd_md5sum, "", "d41d8cd98f00b204e9800998ecf8427e  -\n", 0, "", "md5sum");
    TX(&t, cmd_sha256sum, "hello\n", "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03  -\n", 0, "", "sha256sum");
    TX(&t, cmd_sha224sum, "hello\n", "2d6d67d91d0badcdd06cbbba1fe11538a68a37ec9c2e26457ceff12b  -\n", 0, "", "sha224sum");
    TX(&t, cmd_sha384sum, "hello\n", "1d0f284efe3edea4b9ca3bd514fa134b17eae361ccc7a1eefeff801b9bd6604e01f21f6bf249ef030599f0c218f2ba8c  -\n", 0, "", "sha384sum");
    TX(&t, cmd_sha512sum, "hello\n", "e7c22b994c59d9cf2b48e549b1e24666636045930d3da7c1acb299d1c3b7f931f94aae41edda2c2b207a36e10f8bcb8d45223e54878f5b316e7ce3b6bc019629  -\n", 0, "", "sha512sum");
    TX(&t, cmd_sha512sum, "", "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e  -\n", 0, "", "sha512sum");
    TX(&t, cmd_sha384sum, "", "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b  -\n", 0, "", "sha384sum");
    TX(&t, cmd_md5sum, "", "47bce5c74f589f4867dbd57e9ca9f808  a\n08f8e0260c64418510cefb2b06eee5cd  b\n", 0, "", "md5sum", "a", "b");
    TX(&t, cmd_md5sum, "", "", 1, "md5sum: /tmp/nonexistent.txt: No such file or directory\n", "md5sum", "/tmp/nonexistent.txt");
    TX(&t, cmd_sha256sum, "", "", 1, "sha256sum: 'standard input': no properly formatted checksum lines found\n", "sha256sum", "-c");
    TX(&t, cmd_md5sum, "", "a: OK\nb: OK\n", 0, "", "md5sum", "-c", "good.md5");
    TX(&t, cmd_md5sum, "", "a: OK\nb: FAILED\nmissing: FAILED open or read\n", 1, "md5sum: missing: No such file or directory\nmd5sum: WARNING: 1 line is improperly formatted\nmd5sum: WARNING: 1 listed file could not be read\nmd5sum: WARNING: 1 computed checksum did NOT match\n", "md5sum", "-c", "bad.md5");
    TX(&t, cmd_md5sum, "", "b: FAILED\nmissing: FAILED open or read\n", 1, "md5sum: missing: No such file or directory\nmd5sum: WARNING: 1 line is improperly formatted\nmd5sum: WARNING: 1 listed file could not be read\nmd5sum: WARNING: 1 computed checksum did NOT match\n", "md5sum", "-c", "--quiet", "bad.md5");
    TX(&t, cmd_md5sum, "", "", 1, "md5sum: missing: No such file or directory\n", "md5sum", "-c", "--status", "bad.md5");
    TX(&t, cmd_md5sum, "", "a: OK\nb: FAILED\nmissing: FAILED open or read\n", 1, "md5sum: bad.md5: 3: improperly formatted MD5 checksum line\nmd5sum: missing: No such file or directory\nmd5sum: WARNING: 1 line is improperly formatted\nmd5sum: WARNING: 1 listed file could not be read\nmd5sum: WARNING: 1 computed checksum did NOT match\n", "md5sum", "-c", "-w", "bad.md5");
    TX(&t, cmd_md5sum, "", "a: OK\nb: OK\n", 0, "", "md5sum", "-c", "--strict", "good.md5");
    TX(&t, cmd_md5sum, "", "a: OK\nb: FAILED\nmissing: FAILED open or read\n", 1, "md5sum: missing: No such file or directory\nmd5sum: WARNING: 1 line is improperly formatted\nmd5sum: WARNING: 1 listed file could not be read\nmd5sum: WARNING: 1 computed checksum did NOT match\n", "md5sum", "-c", "--strict", "bad.md5");
    TX(&t, cmd_md5sum, "", "a: OK\nb: FAILED\n", 1, "md5sum: WARNING: 1 line is improperly formatted\nmd5sum: WARNING: 1 computed checksum did NOT match\n", "md5sum", "-c", "--ignore-missing", "bad.md5");
    TX(&t, cmd_sha256sum, "", "a: OK\n", 0, "", "sha256sum", "-c", "tag.sha");
    TX(&t, cmd_md5sum, "", "", 1, "md5sum: tag.sha: no properly formatted checksum lines found\n", "md5sum", "-c", "tag.sha");
    TX(&t, cmd_md5sum, "", "9dd4e461268c8034f5c8564e155c67a6  nl\n47bce5c74f589f4867dbd57e9ca9f808  a\n", 0, "", "md5sum", "nl", "a");
    TX(&t, cmd_md5sum, "", "MD5 (nl) = 9dd4e461268c8034f5c8564e155c67a6\n", 0, "", "md5sum", "--tag", "nl");
    cmdtest_free(&t);
}

TEST(cmd_text_sum_2)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    sum_files(&t);
    TX(&t, cmd_md5sum, "", "47bce5c74f589f4867dbd57e9ca9f808 *a\n", 0, "", "md5sum", "-b", "a");
    TX(&t, cmd_md5sum, "", "47bce5c74f589f4867dbd57e9ca9f808  a\x00", 0, "", "md5sum", "-z", "a");
    TX(&t, cmd_md5sum, "x\n", "", 1, "md5sum: 'standard input': no properly formatted checksum lines found\n", "md5sum", "-c");
    TX(&t, cmd_md5sum, "", "", 1, "md5sum: nofile: No such file or directory\n", "md5sum", "-c", "nofile");
    TX(&t, cmd_md5sum, "", "47bce5c74f589f4867dbd57e9ca9f808  a\n", 1, "md5sum: /tmp: Is a directory\nmd5sum: nofile: No such file or directory\n", "md5sum", "/tmp", "nofile", "a");
    TX(&t, cmd_md5sum, "", "", 1, "md5sum: the --tag option is meaningless when verifying checksums\nTry 'md5sum --help' for more information.\n", "md5sum", "--tag", "-c", "good.md5");
    TX(&t, cmd_md5sum, "", "", 1, "md5sum: the --quiet option is meaningful only when verifying checksums\nTry 'md5sum --help' for more information.\n", "md5sum", "--quiet", "a");
    TX(&t, cmd_cksum, "", "3929084708 3 a\n4207151888 3 b\n", 0, "", "cksum", "a", "b");
    TX(&t, cmd_cksum, "hello\n", "3015617425 6\n", 0, "", "cksum");
    TX(&t, cmd_cksum, "", "MD5 (a) = 47bce5c74f589f4867dbd57e9ca9f808\n", 0, "", "cksum", "-a", "md5", "a");
    TX(&t, cmd_cksum, "", "47bce5c74f589f4867dbd57e9ca9f808  a\n", 0, "", "cksum", "-a", "md5", "--untagged", "a");
    TX(&t, cmd_cksum, "", "49321     1 a\n", 0, "", "cksum", "-a", "bsd", "a");
    TX(&t, cmd_cksum, "", "291 1 a\n", 0, "", "cksum", "-a", "sysv", "a");
    TX(&t, cmd_cksum, "hi", "00157     1\n", 0, "", "cksum", "-a", "bsd");
    TX(&t, cmd_cksum, "hi", "209 1\n", 0, "", "cksum", "-a", "sysv");
    TX(&t, cmd_cksum, "", "a: OK\n", 0, "", "cksum", "-c", "c.sum");
    TX(&t, cmd_cksum, "", "", 1, "cksum: invalid argument 'foo' for '--algorithm'\nValid arguments are:\n  - 'bsd'\n  - 'sysv'\n  - 'crc'\n  - 'md5'\n  - 'sha1'\n  - 'sha224'\n  - 'sha256'\n  - 'sha384'\n  - 'sha512'\n  - 'blake2b'\n  - 'sm3'\nTry 'cksum --help' for more information.\n", "cksum", "-a", "foo", "a");
    TX(&t, cmd_cksum, "", "", 1, "cksum: a: no properly formatted checksum lines found\n", "cksum", "-c", "a");
    TX(&t, cmd_cksum, "", "", 1, "cksum: nofile: No such file or directory\n", "cksum", "nofile");
    TX(&t, cmd_cksum, "", "4294967295 0\n", 0, "", "cksum");
    TX(&t, cmd_sha1sum, "", "SHA1 (a) = 7e240de74fb1ed08fa08d38063f6a6a91462a815\nSHA1 (b) = 5cb138284d431abd6a053a56625ec088bfb88912\n", 0, "", "sha1sum", "--tag", "a", "b");
    TX(&t, cmd_sha512sum, "", "SHA512 (a) = d6f644b19812e97b5d871658d6d3400ecd4787faeb9b8990c1e7608288664be77257104a58d033bcf1a0e0945ff06468ebe53e2dff36e248424c7273117dac09\n", 0, "", "sha512sum", "--tag", "a");
    TX(&t, cmd_md5sum, "47bce5c74f589f4867dbd57e9ca9f808  a\n", "a: OK\n", 0, "", "md5sum", "-c", "-");
    TX(&t, cmd_md5sum, "47bce5c74f589f4867dbd57e9ca9f808 *a\n", "a: OK\n", 0, "", "md5sum", "-c");
    TX(&t, cmd_md5sum, "MD5 (a) = 47bce5c74f589f4867dbd57e9ca9f808\n", "a: OK\n", 0, "", "md5sum", "-c");
    cmdtest_free(&t);
}

TEST(cmd_text_sum_3)
{
    cmdtest t;
    if (cmdtest_init(&t)) { CHECK(0); return; }
    sum_files(&t);
    TX(&t, cmd_md5sum, "# comment\n47BCE5C74F589F4867DBD57E9CA9F808  a\n", "a: OK\n", 0, "", "md5sum", "-c");
    TX(&t, cmd_md5sum, "47bce5c74f589f4867dbd57e9ca9f808  a\x0d\n", "a: OK\n", 0, "", "md5sum", "-c");
    TX(&t, cmd_md5sum, "47bce5c74f589f4867dbd57e9ca9f80  a\n", "", 1, "md5sum: 'standard input': no properly formatted checksum lines found\n", "md5sum", "-c");
    TX(&t, cmd_md5sum, "47bce5c74f589f4867dbd57e9ca9f808  nofile\n", "", 1, "md5sum: 'standard input': no file was verified\n", "md5sum", "-c", "--ignore-missing");
    TX(&t, cmd_md5sum, "", "\\n\\nl: OK\n", 0, "", "md5sum", "-c", "esc.md5");
    TX(&t, cmd_md5sum, "", "47bce5c74f589f4867dbd57e9ca9f808  a\n", 0, "", "md5sum", "-t", "a");
    TX(&t, cmd_md5sum, "", "", 1, "md5sum: --tag does not support --text mode\nTry 'md5sum --help' for more information.\n", "md5sum", "--tag", "-t", "a");
    TX(&t, cmd_cksum, "", "", 1, "cksum: --check is not supported with --algorithm={bsd,sysv,crc}\n", "cksum", "-a", "crc", "-c", "c.sum");
    TX(&t, cmd_md5sum, "", "", 1, "md5sum: invalid option -- 'x'\nTry 'md5sum --help' for more information.\n", "md5sum", "-x");
    TX(&t, cmd_sha1sum, "", "", 1, "sha1sum: the --status option is meaningful only when verifying checksums\nTry 'sha1sum --help' for more information.\n", "sha1sum", "--status", "a");
    cmdtest_free(&t);
}

