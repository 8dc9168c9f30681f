"""The ``a11y-dominion speech-test`` command: say whether a screen reader runs, speak
one sentence and say which output spoke it, or why none could."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any

from . import detect
from .audio import no_sound_reason
from .output import Output
from .speaker import Speaker, all_outputs, default_outputs

SPEECH_TEST_WAIT = 30.0
"""Seconds ``speech-test`` waits for a voice that speaks in its own process (SAPI 5) to finish
its sentence before the program ends."""


def _join(names: tuple[str, ...]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def screen_reader_sentence(finding: detect.Finding, saved: str = "ask") -> str:
    """One sentence on whether a screen reader runs (``finding``, from
    :func:`~a11y_dominion.announcements.speech.detect.find`) and what ``auto``, the default
    speech mode, does about it; where the system cannot tell, the player's saved
    answer (``saved``: "yes", "no" or "ask", the ``screen_reader`` setting) decides."""
    if finding.running:
        names = finding.names or ("a screen reader",)
        verb = "is" if len(names) == 1 else "are"
        return (
            f"Speech test: {_join(names)} {verb} running; in automatic mode (the default) "
            "the game prints lines for it and does not speak."
        )
    if finding.running is False:
        return "Speech test: no screen reader is running; in automatic mode (the default) the game speaks itself."
    if saved == "yes":
        return (
            "Speech test: this system cannot tell whether a screen reader runs; you said you use one, "
            "so in automatic mode (the default) the game prints lines for it and does not speak."
        )
    if saved == "no":
        return (
            "Speech test: this system cannot tell whether a screen reader runs; you said you use none, "
            "so in automatic mode (the default) the game speaks itself."
        )
    return (
        "Speech test: this system cannot tell whether a screen reader runs, "
        "so the game asks you once and keeps your answer."
    )


def speech_test(
    text: str,
    mode: str = "auto",
    print_fn: Callable[[str], Any] = print,
    outputs: list[Output] | None = None,
    output_name: str | None = None,
    platform: str | None = None,
    reports: detect.Reports | None = None,
    saved: str = "ask",
) -> int:
    """Say whether a screen reader runs, speak ``text`` once and say which output
    spoke it, or why nothing could.

    Meant for an ``a11y-dominion speech-test`` command. "Spoke" means an output
    accepted the text; where the voice speaks in this process (SAPI 5 on Windows),
    it waits until the sentence has been said, at most :data:`SPEECH_TEST_WAIT`
    seconds, so that the program's end does not cut it off. In ``auto`` mode it
    does what the game does: no speech while a screen reader runs.

    Args:
        text: what to say.
        mode: a speech mode, as for :class:`Speaker`.
        print_fn: receives the report, one sentence per call.
        outputs: the output chain; None means ``platform``'s default.
        output_name: force one output by name, as for :class:`Speaker`.
        platform: a ``sys.platform`` value; None means this system.
        reports: what the system said about screen readers
            (:class:`~a11y_dominion.announcements.speech.detect.Reports`); None asks this system.
        saved: the player's answer to "Do you use a screen reader?" ("yes", "no"
            or "ask": the ``screen_reader`` setting), which decides where the
            system cannot tell, as in the game.

    Returns:
        0 if some output spoke the text, 1 if nothing could speak
        (including modes that never speak, ``auto`` while a screen reader
        runs, and a bad mode or name).
    """
    if not str(text).strip():
        text = "This is a11y-dominion speaking."
    platform = platform or sys.platform
    if reports is None:
        reports = detect.gather(platform, os.environ)
    finding = detect.find(platform, reports)
    print_fn(screen_reader_sentence(finding, saved))
    if outputs is None:
        outputs = all_outputs(platform) if output_name else default_outputs(platform)
    normalized = str(mode).strip().lower().replace("_", "-")
    running = finding.running if finding.running is not None else {"yes": True, "no": False}.get(saved)
    if normalized == "auto" and detect.auto_mode(running) == "screen-reader":
        mode = "screen-reader"
    told: list[str] = []  # what the speaker itself said (a notice on its outputs)

    def tell(line: str) -> Any:
        told.append(line)
        return print_fn(line)

    try:
        speaker = Speaker(
            mode,
            outputs=outputs,
            print_fn=tell,
            output_name=output_name,
            sound_check=lambda: no_sound_reason(platform=platform),
        )
    except ValueError as exc:
        print_fn(f"Speech test: {exc}.")
        return 1
    if speaker.effective_mode != "self-voicing":
        if not told:  # the speaker's own notice (no sound, say) already said why it does not speak
            print_fn(speaker.describe())
        if speaker.mode not in ("off", "screen-reader"):
            for output in speaker.outputs:
                if output.reason and not any(output.reason in line for line in told):  # not said again
                    print_fn(f"Speech test: {output.name} is not available: {output.reason}.")
        print_fn("Speech test: nothing was spoken.")
        return 1
    if speaker.speak(text):
        # SAPI 5 speaks in this process: the program's end would cut the sentence off
        if speaker.wait_done(SPEECH_TEST_WAIT):
            print_fn(f"Speech test: spoke through {speaker.active_output_name}.")
        else:
            print_fn(
                f"Speech test: spoke through {speaker.active_output_name}, "
                f"which was still speaking after {SPEECH_TEST_WAIT:g} seconds."
            )
        return 0
    print_fn("Speech test: no speech output could speak.")
    return 1
