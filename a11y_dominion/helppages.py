"""The help pages: the player pages of ``a11y_dominion/docs/LANG/*.md``, read a part at a time.

The same Markdown files are the pages on GitHub and the help in the game, so the two never
drift apart. A page is a ``#`` title, a few lines under it, and ``##`` parts. ``help TOPIC``
reads the title, the lines under it and the first part; ``help next`` the next part;
``help TOPIC N`` or ``help TOPIC WORDS`` the part with that number or heading. What is read
is plain text: headings, list marks, backticks, ``**`` and link syntax are taken away (a link
reads as its text), so a screen reader reads no markdown.
"""

from __future__ import annotations

import os
import re
import sys
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import PurePosixPath, PureWindowsPath

from .i18n import N_, Language

# Each topic: its page's file name, and the words a player may type for it (English, then Dutch);
# the first word of a language is the one shown in that language.
TOPICS: dict[str, dict[str, tuple[str, ...]]] = {
    "playing": {"en": ("playing", "play"), "nl": ("spelen",)},
    "one-computer": {"en": ("one computer", "sharing"), "nl": ("één computer", "samen")},
    "network": {"en": ("network",), "nl": ("netwerk",)},
    "saving": {"en": ("saving", "undo"), "nl": ("bewaren", "herstel")},
    "speech": {"en": ("speech", "screen reader"), "nl": ("spraak", "schermlezer")},
    "settings": {"en": ("settings",), "nl": ("instellingen",)},
    "commands": {"en": ("commands",), "nl": ("commando's",)},
}
KEYS_WORDS = ("keys", "toetsen")  # help keys: the shortcut keys a seat has now (not a page)
NEXT_WORDS = ("next", "more", "volgende", "meer", "verder")  # help next: the next part
PAGE_LANGUAGES = ("en", "nl")
START_LINE = N_(
    "Answer the question with what it asks for: yes or no, a number or a name. "
    "At your turn: play CARD, play treasures, buy CARD, pay, pay N, end."
)

# A page names the folders of every system for its readers on GitHub, between these two comments
# (which GitHub does not show); the game reads there the one line of the computer it runs on.
HERE_START = re.compile(r"^<!--\s*this computer:\s*(games|settings)\s*-->$")
HERE_END = "<!-- end -->"
_HERE = "\x00here:"  # (a page's line that stands for the folder line of this computer)
HERE_LINES = {
    "games": N_("On the computer that runs this game, the games are kept in {folder}."),
    "settings": N_("On the computer that runs this game, the settings file is {file}."),
}
# the same lines at a remote seat, which is not shown the host's paths (``seat`` "join" or "ssh")
REMOTE_LINES = {
    ("games", "join"): N_("This game is kept on the host's computer, not on yours."),
    ("games", "ssh"): N_("This game is kept on the host's computer, not on yours."),
    ("settings", "ssh"): N_(
        "Over ssh, the settings command changes your settings at this table; the host's settings file is not yours."
    ),
}
SEATS = ("local", "join", "ssh")  # where a help page is read: this computer's game, a join seat, an ssh seat


class HelpError(ValueError):
    """A topic or part that does not exist; ``args[0]`` is one sentence in the player's language."""


@dataclass
class Page:
    """One help page: ``title``; ``intro``, the plain lines under the title; ``parts``, a list of
    (heading, plain lines) for the ``##`` parts, in order."""

    topic: str
    title: str
    intro: list[str] = field(default_factory=list)
    parts: list[tuple[str, list[str]]] = field(default_factory=list)


_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")


def plain(line: str) -> str:
    """A line of Markdown as a screen reader should hear it: no heading or list mark, no
    backticks or ``**``, a link as its text; code lines lose their indent. Returns ``str``."""
    text = line.strip()
    text = re.sub(r"^#+\s*", "", text)
    text = re.sub(r"^[-*]\s+", "", text)
    text = _LINK.sub(r"\1", text)
    return text.replace("`", "").replace("**", "").strip()


def parse_page(topic: str, markdown: str) -> Page:
    """A :class:`Page` from the text of a page (``#`` title, ``##`` parts; fenced code keeps its
    lines, without the fences; the lines between ``<!-- this computer: games -->`` or ``settings``
    and ``<!-- end -->`` become one line that :func:`folder_line` says). Raises ValueError when
    the page has no ``#`` title."""
    page: Page | None = None
    lines: list[str] = []
    fenced = False
    here = False
    for raw in markdown.splitlines():
        if here:
            here = raw.strip() != HERE_END
            continue
        if (m := HERE_START.match(raw.strip())) and page is not None:
            lines.append(_HERE + m.group(1))
            here = True
            continue
        if raw.startswith("```"):
            fenced = not fenced
            continue
        if not fenced and raw.startswith("# ") and page is None:
            page = Page(topic, plain(raw))
            lines = page.intro
        elif not fenced and raw.startswith("## ") and page is not None:
            page.parts.append((plain(raw), []))
            lines = page.parts[-1][1]
        elif raw.strip() and page is not None:
            lines.append(plain(raw) if not fenced else raw.rstrip())
    if page is None:
        raise ValueError(f"the help page {topic} has no # title")
    return page


def page_language(code: str) -> str:
    """The language of the pages to read for a player's language ``code`` (English when the
    pages are not written in it)."""
    return code if code in PAGE_LANGUAGES else "en"


@cache
def load_page(topic: str, code: str = "en") -> Page:
    """The page of ``topic`` (a key of :data:`TOPICS`) in language ``code``, read from the
    package data (works from a wheel). Raises KeyError for an unknown topic."""
    if topic not in TOPICS:
        raise KeyError(topic)
    path = resources.files("a11y_dominion") / "docs" / page_language(code) / (topic + ".md")
    return parse_page(topic, path.read_text(encoding="utf-8"))


def _norm(text: str) -> str:
    """Lower case, no accents or apostrophes, one space between words (for matching typed words)."""
    text = unicodedata.normalize("NFKD", text.lower())
    text = "".join(ch for ch in text if not unicodedata.combining(ch) and ch not in "'’")
    return " ".join(text.replace("-", " ").replace("_", " ").split())


def topic_name(topic: str, lang: Language) -> str:
    """The word shown for ``topic`` in ``lang`` ("one computer", "één computer")."""
    return TOPICS[topic][page_language(lang.code)][0]


def topic_names(lang: Language) -> list[str]:
    """The topics as a player types them in ``lang``, keys among them (for listing and Tab)."""
    names = [topic_name(t, lang) for t in TOPICS]
    keys = KEYS_WORDS[1] if lang.code == "nl" else KEYS_WORDS[0]
    return names[:-1] + [keys, names[-1]]


def find_topic(text: str) -> str | None:
    """The topic (a key of :data:`TOPICS`, or ``"keys"``) that typed ``text`` names in either
    language: a whole word of it, or the start of only one topic's words; None otherwise."""
    typed = _norm(text)
    if not typed:
        return None
    if typed.startswith(("key", "toets")):
        return "keys"
    words = {t: [_norm(w) for lang in v.values() for w in lang] + [_norm(t)] for t, v in TOPICS.items()}
    exact = [t for t, ws in words.items() if typed in ws]
    if exact:
        return exact[0]
    found = [t for t, ws in words.items() if any(w.startswith(typed) for w in ws)]
    return found[0] if len(found) == 1 else None


def find_part(page: Page, text: str) -> int | None:
    """The index of ``page``'s part that ``text`` names: its number (from 1), or the start of its
    heading or of a word of it; None when none does."""
    typed = _norm(text)
    if typed.isdecimal() and typed.isascii():
        n = int(typed)
        return n - 1 if 1 <= n <= len(page.parts) else None
    headings = [_norm(h) for h, _ in page.parts]
    for test in (lambda h: h.startswith(typed), lambda h: any(w.startswith(typed) for w in h.split())):
        for i, h in enumerate(headings):
            if typed and test(h):
                return i
    return None


def _and(items: list[str], lang: Language) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + lang._(N_(" and ")) + items[-1]


def topics_line(lang: Language) -> str:
    """ "Help topics: playing, one computer, ... and commands." """
    return lang.text(N_("Help topics: {topics}."), topics=_and(topic_names(lang), lang))


def bad_topic(text: str, lang: Language) -> str:
    """One sentence for a topic that does not exist, naming the topics."""
    from .textinput import short

    return lang.text(
        N_("There is no help on {topic}; the topics are {topics}."),
        topic=short(text.strip(), 40),
        topics=_and(topic_names(lang), lang),
    )


def bad_part(page: Page, text: str, lang: Language) -> str:
    """One sentence for a part that ``page`` does not have, naming its parts."""
    from .textinput import short

    return lang.text(
        N_("{title} has no part {part}; its parts are: {headings}."),
        title=page.title,
        part=short(text.strip(), 40),
        headings="; ".join(h for h, _ in page.parts),
    )


def shown_folder(kind: str, platform: str | None = None, realpath: Callable[[str], str] | None = None) -> str:
    """The folder of the games (``kind`` "games") or the settings file (``kind`` "settings") on
    ``platform`` (a ``sys.platform`` value; None: this computer), as that system writes a path
    (``C:\\Users\\...`` on Windows). Raises ImportError without platformdirs.

    On Windows the path is the one ``realpath`` gives (:func:`os.path.realpath` when this computer
    runs Windows, else none): the Microsoft Store's Python writes a new folder in ``%LOCALAPPDATA%``
    to a copy of its own (``...\\Packages\\PythonSoftwareFoundation.Python.3.12_...\\LocalCache\\Local``),
    which Explorer and every other program find only there; when that fails, the usual path."""
    if kind == "games":
        from .autosave import games_dir

        path = str(games_dir(platform))
    else:
        from .settings import settings_path

        path = str(settings_path(platform))
    if (platform or sys.platform) != "win32":
        return str(PurePosixPath(path))
    real = realpath if realpath is not None else os.path.realpath if sys.platform == "win32" else None
    if real is not None:
        try:
            path = real(path)
        except (OSError, ValueError):
            pass
    return str(PureWindowsPath(path))


def folder_line(kind: str, lang: Language, platform: str | None = None, seat: str = "local") -> str:
    """The sentence in ``lang`` that names where this computer keeps the games (``kind``
    "games") or the settings file ("settings"), on ``platform`` (as :func:`shown_folder`).
    At a remote ``seat`` (one of :data:`SEATS`: ``join`` or ``ssh``) a sentence without the
    host's path where the host keeps it (:data:`REMOTE_LINES`)."""
    remote = REMOTE_LINES.get((kind, seat))
    if remote is not None:
        return lang._(remote)
    path = shown_folder(kind, platform)
    return lang.text(HERE_LINES[kind], folder=path) if kind == "games" else lang.text(HERE_LINES[kind], file=path)


def _here(lines: list[str], lang: Language, platform: str | None, seat: str = "local") -> list[str]:
    return [folder_line(x[len(_HERE) :], lang, platform, seat) if x.startswith(_HERE) else x for x in lines]


def part_lines(
    page: Page, index: int, lang: Language, opening: bool = False, platform: str | None = None, seat: str = "local"
) -> list[str]:
    """The lines of part ``index`` of ``page``: its heading ("Part 2: Questions from cards."), then
    its lines. ``opening``: first the title with the headings of every part, and the lines under
    the title. A folder is named as ``platform`` (a ``sys.platform`` value; None: this
    computer) has it, or as a remote ``seat`` is told of it (:func:`folder_line`)."""
    out = []
    if opening:
        headings = "; ".join(h for h, _ in page.parts)
        out.append(
            lang.text(N_("{title}, in {n} parts: {headings}."), title=page.title, n=len(page.parts), headings=headings)
        )
        out += page.intro
    heading, lines = page.parts[index]
    out.append(lang.text(N_("Part {n}: {heading}."), n=index + 1, heading=heading))
    return _here(out + lines, lang, platform, seat)


def page_lines(page: Page, lang: Language, platform: str | None = None) -> list[str]:
    """The whole page as plain lines: its title, the lines under it, and every part with its
    heading (a folder named as on ``platform``, see :func:`part_lines`)."""
    out = _here([page.title, *page.intro], lang, platform)
    for i in range(len(page.parts)):
        out += part_lines(page, i, lang, platform=platform)
    return out


def _ends_sentence(text: str) -> bool:
    return text.rstrip("\"')”’").endswith((".", ":", "?", "!"))


class HelpReader:
    """The help command of one player: the topic list, ``help keys``, a page a part at a time.

    ``keys``: gives the lines of ``help keys`` in a language (the keys this seat has);
    ``platform``: the ``sys.platform`` value whose folders the pages name (None: this computer);
    ``seat``: where the pages are read (one of :data:`SEATS`): at a remote seat the game is
    said to be kept on the host's computer, without the host's paths."""

    def __init__(self, keys: Callable[[Language], list[str]], platform: str | None = None, seat: str = "local") -> None:
        self.keys = keys
        self.platform = platform
        self.seat = seat
        self.topic: str | None = None
        self.part = 0

    def answer(self, rest: str, lang: Language) -> list[str]:
        """The lines that ``help`` followed by ``rest`` prints, in ``lang``: the topics, the keys,
        the next part, or a topic's part; one sentence for a topic or part that does not exist."""
        words = rest.split()
        if not words:
            return [
                lang._(START_LINE),
                topics_line(lang),
                lang._(N_("Type help and a topic, for example help playing; help next reads the next part.")),
            ]
        if len(words) == 1 and _norm(words[0]) in NEXT_WORDS:
            return self.next(lang)
        for k in range(len(words), 0, -1):
            topic = find_topic(" ".join(words[:k]))
            if topic is None:
                continue
            if topic == "keys":
                return self.keys(lang)
            return self.open(topic, " ".join(words[k:]), lang)
        if self.topic is not None:  # a part of the page being read: help 3, help confirm
            page = load_page(self.topic, lang.code)
            index = find_part(page, rest)
            if index is not None:
                return self.read(index, lang)
        return [bad_topic(rest, lang)]

    def open(self, topic: str, part: str, lang: Language) -> list[str]:
        """``topic``'s first part with the page's title and its parts named, or the part that
        ``part`` names (one sentence naming the parts when none is)."""
        page = load_page(topic, lang.code)
        if not part:
            self.topic, self.part = topic, 0
            return part_lines(page, 0, lang, opening=True, platform=self.platform, seat=self.seat) + [
                self._after(page, 0, lang)
            ]
        index = find_part(page, part)
        if index is None:
            return [bad_part(page, part, lang)]  # (the page being read stays the one it was)
        self.topic = topic
        return self.read(index, lang)

    def read(self, index: int, lang: Language) -> list[str]:
        """Part ``index`` of the page being read, and what comes next."""
        page = load_page(self.topic or "playing", lang.code)
        self.part = index
        return part_lines(page, index, lang, platform=self.platform, seat=self.seat) + [self._after(page, index, lang)]

    def next(self, lang: Language) -> list[str]:
        """The part after the one last read; one sentence when no page is open or it has ended."""
        if self.topic is None:
            return [lang._(N_("Type help and a topic first, for example help playing."))]
        page = load_page(self.topic, lang.code)
        if self.part + 1 >= len(page.parts):
            return [lang.text(N_("That was the last part of {title}; help lists the topics."), title=page.title)]
        return self.read(self.part + 1, lang)

    @staticmethod
    def _after(page: Page, index: int, lang: Language) -> str:
        if index + 1 < len(page.parts):
            return lang.text(N_("help next: part {n}, {heading}."), n=index + 2, heading=page.parts[index + 1][0])
        return lang.text(N_("That was the last part of {title}; help lists the topics."), title=page.title)
