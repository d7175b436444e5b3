# The fenced blocks of a Markdown page, as the documentation tests read them: e2e.docs_examples
# (every ```toml block lints) and docs.commands (every ```sh block runs). One reader, so the two
# cannot disagree on where a block starts, what its fence says or what its lines are.
#
# A fence is ``` or ~~~ (three or more), then a language and marks separated by spaces:
#   ```toml file=gate.toml      ```sh clone      ```sh skip=build
# What the marks mean is each test's business; the reader only splits them.
import re
from typing import NamedTuple

FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([^\s`]*)\s*(.*)$")


class Block(NamedTuple):
    first: int        # the page line (1-based) of the block's first content line; the fence is first - 1
    lang: str         # "sh", "toml", ... or "" for none
    marks: list       # the fence's words after the language
    body: list        # the lines, the fence's indentation removed


def markdown_blocks(text, where, errors):
    """The fenced blocks of a page's text. A block that never closes is named in errors, as
    "<where>:<line>: ...", and runs to the end of the page."""
    blocks, lines, i = [], text.split("\n"), 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, marks, lang, rest = len(m.group(1)), m.group(2), m.group(3), m.group(4).split()
        closing = re.compile(r"^\s*" + re.escape(marks[0]) + r"{%d,}\s*$" % len(marks))
        body, j = [], i + 1
        while j < len(lines) and not closing.match(lines[j]):
            line = lines[j]
            body.append(line[min(indent, len(line) - len(line.lstrip(" "))):])
            j += 1
        if j == len(lines):
            errors.append(f"{where}:{i + 1}: a fenced block that never closes")
        blocks.append(Block(i + 2, lang, rest, body))
        i = j + 1
    return blocks


def mark_value(marks, name):
    """The value of a name=value mark, or None."""
    for mark in marks:
        if mark.startswith(name + "="):
            return mark[len(name) + 1:]
    return None
