"""Can sound come out at all?

A speech output may take the text and "speak" it while nobody can hear
anything: on a machine without a sound card, speech-dispatcher logs "Can't
initialize audio in output module" and espeak-ng exits 0. The game must
not claim speech that did not happen, so before it says it speaks, it
asks :func:`no_sound_reason`.

On Linux sound can come out when a sound server (PulseAudio, PipeWire)
runs for this user, or when ALSA's default device opens (``aplay``
playing nothing; an ``.asoundrc`` that sends the sound to a file counts:
audio captured to a file is audio). Without ``aplay``, a sound card in
``/proc/asound/cards`` or an ``.asoundrc`` counts. Other systems are
trusted to have sound.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

TIMEOUT = 3.0  # seconds the device check may take


def N_(message: str) -> str:
    """Mark a phrase for translation (the caller translates it)."""
    return message


NO_DEVICE = N_("no sound device was found")
CANNOT_PLAY = N_("no sound device can play sound")


def no_sound_reason(env: Mapping[str, str] | None = None, platform: str | None = None) -> str | None:
    """None when sound can come out of this machine, else why not (an English
    phrase such as "no sound device was found"). Never raises."""
    env = os.environ if env is None else env
    platform = platform or sys.platform
    if not platform.startswith("linux"):
        return None
    try:
        return _linux(env)
    except Exception:  # noqa: BLE001 - a check that fails cannot say there is no sound
        return None


def _linux(env: Mapping[str, str]) -> str | None:
    if env.get("PULSE_SERVER"):
        return None
    runtime = env.get("XDG_RUNTIME_DIR")
    if runtime and any((Path(runtime) / p).exists() for p in ("pulse/native", "pipewire-0")):
        return None
    aplay = shutil.which("aplay", path=env.get("PATH"))
    if aplay is not None:
        try:
            done = subprocess.run(
                [aplay, "-q", "-t", "raw", "-f", "S16_LE", "-r", "22050", "-c", "1"],
                stdin=subprocess.DEVNULL,
                capture_output=True,
                text=True,
                timeout=TIMEOUT,
                env=dict(env),
            )
        except (OSError, subprocess.SubprocessError):
            return None
        if done.returncode == 0:
            return None
        return CANNOT_PLAY
    home = env.get("HOME")
    if home and (Path(home) / ".asoundrc").exists():
        return None
    try:
        cards = Path("/proc/asound/cards").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return NO_DEVICE
    if cards.strip() and "no soundcards" not in cards:
        return None
    return NO_DEVICE
