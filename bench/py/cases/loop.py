def loop():
    total = 0
    i = 0
    while i < 3000000:
        total += i & 7
        i += 1
    return total
print(loop())
