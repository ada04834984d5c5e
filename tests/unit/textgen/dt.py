#!/usr/bin/env python3
"""dt.py: differential test. Usage: dt.py CASEFILE  (each case: a python list [stdin, argv...])
or from stdin lines: STDIN_REPR ||| ARGS (shell-words)."""
import sys, subprocess, os, shlex
FILES = os.environ.get('DT_FILES', '/tmp/cmdtext-h/ora/files')
import tempfile, shutil
def run_real(stdin, argv, env):
    if not os.environ.get('DT_LIST'):
        return subprocess.run(argv, input=stdin, capture_output=True, cwd=FILES, env=env)
    d = tempfile.mkdtemp(prefix='cmdtext-')
    for f in os.listdir(FILES): shutil.copy(os.path.join(FILES, f), d)
    before = set(os.listdir(d))
    r = subprocess.run(argv, input=stdin, capture_output=True, cwd=d, env=env)
    extra = b''
    for f in sorted(os.listdir(d), key=lambda x: x.encode()):
        if f in before: continue
        extra += b'== ' + f.encode() + b' ==\n' + open(os.path.join(d, f), 'rb').read()
    shutil.rmtree(d)
    return subprocess.CompletedProcess(r.args, r.returncode, r.stdout + extra, r.stderr)
def run_mine(stdin, argv):
    fargs = []
    for f in sorted(os.listdir(FILES)):
        p = os.path.join(FILES, f)
        if os.path.isfile(p): fargs += ['-F', f + '=' + p]
    env = dict(os.environ)
    if os.environ.get('DT_LIST'): env['DRV_LIST'] = '1'
    return subprocess.run(['/tmp/cmdtext-h/drv'] + fargs + argv, input=stdin, capture_output=True, cwd='/tmp', env=env)
fails = 0; n = 0
env = dict(os.environ, LC_ALL=os.environ.get('DT_LC', 'C'))
quiet = '-q' in sys.argv
for line in sys.stdin:
    line = line.rstrip('\n')
    if not line.strip() or line.startswith('#'): continue
    lenv = env
    if line.startswith('@utf8 '):
        line = line[6:]; lenv = dict(env, LC_ALL='C.UTF-8')
    if line.startswith('!'): line = line[1:]
    stdin_s, args = line.split('|||')
    stdin = eval(stdin_s.strip()) if stdin_s.strip() else ''
    if isinstance(stdin, str): stdin = stdin.encode('latin1') if all(ord(c) < 256 for c in stdin) else stdin.encode()
    argv = shlex.split(args)
    r = run_real(stdin, argv, lenv); m = run_mine(stdin, argv)
    n += 1
    ok = r.stdout == m.stdout and r.returncode == m.returncode
    errok = r.stderr == m.stderr
    if not ok or (not errok and not quiet):
        fails += 1
        print('FAIL' if not ok else 'ERRDIFF', repr(stdin)[:60], argv)
        if r.stdout != m.stdout: print('  real:', repr(r.stdout)[:400]); print('  mine:', repr(m.stdout)[:400])
        if r.returncode != m.returncode: print('  rc real', r.returncode, 'mine', m.returncode)
        if not errok: print('  err real:', repr(r.stderr)[:300]); print('  err mine:', repr(m.stderr)[:300])
print(f'{n-fails}/{n} ok')
