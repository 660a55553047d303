def f():
    return "never closed
print("after the break")
