"""Scenario files: a game position plus a script of typed lines.

Implements the contract of ``a11y-dominion scenario FILE --json`` (see
``docs/scenarios.md``): :func:`load_scenario` validates a parsed JSON object and builds the
position, raising :class:`ScenarioError` naming the field at fault;
:func:`run_scenario` feeds the script exactly as typed lines and returns the
JSON-ready result dict.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

from .announcements.narrator import Narrator
from .files import has_control, shown_name
from .rules.cards import CARDS, EVENTS, LANDMARKS, canonical, pile_name_for
from .rules.cards.empires.events import donate_effect
from .rules.cards.empires.kingdom import archive_effect, charm_effect, enchantress_effects
from .rules.decisions import Decision, Msg, Option, Purpose
from .rules.events import GameEvent
from .rules.game import Card, Game, GameConfig, Pile, Player, SetupError, Turn
from .table import StopTable, Table
from .textinput import InputError, parse_line, short, split_speaker
from .view import PlayerView, redact_for_screen

ZONES = ("hand", "deck", "discard", "in_play")


class ScenarioError(ValueError):
    """An invalid scenario file; the message names the field."""


def _card_list(value: object, field: str) -> list[str]:
    if not isinstance(value, list):
        raise ScenarioError(f"{field} must be a list of card names.")
    if len(value) > MOST_CARDS:
        raise ScenarioError(f"{field} has {len(value)} cards; a scenario may give at most {MOST_CARDS}.")
    out: list[str] = []
    for i, name in enumerate(value):
        if not isinstance(name, str):
            raise ScenarioError(f"{field}[{i}] must be a card name.")
        c = canonical(name)
        if c is None or c not in CARDS:
            raise ScenarioError(f"{field}[{i}]: {short(name)} is not a card this game knows.")
        out.append(c)
    return out


def _known_keys(obj: dict[str, Any], allowed: tuple[str, ...], field: str) -> None:
    """Refuse a key that is not part of the format (a typo would otherwise be ignored)."""
    for key in obj:
        if key not in allowed:
            raise ScenarioError(
                f"{field}.{key} is not a field of the scenario format; the fields here are {', '.join(allowed)}."
            )


MOST = 10_000  # the largest number a scenario may give (coins, tokens, turn numbers)
MOST_CARDS = 500  # the most cards a scenario may put in one zone or pile


def _int(value: object, field: str, lo: int = 0, hi: int = MOST) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise ScenarioError(f"{field} must be a whole number from {lo} to {hi}.")
    return value


def _in_pile_order(pl: Pile, names: list[str], field: str) -> None:
    """Cards of a pile with several kinds (a split pile, the Castles), top first, must
    come in the pile's own order: no Emporium above a Patrician, no Castle above a cheaper one."""
    if len(pl.members) < 2:
        return
    places = [pl.members.index(n) for n in names]
    for i in range(1, len(places)):
        if places[i] < places[i - 1]:
            raise ScenarioError(
                f"{field}: {names[i - 1]} cannot be above {names[i]}; "
                f"the {pl.name} pile keeps its order, top first: {', '.join(pl.members)}."
            )


def load_scenario(data: dict[str, Any]) -> tuple[Game, list[str]]:
    """Build the position of a scenario; returns ``(game, script)``.

    Raises :class:`ScenarioError` for anything invalid, naming the field.
    """
    if not isinstance(data, dict):
        raise ScenarioError("The scenario must be a JSON object.")
    if "script" not in data:
        raise ScenarioError("script is required: a list of lines to type.")
    script = data["script"]
    if not isinstance(script, list) or not all(isinstance(s, str) for s in script):
        raise ScenarioError("script must be a list of text lines.")
    return build_position(data), script


def build_position(data: dict[str, Any]) -> Game:
    """The game at the position of a scenario object (its players, Kingdom,
    Events, Landmarks, seed and ``state``; a ``script`` is not looked at),
    not started yet. The checked ``state`` object is kept, as data, in the
    game's ``position`` (None when the scenario gives none), so that the
    game's record can rebuild the same position
    (:func:`~a11y_dominion.record.replay`).

    Raises :class:`ScenarioError` for anything invalid, naming the field.
    """
    if not isinstance(data, dict):
        raise ScenarioError("The scenario must be a JSON object.")
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise ScenarioError("players must be a list of player names.")
    for i, name in enumerate(players):
        if has_control(name):
            raise ScenarioError(
                f"players[{i}]: the name {shown_name(name, 40)} holds control, escape or formatting characters, "
                "which a name cannot have."
            )
    kingdom = data.get("kingdom", [])
    if not isinstance(kingdom, list) or not all(isinstance(k, str) for k in kingdom):
        raise ScenarioError("kingdom must be a list of Kingdom pile names.")
    events = data.get("events", []) or []
    landmarks = data.get("landmarks", []) or []
    named: dict[str, list[str]] = {}  # the Events and Landmarks by their English names
    registries: tuple[tuple[str, object, Mapping[str, object]], ...] = (
        ("events", events, EVENTS),
        ("landmarks", landmarks, LANDMARKS),
    )
    for fld, val, reg in registries:
        if not isinstance(val, list):
            raise ScenarioError(f"{fld} must be a list of names.")
        seen: list[str] = []
        for i, n in enumerate(val):
            c = canonical(n) if isinstance(n, str) else None
            if c is None or c not in reg:
                raise ScenarioError(f"{fld}[{i}]: {n} is not one of the {fld} this game knows.")
            if c in seen:
                raise ScenarioError(f"{fld}[{i}]: {c} is named twice.")
            seen.append(c)
        named[fld] = seen
    seed = _int(data.get("seed", 0), "seed")
    state = data.get("state", {}) or {}
    if not isinstance(state, dict):
        raise ScenarioError("state must be an object.")
    _known_keys(state, ("turn", "players", "piles", "landmarks", "trash", "obelisk", "lasting"), "state")
    obelisk = state.get("obelisk")
    ob_pile = None
    if obelisk is not None:
        if not isinstance(obelisk, str) or pile_name_for(obelisk) is None:
            raise ScenarioError(f"state.obelisk: {obelisk} is not a Supply pile name.")
        ob_pile = pile_name_for(obelisk)
    try:
        game = Game(
            GameConfig(list(players), list(kingdom), named["events"], named["landmarks"], seed),
            setup_choices={"Obelisk": ob_pile} if ob_pile is not None else None,
        )
    except SetupError as e:
        field = "players" if "player" in str(e) else "kingdom"
        raise ScenarioError(f"{field}: {e}") from None
    if ob_pile is not None and ob_pile not in game.piles:
        raise ScenarioError(f"state.obelisk: the {ob_pile} pile is not in this game.")
    _apply_state(game, state)
    _apply_lasting(game, state.get("lasting"))
    if "state" in data and data["state"] is not None:
        game.position = copy.deepcopy(state)
    return game


def _apply_state(game: Game, state: dict[str, Any]) -> None:
    sp = state.get("players", {}) or {}
    if not isinstance(sp, dict):
        raise ScenarioError("state.players must be an object keyed by player name.")
    for name, zones in sp.items():
        if name not in game.by_name:
            raise ScenarioError(f"state.players: {name} is not one of the players.")
        if not isinstance(zones, dict):
            raise ScenarioError(f"state.players.{name} must be an object.")
        _known_keys(zones, ZONES + ("set_aside", "debt", "vp_tokens", "turns_taken"), f"state.players.{name}")
        p = game.by_name[name]
        for z in ZONES + ("set_aside",):
            names = _card_list(zones.get(z, []), f"state.players.{name}.{z}")
            setattr(p, z, [game.new_card(n) for n in names])
        p.owned = None  # (the position's cards, not the dealt ones: counted from its zones when first read)
        p.debt = _int(zones.get("debt", 0), f"state.players.{name}.debt")
        p.vp_tokens = _int(zones.get("vp_tokens", 0), f"state.players.{name}.vp_tokens")
        p.turns_taken = _int(zones.get("turns_taken", 0), f"state.players.{name}.turns_taken")
    piles = state.get("piles", {}) or {}
    if not isinstance(piles, dict):
        raise ScenarioError("state.piles must be an object keyed by pile name.")
    for key, spec in piles.items():
        pn = pile_name_for(key)
        if pn is None or pn not in game.piles:
            raise ScenarioError(f"state.piles: {key} is not a Supply pile in this game.")
        if not isinstance(spec, dict):
            raise ScenarioError(f"state.piles.{key} must be an object.")
        _known_keys(spec, ("count", "cards", "vp_tokens", "debt_tokens"), f"state.piles.{key}")
        pl = game.piles[pn]
        if "cards" in spec:
            names = _card_list(spec["cards"], f"state.piles.{key}.cards")
            for n in names:
                if n not in pl.members:
                    raise ScenarioError(f"state.piles.{key}.cards: {n} does not belong to the {pn} pile.")
            _in_pile_order(pl, names, f"state.piles.{key}.cards")
            pl.cards = [game.new_card(n) for n in names]
        if "count" in spec:
            c = _int(spec["count"], f"state.piles.{key}.count", hi=MOST_CARDS)
            if c > len(pl.cards):
                extra = [
                    game.new_card(pl.cards[-1].spec.name if pl.cards else pl.members[-1])
                    for _ in range(c - len(pl.cards))
                ]
                pl.cards = pl.cards + extra
            else:
                pl.cards = pl.cards[len(pl.cards) - c :]
        if "vp_tokens" in spec:
            pl.vp_tokens = _int(spec["vp_tokens"], f"state.piles.{key}.vp_tokens")
        if "debt_tokens" in spec:
            pl.debt_tokens = _int(spec["debt_tokens"], f"state.piles.{key}.debt_tokens")
    lms = state.get("landmarks", {}) or {}
    if not isinstance(lms, dict):
        raise ScenarioError("state.landmarks must be an object keyed by Landmark name.")
    for key, spec in lms.items():
        ln = canonical(key)
        if ln not in game.landmarks:
            raise ScenarioError(f"state.landmarks: {key} is not a Landmark in this game.")
        if not isinstance(spec, dict):
            raise ScenarioError(f"state.landmarks.{key} must be an object.")
        _known_keys(spec, ("vp_tokens",), f"state.landmarks.{key}")
        if "vp_tokens" in spec:
            game.landmarks[ln] = _int(spec["vp_tokens"], f"state.landmarks.{key}.vp_tokens")
    trash = state.get("trash")
    if trash is not None:
        game.trash = [game.new_card(n) for n in _card_list(trash, "state.trash")]
    turn = state.get("turn")
    if turn is not None:
        if not isinstance(turn, dict):
            raise ScenarioError("state.turn must be an object.")
        _known_keys(turn, ("player", "phase", "actions", "buys", "coins", "number", "gained", "played"), "state.turn")
        who = turn.get("player", game.players[0].name)
        if who not in game.by_name:
            raise ScenarioError(f"state.turn.player: {who} is not one of the players.")
        phase = turn.get("phase", "action")
        if phase not in ("action", "buy"):
            raise ScenarioError("state.turn.phase must be action or buy.")
        game.turn = Turn(
            player=game.by_name[who].index,
            number=_int(turn.get("number", 1), "state.turn.number", 1),
            phase=phase,
            actions=_int(turn.get("actions", 1), "state.turn.actions"),
            buys=_int(turn.get("buys", 1), "state.turn.buys"),
            coins=_int(turn.get("coins", 0), "state.turn.coins"),
        )
        _apply_history(game, turn)
        game.resume_in(phase)


def _apply_history(game: Game, turn: dict[str, Any]) -> None:
    """What happened earlier in the position's turn: ``turn.gained``, the cards the turn
    player gained (Labyrinth, Triumph, Conquest, Baths read them), and ``turn.played``,
    cards played this turn that are no longer in play (Merchant, Enchantress and Fortune read them)."""
    t = game.turn
    t.gained = _card_list(turn.get("gained", []), "state.turn.gained")
    if len(t.gained) >= 2 and "Labyrinth" in game.landmarks:
        game.turn_memory("Labyrinth")["taken"] = True  # the 2nd gain was earlier this turn
    for name in _card_list(turn.get("played", []), "state.turn.played"):
        c = game.new_card(name)
        t.played.append(c)
        if "Action" in c.rules.types:
            t.actions_played += 1
        if name == "Fortune":
            game.turn_memory("Fortune")["doubled"] = True  # it doubled the coins when it was played


def _lasting_archive(game: Game, owner: Player, entry: dict[str, Any], field: str) -> None:
    names = _card_list(entry.get("set_aside"), f"{field}.set_aside")
    if not 1 <= len(names) <= 2:
        raise ScenarioError(f"{field}.set_aside must name 1 or 2 cards, those this Archive still holds.")
    claimed = {id(c) for eff in game.lasting for c in eff.memory.get("stash", [])}
    stash = []
    for name in names:
        card = next((c for c in owner.set_aside if c.name == name and id(c) not in claimed), None)
        if card is None:
            raise ScenarioError(
                f"{field}.set_aside: {owner.name} has no {name} set aside for it; "
                f"put it in state.players.{owner.name}.set_aside too."
            )
        claimed.add(id(card))
        stash.append(card)
    effect = archive_effect(game, owner, _holder(game, owner, "Archive", field), stash)
    effect.memory["stash"] = stash


def _lasting_enchantress(game: Game, owner: Player, entry: dict[str, Any], field: str) -> None:
    if game.current is owner:
        raise ScenarioError(
            f"{field}: {owner.name}'s Enchantress ends at the start of {owner.name}'s turn, "
            "so state.turn.player must be another player."
        )
    others = [p.name for p in game.players if p is not owner]
    victims = entry.get("affects", others)
    if not isinstance(victims, list) or not all(isinstance(v, str) for v in victims):
        raise ScenarioError(f"{field}.affects must be a list of player names.")
    for v in victims:
        if v not in others:
            raise ScenarioError(f"{field}.affects: {short(v)} is not one of the other players.")
    enchantress_effects(game, owner, _holder(game, owner, "Enchantress", field), frozenset(victims))


def _this_turn_only(game: Game, owner: Player, name: str, field: str) -> None:
    if game.current is not owner:
        raise ScenarioError(
            f"{field}: {name} lasts only for the turn it was used, "
            f"so its player must be the turn player, {game.current.name}."
        )


def _lasting_charm(game: Game, owner: Player, entry: dict[str, Any], field: str) -> None:
    _this_turn_only(game, owner, "Charm", field)
    charm_effect(game, owner)


def _lasting_donate(game: Game, owner: Player, entry: dict[str, Any], field: str) -> None:
    _this_turn_only(game, owner, "Donate", field)
    donate_effect(game, owner)


#: The effects a position's ``state.lasting`` may give: name, builder and the entry's own keys.
LASTING: dict[str, tuple[Callable[[Game, Player, dict[str, Any], str], None], tuple[str, ...]]] = {
    "Archive": (_lasting_archive, ("set_aside",)),
    "Charm": (_lasting_charm, ()),
    "Donate": (_lasting_donate, ()),
    "Enchantress": (_lasting_enchantress, ("affects",)),
}


def _holder(game: Game, owner: Player, name: str, field: str) -> Card:
    """The card ``name`` in ``owner``'s play area that no lasting effect holds yet."""
    held = {id(c) for eff in game.lasting for c in eff.holders}
    card = next((c for c in owner.in_play if c.name == name and id(c) not in held), None)
    if card is None:
        raise ScenarioError(
            f"{field}: {owner.name} has no {name} in play to hold this effect; "
            f"put it in state.players.{owner.name}.in_play too."
        )
    return card


def _apply_lasting(game: Game, lasting: object) -> None:
    """``state.lasting``: effects still running from earlier in the turn or from an earlier turn,
    each ``{"card": NAME, "player": NAME}`` (the player defaults to the turn player) plus the
    keys of its card (see :data:`LASTING`). Applied in the order listed."""
    if lasting is None:
        return
    if not isinstance(lasting, list):
        raise ScenarioError("state.lasting must be a list of effects, each an object with a card and a player.")
    if len(lasting) > MOST_CARDS:
        raise ScenarioError(f"state.lasting has {len(lasting)} effects; a scenario may give at most {MOST_CARDS}.")
    for i, entry in enumerate(lasting):
        field = f"state.lasting[{i}]"
        if not isinstance(entry, dict):
            raise ScenarioError(f"{field} must be an object with a card and a player.")
        raw = entry.get("card")
        name = canonical(raw) if isinstance(raw, str) else None
        if not isinstance(raw, str):
            raise ScenarioError(f"{field}.card must name the card or Event of the effect, one of {', '.join(LASTING)}.")
        if name not in LASTING:
            raise ScenarioError(
                f"{field}.card: {short(raw)} has no lasting effect a position can give; these do: {', '.join(LASTING)}."
            )
        build, own_keys = LASTING[name]
        _known_keys(entry, ("card", "player") + own_keys, field)
        who = entry.get("player", game.current.name)
        if not isinstance(who, str) or who not in game.by_name:
            raise ScenarioError(f"{field}.player: {short(str(who))} is not one of the players.")
        build(game, game.by_name[who], entry, field)


def snapshot(game: Game) -> dict[str, Any]:
    """The ``state`` object of the scenario output (English names, top first)."""
    t = game.turn
    players: dict[str, dict[str, Any]] = {}
    for p in game.players:
        players[p.name] = {
            "hand": [c.name for c in p.hand],
            "deck": [c.name for c in p.deck],
            "discard": [c.name for c in p.discard],
            "in_play": [c.name for c in p.in_play],
            "set_aside": [c.name for c in p.set_aside],
            "debt": p.debt,
            "vp_tokens": p.vp_tokens,
            "turns_taken": p.turns_taken,
        }
    piles: dict[str, dict[str, Any]] = {}
    for pl in game.piles.values():
        top = pl.top if pl.cards else None
        d: dict[str, Any] = {
            "cards_left": len(pl.cards),
            "top": top.name if top is not None else None,
            "vp_tokens": pl.vp_tokens,
            "debt_tokens": pl.debt_tokens,
        }
        if pl.is_layered:
            d["cards"] = [c.name for c in pl.cards]
        piles[pl.name] = d
    return {
        "turn": {
            "number": t.number,
            "player": game.current.name,
            "phase": t.phase,
            "actions": t.actions,
            "buys": t.buys,
            "coins": t.coins,
        },
        "players": players,
        "piles": piles,
        "events": list(game.events),
        "landmarks": {n: {"vp_tokens": v} for n, v in game.landmarks.items()},
        "trash": [c.name for c in game.trash],
        "obelisk": getattr(game, "obelisk", None),  # (a card module's attribute)
        "game_over": game.game_over,
        "scores": game.scores(),
        "winners": list(game.winners),
    }


PURPOSES = {p.value: p for p in Purpose}  # the purpose words a script line may name in brackets


def split_question(game: Game, line: str) -> tuple[str | None, str]:
    """Split the question a script line names off it: ``[trash] Copper``,
    ``Ann: [discard] Estate`` or ``[discard] Ann: Estate``. Returns
    ``(question, line)``: the bracketed text, trimmed (None when the line names
    none), and the line without it (with its ``Name:`` prefix). A line whose
    ``Name:`` prefix names a player is read as before, so a player named
    ``[trash] Ann`` keeps their prefix. Raises :class:`InputError` for a ``[``
    without a ``]`` or empty brackets."""
    who, rest = split_speaker(game, line)
    body = rest.lstrip()
    if not body.startswith("["):
        return None, line
    end = body.find("]")
    if end < 0:
        raise InputError(f"{short(line)} starts with [ but has no ]; write the question in brackets, like [trash].")
    question = " ".join(body[1:end].split())
    if not question:
        raise InputError("The brackets name no question; write a purpose or words of the prompt, like [trash].")
    after = body[end + 1 :].strip()
    return question, (f"{who}: {after}" if who is not None else after)


def question_mismatch(question: str, decision: Decision, index: int) -> str | None:
    """None when ``decision`` (the pending :class:`Decision`) is the question a
    script line names: a purpose word (``trash``, ``discard``, ``gain``, ``move``
    or ``turn`` for the turn prompt...) equal to its purpose, or else words its prompt
    contains, in any letter case. Otherwise the sentence that fails the script,
    naming the line by its index ``index`` (from 0, as ``refused_line``)."""
    low = question.lower()
    low = "move" if low == "turn" else low
    purpose = decision.purpose.value
    if low in PURPOSES:
        if low == purpose:
            return None
        expected = "the turn prompt" if low == "move" else f"a {low} question"
    else:
        if low in " ".join(decision.prompt.split()).lower():
            return None
        expected = f'a question whose prompt has "{short(question)}"'
    prompt = decision.prompt.rstrip(" .")
    if purpose == "move":
        return f'script[{index}] is for {expected}, but {decision.player} is at the turn prompt "{prompt}".'
    return f'script[{index}] is for {expected}, but {decision.player} is asked "{prompt}" (a {purpose} question).'


class ScriptSeat:
    """The seat of every player in a scenario: it answers each decision with
    the next line of the script, read as typed (see the scenario format),
    and stops the table when the script runs out or a line is refused."""

    def __init__(self, table_ref: list[Table], script: list[str]) -> None:
        self.table_ref = table_ref  # [Table], set once the table exists
        self.script = list(script)
        self.line = 0
        self.error: str | None = None

    def tell(self, events: list[GameEvent]) -> None:
        """The scenario narrates the whole table itself."""

    def decide(self, decision: Decision, view: PlayerView) -> list[Option]:
        """The keys of the next script line; raises :class:`StopTable` at its end or on a refused line."""
        if self.line >= len(self.script):
            raise StopTable("the script ran out")
        game = self.table_ref[0].game
        try:
            question, line = split_question(game, self.script[self.line])
            if question is not None:
                mismatch = question_mismatch(question, decision, self.line)
                if mismatch is not None:
                    raise InputError(mismatch)
            _who, keys = parse_line(game, line)
        except InputError as e:
            self.error = str(e)
            raise StopTable("refused") from None
        self.line += 1
        return keys

    def refused(self, decision: Decision, message: Msg) -> None:
        """A line the game refused: the script stops at it."""
        self.line -= 1
        self.error = str(message)
        raise StopTable("refused")


def run_scenario(data: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """Run a scenario object; returns ``(exit_code, result_dict)``.

    Exit code 0: every line accepted; 1: a line refused or not run (the
    game ended first). Raises :class:`ScenarioError` for an invalid file.
    """
    game, script = load_scenario(data)
    first = game.current.name  # the shared screen hears this player's private facts first
    ref: list[Table] = []
    seat = ScriptSeat(ref, script)
    table = Table(game, {p.name: seat for p in game.players})
    ref.append(table)
    try:
        table.run()
    except StopTable:  # a refused line, raised from the seat's refused()
        pass
    ok, error, refused = True, None, None
    if seat.error is not None:
        ok, error, refused = False, seat.error, seat.line
    elif seat.line < len(script):
        ok, error, refused = False, "The game is over; this line was not run.", seat.line
    narrator = Narrator(viewer=None, current=first)
    state = snapshot(game)  # a refused line changes nothing
    result = {
        "ok": ok,
        "error": error,
        "refused_line": refused,
        "state": state,
        "pending": game.pending.to_dict() if game.pending is not None and game.pending.kind != "turn" else None,
        "announcements": narrator.sentences(redact_for_screen(game.log, first)),
        "events": [e.to_dict() for e in game.log],
    }
    return (0 if ok else 1), result
