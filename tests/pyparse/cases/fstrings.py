x = 1; w = 5; y = 2
f'{x!r:>{w}} {y=}'
f"{x["a"] if 0 else 1}"
f'a{{b}}c{x}d'
f'{x:{{}}}' if 0 else 0
'a' f'b{x}c' 'd'
f'{x!r}' 'z'
f'{x=!s:>4}'
f'{ x = }'
f'''a
{x}'''
f"{1+
2}"
f'{x # c
}'
f'' 'a'
f''
rf'\d{x}\n'
f"\N{BULLET} {x}"
f"{f'{x}'}"
f'{x:}'
f'{x!r:}'
f"{x:%H:%M}"
f"{'a' 'b'}"
f"{(lambda: 1)()}"
f"{x,}"
f"{*[1],}"
f"{yield_ if 0 else 1}" if 0 else 0
F'{x}' FR'{x}' Rf'{x}'
f'{x:{w}.{y}f}'
f'''{
x
!r}'''
f'{"nested" + f"{x:{w}}"}'
f'{x:=10}'
f'{(x:=10)}'
f"{x}" "" f""
