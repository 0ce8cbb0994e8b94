"""The player's language: every word a player reads goes through here (gettext).

Texts are written in English in the code and marked: ``_("Deal again")`` where the text
is used, ``N_("Deal again")`` where it is only named (a constant, a table of words) and
translated later with ``_()``; ``ngettext("{count} card", "{count} cards", count)`` where
a number is shown. Where one English word has two senses (a button that draws from the
stock, the merci called the draw), each use names its sense, the context:
``pgettext("the merci", "Draw")`` where it is used, ``C_("the merci", "Draw")`` where it is only
named (``_()`` later translates it in its context). Placeholders are named (``{count}``) and filled with ``str.format``
after translation, so a translator may move them. ``tools/messages.py`` extracts the
marked texts into ``solitaire/locale/solitaire.pot`` and merges them into each
language's catalogue, ``solitaire/locale/LANG.po``.

The catalogues are read as .po files, with no compiled .mo beside them: nothing to build
before the game runs from a checkout, an sdist or the packaged folder, and nothing that
can fall out of date. A catalogue is read once, at start or when the player chooses
another language in the options (a few milliseconds), never during a frame.

The language follows the system's locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as gettext
reads them; on Windows and macOS the locale Python reports) unless the player chose one.
Card names typed at the table and the move notation stay as the manuals define them
(TC, 54v3): they are not words of a language.
"""

from __future__ import annotations

import ast
import gettext
import locale
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

DOMAIN = "solitaire"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
SOURCE_LANGUAGE = "en"
# A language for tests only: every text of the catalogue comes back changed but readable
# ("[Ðéàl àgàíñ~~]"), longer by a third as German is, so that a text that did not pass
# through the catalogue (never marked, or never looked up) stands out on screen and in a
# test, and layouts show where long words would not fit.
PSEUDO = "qps"
AUTOMATIC = "auto"  # the settings' word for "follow the system"
# Between a text's context and the text in a catalogue's keys, as GNU gettext joins them.
CONTEXT_SEPARATOR = "\x04"


def keyed(context: str | None, message: str) -> str:
    """The catalogue's key of ``message`` in ``context`` (none: the text itself)."""
    return message if context is None else f"{context}{CONTEXT_SEPARATOR}{message}"


class Catalogue(gettext.NullTranslations):
    """A .po file's translations, read directly (msgid, msgid_plural, msgstr[n]); fuzzy and
    empty entries are left out, so their English shows."""

    def __init__(self, path: Path, keep_all: bool = False):
        """``keep_all``: every msgid, translated or not (the template's texts)."""
        super().__init__()
        self.keep_all = keep_all
        self.messages: dict[str, str] = {}
        self.plurals: dict[str, list[str]] = {}
        self.plural: Callable[[int], int] = lambda n: int(n != 1)
        self._read(path.read_text(encoding="utf-8"))

    def _read(self, text: str) -> None:
        for entry in text.split("\n\n"):
            fields: dict[str, str] = {}
            field = None
            fuzzy = False
            for line in entry.splitlines():
                line = line.strip()
                if line.startswith("#,") and "fuzzy" in line:
                    fuzzy = True
                if not line or line.startswith("#"):
                    continue
                if line.startswith('"'):
                    if field is not None:
                        fields[field] += ast.literal_eval(line)
                    continue
                field, _, value = line.partition(" ")
                fields[field] = ast.literal_eval(value.strip())
            self._take(fields, fuzzy)

    def _take(self, fields: dict[str, str], fuzzy: bool) -> None:
        message = fields.get("msgid")
        if message is None or fuzzy and message:
            return
        if "msgctxt" in fields:
            message = keyed(fields["msgctxt"], message)
        if message == "":  # the header: the plural rule
            for line in fields.get("msgstr", "").splitlines():
                name, _, value = line.partition(":")
                if name.strip().lower() == "plural-forms" and "plural=" in value:
                    rule = value.split("plural=", 1)[1].strip().rstrip(";")
                    self.plural = gettext.c2py(rule)
            return
        if self.keep_all:
            self.messages[message] = fields.get("msgstr", "")
            return
        if "msgid_plural" in fields:
            forms = [fields[f"msgstr[{n}]"] for n in range(10) if f"msgstr[{n}]" in fields]
            if forms and all(forms):
                self.plurals[message] = forms
            return
        if fields.get("msgstr"):
            self.messages[message] = fields["msgstr"]

    def gettext(self, message: str) -> str:
        return self.messages.get(message, message)

    def pgettext(self, context: str, message: str) -> str:
        return self.messages.get(keyed(context, message), message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        forms = self.plurals.get(singular)
        if forms is None:
            return singular if n == 1 else plural
        index = self.plural(n)
        return forms[index] if 0 <= index < len(forms) else forms[-1]


class Pseudo(gettext.NullTranslations):
    """The test language: each text of the catalogue's template changed letter by letter,
    placeholders kept. A text that is not in the template (one never marked, so never
    extracted for translators) stays as it is, and shows."""

    ACCENTED = str.maketrans("aeiouyAEIOUYnNcCdD", "àéíöüýÀÉÍÖÜÝñÑçÇðÐ")

    def __init__(self, template: Path):
        super().__init__()
        self.known = set(Catalogue(template, keep_all=True).messages)

    def gettext(self, message: str) -> str:
        return pseudo(message) if message in self.known else message

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message) if keyed(context, message) in self.known else message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        chosen = singular if n == 1 else plural
        return pseudo(chosen) if singular in self.known else chosen


def pseudo(message: str) -> str:
    """``message`` in the pseudo-language: letters accented outside {placeholders}, in
    brackets, a third longer."""
    parts, depth = [], 0
    for char in message:
        depth += char == "{"
        parts.append(char if depth else char.translate(Pseudo.ACCENTED))
        depth -= char == "}" and depth > 0
    return "[" + "".join(parts) + "~" * (len(message) // 3) + "]"


_current: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE_LANGUAGE


def available() -> dict[str, str]:
    """The languages there are a catalogue for, and English: code -> the language's own
    name, from its catalogue's header (``Language-Name``)."""
    names = {SOURCE_LANGUAGE: "English"}
    for path in sorted(LOCALE_DIR.glob("*.po")):
        names[path.stem] = _own_name(path) or path.stem
    return names


def _own_name(path: Path) -> str | None:
    try:
        head = path.read_text(encoding="utf-8")[:2000]
    except (OSError, UnicodeError):
        return None
    named = re.search(r"Language-Name:[ \t]*([^\\\"\n]+)", head)  # in one header line or its own
    return named.group(1).strip() if named else None


def system_languages() -> list[str]:
    """The languages the system asks for, best first, as gettext reads them."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            return [_base(part) for part in value.split(":") if part]
    if sys.platform in ("win32", "darwin"):
        code = locale.getlocale()[0]
        if code:
            return [_base(code)]
    return []


def _base(code: str) -> str:
    """de_DE.UTF-8@euro -> de; C and POSIX -> en."""
    base = code.split(".")[0].split("@")[0].split("_")[0].lower()
    return SOURCE_LANGUAGE if base in ("c", "posix", "") else base


def choose(wanted: str | None = AUTOMATIC) -> str:
    """Use ``wanted`` (a language code, or ``AUTOMATIC`` for the system's); the language
    in use. A language without a catalogue, or one that cannot be read, is English."""
    global _current, _language
    if wanted == PSEUDO:
        _current, _language = Pseudo(LOCALE_DIR / f"{DOMAIN}.pot"), PSEUDO
        return _language
    candidates = system_languages() if wanted in (None, AUTOMATIC) else [str(wanted)]
    for code in candidates:
        if code == SOURCE_LANGUAGE:
            break
        path = LOCALE_DIR / f"{code}.po"
        try:
            _current, _language = Catalogue(path), code
            return _language
        except (OSError, UnicodeError, ValueError, SyntaxError):
            continue  # no catalogue, or a damaged one: the next language, then English
    _current, _language = gettext.NullTranslations(), SOURCE_LANGUAGE
    return _language


def language() -> str:
    return _language


# How a language groups the digits of a large number (English: 1,000,000); a no-break space
# keeps a French number on one line.
THOUSANDS_SEPARATORS = {"de": ".", "fr": "\u00a0"}


def thousands(value: int) -> str:
    """A whole number as the player's language writes it: 1,000,000, 1.000.000, 1 000 000."""
    return f"{value:,}".replace(",", THOUSANDS_SEPARATORS.get(_language, ","))


class InContext(str):
    """A text named with its sense (``C_``): ``_()`` translates it in that context."""

    context = ""


def _(message: str) -> str:
    """``message`` in the player's language (in its context if it was named with one)."""
    if isinstance(message, InContext):
        return pgettext(message.context, message)
    return _current.gettext(message)


def pgettext(context: str, message: str) -> str:
    """``message`` in the player's language, in the sense ``context`` names."""
    return _current.pgettext(context, message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of ``singular``/``plural`` for ``count`` in the player's language (fill in
    the count with ``.format`` afterwards)."""
    return _current.ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue where it is named, not yet shown: translate it
    with ``_()`` where it is used."""
    return message


def C_(context: str, message: str) -> str:
    """Marks ``message`` in ``context`` for the catalogue where it is named, not yet shown:
    ``_()`` translates it in that context where it is used."""
    named = InContext(message)
    named.context = context
    return named
