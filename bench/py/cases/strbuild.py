def build():
    parts = []
    for i in range(200000):
        parts.append(str(i))
    s = ",".join(parts)
    t = ""
    for i in range(200000):
        t += "ab"
    return len(s) + len(t)
print(build())
