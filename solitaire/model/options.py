"""Rule options: what each game lets the player choose, with parsing and validation."""

from __future__ import annotations

from dataclasses import dataclass

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
            raise OptionError(f"option {self.name} is on or off, not '{text}'")
        if self.choices:
            if word in self.choices:
                return word
            raise OptionError(
                f"option {self.name} is one of {', '.join(self.choices)}, not '{text}'"
            )
        if self.unlimited and word in ("unlimited", "inf", "infinite"):
            return UNLIMITED
        try:
            value = int(word)
        except ValueError:
            raise OptionError(f"option {self.name} takes a whole number, not '{text}'") from None
        return self.check_count(value)

    def check_count(self, value: int) -> int:
        if self.minimum is not None and value < self.minimum:
            raise OptionError(f"option {self.name} is at least {self.minimum}, not {value}")
        if self.maximum is not None and value > self.maximum:
            raise OptionError(f"option {self.name} is at most {self.maximum}, not {value}")
        return value

    def format(self, value: object) -> str:
        if self.is_flag:
            return "on" if value else "off"
        if value is UNLIMITED and self.unlimited:
            return "unlimited"
        return str(value)

    def describe(self) -> str:
        if self.is_flag:
            values = "on|off"
        elif self.choices:
            values = "|".join(self.choices)
        else:
            top = "" if self.maximum is None else str(self.maximum)
            values = f"{self.minimum}..{top}" + ("|unlimited" if self.unlimited else "")
        return f"{self.name}={values} (default {self.format(self.default)}): {self.help}"


def resolve_options(specs: tuple[Option, ...], given: dict[str, object]) -> dict[str, object]:
    """Defaults overlaid with the given values, which may be text (from a command line)."""
    by_name = {spec.name: spec for spec in specs}
    values = {spec.name: spec.default for spec in specs}
    for name, value in given.items():
        spec = by_name.get(name)
        if spec is None:
            known = ", ".join(by_name) or "none"
            raise OptionError(f"unknown option '{name}' (this game's options: {known})")
        values[name] = spec.parse(value) if isinstance(value, str) else validate(spec, value)
    return values


def validate(spec: Option, value: object) -> object:
    if spec.is_flag:
        if not isinstance(value, bool):
            raise OptionError(f"option {spec.name} is on or off, not {value!r}")
        return value
    if spec.choices:
        return spec.parse(str(value))
    if value is UNLIMITED and spec.unlimited:
        return value
    if not isinstance(value, int) or isinstance(value, bool):
        raise OptionError(f"option {spec.name} takes a whole number, not {value!r}")
    return spec.check_count(value)
