"""Test catalogues without Babel: a .mo writer, and catalogues made from the template (the
pseudo-language qps: every message wrapped in [[...]], so text that did not come through a
catalogue stands out). The .po reader is tools/messages.py's (standard library only)."""

from __future__ import annotations

import importlib.util
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOMAIN = "pixel-mines"
GERMANIC = "nplurals=2; plural=(n != 1);"
SLAVIC = (
    "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
    "(n%100<10 || n%100>=20) ? 1 : 2);"
)
OPEN, CLOSE = "[[", "]]"


def messages_tool():
    """tools/messages.py, loaded as a module (tools/ is not a package)."""
    if "messages" not in sys.modules:
        spec = importlib.util.spec_from_file_location("messages", ROOT / "tools" / "messages.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["messages"] = module  # dataclasses look their module up there
        spec.loader.exec_module(module)
    return sys.modules["messages"]


def template():
    tool = messages_tool()
    return tool.read_po(tool.TEMPLATE)


def write_mo(path: Path, translations: dict, plural_forms: str = GERMANIC) -> Path:
    """A GNU .mo file. `translations` maps a message (or (context, message), or (message,
    plural)) to its text (a list of forms for a plural)."""
    header = f"Content-Type: text/plain; charset=UTF-8\nPlural-Forms: {plural_forms}\n"
    pairs = {b"": header.encode()}
    for key, text in translations.items():
        if isinstance(key, tuple) and key[0] is not None and isinstance(text, list):
            original = f"{key[0]}\0{key[1]}"  # (message, plural)
            text = "\0".join(text)
        elif isinstance(key, tuple):
            original = key[1] if key[0] is None else f"{key[0]}\x04{key[1]}"  # (context, msg)
        else:
            original = key
        pairs[original.encode()] = text.encode()
    keys = sorted(pairs)
    count = len(keys)
    start = 7 * 4 + 16 * count  # header, then both tables, then the strings
    originals, texts, data = [], [], b""
    for key in keys:
        originals.append((len(key), start + len(data)))
        data += key + b"\0"
    for key in keys:
        texts.append((len(pairs[key]), start + len(data)))
        data += pairs[key] + b"\0"
    out = struct.pack("<7I", 0x950412DE, 0, count, 28, 28 + 8 * count, 0, 0)
    out += b"".join(struct.pack("<2I", *p) for p in originals + texts)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out + data)
    return path


def from_template(translate, plural_count: int = 2) -> dict:
    """Every message of the template, given to `translate`; a plural gets `plural_count`
    forms (the first from the singular, the others from the plural)."""
    found = {}
    for e in template():
        if not e.id:
            continue
        if e.plural is not None:
            found[(e.id, e.plural)] = [translate(e.id)] + [translate(e.plural)] * (plural_count - 1)
        else:
            found[(e.context, e.id)] = translate(e.id)
    return found


def wrapped(text: str) -> str:
    return f"{OPEN}{text}{CLOSE}"


def catalogue(locale: Path, language: str, translate=wrapped, plural_forms: str = GERMANIC):
    """A compiled catalogue of the whole template under `locale` (a locale folder)."""
    count = int(plural_forms.split(";")[0].split("=")[1])
    path = locale / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
    return write_mo(path, from_template(translate, count), plural_forms)
