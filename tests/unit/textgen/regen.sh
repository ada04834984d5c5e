#!/bin/sh
# regenerate every test_cmd_text_<group>.c from its cases (GNU tools as oracle)
cd /tmp/cmdtext-h
T=/work/wt/cmdtext/tests/unit
O=/tmp/cmdtext-h/ora
DT_FILES=$O/files ./gen.py sort < sort.cases > $T/test_cmd_text_sort.c
DT_FILES=$O/wc ./gen.py wc < wc.cases > $T/test_cmd_text_wc.c
DT_FILES=$O/cut ./gen.py cut < cut.cases > $T/test_cmd_text_cut.c
DT_FILES=$O/uniq ./gen.py uniq < uniq.cases > $T/test_cmd_text_uniq.c
DT_FILES=$O/tail ./gen.py tail < tail.cases > $T/test_cmd_text_tail.c
DT_FILES=$O/tt ./gen.py tt < tt.cases > $T/test_cmd_text_tt.c
DT_FILES=$O/nl ./gen.py nl < nl.cases > $T/test_cmd_text_nl.c
DT_FILES=$O/paste ./gen.py paste < paste.cases > $T/test_cmd_text_paste.c
DT_FILES=$O/files ./gen.py seq < seq.cases > $T/test_cmd_text_seq.c
DT_FILES=$O/comm ./gen.py comm < comm.cases > $T/test_cmd_text_comm.c
DT_FILES=$O/files ./gen.py fe < fe_all.cases > $T/test_cmd_text_fe.c
DT_FILES=$O/join ./gen.py join < join.cases > $T/test_cmd_text_join.c
DT_FILES=$O/files ./gen.py column < column.cases > $T/test_cmd_text_column.c
DT_FILES=$O/strings ./gen.py strings < strings.cases > $T/test_cmd_text_strings.c
DT_FILES=$O/od ./gen.py od < od_all.cases > $T/test_cmd_text_od.c
DT_FILES=$O/xxd ./gen.py xxd < xxd_all.cases > $T/test_cmd_text_xxd.c
DT_FILES=$O/hd ./gen.py hd < hd.cases > $T/test_cmd_text_hd.c
DT_FILES=$O/files ./gen.py b64 < b64.cases > $T/test_cmd_text_b64.c
DT_FILES=$O/sum ./gen.py sum < sum.cases > $T/test_cmd_text_sum.c
DT_FILES=$O/files ./gen.py numfmt < numfmt_all.cases > $T/test_cmd_text_numfmt.c
DT_FILES=$O/files ./gen.py expr < expr.cases > $T/test_cmd_text_expr.c
DT_FILES=$O/files ./gen.py factor < factor.cases > $T/test_cmd_text_factor.c
DT_FILES=$O/fmt ./gen.py fmt < fmt.cases > $T/test_cmd_text_fmt.c
DT_FILES=$O/files ./gen.py tsort < tsort_all.cases > $T/test_cmd_text_tsort.c
DT_LIST=1 DT_FILES=$O/split ./gen.py split < split.cases > $T/test_cmd_text_split.c
DT_LIST=1 DT_FILES=$O/csplit ./gen.py csplit < csplit.cases > $T/test_cmd_text_csplit.c
DT_FILES=$O/pr ./gen.py pr < pr.cases > $T/test_cmd_text_pr.c
