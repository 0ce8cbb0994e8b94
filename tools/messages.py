"""The translation catalogues: extract the marked texts, merge them into each language.

Usage: python tools/messages.py            (solitaire/locale/solitaire.pot, every LANG.po,
                                            and the launcher's translated lines)
       python tools/messages.py --check    (exit 1 if a catalogue is out of date or
                                            a language has texts left to translate)
       python tools/messages.py --new de   (start a catalogue for a language)

Texts are marked in the code with ``_()``, ``N_()``, ``ngettext()``, and with their
sense named, ``pgettext()`` and ``C_()`` (solitaire/i18n.py); they are found by reading the
code's syntax tree, so no gettext tools need to be installed. Merging keeps every
translation whose English text (and context) is unchanged, adds new texts untranslated and
drops texts no longer in the code. Each text names the files it is used in, not the lines:
an edit elsewhere in a file leaves the catalogues as they were.

The desktop launcher's words (data/*.desktop: GenericName, Comment, Keywords) and the
software centre's summary (data/*.metainfo.xml) are texts of the catalogue too: their
translations are written into those files (``Comment[de]=``, ``<summary xml:lang="de">``),
and ``--check`` finds them out of date like a catalogue.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape, unescape

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from solitaire import APP_ID  # the checkout's package, found through ROOT
from solitaire.i18n import CONTEXT_SEPARATOR, keyed

SOURCES = ROOT / "solitaire"
LAUNCHER = ROOT / "data" / f"{APP_ID}.desktop"
METAINFO = ROOT / "data" / f"{APP_ID}.metainfo.xml"
LAUNCHER_KEYS = ("GenericName", "Comment", "Keywords")  # the launcher's words a menu shows
SUMMARY = re.compile(r"^(\s*)<summary>(.*)</summary>$")
TRANSLATED_SUMMARY = re.compile(r"^\s*<summary xml:lang=")
LOCALE = SOURCES / "locale"
TEMPLATE = LOCALE / "solitaire.pot"
# function -> (whether its first argument is the context, how many texts follow)
MARKERS = {"_": (False, 1), "N_": (False, 1), "ngettext": (False, 2)}
MARKERS |= {"pgettext": (True, 1), "C_": (True, 1)}
PLURAL_FORMS = {
    "de": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
}
LANGUAGE_NAMES = {"de": "Deutsch", "fr": "Français"}


@dataclass
class Message:
    text: str
    context: str | None = None
    plural: str | None = None
    places: list[str] = field(default_factory=list)
    translation: list[str] = field(default_factory=list)  # [msgstr] or the plural forms


def extracted() -> dict[str, Message]:
    """Every marked text of the package, in the order first found, by its catalogue key
    (the text, after its context if it has one)."""
    messages: dict[str, Message] = {}
    for path in sorted(SOURCES.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            marker = MARKERS.get(node.func.id)
            if marker is None:
                continue
            has_context, count = marker
            wanted = count + has_context
            if len(node.args) < wanted:
                continue
            texts = [arg.value for arg in node.args[:wanted] if isinstance(arg, ast.Constant)]
            if len(texts) != wanted or not all(isinstance(text, str) for text in texts):
                continue  # a variable: its texts are marked where they are written
            context = texts.pop(0) if has_context else None
            key = keyed(context, texts[0])
            message = messages.setdefault(key, Message(texts[0], context))
            message.plural = texts[1] if count == 2 else message.plural
            place = path.relative_to(ROOT).as_posix()
            if place not in message.places:
                message.places.append(place)
    for text, place in launcher_texts():
        message = messages.setdefault(text, Message(text))
        if place not in message.places:
            message.places.append(place)
    return messages


def launcher_texts() -> list[tuple[str, str]]:
    """The launcher's and the software centre's English words, and the file of each."""
    found = []
    for line in LAUNCHER.read_text(encoding="utf-8").splitlines():
        key, equals, value = line.partition("=")
        if equals and key in LAUNCHER_KEYS:
            found.append((value, LAUNCHER.relative_to(ROOT).as_posix()))
    for line in METAINFO.read_text(encoding="utf-8").splitlines():
        summary = SUMMARY.match(line)
        if summary:
            found.append((unescape(summary.group(2)), METAINFO.relative_to(ROOT).as_posix()))
    return found


def translated_launcher(words: dict[str, dict[str, str]]) -> str:
    """data/*.desktop with each word's translations after it (``Comment[de]=``);
    ``words``: language -> English text -> its translation."""
    lines = []
    for line in LAUNCHER.read_text(encoding="utf-8").splitlines():
        key, equals, value = line.partition("=")
        if equals and key.partition("[")[0] in LAUNCHER_KEYS and "[" in key:
            continue  # written again below, from the catalogues
        lines.append(line)
        if equals and key in LAUNCHER_KEYS:
            for language, known in sorted(words.items()):
                if known.get(value):
                    lines.append(f"{key}[{language}]={known[value]}")
    return "\n".join(lines) + "\n"


def translated_metainfo(words: dict[str, dict[str, str]]) -> str:
    """data/*.metainfo.xml with the summary's translations after it."""
    lines = []
    for line in METAINFO.read_text(encoding="utf-8").splitlines():
        if TRANSLATED_SUMMARY.match(line):
            continue  # written again below, from the catalogues
        lines.append(line)
        summary = SUMMARY.match(line)
        if summary:
            indent, english = summary.group(1), unescape(summary.group(2))
            for language, known in sorted(words.items()):
                if known.get(english):
                    lines.append(
                        f'{indent}<summary xml:lang="{language}">'
                        f"{escape(known[english])}</summary>"
                    )
    return "\n".join(lines) + "\n"


def quoted(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    lines = escaped.split("\n")
    if len(lines) == 1:
        return f'"{escaped}"'
    parts = [line + "\\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    return '""\n' + "\n".join(f'"{part}"' for part in parts)


def header(language: str | None) -> str:
    fields = [
        "Project-Id-Version: Solitaire",
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=UTF-8",
        "Content-Transfer-Encoding: 8bit",
    ]
    if language is not None:
        fields += [
            f"Language: {language}",
            f"Language-Name: {LANGUAGE_NAMES.get(language, language)}",
            f"Plural-Forms: {PLURAL_FORMS.get(language, 'nplurals=2; plural=(n != 1);')}",
        ]
    body = "".join(f"{line}\\n" for line in fields)
    return f'msgid ""\nmsgstr "{body}"\n'


def catalogue(messages: dict[str, Message], language: str | None) -> str:
    entries = [header(language)]
    for message in messages.values():
        lines = [f"#: {place}" for place in message.places]
        if "{" in message.text:
            lines.append("#, python-brace-format")
        if message.context is not None:
            lines.append(f"msgctxt {quoted(message.context)}")
        lines.append(f"msgid {quoted(message.text)}")
        if message.plural is not None:
            lines.append(f"msgid_plural {quoted(message.plural)}")
            forms = message.translation or ["", ""]
            lines += [f"msgstr[{n}] {quoted(form)}" for n, form in enumerate(forms)]
        else:
            lines.append(f"msgstr {quoted(message.translation[0] if message.translation else '')}")
        entries.append("\n".join(lines) + "\n")
    return "\n".join(entries)


def translations(path: Path) -> dict[str, list[str]]:
    """The translations a .po holds: catalogue key (the English text, after its context if
    it has one) -> [msgstr] or its plural forms."""
    from solitaire.i18n import Catalogue

    read = Catalogue(path)
    found: dict[str, list[str]] = {text: [value] for text, value in read.messages.items()}
    found.update(read.plurals)
    return found


def merged(messages: dict[str, Message], language: str, path: Path) -> str:
    known = translations(path) if path.is_file() else {}
    for key, message in messages.items():
        message.translation = known.get(key, [])
    return catalogue(messages, language)


def untranslated(path: Path, messages: dict[str, Message]) -> list[str]:
    known = translations(path)
    return [key.replace(CONTEXT_SEPARATOR, " | ") for key in messages if key not in known]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check, write nothing")
    parser.add_argument("--new", metavar="LANG", help="start a catalogue for LANG")
    args = parser.parse_args(argv)
    messages = extracted()
    languages = sorted(path.stem for path in LOCALE.glob("*.po"))
    if args.new:
        languages = sorted({*languages, args.new})
    wanted = {TEMPLATE: catalogue(messages, None)}
    launcher_words: dict[str, dict[str, str]] = {}
    for language in languages:
        wanted[LOCALE / f"{language}.po"] = merged(
            dict(messages), language, LOCALE / f"{language}.po"
        )
        launcher_words[language] = {
            text: message.translation[0]
            for text, _place in launcher_texts()
            if (message := messages[text]).translation
        }
    wanted[LAUNCHER] = translated_launcher(launcher_words)
    wanted[METAINFO] = translated_metainfo(launcher_words)
    if args.check:
        stale = [p for p, text in wanted.items() if not p.is_file() or p.read_text() != text]
        for path in stale:
            print(f"{path.relative_to(ROOT)} is out of date: run python tools/messages.py")
        missing = {
            language: untranslated(LOCALE / f"{language}.po", messages) for language in languages
        }
        for language, texts in missing.items():
            for text in texts:
                print(f"{language}: not translated: {text!r}")
        return 1 if stale or any(missing.values()) else 0
    LOCALE.mkdir(parents=True, exist_ok=True)
    for path, text in wanted.items():
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
