total = 0
for i in range(3000000):
    total += i
print(total)
