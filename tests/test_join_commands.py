"""A joined seat's commands, run in this process on the host's messages: its capabilities
(what it can do at the player's computer and through the host) and the host's hint policy."""

from __future__ import annotations

from joinconsole import join_console


def test_a_joined_seat_s_capabilities_decide_what_its_commands_do():
    """A joined seat exports (on the player's computer) and chats through the host, has the
    shortcut keys of its settings, and cannot save or load: those say so in one sentence;
    every command word of the console is a command there."""
    from a11y_dominion.console.commands import ALIASES, COMMANDS
    from a11y_dominion.console.completion import COMMANDS as WORDS

    console, screen, sent = join_console(keys={"hand": "f2"})
    assert console.command_ctx().caps == {"export", "chat", "keys"}
    assert set(WORDS) <= set(COMMANDS) and set(ALIASES.values()) <= set(COMMANDS)
    console.command("save game.json")
    console.command("load game.json")
    console.command("say " + "x" * 310)
    assert screen.getvalue().splitlines() == [
        "Only the host can save or load this game.",
        "Only the host can save or load this game.",
        "Only the first 300 characters were said.",
    ]
    assert sent == [{"type": "say", "text": "x" * 300}]


def test_a_joined_seat_hints_by_the_host_s_policy_and_seed(tmp_path, monkeypatch):
    """The host's hello says its hint policy (its hints setting, the medium bot) and each decide
    the answers given so far: a joined seat's hint follows them as a seat at the host does, and
    with the host's hints off says so in one sentence."""
    import json

    from a11y_dominion.i18n import Language
    from a11y_dominion.kingdoms import choose_setup
    from a11y_dominion.remote import GameHost
    from a11y_dominion.remote.protocol import hello
    from a11y_dominion.rules.game import Game, GameConfig
    from a11y_dominion.seats import parse_seats

    config = tmp_path / "settings.json"
    monkeypatch.setenv("A11Y_DOMINION_CONFIG", str(config))
    seats = parse_seats("Ann:remote,Bot:bigmoney", remote=True)
    piles, events, landmarks = choose_setup(None, None, None, 3)
    host = GameHost(Game(GameConfig([n for n, _ in seats], piles, events, landmarks, 3)), seats, 3, Language("en"))
    assert hello(host, "Ann")["hints"] == {"on": True, "think_ms": 0}
    config.write_text(json.dumps({"hints": False}), encoding="utf-8")
    off = hello(host, "Ann")
    assert off["hints"] == {"on": False, "think_ms": 0}
    console, screen, _sent = join_console()
    console.receive(off)
    console.command("hint")
    assert screen.getvalue().splitlines() == ["Hints are off at this table: the host's hints setting is off."]
    console.receive(dict(off, hints={"on": True, "think_ms": 0}))
    game = host.table.game
    game.start()
    d = game.pending
    view = host.table.view(d.player)
    console.receive({"type": "decide", "id": 1, "decision": d.to_data(), "view": view.to_data(), "step": 7})
    ctx = console.command_ctx()
    assert (ctx.prefs.hints, ctx.think_ms, ctx.step) == (True, 0, 7)
