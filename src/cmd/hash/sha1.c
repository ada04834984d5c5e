/* sha1.c — SHA-1 (FIPS 180-4).  See hash.h. */
#include <string.h>

#include "hash.h"

static uint32_t rol(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

static void sha1_block(hash_sha1 *s, const unsigned char *p)
{
    uint32_t w[80];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 | (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
    for (int i = 16; i < 80; i++) w[i] = rol(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
    uint32_t a = s->h[0], b = s->h[1], c = s->h[2], d = s->h[3], e = s->h[4];
    for (int i = 0; i < 80; i++) {
        uint32_t f, k;
        if (i < 20) { f = (b & c) | (~b & d); k = 0x5a827999; }
        else if (i < 40) { f = b ^ c ^ d; k = 0x6ed9eba1; }
        else if (i < 60) { f = (b & c) | (b & d) | (c & d); k = 0x8f1bbcdc; }
        else { f = b ^ c ^ d; k = 0xca62c1d6; }
        uint32_t t = rol(a, 5) + f + e + k + w[i];
        e = d;
        d = c;
        c = rol(b, 30);
        b = a;
        a = t;
    }
    s->h[0] += a;
    s->h[1] += b;
    s->h[2] += c;
    s->h[3] += d;
    s->h[4] += e;
}

void hash_sha1_init(hash_ctx *c)
{
    hash_sha1 *s = &c->sha1;
    s->h[0] = 0x67452301;
    s->h[1] = 0xefcdab89;
    s->h[2] = 0x98badcfe;
    s->h[3] = 0x10325476;
    s->h[4] = 0xc3d2e1f0;
    s->len = 0;
    s->n = 0;
}

void hash_sha1_update(hash_ctx *c, const void *data, size_t n)
{
    hash_sha1 *s = &c->sha1;
    const unsigned char *p = data;
    s->len += n;
    if (s->n) {
        size_t k = 64 - s->n < n ? 64 - s->n : n;
        memcpy(s->buf + s->n, p, k);
        s->n += k;
        p += k;
        n -= k;
        if (s->n < 64) return;
        sha1_block(s, s->buf);
        s->n = 0;
    }
    for (; n >= 64; p += 64, n -= 64) sha1_block(s, p);
    memcpy(s->buf, p, n);
    s->n = n;
}

void hash_sha1_final(hash_ctx *c, unsigned char *out)
{
    hash_sha1 *s = &c->sha1;
    uint64_t bits = s->len * 8;
    unsigned char pad[72] = { 0x80 };
    size_t padlen = (s->n < 56 ? 56 : 120) - s->n;
    for (int i = 0; i < 8; i++) pad[padlen + (size_t)i] = (unsigned char)(bits >> (56 - 8 * i));
    hash_sha1_update(c, pad, padlen + 8);
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 4; j++) out[4 * i + j] = (unsigned char)(s->h[i] >> (24 - 8 * j));
}
