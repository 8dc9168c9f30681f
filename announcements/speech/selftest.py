"""The ``a11y-dominion speech-test`` command: speak one sentence and say which output spoke it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .output import Output
from .speaker import Speaker


def speech_test(
    text: str,
    mode: str = "auto",
    print_fn: Callable[[str], Any] = print,
    outputs: list[Output] | None = None,
    output_name: str | None = None,
) -> int:
    """Speak ``text`` once and say which output spoke it.

    Meant for an ``a11y-dominion speech-test`` command. It does not wait
    for speech to finish; "spoke" means an output accepted the text.

    Args:
        text: what to say.
        mode: a speech mode, as for :class:`Speaker`.
        print_fn: receives the report, one sentence per call.
        outputs: the output chain; None means this system's default.
        output_name: force one output by name, as for :class:`Speaker`.

    Returns:
        0 if some output spoke the text, 1 if nothing could speak
        (including modes that never speak, and a bad mode or name).
    """
    if not str(text).strip():
        text = "This is a11y-dominion speaking."
    try:
        speaker = Speaker(mode, outputs=outputs, print_fn=print_fn, output_name=output_name)
    except ValueError as exc:
        print_fn(f"Speech test: {exc}.")
        return 1
    if speaker.effective_mode != "self-voicing":
        print_fn(speaker.describe())
        if speaker.mode not in ("off", "screen-reader"):
            for output in speaker.outputs:
                if output.reason:
                    print_fn(f"Speech test: {output.name} is not available: {output.reason}.")
        print_fn("Speech test: nothing was spoken.")
        return 1
    if speaker.speak(text):
        print_fn(f"Speech test: spoke through {speaker.active_output_name}.")
        return 0
    print_fn("Speech test: no speech output could speak.")
    return 1
