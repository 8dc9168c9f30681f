"""The bots: ``random`` and ``bigmoney``, and those that play the Kingdom,
``bmu``, ``easy``, ``medium`` and ``hard``.

Every bot is a seat of the :class:`~a11y_dominion.table.Table` (see
:mod:`a11y_dominion.seats`, which makes a bot seat of each): it is told the
events redacted for it and decides from its own
:class:`~a11y_dominion.view.PlayerView`, never from the game.

- :mod:`.kinds`: the kinds of bot a seat can be, and
  :func:`~a11y_dominion.bots.kinds.make_bot`, which makes one.
- :mod:`.simple`: the ``random`` and ``bigmoney`` bots.
- :mod:`.common`: what every bot remembers (the cards each player has,
  counted from public gains, trashes and returns) and card facts.
- :mod:`.bmu`: Big Money Ultimate, the usual reference opponent.
- :mod:`.medium`: reads the Kingdom, picks a plan and answers every
  question of every card, Event and Landmark with a card-value table and a
  few rules per :class:`~a11y_dominion.rules.decisions.Purpose`.
- :mod:`.easy`: medium with a thinner plan and small seeded mistakes.
- :mod:`.hard`: determinized rollouts on top of medium.
"""
