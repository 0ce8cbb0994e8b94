"""The translation layer: catalogues read as .po, the language chosen from the system or
the player's choice, plural forms, and the pseudo-language the screen tests use."""

import importlib.util
import sys
from pathlib import Path

import pytest

from solitaire import i18n

ROOT = Path(__file__).resolve().parents[2]


def load_messages_tool():
    # tools/ is a folder of scripts, not a package: the module is loaded from its path.
    spec = importlib.util.spec_from_file_location("messages", ROOT / "tools" / "messages.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["messages"] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


PO = """
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: fr\\n"
"Language-Name: Français\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"

#: solitaire/ui/app.py:1
msgid "Deal again"
msgstr "Redonner"

#, fuzzy
msgid "Undo"
msgstr "Annuler (à revoir)"

msgid "Empty"
msgstr ""

msgid "{count} card"
msgid_plural "{count} cards"
msgstr[0] "{count} carte"
msgstr[1] "{count} cartes"

msgctxt "stock"
msgid "Draw"
msgstr "Tirer"

msgctxt "merci"
msgid "Draw"
msgstr "Tirage"

msgid ""
"A long text "
"in two lines"
msgstr ""
"Un long texte "
"sur deux lignes"
"""


@pytest.fixture
def locale_dir(tmp_path, monkeypatch):
    (tmp_path / "fr.po").write_text(PO, encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    yield tmp_path
    i18n.choose(i18n.SOURCE_LANGUAGE)


def test_a_catalogue_translates_what_it_holds_and_leaves_the_rest_in_english(locale_dir):
    assert i18n.choose("fr") == "fr"
    assert i18n._("Deal again") == "Redonner"
    assert i18n._("Undo") == "Undo"  # fuzzy: not trusted
    assert i18n._("Empty") == "Empty"  # not yet translated
    assert i18n._("A long text in two lines") == "Un long texte sur deux lignes"
    assert i18n._("Not in the catalogue") == "Not in the catalogue"


def test_one_english_word_in_two_senses_has_a_translation_for_each(locale_dir):
    named = i18n.C_("merci", "Draw")
    assert named == "Draw"  # the English text, wherever it is compared or written
    i18n.choose("fr")
    assert i18n.pgettext("stock", "Draw") == "Tirer"
    assert i18n.pgettext("merci", "Draw") == "Tirage"
    assert i18n._(named) == "Tirage"  # named with its sense, translated in it
    assert i18n._("Draw") == "Draw"  # no sense named: not either of those
    assert i18n.pgettext("tableau", "Draw") == "Draw"


def test_a_sense_is_extracted_into_the_catalogue_as_its_context(tmp_path, monkeypatch):
    messages = load_messages_tool()
    package = tmp_path / "solitaire"
    package.mkdir()
    (package / "a.py").write_text(
        'C_("merci", "Draw")\npgettext("stock", "Draw")\n_("Draw")\n_("Draw")\n'
    )
    monkeypatch.setattr(messages, "ROOT", tmp_path)
    monkeypatch.setattr(messages, "SOURCES", package)
    monkeypatch.setattr(messages, "launcher_texts", list)  # only the code here
    found = messages.extracted()
    assert [(m.context, m.text, m.places) for m in found.values()] == [
        ("merci", "Draw", ["solitaire/a.py"]),
        ("stock", "Draw", ["solitaire/a.py"]),
        (None, "Draw", ["solitaire/a.py"]),  # named once per file: no line numbers
    ]
    written = messages.catalogue(found, "fr")
    assert 'msgctxt "merci"\nmsgid "Draw"' in written
    (tmp_path / "fr.po").write_text(written.replace('msgstr ""', 'msgstr "Tirage"', 2))
    assert messages.translations(tmp_path / "fr.po") == {
        "merci\x04Draw": ["Tirage"],
        "stock\x04Draw": ["Tirage"],
    }


def test_plural_forms_follow_the_language_s_rule(locale_dir):
    i18n.choose("fr")
    shown = [i18n.ngettext("{count} card", "{count} cards", n).format(count=n) for n in (0, 1, 2)]
    assert shown == ["0 carte", "1 carte", "2 cartes"]  # French: 0 is singular
    i18n.choose("en")
    assert i18n.ngettext("{count} card", "{count} cards", 0).format(count=0) == "0 cards"


@pytest.mark.parametrize(
    "environment, expected",
    [
        ({"LANGUAGE": "fr_FR:de"}, "fr"),
        ({"LC_ALL": "fr_CA.UTF-8"}, "fr"),
        ({"LANG": "fr_FR.UTF-8@euro"}, "fr"),
        ({"LANG": "de_DE.UTF-8"}, "en"),  # no catalogue here for German: English
        ({"LANG": "C"}, "en"),
        ({"LANGUAGE": "xx:fr"}, "fr"),  # the first language there is a catalogue for
    ],
)
def test_the_language_follows_the_system(locale_dir, monkeypatch, environment, expected):
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in environment.items():
        monkeypatch.setenv(variable, value)
    assert i18n.choose(i18n.AUTOMATIC) == expected


def test_a_damaged_catalogue_means_english_not_a_crash(locale_dir):
    (locale_dir / "fr.po").write_bytes(b'msgid "x"\nmsgstr "\xff\n')
    assert i18n.choose("fr") == "en"
    assert i18n._("Deal again") == "Deal again"


def test_the_languages_offered_are_named_in_their_own_words(locale_dir):
    assert i18n.available() == {"en": "English", "fr": "Français"}


def test_the_pseudo_language_changes_every_letter_but_keeps_placeholders():
    i18n.choose(i18n.PSEUDO)
    try:
        shown = i18n._("Passes left {count}").format(count=3)
        unmarked = i18n._("A text no one marked")
    finally:
        i18n.choose(i18n.SOURCE_LANGUAGE)
    assert shown.startswith("[Pàssés léft 3") and shown.endswith("~]")
    assert unmarked == "A text no one marked"  # not in the catalogue: it shows


def test_the_options_language_row_speaks_at_once_and_is_remembered(app):
    """Options, Language: the next language is used at once (the table's buttons are laid
    out again in its words), and the choice is kept in the settings."""
    from table_driver import start

    from solitaire.ui.screens.overlays import OptionsOverlay

    table = start(app, "klondike")
    app.open_options()
    options = app.overlays[-1]
    assert isinstance(options, OptionsOverlay)
    row = next(i for i, (label, _shown, _change) in enumerate(options.rows) if label == "Language")
    try:
        while i18n.language() != "de":
            options.change(row, 1)
        assert app.library.settings["language"] == "de"
        assert options.rows[row][1]() == "Deutsch"
        assert [button.text for button in table.bar.buttons][:3] == ["Spiele", "Neu", "Neustart"]
        options.change(row, -1)  # back to English, chosen by name
        assert i18n.language() == "en" and app.library.settings["language"] == "en"
        assert table.bar.buttons[0].text == "Games"
    finally:
        i18n.choose(i18n.SOURCE_LANGUAGE)


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_each_menu_item_keeps_its_own_initial_in_every_language(language):
    """A menu picks an item by its first letter: two items with one initial would make the
    key pick the wrong one (German "Zum Desktop" and "Zurück" once did)."""
    menus = (
        ("Exit to the desktop", "New hand", "Return to the game"),
        ("Yes, reset them", "No, keep them"),
    )
    i18n.choose(language)
    try:
        for labels in menus:
            initials = [i18n._(label)[0].lower() for label in labels]
            assert len(set(initials)) == len(initials), [i18n._(label) for label in labels]
    finally:
        i18n.choose(i18n.SOURCE_LANGUAGE)


def test_the_notices_of_a_start_speak_the_language_chosen_in_the_options(tmp_path):
    """The system speaks English, the player chose German: a setting that cannot be used,
    a damaged statistics file and a damaged save are told in German, though the first two
    are found while the settings themselves are being read."""
    import pygame

    from solitaire.ui.app import App
    from solitaire.ui.library import Library

    (tmp_path / "settings.json").write_text(
        '{"kind": "settings", "version": 1, "language": "de", "muted": "loud"}'
    )
    (tmp_path / "stats.json").write_text("not a statistics file")
    (tmp_path / "game-klondike.json").write_text('{"kind": "game", "version": 3}')
    try:
        app = App(fullscreen=False, size=(800, 600), library=Library(tmp_path))
        app.open_game("klondike")
        status = app.table.status
        notices = [status.message.words] + [words for words, _seconds in status.waiting]
    finally:
        pygame.quit()
        i18n.choose(i18n.SOURCE_LANGUAGE)
    assert len(notices) == 3
    assert all("konnte nicht gelesen werden" in notice for notice in notices), notices
    (tmp_path / "settings.json").write_text('{"kind": "settings", "version": 1, "language": "de"}')
    assert Library.chosen_language(tmp_path) == "de"  # what the launch says before the rest


def test_the_launch_reads_no_language_from_settings_it_cannot_use(tmp_path):
    from solitaire.ui.library import Library

    assert Library.chosen_language(tmp_path) == i18n.AUTOMATIC  # no settings yet
    (tmp_path / "settings.json").write_text('{"kind": "settings", "version": 1, "language": 7}')
    assert Library.chosen_language(tmp_path) == i18n.AUTOMATIC


@pytest.mark.parametrize(
    "field, value, german",
    [
        ("seconds", -5, "ihre Spielzeit -5 ist keine Anzahl Sekunden"),
        ("assisted", [1, 2], "ihr Feld „assisted“ ist eine Liste mit 2 Einträgen, nicht wahr"),
        ("pending", {}, "Ergebnisse (eine Tabelle mit 0 Einträgen) sind keine Liste"),
    ],
)
def test_a_damaged_save_names_its_bad_field_in_the_player_s_language(
    tmp_path, field, value, german
):
    """Which field of a save is wrong is said in whole translated sentences, the value
    found described in the player's words too."""
    import json

    from solitaire.model.game import Game
    from solitaire.model.games import make_rules
    from solitaire.storage import saved_game

    data = saved_game.to_dict(Game(make_rules("klondike"), 1))
    path = tmp_path / "game-klondike.json"
    path.write_text(json.dumps({**data, field: value}))
    i18n.choose("de")
    try:
        game, _extra, message = saved_game.load(path, "klondike")
    finally:
        i18n.choose(i18n.SOURCE_LANGUAGE)
    assert game is None
    assert message.startswith("Die Datei des gespeicherten Spiels konnte nicht gelesen werden")
    assert german in message


@pytest.mark.parametrize("language", ["de", "fr"])
def test_the_launchers_words_are_translated_as_the_catalogue_says(language):
    """A desktop menu shows the launcher's GenericName, Comment and Keywords in its own
    language: data/*.desktop holds each one's translation, the catalogue's, and so do the
    software centre's summary and the packaged game's own launcher."""
    from pathlib import Path

    from solitaire import APP_ID
    from solitaire.ui.platform.launcher import desktop_entry

    catalogue = i18n.Catalogue(i18n.LOCALE_DIR / f"{language}.po")
    entry = dict(
        line.split("=", 1)
        for line in (ROOT / "data" / f"{APP_ID}.desktop").read_text().splitlines()
        if "=" in line
    )
    for key in ("GenericName", "Comment", "Keywords"):
        translated = entry.get(f"{key}[{language}]")
        assert translated and translated == catalogue.gettext(entry[key]) != entry[key]
    metainfo = (ROOT / "data" / f"{APP_ID}.metainfo.xml").read_text()
    assert f'<summary xml:lang="{language}">' in metainfo
    packaged = desktop_entry(Path("/opt/Solitaire/Solitaire"), Path("/opt/Solitaire/icon.png"))
    assert f"Comment[{language}]={entry[f'Comment[{language}]']}\n" in packaged


@pytest.mark.parametrize(
    "language, stock, merci", [("fr", "Tirer", "Tirage"), ("de", "Ziehen", "Ziehen")]
)
def test_drawing_from_the_stock_and_the_draw_of_la_belle_lucie_are_told_apart(
    language, stock, merci
):
    """Klondike's Draw button turns cards from the stock (French: a verb); La Belle Lucie's
    Draw is its merci, a noun, named in sentences too."""
    from solitaire.model.games import make_rules

    def draw_button(game_id):
        rules = make_rules(game_id)
        return next(b for b in rules.buttons if b.label == "Draw")

    lucie = make_rules("lucie")
    i18n.choose(language)
    try:
        assert i18n._(draw_button("klondike").label) == stock
        assert i18n._(draw_button("lucie").label) == merci
        assert i18n._(lucie.mercis_word) == merci
        refusal = lucie.no_merci_reason(lucie.deal(1))  # not before the final deal
    finally:
        i18n.choose(i18n.SOURCE_LANGUAGE)
    assert (merci.lower() if language == "fr" else merci) in refusal  # German: a capital


@pytest.mark.parametrize(
    "language, passes, left",
    [
        ("fr", "illimités", "Passages restants illimités"),
        ("de", "unbegrenzt", "Durchgänge übrig unbegrenzt"),
    ],
)
def test_an_option_s_value_agrees_with_its_option(app, language, passes, left):
    """ "unlimited" passes are "illimités" in French (passages: masculine plural), not the
    word alone ("illimité"); the options screen and the status line say the same."""
    from table_driver import start

    from solitaire.ui.screens.overlays import OptionsOverlay

    table = start(app, "klondike")
    i18n.choose(language)
    try:
        app.open_options()
        options = app.overlays[-1]
        assert isinstance(options, OptionsOverlay)
        shown = {i18n._(label): value() for label, value, _change in options.rows}
        status = table.rules.status_items(table.state)
        scoring = [
            value for label, value in shown.items() if label.startswith(("Score", "Wertung"))
        ]
    finally:
        i18n.choose(i18n.SOURCE_LANGUAGE)
    assert passes in shown.values()
    assert left in status
    # each choice's meaning beside it, in the player's words: no English choice name left
    assert scoring and "vegas" not in scoring[0] and "standard =" not in scoring[0]


def test_the_command_line_s_help_lists_rule_options_and_moves_in_the_language():
    from solitaire import cli

    i18n.choose("de")
    try:
        listed = cli.games_help()
        usage = cli.build_parser().format_help()
    finally:
        i18n.choose(i18n.SOURCE_LANGUAGE)
    assert "--rule redeals=0..99|unlimited (Vorgabe 2): erlaubtes Neumischen" in listed
    assert "eine bedeckte Karte, QH oder QH-3, benennt das Ziehen" in " ".join(listed.split())
    assert "(default" not in listed and "a covered card" not in listed
    assert "--rule NAME=WERT" in usage and "--record DATEI" in usage


def test_a_card_name_typed_wrong_is_refused_in_the_language():
    from solitaire.model.games import make_rules
    from solitaire.model.moves import IllegalMove

    rules = make_rules("lucie")
    i18n.choose("fr")
    try:
        with pytest.raises(IllegalMove) as refused:
            rules.parse_move("ZQ", rules.deal(1))
    finally:
        i18n.choose(i18n.SOURCE_LANGUAGE)
    said = str(refused.value)
    assert said.startswith("« ZQ » : « Z » n'est pas un rang") and "Coups : une carte" in said


@pytest.mark.parametrize(
    "language, written", [("en", "1,000,000"), ("de", "1.000.000"), ("fr", "1\u00a0000\u00a0000")]
)
def test_a_large_number_is_grouped_as_the_language_writes_it(language, written):
    """The game-number box's "0 to 1,000,000" would read as "0 to 1.0" in German."""
    from solitaire.model.rules import MAX_DEAL

    i18n.choose(language)
    try:
        assert i18n.thousands(MAX_DEAL) == written
    finally:
        i18n.choose(i18n.SOURCE_LANGUAGE)
