x="a b  c"; echo $x; echo "$x"; set -- $x; echo $#
#---
a=(1 2 3); echo ${a[@]:1:1} ${#a[*]} "${a[@]}"; a+=(4); echo ${a[-1]}; unset 'a[0]'; echo ${!a[@]}
#---
s=hello; echo ${s:1:3} ${s: -2} ${s^} ${s^^} ${#s} ${s/l/L} ${s//l/L} ${s#h*l} ${s##h*l} ${s%l*o} ${s%%l*o}
#---
f() { local x=inner; echo $x; g; }; g() { echo g:$x; }; x=outer; f; echo $x
#---
for i in {1..3}; do for j in a b; do [[ $j == b ]] && continue; echo $i$j; done; [[ $i == 2 ]] && break; done
#---
i=0; while (( i < 5 )); do (( i++ )); [ $i -eq 3 ] && continue; echo $i; done; echo done $i
#---
case "abc" in a*) echo A;& b*) echo B;;& *c) echo C;; esac
#---
echo $(( 2**10 )) $(( 7/2 )) $(( -7%3 )) $(( 1<<4 )) $(( 0x10 + 010 )) $((RANDOM>=0))
#---
x=5; (( x += 3, y = x * 2 )); echo $x $y; let z=x+y; echo $z
#---
echo "$(echo "nested $(echo deep)")"; echo `echo back`
#---
cat <<EOF
line $((1+1))
  $HOME
EOF
cat <<'EOF'
$HOME raw
EOF
#---
cat <<-EOF
	indented
	EOF
#---
read -r a b c <<< "one two three four"; echo "$a|$b|$c"
#---
IFS=: read -ra parts <<< "x:y::z"; echo ${#parts[@]} "${parts[@]}"
#---
printf '%s=%d\n' a 1 b 2; printf '%5.2f|%-4s|%04d\n' 3.14159 ab 7; printf -v v '%x' 255; echo $v
#---
declare -A m=([b]=2 [a]=1); for k in "${!m[@]}"; do echo $k=${m[$k]}; done; echo ${#m[@]}
#---
set -- a "b c" d; for x in "$@"; do echo "[$x]"; done; echo "$*"; IFS=,; echo "$*"
#---
false || echo "or"; true && echo "and"; ! false && echo neg; echo $?
#---
x=1; { x=2; }; (x=3); echo $x; echo $(x=4; echo $x); echo $x
#---
arr=(); arr[5]=five; arr[2]=two; echo "${arr[@]}" "${!arr[@]}" ${#arr[@]}
#---
echo ${u:-def} ${u-def2} ${u:=set} $u ${u:+alt} ${e:+alt}x
#---
str="path/to/file.tar.gz"; echo ${str##*/} ${str%%.*} ${str%.*} ${str#*/}
#---
echo {a,b}{1,2} x{1..5..2}y {z..w}
#---
f() { return 3; }; f; echo $?; f && echo no || echo yes
#---
echo $((5 > 3 ? 10 : 20)); x=$(( (1+2) * 3 )); echo $x
#---
v=abc; echo ${v@Q} ${#v} "${v:0:1}"
#---
trap 'echo exiting' EXIT; echo main
#---
set -e; false; echo notreached
#---
set -u; echo ${undefined_x:-ok}
#---
x=(a b c); echo ${x[*]/b/B}; echo ${x[@]^}; echo ${x[@]#a}
#---
shopt -s extglob
f=foo.txt; echo ${f%.@(txt|md)}; case bar in +(b|a|r)) echo yes;; esac
#---
echo "a\tb"; echo -e "a\tb"; echo -n "no nl"; echo
#---
n=10; s=0; for ((i=1; i<=n; i++)); do ((s+=i)); done; echo $s
#---
fib() { local n=$1; if (( n < 2 )); then echo $n; else echo $(( $(fib $((n-1))) + $(fib $((n-2))) )); fi; }; fib 10
#---
echo hi > f1; cat f1; echo more >> f1; cat < f1
#---
x=$(printf 'a\n\n\n'); echo "[$x]"
#---
unset x; declare -p x 2>&1; x=1; declare -p x; declare -i y=3+4; echo $y
#---
readonly r=1; r=2; echo after
#---
echo ${#}; set -- 1 2 3 4 5 6 7 8 9 10 11; echo ${10} $11 ${#}
#---
set -- a b c d; shift 2; echo $#; set -- a b c; shift; echo $@
#---
getopts "ab:c" opt -a; echo $opt; OPTIND=1; while getopts "ab:c" o -a -b val -c; do echo "$o ${OPTARG:-}"; done
#---
true | false | true; echo ${PIPESTATUS[@]}; set -o pipefail; true | false | true; echo $?
#---
a="x"; a+="y"; a+=z; echo $a; b=(1); b+=(2 3); echo ${b[@]}
#---
type echo; type -t if; command -v echo; type -t nosuch; echo $?
#---
echo $((16#ff)) $((2#101)) $((36#z))
#---
x="  lead and trail  "; y=$x; echo "[${y}]"; echo [$y]
#---
IFS=',' read -r a b <<< "1,2,3"; echo "$a|$b"
#---
mapfile -t lines <<< $'l1\nl2\nl3'; echo ${#lines[@]} ${lines[1]}
#---
eval 'x=42; echo $x'; eval "echo \$x"
#---
f() { echo "args: $#: $*"; }; f "a b" c; f
#---
echo $(( $(echo 3) + 4 ))
#---
declare -a arr=(z y x); IFS=$'\n' sorted=($(printf '%s\n' "${arr[@]}" )); echo ${sorted[@]}
#---
echo "${x:-$(echo computed)}"
#---
x=abc; [[ $x =~ ^a(b)c$ ]] && echo ${BASH_REMATCH[0]} ${BASH_REMATCH[1]}
#---
[[ -z "" && -n x ]] && echo both; [[ a < b ]] && echo lt; [ 3 -gt 2 ] && echo gt
#---
test -d /tmp && echo dir; test -f /nonexist || echo nofile
#---
(exit 7); echo $?; $(exit 5); echo $?
#---
for x in; do echo never; done; echo after
#---
x=0; until [ $x -ge 3 ]; do echo $x; x=$((x+1)); done
#---
case x in y) echo y;; esac; echo "status $?"
#---
x=5; declare -p x; f() { local x; declare -p x; x=1; declare -p x; }; f
#---
echo "${!HOSTNA*}" ; a=1; b=2; echo ${!a*}
#---
f() { echo "$FUNCNAME ${#FUNCNAME[@]}"; }; f
#---
echo $((x=3)) $x; echo $(( x++ + ++x )) $x
#---
set -x; echo traced; x=1; set +x; echo untraced
#---
printf '%q ' 'a b' "c'd" '$x'; echo
#---
v="a*b"; echo ${v/\*/X}; echo "${v//[ab]/}"
#---
declare -u up=hello; echo $up; declare -l lo=HELLO; echo $lo
#---
x=3; y=x; echo ${!y}; z=(q w e); i=z[1]; echo ${!i}
#---
declare -n ref=target; target=val; echo $ref; ref=new; echo $target
#---
f() { local -n r=$1; r+=(added); }; arr=(a); f arr; echo ${arr[@]}
#---
echo $'tab\there' $'\x41\u00e9'
#---
x=$'multi\nline'; echo "$x" | while read -r l; do echo "<$l>"; done
#---
{ echo one; echo two; } > out.txt; cat out.txt; wc -l < out.txt
#---
exec 3>out3.txt; echo via3 >&3; exec 3>&-; cat out3.txt
#---
echo err 2>&1 >/dev/null; echo err2 >/dev/null 2>&1; echo visible
#---
ls_fn() { echo "fn"; }; ls_fn | cat
#---
x=10; while :; do x=$((x-3)); [ $x -lt 0 ] && break; done; echo $x
#---
echo ${#a[@]}; a=(1 2); unset a; echo ${#a[@]}
#---
set -- x y; echo "${@:2}" "${@:1:1}" "${*: -1}"
#---
printf '%d %s\n' "'A" ""; printf '%5s|%-5s|\n' x y
#---
echo "$(( 10 / 3 ))" "$(( 10 % 3 ))" $(( -10 / 3 ))
#---
arr=(one two three); for i in "${!arr[@]}"; do echo "$i: ${arr[$i]}"; done
#---
echo one two | { read a b; echo "$b $a"; }
#---
x=start; f() { x=changed; }; f; echo $x; g() { local x=local; }; g; echo $x
#---
unset -f nosuchfn; echo ok; unset nosuchvar; echo $?
#---
echo ${x:?is unset} 2>&1; echo notreached
#---
f() { echo "in f: $1"; return 5; }; out=$(f x); echo "$out $?"
#---
x=1; f() { x=2; local y=3; }; f; echo $x ${y:-unset}
#---
a=(1 2 3); b=("${a[@]/#/p}"); echo ${b[@]}; echo "${a[@]:1}"
#---
s="The Quick Brown"; echo ${s,,} ${s,} ${s~~}
#---
x=abcabc; echo ${x/b} ${x//b} ${x/#a/X} ${x/%c/Y}
#---
i=5; echo $((i--)) $i $((--i)) $i
#---
echo $((1 ? 2 : 3)) $((0 || 1)) $((2 && 0)) $((~0)) $((!5))
#---
x=; [ -z "$x" ] && echo empty; [ -n "$x" ] || echo notnonempty
#---
set -- one two; while [ $# -gt 0 ]; do echo $1; shift; done
#---
echo "a" "" "b" | cat; echo x"$(echo)"y
#---
s=""; for w in a b c; do s="$s$w,"; done; echo ${s%,}
#---
declare -A h; h[one]=1; h[two]=2; unset 'h[one]'; echo ${!h[@]} ${h[two]}
#---
x=(a b c); unset x[1]; echo ${#x[@]} "${x[@]}"; x=("${x[@]}"); echo ${!x[@]}
#---
f() { for a; do echo "-$a-"; done; }; f 1 "2 3"
#---
echo {1..10..3}; echo {a..e}; echo {05..10..5}
#---
x="foo bar"; case $x in "foo bar") echo quoted-match;; esac; case $x in foo*) echo glob;; esac
#---
echo $((  0x1f | 0b1 )) 2>&1
#---
var=value; echo "${var:0:3}" "${var:3}" "${var: -3:2}" "${var:10}"
#---
count=0; for f in a b c d e; do count=$((count + 1)); done; echo $count
#---
str="a,b,c"; IFS=, read -ra arr <<< "$str"; echo ${#arr[@]}; printf '%s\n' "${arr[@]}"
#---
n=$(echo -n ""); echo "[${n}]" ${#n}
#---
echo ${PWD} $HOME $USER
#---
cd /tmp; echo $PWD; cd - >/dev/null; echo $PWD; cd; echo $PWD
#---
mkdir_fn() { echo "making $1"; }; mkdir_fn "dir with space"
#---
test 5 -lt 10 && echo yes; [ "abc" = "abc" ] && echo eq; [ "a" != "b" ] && echo ne
#---
[[ "hello world" == hello* ]] && echo match; [[ foo != bar ]] && echo diff
#---
x=5; [[ $x -gt 3 && $x -lt 10 ]] && echo inrange; (( x > 3 && x < 10 )) && echo arith
#---
echo $(( $(echo 2) ** 3 ))
#---
declare -i n; n="5*5"; echo $n; n+=1; echo $n
#---
declare -r ro=x; declare -p ro; unset ro 2>&1; echo $ro
#---
echo "Line 1
Line 2" | while IFS= read -r line; do echo ">$line"; done
#---
while read -r a b; do echo "$b-$a"; done <<EOF
1 one
2 two
EOF
#---
f() { cat; }; echo piped | f
#---
{ echo a; echo b; } | { read x; read y; echo "$y$x"; }
#---
echo $( { echo g1; echo g2; } | tr a-z A-Z 2>/dev/null || echo notr)
#---
exec 4<&0; echo ok
#---
echo hi >&2 2>/dev/null; echo done
#---
printf 'a\nb\n' > f.txt; while read l; do echo "[$l]"; done < f.txt
#---
x=y; eval "$x=evaluated"; echo $y
#---
set -- "a b" "c d"; echo $#; for i; do echo "$i"; done; args=("$@"); echo ${#args[@]}
#---
f() { echo $#; }; f ""; f "" ""; f
#---
a=(x y z); echo ${a[@]:0:2}; echo ${a[@]: -1}; echo ${#a[0]}
#---
foo=bar; echo ${foo:+set} ${nope:+set}. ${foo-x} ${nope-x}
#---
echo $(( 3 > 2 )) $(( 3 < 2 )) $(( 3 == 3 )) $(( 3 != 3 ))
#---
arr=(b a c); IFS=$'\n'; sorted=($(for x in "${arr[@]}"; do echo $x; done)); unset IFS; echo ${sorted[@]}
#---
trap 'echo trapped' ERR; false; echo continue
#---
set -e; f() { false; echo notreached; }; f || echo caught; echo end
#---
set -e; x=$(false) || echo subst-failed; echo end
#---
if ! grep -q nonexistent /dev/null 2>/dev/null; then echo nomatch; fi
#---
ok() { return 0; }; bad() { return 1; }; if ok && ! bad; then echo logic; fi
#---
echo "${arr[@]:-empty}"; arr=(); echo "${arr[@]:-empty2}"
#---
x='$HOME'; echo "$x"; echo '$x' "\$x" \$x
#---
echo "a'b" 'c"d' "e\"f" 'g\h' "i\\j"
#---
echo \a\b \\ \"
#---
v="x y"; echo "${v// /_}"; echo ${v// /}
#---
echo $((10#010)) $((8#17))
#---
printf '%s\n' {a..c}{1..2} | head -3
#---
x=10; y=$((x > 5 ? x * 2 : x)); echo $y
#---
for ((i=0, j=10; i<3; i++, j--)); do echo $i $j; done
#---
echo -e "col1\tcol2" ; echo -E "raw\tno"
#---
echo $RANDOM | grep -qE '^[0-9]+$' && echo num
#---
unset arr; arr[0]=a; arr+=(b); declare -p arr
#---
f() { echo "${@: -1}"; }; f 1 2 3
#---
x=a; x+=b; x+=(c); declare -p x
#---
declare -A m; m+=([k]=v); m[z]=1; declare -p m
#---
time_fn() { :; }; time_fn; echo $?
#---
echo "${HOME:0:1}" "${HOME: -7}"
#---
echo $(echo '*' ) "$(echo '*')"
#---
printf '%-10s|%5d|\n' name 42 longername 7
#---
s="abc"; for ((i=${#s}-1; i>=0; i--)); do printf '%s' "${s:i:1}"; done; echo
#---
words=(apple banana cherry); echo "${words[@]^}"; echo "${words[*]:1}"
#---
v=1; (( v )) && echo nonzero; v=0; (( v )) || echo zero
#---
read x <<< "   spaced   "; echo "[$x]"; IFS= read y <<< "   spaced   "; echo "[$y]"
#---
echo $((1/0)); echo next
#---
x=$((2+)); echo after
#---
readonly r=1; r=2; echo next
#---
unset nosuch; echo ${nosuch?message}
#---
set -u; echo $nope
#---
cd /nonexistent
#---
cd /tmp /x
#---
nosuchcommand arg
#---
./nosuchfile
#---
echo x > /nonexistent/dir/file
#---
cat < /nonexistent
#---
declare -p nosuch
#---
local x=1
#---
return 5
#---
break
#---
shift 10
#---
set -o nosuchopt
#---
shopt -s nosuchopt
#---
trap 'echo x' NOSUCH
#---
printf '%d\n' abc
#---
[ 1 -eq a ]
#---
[ a b c d e ]
#---
test a =
#---
exit abc
#---
echo ${a[}
#---
f() { echo ${FUNCNAME[0]}; x=$((1/0)); echo inf; }; f; echo after
#---
for x in 1 2; do echo $x; done | nope
#---
export 1x=2
#---
declare -i n; n=abc+; echo $n
#---
a=(1 2 3); echo ${a[5]:?missing}
#---
echo "unterminated
#---
if true; then echo x
#---
echo $(( ))
#---
(( x = 1 +* 2 ))
#---
let "x = 5 / 0"
#---
eval 'echo $((1/0))'; echo rc=$?
#---
source /nosuch/file
#---
unset -v 1abc
#---
read -n abc x
#---
alias foo
#---
kill -9 99999
#---
wait 12345
#---
type nosuchcmd
#---
command -v nosuchcmd; echo $?
#---
hash nosuchcmd
#---
exec nosuchcmd
#---
echo ${x:-a}${y:?oops}
#---
v=abc; echo ${v:5:-1} ; echo ${v:1:-5}
#---
declare -a a=([x]=1)
#---
a=1; a[1]=2; echo ${a[@]}
#---
getopts ab: opt -b; echo "$opt" "$OPTARG"
#---
getopts ab opt -z; echo "$opt"
#---
set -x; x=1; echo "$x" 'a b'; y=(1 2); [[ $x == 1 ]]; (( x++ )); f() { echo in f; }; f arg
#---
set -x; for i in 1 2; do echo $i; done; case a in a) echo yes;; esac; if true; then :; fi
#---
set -x; echo $(echo inner); a=$(echo sub) b=2; echo done
#---
PS4='>> '; set -x; echo custom
#---
x=5; declare -p x; declare -a arr=(1 "two three" '$x'); declare -p arr; declare -A h=([k]="v w"); declare -p h
#---
declare -i i=5; declare -r r=1; declare -x e=2; declare -l l=a; declare -u u=b; declare -ir ir=3; declare -p i r e l u ir
#---
f() { echo hi; }; declare -f f; declare -F
#---
f() { local x=1; if [ $x = 1 ]; then echo one; elif [ $x = 2 ]; then echo two; else echo other; fi; for i in a b; do echo $i; done; while false; do :; done; case $x in 1) echo c1;; *) echo cd;; esac; }; declare -f f
#---
g() { echo "$@" | cat; x=$(( 1 + 2 )); arr=(a b); [[ -n $x ]] && echo ok || echo no; }; type g
#---
h() { { echo grp; }; ( echo sub ); echo a >/dev/null 2>&1; cat <<EOF
heredoc $x
EOF
}; declare -f h
#---
set | grep -E '^(BASH_VERSION|HOME|IFS|PS4)='
#---
x=hello; echo ${x@Q} ${x@U} ${x@u} ${x@L} ${x@a}; declare -i n=1; echo ${n@a}; arr=(1 2); echo ${arr@a} ${arr[@]@Q}
#---
printf '%s\n' "${!BASH*}" | head -3
#---
echo $- ; set -e; echo $-; set +e -u; echo $-
#---
shopt extglob nullglob; shopt -p extglob; shopt -s extglob; shopt -p extglob; shopt -q extglob && echo on
#---
set -o | head -5; set +o | head -3
#---
trap 'echo a' EXIT INT; trap -p; trap; trap -p EXIT
#---
alias ll='ls -l' la='ls -a'; alias; alias ll; unalias la; alias
#---
dirs; pushd /tmp >/dev/null; dirs; pushd / ; popd; dirs -v; popd; dirs
#---
umask; umask 077; umask; umask -S
#---
echo ${BASH_VERSINFO[@]}; echo $BASH_VERSION
#---
echo $SHLVL $HOSTNAME $OSTYPE $MACHTYPE $HOSTTYPE $UID $EUID $PPID
#---
hash; hash -r; echo $?
#---
type -a echo; type -t ls printf; command -V printf
#---
help echo | head -2
#---
exec 3>&1 1>/dev/null; echo hidden; exec 1>&3 3>&-; echo shown
#---
exec {fd}>out.txt; echo "fd=$fd" >&2; echo to-fd >&$fd; exec {fd}>&-; cat out.txt
#---
printf 'l1\nl2\n' > in.txt; exec 4<in.txt; read -u 4 a; read -u 4 b; echo "$b $a"; exec 4<&-
#---
printf 'x\ny\n' > f; while read -r line <&5; do echo "got $line"; done 5<f
#---
echo "content" > f; x=$(< f); echo "[$x]"
#---
cat <<EOF
a $(echo sub) `echo bt` $((1+2)) \$notvar "quoted" 'single'
EOF
#---
x=out; cat <<EOF | cat
inner $x
EOF
#---
arr=([2]=b [0]=a); declare -p arr; echo ${#arr[@]}
#---
printf -v 'arr[1]' '%s' val; echo ${arr[1]}
#---
declare -n r1=r2; declare -n r2=target; target=deep; echo $r1
#---
f() { local -n out=$1; out="set by f"; }; f myvar; echo "$myvar"
#---
f() { set -- "$@" extra; echo "$#: $*"; }; f a b
#---
printf 'echo "sourced $1 $#"; x=fromsrc\n' > s.sh; source ./s.sh arg1 arg2; echo $x
#---
printf '#!/bin/bash\necho "script $0 $1"\nexit 3\n' > sc.sh; chmod +x sc.sh; ./sc.sh a1; echo "rc=$?"
#---
mkdir -p bin; printf '#!/bin/bash\necho found-in-path\n' > bin/mycmd; chmod +x bin/mycmd; PATH="$PWD/bin:$PATH"; mycmd
#---
printf 'echo in-sh\n' > t.sh; bash t.sh; sh t.sh
#---
shopt -s expand_aliases; alias greet='echo hello'; greet world
#---
echo() { builtin echo "wrapped: $*"; }; echo hi; command echo direct
#---
IFS=:; set -- a b c; echo "$*"; x="$*"; echo $x; unset IFS; echo "$*"
#---
touch .hidden vis1 vis2; echo *; shopt -s dotglob; echo *; shopt -u dotglob; shopt -s nullglob; echo none*; shopt -u nullglob; echo none*
#---
mkdir -p a/b/c; touch a/1.txt a/b/2.txt a/b/c/3.txt; shopt -s globstar; echo **/*.txt; echo a/**
#---
touch f1 f2 F3 g1; echo [fF]*; echo [[:upper:]]*; echo f?; echo [!f]*
#---
shopt -s failglob; echo nomatch* ; echo after
#---
coproc CP { read x; echo "got $x"; }; echo hello >&${CP[1]}; read y <&${CP[0]}; echo "$y"
#---
{ sleep_f() { :; }; sleep_f; } & wait -n; echo $?
#---
time true 2>/dev/null; echo after
#---
printf '%b|%c|%5.1f|%-3d|%o\n' 'a\nb' xyz 3.14159 7 8
#---
printf '%s %s\n' a b c; printf '%03d:' 1 2 3; echo
#---
x=10; y=3; echo $((x / y)) $((x % y)) $((x ** 2)) $(( (x + y) * 2 )) $((x > y && y > 0))
#---
arr=(apple banana cherry); echo ${arr[@]/a/A}; echo ${arr[@]//a/}; echo ${arr[@]%?}
#---
s="hello world"; echo ${s^^[lo]} ${s,,[L]} ${s~}
#---
x=abc; echo ${x:-} ${x:1} ${x::2} ${x: -1} ${x:(-2):1}
#---
a=(1 2 3 4 5); echo ${a[@]:(-2)} ${a[@]: 1: 2} ${#a[@]}
#---
echo $'\a' | od -c | head -1; echo $'a\x42c' $'\101' $'\cA' | od -c | head -1
#---
declare -A m; m[a b]=1; m["c"]=2; for k in "${!m[@]}"; do echo "[$k]"; done | sort
#---
x=1; f() { local x=2; unset x; echo "f: ${x-unset}"; }; f; echo "top: $x"
#---
x=1; g() { unset x; }; f() { local x=2; g; echo "f: ${x-unset}"; }; f; echo "top: $x"
#---
f() { echo $# "$1"; }; f "$@"; set -- ""; f "$@"; f $@
#---
echo ${#BASH_ARGV[@]}; f() { echo $FUNCNAME $LINENO; }; f
#---
i=0; while true; do i=$((i+1)); if [ $i -gt 3 ]; then break; fi; done; echo $i
#---
for i in 1 2 3; do for j in 1 2 3; do if [ $j -eq 2 ]; then continue 2; fi; echo "$i$j"; done; done
#---
for i in 1 2 3; do for j in 1 2 3; do [ $j -eq 2 ] && break 2; echo "$i$j"; done; done; echo end
#---
f() { return; }; false; f; echo $?; g() { false; return; }; g; echo $?
#---
x=$(exit 3); echo $?; x=$(true) y=$(exit 2); echo $?
#---
echo "$((0x7fffffffffffffff + 1))" $((-2**63)) 
#---
v="a b"; set -- $v; echo $#; set -- "$v"; echo $#
#---
echo -n a; echo -e "b\c"; echo c
#---
unset PATH; echo $PATH; type echo
#---
echo ${!#} ; set -- a b c; echo ${!#} ${@:$#}
#---
echo "a" | tee >(cat) >/dev/null; wait; echo done
#---
diff_like() { while read a; do read b <&3; echo "$a$b"; done 3< <(echo 1; echo 2) < <(echo x; echo y); }; diff_like
#---
echo $LINENO
echo $LINENO; f() {
  echo "in f $LINENO"
}
f
echo "line $LINENO"
#---
x=1
if [ $x = 1 ]; then
  echo "if at $LINENO"
fi
for i in 1; do
  echo "for at $LINENO"
done
echo $(
  echo $LINENO
)
#---
f() {
  g
}
g() {
  echo "${FUNCNAME[*]} ${BASH_LINENO[*]} ${BASH_SOURCE[*]}"
  caller
}
f
#---
echo a \
  b $LINENO
echo next $LINENO
#---
cat <<EOF
$LINENO
EOF
echo $LINENO
#---
trap 'echo "trap at $LINENO"' EXIT
echo start
echo end
#---
set -e
f() {
  echo inside
  false
  echo notreached
}
f
echo notreached2
#---
set -u
x=1
echo $x
echo ${y:-default}
echo $y
echo after
#---
echo "multi
line" $LINENO
echo $LINENO
#---
echo $((1/0))
echo line2
echo $((2/0)); echo same
echo line4
#---
: ${x:=default}; echo $x
#---
for f in a b
do
  echo "$f $LINENO"
done
#---
set -euo pipefail
log() { printf '[%s] %s\n' "INFO" "$*"; }
log "starting"
declare -A counts=()
for w in apple banana apple cherry banana apple; do
  counts[$w]=$(( ${counts[$w]:-0} + 1 ))
done
for k in $(printf '%s\n' "${!counts[@]}" | sort); do echo "$k ${counts[$k]}"; done
#---
set -euo pipefail
cleanup() { echo "cleanup ran"; }
trap cleanup EXIT
result=$(echo "data" | tr a-z A-Z)
echo "$result"
#---
command -v nonexistent_tool >/dev/null 2>&1 || { echo "tool missing"; }
#---
cat > cfg.txt <<'EOF'
name=test
port=8080
# comment
debug=true
EOF
while IFS='=' read -r key value; do
  [[ -z "$key" || "$key" == \#* ]] && continue
  echo "key=$key value=$value"
done < cfg.txt
#---
usage() { echo "usage: $0 [-v] file"; }
verbose=0
while getopts ":vh" opt; do
  case $opt in
    v) verbose=1 ;;
    h) usage; exit 0 ;;
    \?) echo "bad option: -$OPTARG"; exit 1 ;;
  esac
done
shift $((OPTIND - 1))
echo "verbose=$verbose rest=$*"
#---
arr=("first item" "second item" "third")
for i in "${!arr[@]}"; do printf '%d: %s\n' "$i" "${arr[$i]}"; done
echo "count: ${#arr[@]}"
#---
str="Hello, World"
echo "${str,,}" "${str^^}" "${#str}" "${str:7}" "${str//o/0}"
if [[ "$str" == *World* ]]; then echo contains; fi
#---
num=42
if (( num % 2 == 0 )); then echo even; else echo odd; fi
(( num > 40 )) && echo big
#---
max() { local m=$1; shift; for n in "$@"; do (( n > m )) && m=$n; done; echo $m; }
max 3 17 5 9
#---
json='{"name": "x"}'
echo "$json" | grep -o '"name": *"[^"]*"' || echo nomatch
#---
retry() { local n=0; until [ $n -ge 3 ]; do n=$((n+1)); echo "attempt $n"; [ $n -eq 2 ] && return 0; done; return 1; }
retry && echo succeeded
#---
text="line1
line2
line3"
echo "$text" | while read -r l; do echo ">> $l"; done
mapfile -t lines <<< "$text"; echo "${#lines[@]} lines, last=${lines[-1]}"
#---
x=5; y=${x:-10}; z=${unset_var:-fallback}; echo "$y $z"
: "${REQUIRED_VAR:=default_value}"; echo "$REQUIRED_VAR"
#---
function greet { local name="${1:-World}"; echo "Hello, $name!"; }
greet; greet Alice
#---
a=1; b=2; if [ "$a" -lt "$b" ] && [ "$b" -gt 0 ]; then echo ok; fi
[[ $a -lt $b || $b -lt 0 ]] && echo ok2
#---
files=(); for f in one.log two.log; do files+=("$f"); done; echo "${files[*]}"; printf '%s\n' "${files[@]/%.log/.txt}"
#---
s="  trim me  "; trimmed="${s#"${s%%[![:space:]]*}"}"; trimmed="${trimmed%"${trimmed##*[![:space:]]}"}"; echo "[$trimmed]"
#---
declare -i total=0; for n in 1 2 3; do total+=n; done; echo $total
#---
IFS=, read -ra parts <<< "a,b,,d"; echo "${#parts[@]}"; for p in "${parts[@]}"; do echo "[$p]"; done
#---
echo "scale test" > f.txt; [ -s f.txt ] && echo nonempty; [ -r f.txt ] && echo readable; [ -e nope ] || echo nofile
#---
case "$(echo Linux)" in Linux*) echo linux;; Darwin*) echo mac;; *) echo other;; esac
#---
printf '%-10s %5s\n' "Name" "Score"; printf '%-10s %5d\n' "alice" 90 "bob" 85
#---
count=0; while read -r; do ((count++)) || true; done <<< $'a\nb\nc'; echo $count
#---
set -e; ((0)) || true; echo survived
#---
for i in $(seq 1 3 2>/dev/null || echo 1 2 3); do echo -n "$i "; done; echo
#---
v=$(printf '%s' "abc" | wc -c); echo "len=$((v))"
#---
echo "${BASH_SOURCE[0]:-none}" "${0##*/}"
#---
declare -A cfg=([host]=localhost [port]=80); echo "${cfg[host]}:${cfg[port]}"; [[ -v cfg[host] ]] && echo has-host; [[ -v cfg[nope] ]] || echo no-nope
#---
x="a b c"; read -ra w <<< "$x"; echo "${w[1]}"; echo "${x// /,}"
#---
echo ~ ~/x ~root ~nosuchuser x~ "~"; a=~/p:~/q; echo $a; echo ~+ | grep -c /
#---
a=1; b=3; echo {$a..$b}; eval echo {$a..$b}
#---
echo "a\"b" "c\$d" "e\`f" "g\\h" "i\j" 'k\l'
#---
echo "$(echo "inner \"quoted\" $(echo deeper)")"
#---
x='a"b'; echo "$x" "${x}" '${x}' "\${x}"
#---
cat <<"EOF"
$x `cmd` \n
EOF
cat <<EOF
tab\there \$x \\ back\`tick\`
EOF
#---
cat <<EOF1; cat <<EOF2
one
EOF1
two
EOF2
#---
f() { cat <<EOF
in function $1
EOF
}; f arg
#---
let a=1+2 b=a*3; echo $a $b; let "c = a > b"; echo $c $?
#---
f() { declare -g gl=global; local lo=local; }; f; echo "${gl:-unset} ${lo:-unset}"
#---
f() { local -r ro=1; ro=2; echo "after $ro"; }; f; echo $?
#---
readonly -a ra=(1 2); ra[0]=x; echo ${ra[@]}
#---
typeset -i t=2*3; echo $t; typeset -x tx=1; export -p | grep tx
#---
f() { echo f; }; unset -f f; f 2>&1 | head -1
#---
echo $(( 1 + 2 * 3 - 4 / 2 % 3 )) $(( (1 + 2) * (3 - 4) )) $(( -5 >> 1 )) $(( 5 ^ 3 )) $(( 5 & 3 | 8 ))
#---
i=10; echo $(( i *= 2 )) $(( i /= 4 )) $(( i -= 1 )) $(( i <<= 2 )) $(( i %= 7 ))
#---
echo $(( "5" + 3 )) $(( '5' )) 2>&1
#---
x=" 5 "; echo $(( x + 1 )); y="2+3"; echo $(( y * 2 )) $(( (y) * 2 ))
#---
echo $'single \'quote\'' $'back\\slash' $'\e' | od -c | head -2
#---
echo -e 'a\x41\0101\u263a' ; echo -e '\c stop'; echo after
#---
echo -n -e 'x\ny'; echo; echo -- -n; echo -ne; echo -E '\n'
#---
printf '%s|' "$@"; echo; set -- 'a b' c; printf '[%s]' $@; echo; printf '[%s]' "$@"; echo
#---
echo "${#@}" "${#*}"; set -- abc de; echo ${#1} ${#2} "${#@}"
#---
a=(1 2 3); echo "${a[*]}" "${a[@]}" ${a} $a; IFS=-; echo "${a[*]}"
#---
x=abc; echo ${x[0]} ${x[1]:-none} ${#x[@]}
#---
declare -a e=(); echo "[${e[@]}]" ${#e[@]}; e+=(); echo ${#e[@]}
#---
a=(x y z); a=("${a[@]:1}"); echo ${a[@]} ${!a[@]}
#---
s=abcdef; echo ${s:2:2} ${s:(-3)} ${s:4:-1} ${s: -4:-2}
#---
u=; echo "${u:-empty}" "${u-set}" "${u:+alt}" "${u+alt2}"
#---
f() { echo "$1|${2:-d2}|${3-d3}"; }; f a "" ; f a
#---
for v in "$@"; do echo never; done; echo $#
#---
IFS=' '; words="one  two   three"; set -- $words; echo $#; IFS=; set -- $words; echo $#
#---
IFS=$'\n'; lines=$(printf 'a b\nc d'); for l in $lines; do echo "<$l>"; done
#---
v='*'; echo "$v"; set -f; echo $v; set +f
#---
echo $((2#1111)) $((8#777)) $((16#FF)) $((64#z)) $((10#99))
#---
a=5; (( a++ )); (( a += 10 )); (( a = a * 2 )); echo $a; (( b = 7, c = b + 1 )); echo $b $c
#---
for ((;;)); do echo once; break; done
#---
n=0; while [ $n -lt 3 ]; do n=$((n+1)); [ $n -eq 2 ] && continue; echo $n; done
#---
x=3; case $x in [0-9]) echo digit;; [a-z]) echo letter;; esac; case "" in "") echo empty;; esac
#---
case abc in *b*|x) echo mid;; esac; case ABC in a*) echo lower;; A*) echo upper;; esac
#---
[[ "a b" == "a b" ]] && echo q1; [[ "ab" == a? ]] && echo q2; [[ "a?" == "a?" ]] && echo q3; x='a*'; [[ abc == $x ]] && echo q4; [[ abc == "$x" ]] || echo q5
#---
[[ 10 -gt 9 ]] && echo n1; [[ 10 > 9 ]] || echo s1; [[ "10" < "9" ]] && echo s2
#---
[ -z "" ] && [ -n "a" ] && [ "a" = "a" ] && [ "a" != "b" ] && [ 1 -le 1 ] && echo allok
#---
[ ! -e /nonexistent ] && echo negated; [ \( 1 -eq 1 \) -a \( 2 -eq 2 \) ] && echo grouped
#---
printf 'a b\0c\0' | while IFS= read -r -d '' x; do echo "[$x]"; done
#---
mkdir -p d; touch d/x d/y; find d -type f -print0 | sort -z | while IFS= read -r -d '' f; do echo "file: $f"; done
#---
printf 'l1\0l2\0' > z; mapfile -d '' arr < z; echo ${#arr[@]} "${arr[1]}"
#---
x=$'a\0b'; echo "${#x}" "$x"
#---
for f in d/*; do echo "$(basename "$f")"; done
#---
ls d | while read f; do echo "-> $f"; done
#---
echo "one two" > f.txt; wc -w < f.txt; cat f.txt | tr ' ' '\n' | sort -r
#---
seq 5 | paste -sd+ | head -1
#---
printf '%s\n' c a b | sort | head -2 | tail -1
#---
cut -d: -f1 <<< "user:x:1000"
#---
echo hello | sed 's/l/L/g'
#---
grep -c . <<EOF
a
b
EOF
#---
touch a.txt b.txt; for f in *.txt; do mv "$f" "${f%.txt}.md"; done; ls
#---
mkdir -p p/q; echo data > p/q/file; cp -r p p2; cat p2/q/file; rm -rf p; ls
#---
echo $'x\ty' | cut -f2
#---
head -c 5 <<< "abcdefgh"; echo
#---
seq 3 | while read n; do echo $((n*n)); done | tail -1
#---
out=$(ls /nonexistent 2>&1); echo "rc=$? msg=${out:0:20}"
#---
ls nope >/dev/null 2>&1 || echo missing
#---
set -o pipefail; ls nope 2>/dev/null | cat; echo $?
#---
declare -A m=(["a b"]=1 ["c\"d"]=2 [e]='x y'); declare -p m
#---
a=($'tab\there' "dq\"x" 'sq'\''y' '$v' '`c`'); declare -p a
#---
f() { local -a la=(1 2); local -A lm=([k]=v); declare -p la lm; }; f
#---
f() { declare -gA gm=([x]=1); }; f; declare -p gm
#---
a=(3 1 2); IFS=$'\n' s=($(sort <<< "${a[*]}")); unset IFS; echo "${s[@]}"
#---
a=(1 2 3); echo $(( a[0] + a[2] )) $(( ${#a[@]} * 2 )); i=1; echo $(( a[i] ))
#---
declare -A h=([one]=1 [two]=2); echo $(( h[one] + h[two] ))
#---
a=(x y z); echo "${!a[*]}" "${a[@]@K}"; declare -A h=([k]=v); echo "${h[@]@K}"
#---
a=(1 2 3 4); unset 'a[1]' 'a[2]'; echo ${#a[@]} ${!a[@]}; a[10]=x; echo ${a[@]}
#---
arr=(a b c); for ((i=${#arr[@]}-1; i>=0; i--)); do echo -n "${arr[i]}"; done; echo
#---
s=(); s[0]=x; s[3]=y; echo "${s[@]:1}"; echo "${s[@]:0:1}"
#---
declare -a nums; nums+=(5); nums+=(3); echo ${nums[@]} ${#nums[@]}
#---
x=(a b); x[5]=f; y=("${x[@]}"); declare -p y
#---
readonly RO=val; declare -p RO; f() { local RO=x 2>/dev/null; echo "$RO"; }; f
#---
declare -i c=0; c+=5; c=c*2; echo $c; declare +i c; c=1+1; echo $c
#---
declare -l L; L="MiXeD"; echo $L; declare -u U="lower"; echo $U; U+="more"; echo $U
#---
x=1; declare -n r=x; declare -p r; r+=2; echo $x; unset -n r; echo ${r-unset}
#---
f() { local v=$1; shift; echo "$v rest=$*"; }; f first a b c
#---
g() { local IFS=,; echo "$*"; }; g a b c; echo "$*" 
#---
h() { local x; x=inner; echo $x; }; x=outer; h; echo $x
#---
outer() { local v=o; inner; echo "after inner: $v"; }; inner() { v=changed; }; outer
#---
counter() { count=$((count+1)); }; count=0; counter; counter; echo $count
#---
a=1; f() { local a; echo "[${a-unset}]"; a=2; echo $a; }; f; echo $a
#---
f() { local x=1; g; }; g() { echo "g sees $x"; local x=2; h; }; h() { echo "h sees $x"; }; f
#---
f() { echo "$1"; shift 2>/dev/null; echo "$#"; }; f only
#---
set -- 1 2 3; f() { echo "in f: $#"; }; f; echo "outside: $#"
#---
f() { return 300; }; f; echo $?; g() { exit 256; }; (g); echo $?
#---
f() { echo "$@"; }; f "with space" 'single' $'ansi\ttab'
#---
func_with_dash() { echo dash; }; func_with_dash; function func2() { echo kw; }; func2
#---
f() ( echo "subshell body $$"; x=1 ); x=0; f; echo $x
#---
f() { echo $FUNCNAME; }; g=f; $g; "$g"
#---
unset -f nosuch; declare -F | wc -l
