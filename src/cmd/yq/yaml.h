/* yaml.h — YAML documents to jq values and back, for yq.
 *
 * Reading uses libyaml's event parser; the tree is built here on an
 * explicit stack (no recursion), anchors and aliases are expanded by
 * reference (aliases share the anchored value), and the total size that
 * aliases stand for is capped, so "billion laughs" documents fail with an
 * error instead of exhausting memory.  Merge keys (<<) are applied.
 * Writing is our own emitter in the block style yq prints. */
#ifndef SK_CMD_YQ_YAML_H
#define SK_CMD_YQ_YAML_H

#include "base/buf.h"
#include "cmd/jq/jv.h"

/* Parse every document of text; each is appended to *docs (an array).
 * On a syntax error returns -1 and err holds
 * "did not find expected node content at line 2 column 1, while parsing a flow node". */
int yq_yaml_parse(jvh *h, const char *text, size_t len, jv *docs, sk_buf *err, size_t max_alias_nodes);

typedef struct yq_yaml_outopts {
    int indent;             /* spaces per level (yq -I, default 2) */
    int sort_keys;
} yq_yaml_outopts;

/* Append v as a YAML document body (ends with a newline). */
int yq_yaml_write(jvh *h, sk_buf *out, jv v, const yq_yaml_outopts *o);

#endif
