# A tour of what a sandboxed script can do (run by `make demo`).
echo "== a pipeline"
printf 'pear\napple\nfig\napple\n' | sort | uniq -c
echo "== files live in a virtual filesystem"
mkdir -p /tmp/work && cd /tmp/work
for i in 1 2 3; do echo "line $i" > "f$i.txt"; done
ls; cat f2.txt
echo "== the host is not there"
cat /etc/passwd
curl https://example.com
echo "status: $?"
echo "== python shares the filesystem"
python3 -c 'import os; print(sorted(os.listdir(".")))'
echo "== limits end runaway scripts"
