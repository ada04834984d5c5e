/* numparse.h — number parsing shared by commands (sizes with suffixes). */
#ifndef SK_CMD_NUMPARSE_H
#define SK_CMD_NUMPARSE_H

/* GNU size syntax: digits with an optional multiplier suffix
 * b(512) K/KiB(1024) KB(1000) M MB G GB T TB P PB E EB (also k).  Returns 0,
 * or -1 when malformed or out of range. */
int sk_parse_size(const char *s, long long *out);

#endif
