"""Each rule written once: the accelerator of plain turns (``a11y_dominion/fastlane.py``)
carries its moves out through the rules' own steps and writes none of them itself.

Read statically (as tests/test_no_posix.py reads the game's modules): the module calls the
rules' methods for "play treasures", buy legality, a buy that runs no ability and Clean-up
with the next turn (steps the game flow takes itself for the same moves), and sets nothing
of a player's zones or of the turn, reads nothing that tells whether a move is legal (a
cost, a pile's cards, whether something was bought: the rules' to say) and moves no card
itself.
"""

from __future__ import annotations

import ast
from pathlib import Path

from a11y_dominion.bots.kinds import make_bot
from a11y_dominion.kingdoms import choose_setup
from a11y_dominion.rules.decisions import END_MOVE
from a11y_dominion.rules.game import Game, GameConfig
from a11y_dominion.view import player_view

FASTLANE = Path(__file__).resolve().parent.parent / "a11y_dominion" / "fastlane.py"

# the rules' steps a plain turn is made of, each called by the accelerator (a method of the game,
# or a function of the rules' modules)
RULES_STEPS = {
    "start_buy_phase",  # the Action phase ends
    "treasure_order",  # the order "play treasures" plays in
    "play_plains",  # "play treasures"
    "play_plain",  # a Treasure played
    "plays_on_treasures",  # which Treasures "play treasures" plays
    "move_is_legal",  # buy legality (and every move's)
    "only_end_is_legal",  # when end is the one legal move
    "buy_runs_nothing",
    "buy_plain",  # a buy that runs no ability: paid for, gained, the end of the game announced
    "clean_up_plain",  # Clean-up and after the turn with no ability: discards, the new hand, the end, the next turn
}
# the steps of the rules that the game flow itself takes for the same moves when no ability runs
SHARED_STEPS = {"start_buy_phase", "play_plains", "play_plain", "buy_runs_nothing", "buy_plain", "clean_up_plain"}
TURNFLOW = FASTLANE.parent / "rules" / "turnflow.py"
# the zones and counts of a player and the fields of a turn: set by the rules' steps only
ZONES = {"hand", "deck", "discard", "in_play", "set_aside", "debt", "vp_tokens", "turns_taken"}
TURN_FIELDS = {
    "player",
    "number",
    "phase",
    "actions",
    "buys",
    "coins",
    "bought",
    "actions_played",
    "played",
    "gained",
    "action_phase_requested",
    "action_phase_again",
    "memory",
}
MOVERS = {"append", "extend", "insert", "pop", "remove", "clear", "reverse", "sort"}  # list methods that move cards


def tree() -> ast.Module:
    return ast.parse(FASTLANE.read_text(encoding="utf-8"), str(FASTLANE))


def names_used(module: ast.Module) -> set[str]:
    """Every attribute read and every name the module uses."""
    out = set()
    for node in ast.walk(module):
        if isinstance(node, ast.Attribute):
            out.add(node.attr)
        elif isinstance(node, ast.Name):
            out.add(node.id)
    return out


def stores(module: ast.Module) -> list[ast.expr]:
    """The targets of every assignment (plain, augmented, annotated, deleted) of the module."""
    out: list[ast.expr] = []
    for node in ast.walk(module):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                out.extend(ast.walk(target) if isinstance(target, ast.Tuple) else [target])
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            out.append(node.target)
        elif isinstance(node, ast.Delete):
            out.extend(node.targets)
    return out


VIEWS = {"self", "view", "v"}  # (a PlainView's own fields: what its bot reads, set for it)


def zone_writes(module: ast.Module) -> list[str]:
    """The zones of a player and the fields of a turn the module sets itself (a view's own
    fields aside)."""
    return [
        ast.unparse(target)
        for target in stores(module)
        if isinstance(target, ast.Attribute)
        and target.attr in ZONES | TURN_FIELDS
        and not (isinstance(target.value, ast.Name) and target.value.id in VIEWS)
    ]


def card_moves(module: ast.Module) -> list[str]:
    """Where the module moves cards itself: a list method that moves cards called on a zone,
    on a field of the turn or on a local named as a zone; a slice or item of one set in place."""
    moved = []
    for node in ast.walk(module):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MOVERS:
            held = node.func.value  # the list the call changes
            if (isinstance(held, ast.Attribute) and held.attr in ZONES | TURN_FIELDS) or (
                isinstance(held, ast.Name) and held.id in ZONES
            ):
                moved.append(ast.unparse(node))
    for target in stores(module):
        if isinstance(target, ast.Subscript):
            held = target.value
            if (isinstance(held, ast.Attribute) and held.attr in ZONES | TURN_FIELDS) or (
                isinstance(held, ast.Name) and held.id in ZONES
            ):
                moved.append(ast.unparse(target))
    return moved


def legality_reads(module: ast.Module) -> list[str]:
    """What the module reads of a card's cost, of what a pile holds or of whether something
    was bought this phase (sorted): what tells whether a move is legal."""
    return sorted(names_used(module) & {"cost", "top_spec", "_cards", "_unmade", "bought"})


SAMPLE = """
def turn(p, t, gained, pl, hand):
    t.coins -= gained.spec.cost.coins
    t.phase = "cleanup"
    p.discard[0:0] = [gained]
    p.hand.clear()
    hand.extend(pl.cards)
    view.debt = p.debt
    if pl.top_spec().cost.coins <= t.coins and not t.bought:
        pass
"""


def test_the_checks_find_a_rule_written_again():
    """A turn that writes its own buy, phase and Clean-up is what the checks below find."""
    sample = ast.parse(SAMPLE)
    assert zone_writes(sample) == ["t.coins", "t.phase"]
    assert sorted(card_moves(sample)) == ["hand.extend(pl.cards)", "p.discard[0:0]", "p.hand.clear()"]
    assert legality_reads(sample) == ["bought", "cost", "top_spec"]
    assert RULES_STEPS - names_used(sample) == RULES_STEPS


def test_the_accelerator_calls_every_step_of_the_rules_it_makes_a_turn_of():
    assert RULES_STEPS - names_used(tree()) == set()


def test_the_game_flow_takes_the_same_steps_for_the_same_moves():
    """The steps the accelerator makes a plain turn of are the game flow's own when no ability
    runs (``_main`` calls them), so each rule of a plain turn is written once."""
    module = ast.parse(TURNFLOW.read_text(encoding="utf-8"), str(TURNFLOW))
    main = next(n for n in ast.walk(module) if isinstance(n, ast.FunctionDef) and n.name == "_main")
    assert SHARED_STEPS - names_used(main) == set()


def test_the_accelerator_sets_no_zone_and_no_field_of_the_turn():
    assert zone_writes(tree()) == []


def test_the_accelerator_moves_no_card_between_zones():
    assert card_moves(tree()) == []


def test_the_accelerator_reads_nothing_that_tells_whether_a_move_is_legal():
    """Whether a move is legal and what a buy costs are the rules' to say (move_is_legal,
    only_end_is_legal, _pay_for)."""
    assert legality_reads(tree()) == []


def test_only_end_is_legal_when_the_moves_listed_are_end_alone():
    """``only_end_is_legal`` never says so where another move is legal (random bots' games of
    random Kingdoms, with Debt, Events and Treasures bought and played one by one), and says
    so at most turns whose one move is end."""
    said = alone = 0
    for seed in range(12):
        k, e, lm = choose_setup("random", None, None, seed)
        game = Game(GameConfig(["A", "B"], k, e, lm, seed))
        bots = {"A": make_bot("random", seed), "B": make_bot("bigmoney", seed)}
        d = game.start()
        while d is not None and len(game.answers) < 3000:
            if d.kind == "turn":
                p = game.current
                moves = game.turn_options(p)
                if game.only_end_is_legal(p):
                    said += 1
                    assert moves == [END_MOVE], (seed, len(game.answers), moves)
                alone += moves == [END_MOVE]
            d = game.answer(bots[d.player].decide(d, player_view(game, d.player)))
    assert said > alone / 2 > 10
