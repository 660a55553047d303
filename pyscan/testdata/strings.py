# A comment that runs
# over two lines.
x = 1  # a trailing remark here

PLAIN = "double quoted text"
SINGLE = 'single quoted text'
ESCAPED = "tab\there and a \"quote\" and caf\u00e9 end"
RAW = r"raw \n stays as written"
BYTES = b"bytes literal text"
JOINED = ("first half of a sentence, "
          "second half of it.")
ADDED = "left part " + "right part"
NAME = "World"
FSTR = f"Hello {NAME!r:>10} and {{braces}} done"
NESTED = f"value {', '.join(['a', 'b'])} listed"
TRIPLE = """
    Heading line

    - item one
    - item two
"""
WORD = "single"
PATTERN = r"\bkill\b"
if WORD == "not a sentence here":
    pass
table = {"key with spaces": "value with spaces"}
print("text", "another text")
