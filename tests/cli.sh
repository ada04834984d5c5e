#!/bin/sh
# tests/cli.sh BUILD — the CLI as a user runs it.  Each check prints what it
# ran when it fails.  Last line: "N passed, N failed".
set -u
B=${1:-build}
SK="$B/sandkiste"
pass=0
fail=0
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

check() { # name expected-stdout expected-status -- command...
    name=$1 want_out=$2 want_rc=$3
    shift 4
    out=$("$@" 2>"$T/err"); rc=$?
    if [ "$out" = "$want_out" ] && [ "$rc" = "$want_rc" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $name: $*"
        echo "  stdout: $(printf '%s' "$out" | head -c 300)"
        echo "  want:   $want_out"
        echo "  status: $rc (want $want_rc); stderr: $(head -c 300 "$T/err")"
    fi
}
check_err() { # name expected-stderr -- command...
    name=$1 want=$2
    shift 3
    "$@" >/dev/null 2>"$T/err"
    if [ "$(cat "$T/err")" = "$want" ]; then pass=$((pass + 1)); else
        fail=$((fail + 1)); echo "FAIL $name: stderr was: $(head -c 300 "$T/err"), want: $want"; fi
}

check pipeline HELLO 0 -- "$SK" -c 'echo hello | tr a-z A-Z'
check yes_head "y
y" 0 -- timeout 5 "$SK" -c 'yes | head -n 2'
check cat_passwd "" 1 -- "$SK" -c 'cat /etc/passwd'
check_err cat_passwd_msg "cat: /etc/passwd: No such file or directory" -- "$SK" -c 'cat /etc/passwd'
check no_network "" 127 -- "$SK" -c 'curl https://example.com'
check_err no_network_msg "bash: line 1: curl: command not found" -- "$SK" -c 'curl https://example.com'
check exit_status "" 3 -- "$SK" -c 'exit 3'
check args "a b" 0 -- "$SK" -c 'echo "$1 $2"' zero a b
check dollar0 "zero" 0 -- "$SK" -c 'echo "$0"' zero
printf 'echo from-file "$1"\n' > "$T/s.sh"
check script_file "from-file x" 0 -- "$SK" "$T/s.sh" x
check script_stdin "from-stdin" 0 -- sh -c "echo 'echo from-stdin' | $SK"
check stdin_data "IN" 0 -- sh -c "echo in | $SK -c 'tr a-z A-Z'"
check json '{"stdout":"hi\n","stderr":"","exit":0,"end":"normal"}' 0 -- "$SK" --json -c 'echo hi'
check jsonl_fresh '{"stdout":"1\n","stderr":"","exit":0,"end":"normal"}' 0 -- sh -c \
    "printf '%s\n' '{\"script\":\"x=1; echo \$x\"}' | $SK --jsonl | sed 's/,\"us\":[0-9]*//'"
check jsonl_files 'data' 0 -- sh -c \
    "printf '%s\n' '{\"script\":\"cat /tmp/f\",\"files\":{\"/tmp/f\":\"data\"}}' | $SK --jsonl | sed 's/.*\"stdout\":\"\\([^\"]*\\)\".*/\\1/'"
check jsonl_session 'kept' 0 -- sh -c \
    "printf '%s\n%s\n' '{\"script\":\"v=kept\",\"session\":\"s1\"}' '{\"script\":\"echo \$v\",\"session\":\"s1\"}' | $SK --jsonl | tail -n 1 | sed 's/.*\"stdout\":\"\\([^\"\\\\]*\\).*/\\1/'"
check jsonl_stdin 'ABC' 0 -- sh -c \
    "printf '%s\n' '{\"script\":\"tr a-z A-Z\",\"stdin\":\"abc\"}' | $SK --jsonl | sed 's/.*\"stdout\":\"\\([^\"]*\\)\".*/\\1/'"
mkdir -p "$T/in/sub" && printf 'one\n' > "$T/in/a.txt" && printf 'two\n' > "$T/in/sub/b.txt"
check seed "one
two" 0 -- "$SK" --seed "$T/in:/data" -c 'cat /data/a.txt /data/sub/b.txt'
check cwd "/work" 0 -- "$SK" --cwd /work -c 'pwd'
"$SK" --export "/out:$T/out" -c 'mkdir -p /out/d; echo x > /out/d/f; echo y > /out/g' >/dev/null 2>&1
check export "x
y" 0 -- cat "$T/out/d/f" "$T/out/g"
check limits_strict "" 1 -- "$SK" --limits strict -c 'i=0; while true; do i=$((i+1)); done'
check_err limits_loop "bash: resource limit exceeded: max_loop_iterations (limit: 10000)" -- \
    "$SK" --limits strict -c 'for ((i=0;;i++)); do :; done'
check_err limits_commands "bash: resource limit exceeded: max_commands (limit: 10000)" -- \
    "$SK" --limits strict -c 'while true; do :; done'
check bad_option "" 2 -- "$SK" --nope
check python_sum 285 0 -- "$SK" -c 'python3 -c "print(sum(i*i for i in range(10)))"'
check python_exit "a b" 4 -- "$SK" -c 'printf "import sys\nprint(*sys.argv[1:])\nsys.exit(4)\n" > /p.py; python3 /p.py a b'
check_err python_traceback 'Traceback (most recent call last):
  File "<string>", line 3, in <module>
    f(0)
    ~^^^
  File "<string>", line 2, in f
    return 1/x
           ~^~
ZeroDivisionError: division by zero' -- "$SK" -c 'python3 -c "def f(x):
    return 1/x
f(0)"'
check_err python_stdin_traceback 'Traceback (most recent call last):
  File "<stdin>", line 1, in <module>
NameError: name '"'"'nope'"'"' is not defined. Did you mean: '"'"'None'"'"'?' -- "$SK" -c 'echo nope | python3'

echo "cli: $pass passed, $fail failed"
[ $fail -eq 0 ]
