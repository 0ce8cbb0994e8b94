"""Rule options: what each game lets the player choose, with parsing and validation."""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import _

UNLIMITED = None  # the value of a count option set to "unlimited"


class OptionError(ValueError):
    """A rule option that does not exist or has a value it cannot take."""


@dataclass(frozen=True)
class Option:
    name: str
    help: str
    default: object
    choices: tuple[str, ...] = ()  # a choice option: one of these words
    minimum: int | None = None  # a count option: this or more
    maximum: int | None = None
    unlimited: bool = False  # a count option that may also be "unlimited"

    @property
    def is_flag(self) -> bool:
        return isinstance(self.default, bool)

    def parse(self, text: str) -> object:
        word = text.strip().lower()
        if self.is_flag:
            if word in ("on", "yes", "true", "1"):
                return True
            if word in ("off", "no", "false", "0"):
                return False
            raise OptionError(
                _("option {name} is on or off, not '{text}'").format(name=self.name, text=text)
            )
        if self.choices:
            if word in self.choices:
                return word
            raise OptionError(
                _("option {name} is one of {choices}, not '{text}'").format(
                    name=self.name, choices=", ".join(self.choices), text=text
                )
            )
        if self.unlimited and word in ("unlimited", "inf", "infinite"):
            return UNLIMITED
        try:
            value = int(word)
        except ValueError:
            raise OptionError(
                _("option {name} takes a whole number, not '{text}'").format(
                    name=self.name, text=text
                )
            ) from None
        return self.check_count(value)

    def check_count(self, value: int) -> int:
        if self.minimum is not None and value < self.minimum:
            raise OptionError(
                _("option {name} is at least {least}, not {value}").format(
                    name=self.name, least=self.minimum, value=value
                )
            )
        if self.maximum is not None and value > self.maximum:
            raise OptionError(
                _("option {name} is at most {most}, not {value}").format(
                    name=self.name, most=self.maximum, value=value
                )
            )
        return value

    def format(self, value: object) -> str:
        if self.is_flag:
            return "on" if value else "off"
        if value is UNLIMITED and self.unlimited:
            return "unlimited"
        return str(value)

    def accepted(self) -> str:
        """The values --rule takes, as it writes them: on|off, a|b|c, 0..99|unlimited."""
        if self.is_flag:
            return "on|off"
        if self.choices:
            return "|".join(self.choices)
        top = "" if self.maximum is None else str(self.maximum)
        return f"{self.minimum}..{top}" + ("|unlimited" if self.unlimited else "")


def resolve_options(specs: tuple[Option, ...], given: dict[str, object]) -> dict[str, object]:
    """Defaults overlaid with the given values, which may be text (from a command line)."""
    by_name = {spec.name: spec for spec in specs}
    values = {spec.name: spec.default for spec in specs}
    for name, value in given.items():
        spec = by_name.get(name)
        if spec is None:
            known = ", ".join(by_name) or _("none")
            raise OptionError(
                _("unknown option '{name}' (this game's options: {known})").format(
                    name=name, known=known
                )
            )
        values[name] = spec.parse(value) if isinstance(value, str) else validate(spec, value)
    return values


def validate(spec: Option, value: object) -> object:
    if spec.is_flag:
        if not isinstance(value, bool):
            raise OptionError(
                _("option {name} is on or off, not {value}").format(
                    name=spec.name, value=repr(value)
                )
            )
        return value
    if spec.choices:
        return spec.parse(str(value))
    if value is UNLIMITED and spec.unlimited:
        return value
    if not isinstance(value, int) or isinstance(value, bool):
        raise OptionError(
            _("option {name} takes a whole number, not {value}").format(
                name=spec.name, value=repr(value)
            )
        )
    return spec.check_count(value)
