#!/usr/bin/env python3
"""Writes src/domain/render/pygments-lexers.json: every Pygments lexer alias and the lexer's
display name, as Zulip's fenced_code.py canonicalizes a code block's language
(find_lexer_class_by_name(lang).name). Needs Pygments (Debian: python3-pygments).

    python3 services/messages/scripts/gen-pygments-lexers.py
"""
import json
import os

import pygments
from pygments.lexers._mapping import LEXERS

aliases: dict[str, str] = {}
# find_lexer_class_by_name takes the first lexer, in LEXERS order, that has the alias.
for _module, name, lexer_aliases, _filenames, _mimetypes in LEXERS.values():
    for alias in lexer_aliases:
        aliases.setdefault(alias.lower(), name)

out = os.path.join(os.path.dirname(__file__), "..", "src", "domain", "render", "pygments-lexers.json")
with open(out, "w") as f:
    json.dump(
        {
            "source": f"Pygments {pygments.__version__} (pygments.lexers._mapping.LEXERS), written by "
            "services/messages/scripts/gen-pygments-lexers.py: lower-cased alias -> lexer name.",
            "aliases": dict(sorted(aliases.items())),
        },
        f,
        indent=0,
        ensure_ascii=False,
    )
    f.write("\n")
print(len(aliases), "aliases")
