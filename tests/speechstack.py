"""A private speech-dispatcher for tests: real speech, no sound card needed.

:class:`PrivateSpeechDispatcher` starts its own ``speech-dispatcher`` with
its own configuration, log folder, home folder and socket, all in a
temporary folder, and stops it again. Its audio goes through ALSA into a
raw audio file instead of a sound card:

- ``speechd.conf`` says ``AudioOutputMethod "alsa"`` and
  ``DefaultModule espeak-ng``;
- the private home folder's ``.asoundrc`` makes ALSA's default device a
  ``file`` plugin that writes what is played to a file over a ``null``
  device. The file name carries the sample format, for example
  ``speech-22050-1-16-S16_LE.raw`` (rate, channels, bits, format), so the
  audio can be measured without guessing.

The configuration lives where speech-dispatcher looks for a user's own
(``$HOME/.config/speech-dispatcher``) and says ``DisableAutoSpawn``, so a
client that cannot reach the private daemon does not start another one
with the system's configuration.

:func:`measure_raw_audio` gives the duration and loudness of such a file
with plain Python (no numpy, no audioop).
"""

from __future__ import annotations

import array
import glob
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

DEBIAN_PACKAGES = (
    "speech-dispatcher",
    "speech-dispatcher-audio-plugins",
    "speech-dispatcher-espeak-ng",
    "espeak-ng",
    "python3-speechd",
    "alsa-utils",
    "sox",
)
"""The Debian packages .ci/run installs for the real speech tests."""

MODULE_DIRS = ("/usr/lib/speech-dispatcher-modules",)
"""Where Debian installs speech-dispatcher's output modules (sd_espeak-ng)."""

AUDIO_PLUGIN_GLOBS = ("/usr/lib/*/speech-dispatcher/spd_alsa.so", "/usr/lib/speech-dispatcher/spd_alsa.so")
"""Where speech-dispatcher's ALSA audio plugin may be."""

START_TIMEOUT = 60.0
"""Seconds to wait for the private daemon to accept connections."""

IDLE_EXIT_SECONDS = 60
"""The daemon exits by itself after this long without clients (``-t``), so
even a test process killed before its clean-up leaves nothing running for long."""

_RAW_NAME = re.compile(r"speech-(\d+)-(\d+)-(\d+)-([A-Z0-9_]+)\.raw$")


def missing_speech_stack() -> list[str]:
    """Return what the real speech tests need but this machine lacks; empty if nothing."""
    # Imported here so that importing this helper never fails.
    from a11y_dominion.announcements.speech import import_speechd

    missing = []
    if shutil.which("speech-dispatcher") is None:
        missing.append("the speech-dispatcher program (package speech-dispatcher)")
    if not any(os.access(os.path.join(folder, "sd_espeak-ng"), os.X_OK) for folder in MODULE_DIRS):
        missing.append("speech-dispatcher's espeak-ng module (package speech-dispatcher-espeak-ng)")
    if not any(glob.glob(pattern) for pattern in AUDIO_PLUGIN_GLOBS):
        missing.append("speech-dispatcher's ALSA audio plugin (package speech-dispatcher-audio-plugins)")
    if import_speechd() is None:
        missing.append("the speechd Python module (package python3-speechd)")
    return missing


def speech_stack_message(missing: list[str]) -> str:
    """One sentence naming what is missing and how to install it."""
    return (
        "The real speech stack is missing: " + "; ".join(missing) + ". Install it with: "
        "apt-get install " + " ".join(DEBIAN_PACKAGES) + " (.ci/run does this when CI=true)."
    )


@dataclass(frozen=True)
class Audio:
    """What :func:`measure_raw_audio` found in one raw audio file.

    Attributes:
        path: the file.
        rate: samples per second.
        channels: number of channels.
        sample_format: ALSA's name for the sample format, such as "S16_LE".
        frames: number of sample frames.
        seconds: duration.
        rms: root mean square level, 0 (silence) to 1 (full scale).
        peak: largest absolute sample, 0 to 1.
    """

    path: Path
    rate: int
    channels: int
    sample_format: str
    frames: int
    seconds: float
    rms: float
    peak: float


_FORMATS = {
    # ALSA format: (array typecode, bytes per sample, full scale, offset, byte order)
    "S16_LE": ("h", 2, 32768.0, 0, "little"),
    "S16_BE": ("h", 2, 32768.0, 0, "big"),
    "S32_LE": ("i", 4, 2147483648.0, 0, "little"),
    "S32_BE": ("i", 4, 2147483648.0, 0, "big"),
    "FLOAT_LE": ("f", 4, 1.0, 0, "little"),
    "U8": ("B", 1, 128.0, 128, sys.byteorder),
    "S8": ("b", 1, 128.0, 0, sys.byteorder),
}


def measure_raw_audio(path: Path) -> Audio:
    """Measure a raw audio file whose name says its format (see the module description).

    Raises:
        ValueError: if the name does not carry the format, or the format is
            not one this function reads.
    """
    path = Path(path)
    match = _RAW_NAME.search(path.name)
    if match is None:
        raise ValueError(f"{path.name} does not name its audio format")
    rate, channels, bits, sample_format = int(match[1]), int(match[2]), int(match[3]), match[4]
    if sample_format not in _FORMATS:
        raise ValueError(f"cannot measure {sample_format} audio in {path.name}")
    typecode, width, full_scale, offset, byteorder = _FORMATS[sample_format]
    if width * 8 != bits:
        raise ValueError(f"{path.name}: {bits} bits does not match {sample_format}")
    data = path.read_bytes()
    usable = len(data) - len(data) % (width * channels)
    samples = array.array(typecode)
    samples.frombytes(data[:usable])
    if byteorder != sys.byteorder and width > 1:
        samples.byteswap()
    frames = len(samples) // channels
    if not samples:
        return Audio(path, rate, channels, sample_format, 0, 0.0, 0.0, 0.0)
    total = 0.0
    peak = 0.0
    for value in samples:
        level = (value - offset) / full_scale
        total += level * level
        if abs(level) > peak:
            peak = abs(level)
    rms = (total / len(samples)) ** 0.5
    return Audio(path, rate, channels, sample_format, frames, frames / rate, rms, peak)


def sox_stat(audio: Audio) -> dict[str, float]:
    """Ask ``sox FILE -n stat`` about a measured file; empty if sox is not installed.

    Returns:
        sox's numbers by name, for example "Length (seconds)" and
        "RMS     amplitude" squeezed to "RMS amplitude".
    """
    sox = shutil.which("sox")
    if sox is None:
        return {}
    encoding = {"S": "signed-integer", "U": "unsigned-integer", "F": "floating-point"}[audio.sample_format[0]]
    bits = int(re.sub(r"\D", "", audio.sample_format) or 32)
    command = [sox, "-t", "raw", "-r", str(audio.rate), "-c", str(audio.channels), "-e", encoding, "-b", str(bits)]
    if audio.sample_format.endswith("_BE"):
        command.append("-B")
    elif audio.sample_format.endswith("_LE"):
        command.append("-L")
    result = subprocess.run(command + [str(audio.path), "-n", "stat"], capture_output=True, text=True, timeout=10)
    numbers = {}
    for line in result.stderr.splitlines():
        name, sep, value = line.partition(":")
        if not sep:
            continue
        try:
            numbers[" ".join(name.split())] = float(value.split()[0])
        except (ValueError, IndexError):
            continue
    return numbers


class PrivateSpeechDispatcher:
    """A speech-dispatcher of the test's own, speaking into a file.

    Args:
        root: an empty folder for its configuration, home, logs and audio
            (pytest's ``tmp_path``).

    The socket goes into a short folder of its own under the system's
    temporary folder, because Unix socket paths are limited to about 100
    characters and pytest's ``tmp_path`` can be longer. ``stop()`` removes it.

    Attributes:
        home: the private home folder (its ``.asoundrc`` sends audio to a file).
        config_dir: the configuration folder given with ``-C``.
        audio_dir: where the raw audio files appear.
        socket_path: the daemon's Unix socket.
        address: the ``SPEECHD_ADDRESS`` value for clients.
        process: the daemon's ``Popen``, or None before ``start()``.
    """

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self.home = self.root / "home"
        self.config_dir = self.home / ".config" / "speech-dispatcher"
        self.log_dir = self.root / "log"
        self.audio_dir = self.root / "audio"
        self.runtime_dir = Path(tempfile.mkdtemp(prefix="spd-", dir="/tmp" if os.path.isdir("/tmp") else None))
        self.socket_path = self.runtime_dir / "speechd.sock"
        self.pid_file = self.runtime_dir / "speechd.pid"
        self.address = f"unix_socket:{self.socket_path}"
        self.process: subprocess.Popen | None = None
        self._output = None
        self.write_config()

    # ------------------------------------------------------------- set-up

    def env_changes(self) -> dict[str, str | None]:
        """Environment variables for clients and the daemon; None means unset."""
        return {
            "HOME": str(self.home),
            "XDG_CONFIG_HOME": str(self.home / ".config"),
            "XDG_CACHE_HOME": str(self.home / ".cache"),
            "XDG_RUNTIME_DIR": str(self.runtime_dir),
            "SPEECHD_ADDRESS": self.address,
            # Older ways of pointing clients elsewhere, which SPEECHD_ADDRESS overrides anyway.
            "SPEECHD_HOST": None,
            "SPEECHD_PORT": None,
            "SPEECHD_SOCKET": None,
            "SPEECHD_CMD": None,
            # A replaced ALSA configuration would not read ~/.asoundrc.
            "ALSA_CONFIG_PATH": None,
        }

    def environ(self, base: dict[str, str] | None = None) -> dict[str, str]:
        """A complete environment: ``base`` (default ``os.environ``) with :meth:`env_changes`."""
        env = dict(os.environ if base is None else base)
        for name, value in self.env_changes().items():
            if value is None:
                env.pop(name, None)
            else:
                env[name] = value
        return env

    def write_config(self) -> None:
        """Write speechd.conf, the espeak-ng module configuration and .asoundrc."""
        for folder in (self.config_dir / "modules", self.log_dir, self.audio_dir):
            folder.mkdir(parents=True, exist_ok=True)
        (self.config_dir / "speechd.conf").write_text(
            "# Private speech-dispatcher for tests: audio through ALSA into a file.\n"
            "LogLevel 3\n"
            f'LogDir "{self.log_dir}"\n'
            "DefaultVolume 100\n"
            'AudioOutputMethod "alsa"\n'
            'AudioALSADevice "default"\n'
            'AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"\n'
            "DefaultModule espeak-ng\n"
            'DefaultLanguage "en"\n'
            "DisableAutoSpawn\n"
        )
        (self.config_dir / "modules" / "espeak-ng.conf").write_text(
            "# espeak-ng module for the private test daemon.\n"
            "Debug 0\n"
            "EspeakSoundIconVolume 0\n"
            'EspeakPunctuationList "@+_"\n'
            "EspeakCapitalPitchRise 0\n"
            "EspeakMinRate 80\n"
            "EspeakNormalRate 170\n"
            "EspeakMaxRate 449\n"
            "EspeakAudioChunkSize 300\n"
            "EspeakAudioQueueMaxSize 441000\n"
            "EspeakIndexing 1\n"
            "EspeakMbrola 0\n"
        )
        (self.home / ".asoundrc").write_text(
            "# Everything played on the default device goes to a raw file; the\n"
            "# name says rate, channels, bits and sample format.\n"
            "pcm.!default {\n"
            "    type file\n"
            '    slave.pcm "null"\n'
            f'    file "{self.audio_dir}/speech-%r-%c-%b-%f.raw"\n'
            '    format "raw"\n'
            "}\n"
        )

    # ------------------------------------------------------------- running

    def start(self, timeout: float = START_TIMEOUT) -> None:
        """Start the daemon and wait until it accepts connections.

        Raises:
            RuntimeError: if it exits or does not answer within ``timeout``
                seconds; the message ends with its log.
        """
        program = shutil.which("speech-dispatcher")
        if program is None:
            raise RuntimeError("speech-dispatcher is not installed")
        command = [
            program,
            "--run-single",
            "--timeout",
            str(IDLE_EXIT_SECONDS),
            "--config-dir",
            str(self.config_dir),
            "--communication-method",
            "unix_socket",
            "--socket-path",
            str(self.socket_path),
            "--pid-file",
            str(self.pid_file),
        ]
        self._output = open(self.log_dir / "daemon-output.txt", "wb")
        self.process = subprocess.Popen(
            command,
            env=self.environ(),
            cwd=self.root,
            stdin=subprocess.DEVNULL,
            stdout=self._output,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group, with its modules
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"speech-dispatcher exited with status {self.process.returncode}.\n{self.log_text()}"
                )
            if self.accepts_connections():
                return
            time.sleep(0.05)
        raise RuntimeError(f"speech-dispatcher did not answer within {timeout:g} seconds.\n{self.log_text()}")

    def accepts_connections(self) -> bool:
        """True if something accepts connections on the socket."""
        if not self.socket_path.exists():
            return False
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
            probe.settimeout(1.0)
            try:
                probe.connect(str(self.socket_path))
            except OSError:
                return False
        return True

    def is_running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def crash(self) -> None:
        """Kill the daemon at once (SIGKILL), as if it had crashed."""
        if self.is_running():
            self.process.kill()
            self.process.wait(5)

    def freeze(self) -> None:
        """Stop the daemon without ending it (SIGSTOP): it keeps its socket but never answers."""
        if self.is_running():
            os.kill(self.process.pid, signal.SIGSTOP)

    def stop(self, timeout: float = 3.0) -> None:
        """Stop the daemon (SIGTERM, then SIGKILL) and everything it started.

        Safe to call more than once, after a failed ``start()``, and on a
        frozen daemon.
        """
        process = self.process
        if process is not None:
            if process.poll() is None:
                try:
                    os.killpg(process.pid, signal.SIGCONT)
                except (ProcessLookupError, PermissionError):
                    pass
                process.terminate()
                try:
                    process.wait(timeout)
                except subprocess.TimeoutExpired:
                    pass
            # Whatever is left of its process group (its output modules).
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            try:
                process.wait(timeout)
            except subprocess.TimeoutExpired:
                pass
        if self._output is not None:
            self._output.close()
            self._output = None

    def cleanup(self) -> None:
        """Stop the daemon and remove the socket folder."""
        try:
            self.stop()
        finally:
            shutil.rmtree(self.runtime_dir, ignore_errors=True)

    # ------------------------------------------------------------- results

    def audio_file(self) -> Path | None:
        """The newest raw audio file, or None if nothing has been played yet."""
        files = sorted(self.audio_dir.glob("speech-*.raw"), key=lambda p: p.stat().st_mtime)
        return files[-1] if files else None

    def audio_bytes(self) -> int:
        """Bytes of audio in the newest file so far (0 if none)."""
        path = self.audio_file()
        try:
            return path.stat().st_size if path is not None else 0
        except FileNotFoundError:
            return 0

    def wait_for_audio(self, min_seconds: float, timeout: float = 60.0, settle: float = 0.4) -> Audio | None:
        """Wait until at least ``min_seconds`` of audio are written and writing stops.

        Returns:
            The measured audio once the file has stopped growing for
            ``settle`` seconds with enough audio in it, or at ``timeout``
            whatever there is; None if no audio file appeared at all.
        """
        deadline = time.monotonic() + timeout
        last_size, last_change = -1, time.monotonic()
        while time.monotonic() < deadline:
            size = self.audio_bytes()
            now = time.monotonic()
            if size != last_size:
                last_size, last_change = size, now
            elif size > 0 and now - last_change >= settle:
                audio = measure_raw_audio(self.audio_file())
                if audio.seconds >= min_seconds:
                    return audio
            time.sleep(0.05)
        path = self.audio_file()
        return measure_raw_audio(path) if path is not None else None

    def log_text(self, lines: int = 30) -> str:
        """The last lines of the daemon's output and logs, for failure messages."""
        parts = []
        for path in sorted(self.log_dir.glob("*")):
            try:
                text = path.read_text(errors="replace").splitlines()
            except OSError:
                continue
            # The voice list at start-up is long and says nothing useful here.
            text = [line for line in text if "LINE here:|200-" not in line]
            parts.append(f"--- {path.name}\n" + "\n".join(text[-lines:]))
        return "\n".join(parts) or "(no log)"
