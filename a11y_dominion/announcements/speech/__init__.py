"""Speech and braille output for announcements.

Everything that talks to a speech engine, a screen reader or a braille
display goes through :class:`Speaker` (in :mod:`.speaker`). It holds a
chain of *outputs*, one module each:

- :mod:`.output`: the interface every output has, and its errors.
- :mod:`.ao2`: accessible_output2 (screen readers, SAPI 5, speech-dispatcher).
- :mod:`.speechd`: speech-dispatcher through its own Python client.
- :mod:`.process`: command-line speech programs (espeak-ng, macOS ``say``).
- :mod:`.timeouts`: time limits so that a hanging daemon cannot freeze the game.
- :mod:`.detect`: whether the player's own screen reader runs (Windows,
  macOS, Linux), which makes ``auto`` print plain lines instead of speaking.
- :mod:`.selftest`: the ``speech-test`` command.

Everything a caller needs is importable from this package directly.
"""

from .ao2 import AO2Output
from .output import Output, OutputTimeout, OutputUnavailable, SpeechOutputError
from .process import EspeakOutput, SayOutput
from .selftest import speech_test
from .speaker import MODES, Speaker, all_outputs, default_outputs
from .speechd import SPEECHD_CLIENT_NAME, SYSTEM_PYTHON_PATHS, SpeechdOutput, import_speechd
from .timeouts import CALL_TIMEOUT, CONNECT_TIMEOUT

__all__ = [
    "CALL_TIMEOUT",
    "CONNECT_TIMEOUT",
    "MODES",
    "SPEECHD_CLIENT_NAME",
    "SYSTEM_PYTHON_PATHS",
    "AO2Output",
    "EspeakOutput",
    "Output",
    "OutputTimeout",
    "OutputUnavailable",
    "SayOutput",
    "Speaker",
    "SpeechOutputError",
    "SpeechdOutput",
    "all_outputs",
    "default_outputs",
    "import_speechd",
    "speech_test",
]
