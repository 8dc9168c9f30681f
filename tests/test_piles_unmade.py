"""A pile set up with its cards unmade (``Pile.supply``) is, operation by
operation, the pile of the same cards made at once: the same counts, tops,
card numbers and names, whichever way it is read or changed."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from a11y_dominion.rules.cards import CARDS
from a11y_dominion.rules.state import Card, Pile, counts_of, empty_count_of, empty_piles_of

NAMES = ["Copper", "Silver", "Humble Castle", "Crumbling Castle", "Patrician", "Emporium", "Province"]

RUNS = st.lists(st.tuples(st.sampled_from(NAMES), st.integers(1, 4)), min_size=1, max_size=4)
OPS = st.lists(st.sampled_from(["take", "top", "top_spec", "count", "names", "cards", "return", "set"]), max_size=30)


def eager(runs, first):
    cards, uid = [], first
    for name, k in runs:
        cards += Card.many(uid, k, CARDS[name])
        uid += k
    return Pile("P", "castles", cards, members=tuple(n for n, _k in runs))


def lazy(runs, first):
    specs = tuple((CARDS[name], k) for name, k in runs)
    members = tuple(n for n, _k in runs)
    return Pile.supply([Pile.plan("P", "castles", members, specs, sum(k for _n, k in runs))], first)["P"]


def seen(x):
    if isinstance(x, Card):
        return (x.uid, x.name)
    if isinstance(x, list):
        return [seen(c) for c in x]
    if x is None or isinstance(x, (int, str)):
        return x
    return x.name  # a CardSpec


def step(pl: Pile, op: str, spare: list):
    if op == "take":
        c = pl.take_top()
        if c is not None:
            spare.append(c)
        return seen(c)
    if op == "top":
        return seen(pl.top)
    if op == "top_spec":
        return seen(pl.top_spec())
    if op == "count":
        return pl.count()
    if op == "names":
        return pl.names()
    if op == "cards":
        return seen(list(pl.cards))
    if op == "return" and spare:  # a card returned to the top of its pile
        pl.cards.insert(0, spare.pop())
        return pl.count()
    if op == "set":
        pl.cards = pl.cards[1:]
        return pl.count()
    return None


@settings(max_examples=300, deadline=None)
@given(runs=RUNS, first=st.integers(1, 500), ops=OPS)
def test_an_unmade_pile_reads_and_changes_as_the_pile_made_at_once(runs, first, ops):
    a, b = eager(runs, first), lazy(runs, first)
    spare_a: list = []
    spare_b: list = []
    for op in ops:
        assert step(a, op, spare_a) == step(b, op, spare_b), op
        for pl in (a, b):  # the counts read without a call per pile are the piles' own
            assert counts_of({"P": pl}) == {"P": pl.count()}
            assert empty_piles_of({"P": pl}) == ([] if pl.count() else [pl])
    assert seen(a.cards) == seen(b.cards)


@settings(max_examples=300, deadline=None)
@given(
    sizes=st.lists(st.integers(0, 3), min_size=1, max_size=4),
    ops=st.lists(st.tuples(st.integers(0, 3), st.sampled_from(["take", "top", "return", "set", "read"])), max_size=40),
)
def test_the_empty_piles_kept_with_the_tally_are_the_piles_that_are_empty(sizes, ops):
    # piles of one game, emptied, refilled and read in any order: the number of empty piles kept with
    # their tally is, after every change, the number of piles with no card
    layout = [
        Pile.plan(f"P{i}", "kingdom", ("Silver",), ((CARDS["Silver"], k),) if k else (), k) for i, k in enumerate(sizes)
    ]
    piles = Pile.supply(layout, 1)
    spare: list = []
    for i, op in ops:
        pl = piles[f"P{i % len(sizes)}"]
        if op == "take":
            c = pl.take_top()
            if c is not None:
                spare.append(c)
        elif op == "top":
            pl.top  # noqa: B018  (a card made and put back on top)
        elif op == "return" and spare:
            pl.cards.insert(0, spare.pop())
        elif op == "set" and pl.count():
            pl.cards = pl.cards[1:]
        elif op == "read":
            counts_of(piles)
        assert empty_count_of(piles) == len(empty_piles_of(piles)) == sum(1 for p in piles.values() if not p.count())


def test_the_cards_of_an_unmade_pile_are_numbered_down_the_pile():
    pl = lazy([("Patrician", 2), ("Emporium", 2)], 7)
    assert pl.count() == 4 and pl.top_spec().name == "Patrician"
    assert seen(pl.take_top()) == (7, "Patrician")
    assert pl.names() == ["Patrician", "Emporium", "Emporium"]
    assert seen(pl.take_top()) == (8, "Patrician")
    assert pl.top_spec().name == "Emporium"
    assert seen(pl.cards) == [(9, "Emporium"), (10, "Emporium")]
