"""The game's own shuffle gives the order random.Random.shuffle gives."""

from __future__ import annotations

import random

from a11y_dominion.rules.primitives import shuffle


def same_as_random_shuffle(seed: int, n: int) -> None:
    """Our shuffle of ``n`` cards gives the order of ``random.Random(seed).shuffle`` and leaves its generator alike."""
    ours, theirs = list(range(n)), list(range(n))
    a, b = random.Random(seed), random.Random(seed)
    shuffle(a, ours)
    b.shuffle(theirs)
    assert ours == theirs
    assert a.getstate() == b.getstate()


def test_shuffle_gives_the_order_and_random_numbers_of_random_shuffle():
    """For seeds and list lengths 0 to 40: the same order, and the generator left in the same state."""
    for seed in range(50):
        for n in range(41):
            same_as_random_shuffle(seed, n)


def test_shuffle_of_long_decks_gives_the_order_of_random_shuffle():
    """Around the length up to which the steps are kept at hand (256), and well past it."""
    for seed in range(5):
        for n in (255, 256, 257, 258, 600):
            same_as_random_shuffle(seed, n)


def test_shuffle_of_a_subclass_uses_its_own_shuffle():
    """A subclass of Random that shuffles its own way is asked to shuffle."""

    class Backwards(random.Random):
        def shuffle(self, x):  # type: ignore[override]
            x.reverse()

    cards = [1, 2, 3]
    shuffle(Backwards(1), cards)
    assert cards == [3, 2, 1]
