def count():
    text = "the quick brown fox jumps over the lazy dog while the cat sleeps by the door"
    words = text.split()
    counts = {}
    for i in range(50000):
        for w in words:
            counts[w] = counts.get(w, 0) + 1
    return counts
c = count()
print(len(c), c["the"], sorted(c.items())[0])
