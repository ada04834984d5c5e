/* hash.h — message digests for the checksum commands (md5sum, sha*sum,
 * cksum -a): MD5 (RFC 1321), SHA-1, SHA-224/256, SHA-384/512 (FIPS 180-4).
 * Written from the specifications; no state outside the contexts. */
#ifndef SK_CMD_HASH_H
#define SK_CMD_HASH_H

#include <stddef.h>
#include <stdint.h>

typedef struct hash_md5 {
    uint32_t h[4];
    uint64_t len;
    unsigned char buf[64];
    size_t n;
} hash_md5;

typedef struct hash_sha1 {
    uint32_t h[5];
    uint64_t len;
    unsigned char buf[64];
    size_t n;
} hash_sha1;

typedef struct hash_sha256 {
    uint32_t h[8];
    uint64_t len;
    unsigned char buf[64];
    size_t n;
    int out_len;            /* 28 for SHA-224, 32 for SHA-256 */
} hash_sha256;

typedef struct hash_sha512 {
    uint64_t h[8];
    uint64_t len;           /* bytes; inputs stay far below 2^64 */
    unsigned char buf[128];
    size_t n;
    int out_len;            /* 48 for SHA-384, 64 for SHA-512 */
} hash_sha512;

typedef union hash_ctx {
    hash_md5 md5;
    hash_sha1 sha1;
    hash_sha256 sha256;
    hash_sha512 sha512;
} hash_ctx;

typedef struct hash_algo {
    const char *name;       /* "md5", "sha1", ... */
    const char *tag;        /* "MD5", "SHA1", "SHA256" ... (BSD-style --tag) */
    int digest_len;         /* bytes */
    void (*init)(hash_ctx *c);
    void (*update)(hash_ctx *c, const void *p, size_t n);
    void (*final)(hash_ctx *c, unsigned char *out);
} hash_algo;

void hash_md5_init(hash_ctx *c);
void hash_md5_update(hash_ctx *c, const void *p, size_t n);
void hash_md5_final(hash_ctx *c, unsigned char *out);
void hash_sha1_init(hash_ctx *c);
void hash_sha1_update(hash_ctx *c, const void *p, size_t n);
void hash_sha1_final(hash_ctx *c, unsigned char *out);
void hash_sha224_init(hash_ctx *c);
void hash_sha256_init(hash_ctx *c);
void hash_sha256_update(hash_ctx *c, const void *p, size_t n);
void hash_sha256_final(hash_ctx *c, unsigned char *out);
void hash_sha384_init(hash_ctx *c);
void hash_sha512_init(hash_ctx *c);
void hash_sha512_update(hash_ctx *c, const void *p, size_t n);
void hash_sha512_final(hash_ctx *c, unsigned char *out);

/* By name ("md5", "sha1", "sha224", "sha256", "sha384", "sha512"); NULL if unknown. */
const hash_algo *hash_find(const char *name);

/* POSIX cksum CRC (polynomial 0x04C11DB7, length appended). */
uint32_t hash_crc_update(uint32_t crc, const void *p, size_t n);
uint32_t hash_crc_final(uint32_t crc, uint64_t length);

#endif
