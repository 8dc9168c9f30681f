"""This computer's settings file as the settings store of a seat played here: the keyboard's
console and ``join``'s (:class:`~.keyboard.LocalConsole`), and a watched game's.

A live setting changes for the seat at the keyboard now (:class:`FileSettings`; a new speech
output, :func:`changed_speaker`; a new language for the screen and the voice,
:func:`speak_language`) and is saved in the settings file (:func:`save_setting`), for the games
at this computer after this one too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..files import FileError
from ..i18n import N_, Language
from .commands import setting_value_text
from .display import Display

if TYPE_CHECKING:
    from .keyboard import LocalConsole


class FileSettings:
    """The settings store of a seat whose settings file is on this computer (``owner``, a
    :class:`~.keyboard.LocalConsole`: the keyboard's console and ``join``): a live setting changes for the
    seat at the keyboard now and is saved in the settings file. Where several people share the
    keyboard (``owner.shared``), a seat's verbosity is saved under its name, and the language is
    the keyboard's, one for the table (:data:`KEYBOARDS_LANGUAGE`)."""

    def __init__(self, owner: LocalConsole) -> None:
        self.owner = owner

    def change(self, key: str, value: Any) -> str | None:
        """Change the live setting ``key`` (``value`` checked) for the seat at the keyboard
        now: its language (of every sentence, the voice and completion:
        :meth:`~.keyboard.LocalConsole.language_changed`), verbosity, options; or the speech mode or output
        (:func:`changed_speaker`), or the hints. A language or verbosity is kept with the game
        too, where the game keeps it (:meth:`~.keyboard.LocalConsole.keep_with_game`). Returns
        None, or one sentence for plain or rich output, which is chosen as the game starts here."""
        owner = self.owner
        seat = owner.holder
        if key == "display":
            return seat.lang._(N_("Plain or rich output is chosen as the game starts; here it stays as it is."))
        if key == "hints":
            owner.hints = bool(value)  # the hint command answers, or not
            return None
        if key in ("speech", "output"):
            owner.speaker = changed_speaker(owner.speaker, key, value, owner.display, seat.lang)
            return None
        seat.change(key, value)
        if key in ("language", "verbosity"):
            owner.keep_with_game()
        if key == "language":
            owner.language_changed()
        return None

    def keep(self, key: str, value: Any) -> str:
        """Save ``key`` = ``value`` in the settings file, for the games at this computer after
        this one too: the sentences that say so (:data:`SAVED_HERE`, and where a damaged
        settings file was kept: :func:`~a11y_dominion.settings.save_settings`), or why it holds
        for this game only. At a shared keyboard the language saved is every seat's there, which
        says so first (:data:`KEYBOARDS_LANGUAGE`)."""
        owner = self.owner
        lang = owner.holder.lang

        def put(data: dict[str, Any]) -> str:
            name, said = owner.holder.name, ""
            seats = data.setdefault("seats", {})
            if key == "verbosity" and owner.shared and name:
                mine = next((n for n in seats if n.lower() == name.lower()), name)
                seats.setdefault(mine, {})[key] = value
            else:
                data[key] = value
            if key == "language" and owner.shared:  # no seat here keeps a language of its own
                here = {console.name.lower() for console in owner.at_keyboard()}
                for seat in [n for n in seats if n.lower() in here]:
                    seats[seat].pop("language", None)
                    if not seats[seat]:
                        del seats[seat]
                said = lang.text(KEYBOARDS_LANGUAGE, language=setting_value_text(lang.code, lang))
            return said

        return save_setting(lang, put)


def save_setting(lang: Language, put: Callable[[dict[str, Any]], str]) -> str:
    """Save this computer's settings file as ``put(settings)`` changes it (returning a sentence
    to say first, or ''), for the games at this computer after this one too: the sentences that
    say so in ``lang`` (:data:`SAVED_HERE`, and where a damaged settings file was kept:
    :func:`~a11y_dominion.settings.save_settings`), or why it holds for this game only."""
    from ..settings import load_settings, save_settings, settings_path

    data, _warning = load_settings()
    said = put(data)
    try:
        _path, kept = save_settings(data)
    except (OSError, FileError) as e:
        reason = lang.msg(e) if isinstance(e, FileError) else (e.strerror or str(e))
        failed = N_("It holds for this game only: {file} cannot be written ({error}).")
        return " ".join(filter(None, [said, lang.text(failed, file=str(settings_path()), error=reason)]))
    return " ".join(filter(None, [said, lang._(SAVED_HERE), lang.msg(kept) if kept is not None else ""]))


def changed_speaker(old: Any, key: str, value: Any, display: Display, lang: Language) -> Any:
    """The speech output that replaces ``old`` (closed) after ``settings set speech`` (``key``)
    chose the speech mode ``value`` (``auto`` as a game's start makes it, asking nothing) or
    ``settings set output`` the voice ``value`` (``default``: the first that works, None), with
    this computer's other settings; it reports through ``display`` in ``lang``."""
    from ..settings import load_settings
    from .start import auto_speech, make_speaker

    settings, mode = load_settings()[0], old.mode
    if key == "output":
        settings["output"] = value
    else:
        mode = auto_speech(settings, lang, display.stream, asking=False)[0] if value == "auto" else value
    speaker = make_speaker(mode, settings, display, lang, [])
    old.close()
    return speaker


def speak_language(display: Display, speaker: Any, lang: Language) -> None:
    """This computer's screen (``display``) and voice (``speaker``, where it can change its
    language) are in ``lang`` from now on: the language a player chose, or the one of the
    person the shared keyboard is handed to."""
    display.lang = lang
    set_language = getattr(speaker, "set_language", None)
    if set_language is not None:
        set_language(lang.code)


SAVED_HERE = N_("Saved for this computer.")
KEYBOARDS_LANGUAGE = N_("Everyone at this keyboard plays in {language} now: the language is the keyboard's.")
