"""The narrator's sentences for each kind of game event.

Events are built directly from :mod:`a11y_dominion.rules.events`; each test
says the exact sentence a listener hears, so a change of wording is a
deliberate change of this file too.
"""

import pytest

from a11y_dominion.announcements.narrator import Narrator
from a11y_dominion.i18n import Language
from a11y_dominion.rules import events as ev
from a11y_dominion.rules.decisions import Msg
from a11y_dominion.view import redact_all, redact_for_screen


def say(event, viewer=None, verbosity="normal", current=None):
    """The sentences a listener hears for ``event``, redacted for them first as
    the host does: for ``viewer``, or for a shared screen during ``current``'s turn."""
    shown = redact_all([event], viewer) if viewer is not None else redact_for_screen([event], current)
    narrator = Narrator(viewer, verbosity, current=current)
    return [s for e in shown for s in narrator.narrate(e)]


# --------------------------------------------------------------------- Debt
@pytest.mark.parametrize(
    "event, expected",
    [
        (ev.DebtChanged("Ann", 8, 8, "City Quarter"), "Ann now has 8 Debt, for City Quarter."),
        (ev.DebtChanged("Ann", 6, 10, "Capital"), "Ann takes 6 Debt for Capital, now 10 Debt."),
        (ev.DebtChanged("Bob", 1, 1, "the Silver pile"), "Bob now has 1 Debt, for the Silver pile."),
        (ev.DebtChanged("Ann", 2, 5), "Ann takes 2 Debt, now 5 Debt."),
        (ev.DebtChanged("Ann", -3, 5, "", coins_left=0), "Ann pays 3 Debt. 5 Debt left. 0 coins left."),
        (ev.DebtChanged("Ann", -2, 0, "Capital", coins_left=1), "Ann pays 2 Debt. 0 Debt left. 1 coin left."),
        (ev.DebtChanged("Ann", -1, 4, "", coins_left=3), "Ann pays 1 Debt. 4 Debt left. 3 coins left."),
        (ev.DebtChanged("Ann", -3, 5), "Ann pays 3 Debt. 5 Debt left."),
    ],
)
def test_debt_taken_and_paid_with_totals(event, expected):
    assert say(event) == [expected]


@pytest.mark.parametrize(
    "event, expected",
    [
        (ev.PileDebtChanged("Gold", 2, 3, "Ann"), "Ann puts 2 Debt on the Gold pile; 3 Debt on it now."),
        (ev.PileDebtChanged("Villa", 2, 2), "2 Debt is now on the Villa pile."),
        (ev.PileDebtChanged("Silver", -1, 0), "1 Debt taken from the Silver pile."),
        (ev.PileDebtSetUp(17, 1), "Tax: 1 Debt on each of the 17 Supply piles."),
    ],
)
def test_debt_on_piles(event, expected):
    assert say(event) == [expected]


def test_pile_debt_taken_by_a_buyer_is_said_once():
    # the buyer's own Debt sentence names the pile; the pile's sentence would say it again
    events = [
        ev.PileDebtChanged("Silver", -1, 0, "Ann"),
        ev.DebtChanged("Ann", 1, 1, Msg("the {pile} pile", pile="Silver")),
    ]
    assert Narrator("Bea").sentences(events) == ["Ann now has 1 Debt, for the Silver pile."]
    assert Narrator("Bea", lang=Language("nl")).sentences(events) == [
        Language("nl").text(
            "{player} now has {n} Debt, for {source}.",
            player="Ann",
            n=1,
            source=Language("nl").msg(Msg("the {pile} pile", pile="Silver")),
        )
    ]


def _own_turn(*events, verbosity="normal"):
    """What Ann hears of ``events`` in her own Buy phase, asked at a turn prompt (``prompts``)."""
    narrator = Narrator("Ann", verbosity, current="Ann", prompts=True)
    narrator.narrate(ev.PhaseChanged("Ann", "buy"))
    return narrator.sentences(events)


def test_own_moves_leave_the_figures_to_the_turn_prompt():
    # the prompt that follows names the phase, Actions, Buys, coins and Debt: said once, there
    assert _own_turn(ev.CardBought("Ann", "Silver", 3, 2, "Silver", 30)) == ["You buy Silver."]
    # all the Debt there is: its amount said here (the prompt then leaves the Debt out)
    assert _own_turn(ev.DebtChanged("Ann", 1, 1, Msg("the {pile} pile", pile="Silver"))) == [
        "You take 1 Debt for the Silver pile."
    ]
    assert _own_turn(ev.DebtChanged("Ann", 1, 5, Msg("the {pile} pile", pile="Silver"))) == [
        "You take 1 Debt for the Silver pile."
    ]
    assert _own_turn(ev.DebtChanged("Ann", -2, 1, "", 0)) == ["You pay 2 Debt."]
    assert _own_turn(ev.DebtChanged("Ann", -2, 0, "", 1)) == ["You pay off your 2 Debt."]
    assert _own_turn(ev.EventBought("Ann", "Tax", 2, 1)) == ["You buy the Event Tax."]
    plays = [
        ev.CardPlayed("Ann", "Copper"),
        ev.ResourcesChanged("Ann", 1, 1, 1, 0, 0, 1, "Copper"),
        ev.CardPlayed("Ann", "Silver"),
        ev.ResourcesChanged("Ann", 1, 1, 3, 0, 0, 2, "Silver"),
    ]
    # the coins the prompt names come from these plays alone: the bonus is not said again
    assert _own_turn(*plays) == ["You play Copper and Silver."]
    villa = [ev.CardPlayed("Ann", "Villa"), ev.ResourcesChanged("Ann", 2, 2, 1, 2, 1, 1, "Villa")]
    # the prompt names the new Actions, Buys and coins: the bonus is not said first
    assert _own_turn(*villa) == ["You play Villa."]
    # Villa gained in the Action phase: its +1 Action is said (the prompt names only the total)
    assert _own_turn(ev.ResourcesChanged("Ann", 2, 1, 0, 1, 0, 0, "Villa")) == ["Villa: +1 Action."]
    assert _own_turn(ev.ResourcesChanged("Ann", 2, 1, 0, 1, 0, 0, "Villa"), verbosity="verbose") == [
        "Villa: +1 Action."
    ]
    # gained in the Buy phase: one sentence says the +1 Action and the phase change
    back = [ev.ResourcesChanged("Ann", 1, 1, 0, 1, 0, 0, "Villa"), ev.PhaseChanged("Ann", "action", "villa")]
    assert _own_turn(*back) == ["Villa: +1 Action, back to your Action phase."]
    # the cards left in a Victory pile are told with the buy
    assert _own_turn(ev.CardBought("Ann", "Province", 8, 0, "Province", 7)) == ["You buy Province (7 left)."]
    shuffle = [ev.DeckShuffled("Ann", 11), ev.CardsDrawn("Ann", ("Copper",) * 5, 5)]
    assert _own_turn(*shuffle) == ["You shuffle 11 cards and draw 5 Coppers."]
    assert _own_turn(ev.PhaseChanged("Ann", "buy")) == []  # the prompt names the Buy phase
    assert _own_turn(ev.PhaseChanged("Ann", "action", "villa")) == ["Villa: +1 Action, back to your Action phase."]
    # without a prompt to come (a shared screen, another viewer) the totals stay in the sentence
    assert Narrator(None, current="Ann").sentences([ev.DebtChanged("Ann", 1, 1, "Engineer")]) == [
        "Ann now has 1 Debt, for Engineer."
    ]
    assert Narrator("Ann", current="Ann").sentences([ev.CardBought("Ann", "Silver", 3, 2, "Silver", 30)]) == [
        "You buy Silver; 2 coins left."
    ]
    assert Narrator("Ann", current="Ann").sentences(plays) == [
        "You play Copper and Silver: +3 coins. You have 1 Action, 1 Buy, 3 coins."
    ]


def test_bidding_and_clean_up_keep_their_totals():
    # after the turn (Mountain Pass) no turn prompt of that turn follows: the total is said
    narrator = Narrator("Ann", current="Ann", prompts=True)
    narrator.narrate(ev.PhaseChanged("Ann", "buy"))
    narrator.narrate(ev.BiddingStarted("Ann", ("Bob", "Ann")))
    assert narrator.narrate(ev.DebtChanged("Ann", 5, 5, "Mountain Pass")) == ["You now have 5 Debt, for Mountain Pass."]
    narrator = Narrator("Ann", current="Ann", prompts=True)
    narrator.narrate(ev.PhaseChanged("Ann", "cleanup"))
    assert narrator.narrate(ev.DebtChanged("Ann", 6, 6, "Capital")) == ["You now have 6 Debt, for Capital."]


def test_a_split_pile_or_castles_buy_says_the_count_once():
    events = [
        ev.CardBought("Bea", "Humble Castle", 3, 0, "Castles", 7),
        ev.PileTopChanged("Castles", "Crumbling Castle", 7, "Humble Castle"),
    ]
    assert Narrator("Ann", verbosity="verbose").sentences(events) == [
        "Bea buys Humble Castle; 0 coins left.",
        "Castles pile: Crumbling Castle is now on top, 7 cards left.",
    ]


# ----------------------------------------------------------------------- VP
@pytest.mark.parametrize(
    "event, expected",
    [
        (
            ev.VPTokensMoved(1, "supply", "supply", "player", "Ann", -1, 1, "Plunder"),
            "Ann now has 1 VP token, from Plunder.",
        ),
        (
            ev.VPTokensMoved(9, "supply", "supply", "player", "Ann", -1, 12, "Dominate"),
            "Ann gains 9 VP from Dominate, now 12 VP tokens.",
        ),
        (ev.VPTokensMoved(2, "supply", "supply", "player", "Bob", -1, 2), "Bob now has 2 VP tokens."),
        (
            ev.VPTokensMoved(2, "landmark", "Basilica", "player", "Ann", 10, 2, "Basilica"),
            "Ann now has 2 VP tokens, from Basilica (10 left).",
        ),
        (
            ev.VPTokensMoved(1, "landmark", "Arena", "player", "Ann", 0, 1, "Arena"),
            "Ann now has 1 VP token, from Arena (0 left).",
        ),
        (
            ev.VPTokensMoved(4, "pile", "Farmers' Market", "player", "Ann", 0, 4, "Farmers' Market"),
            "Ann now has 4 VP tokens, from the Farmers' Market pile (0 left).",
        ),
        (
            ev.VPTokensMoved(1, "supply", "supply", "pile", "Temple", -1, 3, "Temple"),
            "1 VP added to the Temple pile; 3 VP on it now.",
        ),
        (
            ev.VPTokensMoved(1, "pile", "Silver", "landmark", "Aqueduct", 7, 1, "Aqueduct"),
            "Aqueduct now has 1 VP, from the Silver pile (7 left on it).",
        ),
        (
            ev.VPTokensMoved(1, "pile", "Villa", "landmark", "Defiled Shrine", 0, 5, "Defiled Shrine"),
            "1 VP moves from the Villa pile to Defiled Shrine: 0 VP left on the pile, 5 VP on Defiled Shrine.",
        ),
    ],
)
def test_vp_from_supply_landmark_and_pile_with_what_is_left(event, expected):
    assert say(event) == [expected]


@pytest.mark.parametrize(
    "event, expected",
    [
        (ev.LandmarkSetUp("Basilica", 12), "Basilica starts with 12 VP."),
        (
            ev.LandmarkSetUp("Aqueduct", 0, (("Silver", 8), ("Gold", 8))),
            "Aqueduct: 8 VP on the Silver pile and 8 VP on the Gold pile.",
        ),
        (
            ev.LandmarkSetUp("Obelisk", 0, (), "Patrician/Emporium"),
            "Obelisk marks the Patrician/Emporium pile: every Patrician and Emporium you have scores 2 VP at the end.",
        ),
        (
            ev.LandmarkSetUp("Obelisk", 0, (), "Villa"),
            "Obelisk marks the Villa pile: every Villa you have scores 2 VP at the end.",
        ),
    ],
)
def test_landmark_setup(event, expected):
    assert say(event) == [expected]


def test_scoring_landmark_without_tokens_says_nothing_at_setup():
    assert say(ev.LandmarkSetUp("Tower", 0)) == []


# ---------------------------------------------------------------- pile tops
@pytest.mark.parametrize(
    "event, expected",
    [
        (
            ev.PileTopChanged("Castles", "Crumbling Castle", 7),
            "Castles pile: Crumbling Castle is now on top, 7 cards left.",
        ),
        (
            ev.PileTopChanged("Patrician/Emporium", "Emporium", 5),
            "Patrician/Emporium pile: Emporium is now on top, 5 cards left.",
        ),
        (ev.PileTopChanged("Castles", "King's Castle", 1), "Castles pile: King's Castle is now on top, 1 card left."),
        (ev.PileEmptied("Villa", 1), "The Villa pile is empty. 1 Supply pile empty."),
        (ev.PileEmptied("Province", 1), "The Province pile is empty."),  # the game ends with it
        (ev.PileEmptied("Castles", 3), "The Castles pile is empty. 3 Supply piles empty."),
        (
            ev.CardReturned("Ann", "Encampment", "Encampment/Plunder"),
            "Encampment goes back to the Encampment/Plunder pile.",
        ),
        (ev.CardTrashed("Ann", "Gladiator", "supply"), "Ann trashes Gladiator from the Supply."),
    ],
)
def test_pile_top_changes_and_empty_piles(event, expected):
    assert say(event) == [expected]


def test_pile_top_change_to_nothing_is_left_to_the_empty_pile_sentence():
    assert say(ev.PileTopChanged("Castles", None, 0)) == []


# ------------------------------------------------------------ Mountain Pass
@pytest.mark.parametrize(
    "event, expected",
    [
        (
            ev.BiddingStarted("Ann", ("Bob", "Cid", "Ann")),
            "Mountain Pass: Ann gained the first Province. Bidding for 8 VP, in this order: Bob, Cid and Ann.",
        ),
        (
            ev.BiddingStarted("Bob", ("Ann", "Bob")),
            "Mountain Pass: Bob gained the first Province. Bidding for 8 VP, in this order: Ann and Bob.",
        ),
        (ev.BidMade("Bob", 3), "Bob bids 3 Debt."),
        (ev.BidMade("Cid", None), "Cid passes."),
        (ev.BiddingWon("Ann", 5), "Mountain Pass: Ann wins with a bid of 5 Debt."),
        (ev.BiddingWon(None, 0), "Mountain Pass: nobody bid."),
    ],
)
def test_mountain_pass_bids_and_winner(event, expected):
    assert say(event) == [expected]


# -------------------------------------------------------------- Villa, phases
@pytest.mark.parametrize(
    "event, expected",
    [
        (ev.PhaseChanged("Ann", "action", "villa"), ["Villa: +1 Action, Ann goes back to the Action phase."]),
        (ev.PhaseChanged("Ann", "buy", "again"), ["Ann's Buy phase starts again."]),
        (ev.PhaseChanged("Ann", "buy"), ["Ann's Buy phase."]),
        (ev.PhaseChanged("Ann", "action"), []),
        (ev.PhaseChanged("Ann", "cleanup"), []),
    ],
)
def test_villa_return_and_phases(event, expected):
    assert say(event) == expected


def test_phases_at_verbose():
    # whose phase it is, as "Bot's Buy phase." says
    assert say(ev.PhaseChanged("Ann", "action"), verbosity="verbose") == ["Ann's Action phase."]
    assert say(ev.PhaseChanged("Ann", "cleanup"), verbosity="verbose") == ["Ann's Clean-up."]
    assert say(ev.PhaseChanged("Ann", "cleanup"), viewer="Ann", verbosity="verbose") == ["Your Clean-up."]


# ------------------------------------------------------------- plays, gains
@pytest.mark.parametrize(
    "event, expected",
    [
        (ev.CardPlayed("Ann", "Villa"), "Ann plays Villa."),
        (ev.CardPlayed("Ann", "Villa", again=True), "Ann plays Villa again."),
        (ev.CardPlayed("Ann", "Overlord", "Villa"), "Ann plays Overlord as Villa."),
        (ev.CardPlayed("Bob", "Villa", replaced=True), "Bob plays Villa. Enchantress: instead, +1 Card and +1 Action."),
        (ev.CardBought("Ann", "Silver", 3, 2), "Ann buys Silver; 2 coins left."),
        (ev.CardBought("Ann", "Gold", 6, 1), "Ann buys Gold; 1 coin left."),
        (ev.EventBought("Ann", "Wedding", 4, 0), "Ann buys the Event Wedding; 0 coins left."),
        (ev.CardGained("Ann", "Gold", "Gold", "discard"), "Ann gains Gold."),
        (ev.CardGained("Ann", "Silver", "Silver", "hand"), "Ann gains Silver into their hand."),
        (ev.CardGained("Ann", "Silver", "Silver", "deck"), "Ann gains Silver onto their deck."),
        (ev.CardTrashed("Ann", "Estate", "hand"), "Ann trashes Estate."),
        (ev.CardsRevealed("Ann", ("Silver",), "deck"), "Ann reveals Silver from the deck."),
        (ev.CardsRevealed("Ann", ("Copper",), "discard"), "Ann reveals Copper from the discard pile."),
        (ev.CardsRevealed("Ann", ("Copper", "Copper", "Estate"), "hand"), "Ann reveals 2 Coppers and Estate."),
        (ev.Attacked("Ann", "Legionary", ("Bob", "Cid")), "Legionary attacks Bob and Cid."),
        (ev.TurnStarted("Bob", 3, 6), "Bob's turn 3."),
        (ev.DeckShuffled("Ann", 12), "Ann shuffles; 12 cards in the deck."),
    ],
)
def test_plays_buys_gains_and_reveals(event, expected):
    assert say(event) == [expected]


def test_bought_card_to_discard_is_told_by_the_buy_only():
    assert say(ev.CardGained("Ann", "Silver", "Silver", "discard", True)) == []


def test_attack_on_nobody_is_silent():
    assert say(ev.Attacked("Ann", "Catapult", ())) == []


def test_resource_changes_by_source():
    e = ev.ResourcesChanged("Ann", 2, 2, 1, 2, 1, 1, "Villa")
    assert say(e) == ["+2 Actions, +1 Buy and +1 coin. Ann has 2 Actions, 2 Buys, 1 coin."]
    played = ev.ResourcesChanged("Ann", 0, 1, 0, -1, 0, 0, "play")
    assert say(played) == []
    assert say(played, verbosity="verbose") == ["-1 Action. Ann has 0 Actions, 1 Buy, 0 coins."]


def test_plain_treasure_plays_are_one_sentence():
    events = [
        ev.CardPlayed("Ann", "Copper"),
        ev.ResourcesChanged("Ann", 0, 1, 1, 0, 0, 1, "Copper"),
        ev.CardPlayed("Ann", "Copper"),
        ev.ResourcesChanged("Ann", 0, 1, 2, 0, 0, 1, "Copper"),
        ev.CardPlayed("Ann", "Silver"),
        ev.ResourcesChanged("Ann", 0, 1, 4, 0, 0, 2, "Silver"),
    ]
    assert Narrator().sentences(events) == [
        "Ann plays 2 Coppers and Silver: +4 coins. Ann has 0 Actions, 1 Buy, 4 coins."
    ]


# ------------------------------------------------------------------ the end
def test_game_end_breakdown_single_winner():
    e = ev.GameEnded(
        (("Ann", 8, 6, 2, (("Tower", 0),)), ("Bob", 1, 1, 0, (("Tower", 0),))), ("Ann",), (("Ann", 1), ("Bob", 1))
    )
    assert say(e) == [
        "Game over.",
        "Ann: 8 VP (6 from cards, 2 from VP tokens and 0 from Tower).",
        "Bob: 1 VP (1 from cards, 0 from VP tokens and 0 from Tower).",
        "Ann wins.",
    ]


def test_game_end_breakdown_shared_win_and_several_landmarks():
    e = ev.GameEnded(
        (
            ("Ann", 20, 12, 3, (("Museum", 8), ("Wall", -3))),
            ("Bob", 20, 20, 0, (("Museum", 0), ("Wall", 0))),
            ("Cid", 6, 6, 0, (("Museum", 0), ("Wall", 0))),
        ),
        ("Ann", "Bob"),
        (("Ann", 5), ("Bob", 5), ("Cid", 4)),
    )
    assert say(e) == [
        "Game over.",
        "Ann: 20 VP (12 from cards, 3 from VP tokens, 8 from Museum and -3 from Wall).",
        "Bob: 20 VP (20 from cards, 0 from VP tokens, 0 from Museum and 0 from Wall).",
        "Cid: 6 VP (6 from cards, 0 from VP tokens, 0 from Museum and 0 from Wall).",
        "Ann and Bob share the win.",
    ]


def test_game_end_without_landmarks():
    e = ev.GameEnded((("Ann", 6, 6, 0, ()), ("Bob", 3, 3, 0, ())), ("Ann",), (("Ann", 2), ("Bob", 2)))
    assert say(e)[1] == "Ann: 6 VP (6 from cards and 0 from VP tokens)."


# ------------------------------------------------------------ private facts
DRAW = ev.CardsDrawn("Ann", ("Copper", "Copper", "Silver"), 3, private_to="Ann")


def test_private_draw_told_to_its_owner():
    assert say(DRAW, viewer="Ann") == ["You draw 2 Coppers and Silver."]


def test_private_draw_hidden_from_other_viewers():
    assert say(DRAW, viewer="Bob") == ["Ann draws 3 cards."]
    assert say(DRAW, viewer="Cid", verbosity="verbose") == ["Ann draws 3 cards."]


def test_shared_table_hears_the_turn_players_draws_only():
    assert say(DRAW, current="Ann") == ["Ann draws 2 Coppers and Silver."]
    assert say(DRAW, current="Bob") == ["Ann draws 3 cards."]


def test_drawing_nothing():
    assert say(ev.CardsDrawn("Ann", (), 0, private_to="Ann"), viewer="Bob") == ["Ann has no cards left to draw."]


def test_private_move_hides_the_card():
    e = ev.CardMoved("Bob", "Gold", "hand", "deck", private_to="Bob")
    assert say(e, viewer="Bob") == ["You put Gold onto your deck."]
    assert say(e, viewer="Ann") == ["Bob puts a card onto their deck."]
    assert say(e, current="Bob") == ["Bob puts Gold onto their deck."]
    assert say(e, current="Ann") == ["Bob puts a card onto their deck."]


def test_set_aside_cards():
    assert say(ev.CardMoved("Ann", "Encampment", "in_play", "set_aside")) == ["Ann sets Encampment aside."]
    taken = ev.CardMoved("Ann", "Gold", "set_aside", "hand", private_to="Ann")
    assert say(taken, viewer="Ann") == ["You put the set-aside Gold into your hand."]
    assert say(taken, current="Ann") == ["Ann puts a set-aside Gold into their hand."]
    assert say(taken, viewer="Bob") == ["Ann puts a card into their hand."]


def test_private_note_hidden_from_others():
    e = ev.Note("Ann", "{player} puts Gold into their hand.", private_to="Ann")
    assert say(e, viewer="Ann") == ["Ann puts Gold into their hand."]
    assert say(e, viewer="Bob") == []
    assert say(ev.Note("Ann", "{player} puts their deck of {n} cards into their discard pile.", n=7)) == [
        "Ann puts their deck of 7 cards into their discard pile."
    ]


def test_overlord_becoming_a_card():
    e = ev.CardBecame("Ann", "Overlord", "Villa")
    assert say(e) == ["Ann's Overlord is now Villa."]
    assert say(e, viewer="Ann") == ["Your Overlord is now Villa."]
    assert say(e, viewer="Bob") == ["Ann's Overlord is now Villa."]


def test_hidden_hand_discards_only_counted_at_verbose():
    e = ev.CardsDiscarded("Ann", ("Copper", "Estate"), "hand", private_to="Ann")
    assert say(e, viewer="Bob") == []
    assert say(e, viewer="Bob", verbosity="verbose") == ["Ann discards 2 cards."]
    assert say(ev.CardsDiscarded("Bob", ("Estate", "Estate"), "hand")) == ["Bob discards 2 Estates."]


# ----------------------------------------------------------------- verbosity
TERSE_KEPT = [
    (ev.DebtChanged("Ann", 8, 8, "City Quarter"), "Ann now has 8 Debt, for City Quarter."),
    (ev.DebtChanged("Ann", -3, 5, "", coins_left=0), "Ann pays 3 Debt. 5 Debt left. 0 coins left."),
    (
        ev.VPTokensMoved(2, "landmark", "Basilica", "player", "Ann", 10, 2, "Basilica"),
        "Ann now has 2 VP tokens, from Basilica (10 left).",
    ),
    (
        ev.VPTokensMoved(1, "supply", "supply", "pile", "Temple", -1, 3, "Temple"),
        "1 VP added to the Temple pile; 3 VP on it now.",
    ),
    (
        ev.PileTopChanged("Castles", "Crumbling Castle", 7),
        "Castles pile: Crumbling Castle is now on top, 7 cards left.",
    ),
    (ev.PileEmptied("Villa", 2), "The Villa pile is empty. 2 Supply piles empty."),
    (ev.PhaseChanged("Ann", "action", "villa"), "Villa: +1 Action, Ann goes back to the Action phase."),
    (ev.BidMade("Bob", 3), "Bob bids 3 Debt."),
    (ev.BiddingWon("Ann", 5), "Mountain Pass: Ann wins with a bid of 5 Debt."),
    (ev.PileDebtChanged("Gold", 2, 3, "Ann"), "Ann puts 2 Debt on the Gold pile; 3 Debt on it now."),
    (ev.TurnStarted("Ann", 2, 3), "Ann's turn 2."),
]


@pytest.mark.parametrize("event, expected", TERSE_KEPT)
def test_terse_keeps_debt_vp_pile_tops_and_villa(event, expected):
    assert say(event, verbosity="terse") == [expected]


@pytest.mark.parametrize(
    "event",
    [
        ev.CardPlayed("Ann", "Villa"),
        ev.CardGained("Ann", "Gold", "Gold", "discard"),
        ev.CardTrashed("Ann", "Estate", "hand"),
        DRAW,
        ev.PhaseChanged("Ann", "buy"),
        ev.PhaseChanged("Ann", "buy", "again"),
        ev.ResourcesChanged("Ann", 2, 2, 1, 2, 1, 1, "Villa"),
        ev.DeckShuffled("Ann", 10),
    ],
)
def test_terse_drops_the_rest(event):
    assert say(event, viewer="Ann", verbosity="terse") == []


def test_terse_game_end_is_kept():
    e = ev.GameEnded((("Ann", 6, 6, 0, ()),), ("Ann",), (("Ann", 1),))
    assert say(e, verbosity="terse")[0] == "Game over."


def test_unknown_verbosity_is_refused():
    with pytest.raises(ValueError):
        Narrator(verbosity="chatty")


# ------------------------------------------------- opponent turns in summary
def test_opponent_turn_summarised_for_a_single_viewer():
    events = [
        ev.TurnStarted("Ann", 1, 1),
        ev.CardPlayed("Ann", "Villa"),
        ev.ResourcesChanged("Ann", 2, 2, 1, 2, 1, 1, "Villa"),
        ev.CardBought("Ann", "City Quarter", 0, 1),
        ev.DebtChanged("Ann", 8, 8, "City Quarter"),
        ev.CardGained("Ann", "City Quarter", "City Quarter", "discard", True),
        ev.TurnStarted("Bob", 1, 2),
    ]
    # the whole turn in one line: its number, the Debt taken in its place, and the Debt total once
    assert Narrator(viewer="Bob").sentences(events) == [
        "Ann, turn 1: played Villa, bought City Quarter, took 8 Debt for it.",
        "Your turn 1.",
    ]


def test_bot_private_cards_not_told_at_a_shared_table():
    draw = ev.CardsDrawn("Cid", ("Copper",) * 5, 5, private_to="Cid")
    events = [ev.TurnStarted("Cid", 1, 1), draw]
    assert Narrator().sentences(redact_for_screen(events, None, {"Ann", "Bob"})) == [
        "Cid's turn 1.",
        "Cid draws 5 cards.",
    ]
    events = [ev.TurnStarted("Ann", 1, 1), ev.CardsDrawn("Ann", ("Gold",), 1, private_to="Ann")]
    assert Narrator().sentences(redact_for_screen(events, None, {"Ann", "Bob"}))[-1] == "Ann draws Gold."


def test_buying_from_a_victory_pile_says_what_is_left():
    e = ev.CardBought("Ann", "Province", 8, 0, "Province", 7)
    assert Narrator().narrate(e) == ["Ann buys Province; 0 coins left. Province pile: 7 cards left."]
    assert Narrator().narrate(ev.CardBought("Ann", "Silver", 3, 0, "Silver", 35)) == ["Ann buys Silver; 0 coins left."]


def test_split_pile_top_unchanged_or_new():
    assert Narrator().narrate(ev.PileTopChanged("Patrician/Emporium", "Patrician", 8, "Patrician")) == [
        "Patrician/Emporium pile: 8 cards left."
    ]
    assert Narrator().narrate(ev.PileTopChanged("Patrician/Emporium", "Emporium", 5, "Patrician")) == [
        "Patrician/Emporium pile: Emporium is now on top, 5 cards left."
    ]


def test_opponent_turn_with_nothing_done():
    events = [ev.TurnStarted("Ann", 1, 1), ev.PhaseChanged("Ann", "buy"), ev.TurnStarted("Bob", 1, 2)]
    assert Narrator(viewer="Bob").sentences(events) == ["Ann, turn 1: nothing played or bought.", "Your turn 1."]


def test_table_narration_does_not_summarise():
    events = [
        ev.TurnStarted("Ann", 1, 1),
        ev.CardPlayed("Ann", "Villa"),
        ev.ResourcesChanged("Ann", 2, 2, 1, 2, 1, 1, "Villa"),
        ev.TurnStarted("Bob", 1, 2),
    ]
    assert Narrator().sentences(events) == [
        "Ann's turn 1.",
        "Ann plays Villa: +2 Actions, +1 Buy and +1 coin. Ann has 2 Actions, 2 Buys, 1 coin.",
        "Bob's turn 1.",
    ]


# ------------------------------------------------------ the viewer as "you"
@pytest.mark.parametrize(
    "event, expected",
    [
        (ev.DebtChanged("Ann", 8, 8, "City Quarter"), "You now have 8 Debt, for City Quarter."),
        (ev.DebtChanged("Ann", -3, 5, "", coins_left=2), "You pay 3 Debt. 5 Debt left. 2 coins left."),
        (
            ev.VPTokensMoved(2, "landmark", "Basilica", "player", "Ann", 10, 2, "Basilica"),
            "You now have 2 VP tokens, from Basilica (10 left).",
        ),
        (
            ev.VPTokensMoved(3, "pile", "Temple", "player", "Ann", 0, 4, "Temple"),
            "You take 3 VP from the Temple pile (0 left), now 4 VP tokens.",
        ),
        (
            ev.VPTokensMoved(1, "supply", "supply", "player", "Ann", -1, 1, "Chariot Race"),
            "You now have 1 VP token, from Chariot Race.",
        ),
        (ev.PhaseChanged("Ann", "action", "villa"), "Villa: +1 Action, back to your Action phase."),
        (ev.PhaseChanged("Ann", "buy", "again"), "Your Buy phase starts again."),
        (ev.BidMade("Ann", 7), "You bid 7 Debt."),
        (ev.BidMade("Ann", None), "You pass."),
        (ev.PileDebtChanged("Gold", 2, 3, "Ann"), "You put 2 Debt on the Gold pile; 3 Debt on it now."),
        (ev.CardPlayed("Ann", "Villa", replaced=True), "You play Villa. Enchantress: instead, +1 Card and +1 Action."),
        (ev.TurnStarted("Ann", 4, 7), "Your turn 4."),
        (ev.Attacked("Bob", "Legionary", ("Cid", "Ann")), "Legionary attacks Cid and you."),
    ],
)
def test_the_viewer_is_spoken_to_as_you(event, expected):
    assert say(event, viewer="Ann") == [expected]


def test_the_viewer_wins():
    e = ev.GameEnded((("Ann", 9, 9, 0, ()), ("Bob", 3, 3, 0, ())), ("Ann",), (("Ann", 3), ("Bob", 3)))
    assert say(e, viewer="Ann")[-1] == "You win."
    assert say(e, viewer="Bob")[-1] == "Ann wins."


def test_terse_with_a_viewer_keeps_what_concerns_them():
    n = lambda e: Narrator("Ann", "terse").narrate(e)  # noqa: E731
    assert n(ev.TurnStarted("Ann", 2, 3)) == ["Your turn 2."]
    assert n(ev.TurnStarted("Bob", 2, 4)) == []
    assert n(ev.Attacked("Bob", "Legionary", ("Ann",))) == ["Legionary attacks you."]
    assert n(ev.Attacked("Ann", "Legionary", ("Bob",))) == ["Legionary attacks Bob."]  # whom her attack hit
    assert n(ev.DebtChanged("Bob", 8, 8, "City Quarter")) == ["Bob now has 8 Debt, for City Quarter."]
    assert n(ev.PileTopChanged("Castles", "Small Castle", 6)) == [
        "Castles pile: Small Castle is now on top, 6 cards left."
    ]
    assert n(ev.PhaseChanged("Bob", "action", "villa")) == ["Villa: +1 Action, Bob goes back to the Action phase."]


def test_a_tie_broken_by_fewer_turns_is_said():
    e = ev.GameEnded(
        (("Ann", 33, 33, 0, ()), ("Bea", 21, 21, 0, ()), ("Bot", 33, 33, 0, ())),
        ("Bot",),
        (("Ann", 15), ("Bea", 15), ("Bot", 14)),
    )
    assert say(e)[-1] == "Bot wins: tied on 33 VP, with fewer turns."
    assert say(e, viewer="Bot")[-1] == "You win: tied on 33 VP, with fewer turns."
    nl = Narrator(None, lang=Language("nl")).narrate(e)[-1]
    assert nl == "Bot wint: gelijk met 33 punten, met minder beurten."


def test_a_turn_told_from_its_middle_does_not_say_nothing_was_played():
    """Narration that starts in the middle of Bea's turn (a loaded game) has not seen her plays."""
    events = [ev.PhaseChanged("Bea", "cleanup"), ev.TurnStarted("Ann", 2, 3)]
    assert Narrator(viewer="Ann", current="Bea").sentences(events) == ["Your turn 2."]
    later = [ev.TurnStarted("Bea", 2, 4), ev.PhaseChanged("Bea", "cleanup"), ev.TurnStarted("Ann", 3, 5)]
    assert "Bea, turn 2: nothing played or bought." in Narrator(viewer="Ann").sentences(later)
    # a turn whose start must be told before its end (an attack in it): on the line of the attack,
    # and no summary after it when the attack line named all it played
    attacked = [
        ev.TurnStarted("Bea", 2, 4),
        ev.CardPlayed("Bea", "Militia"),
        ev.Attacked("Bea", "Militia", ("Ann",)),
        ev.CardsDiscarded("Ann", ("Copper", "Estate")),
        ev.TurnStarted("Ann", 3, 5),
    ]
    assert Narrator(viewer="Ann").sentences(attacked) == [
        "Bea's turn 2. Bea plays Militia and attacks you.",
        "You discard Copper and Estate.",
        "Your turn 3.",
    ]


# ------------------------------------------------- an opponent's attack, with its play
LEGIONARY_TURN = [
    ev.TurnStarted("Bot", 4, 7),
    ev.CardPlayed("Bot", "Legionary"),
    ev.ResourcesChanged("Bot", 0, 1, 3, 0, 0, 3, "Legionary"),
    ev.CardsRevealed("Bot", ("Gold",), "hand"),
    ev.Attacked("Bot", "Legionary", ("Ann",)),
]


def test_an_attack_in_a_summarised_turn_says_who_played_it_and_what_was_revealed():
    """The play is held for the turn's summary: the attack's line names it, with the Gold revealed."""
    assert Narrator(viewer="Ann").sentences(LEGIONARY_TURN) == [
        "Bot's turn 4. Bot plays Legionary, reveals Gold and attacks you."
    ]
    nl = Narrator(viewer="Ann", lang=Language("nl")).sentences(LEGIONARY_TURN)
    assert nl == ["Beurt 4 van Bot. Bot speelt Legioensoldaat, laat Goud zien en valt jou aan."]
    # at terse the play is not told either: the attack's line says it
    assert Narrator(viewer="Ann", verbosity="terse").sentences(LEGIONARY_TURN) == [
        "Bot plays Legionary, reveals Gold and attacks you."
    ]


def test_an_attack_whose_play_was_told_is_not_told_twice():
    said = Narrator(viewer="Ann", verbosity="verbose").sentences(LEGIONARY_TURN)
    assert said[-4:] == [
        "Bot plays Legionary.",
        "+3 coins. Bot has 0 Actions, 1 Buy, 3 coins.",
        "Bot reveals Gold.",
        "Legionary attacks you.",
    ]
    # a person's turn: its start told at once, its plays held for its summary like a bot's
    said = Narrator(viewer="Ann", people=frozenset({"Bot"})).sentences(LEGIONARY_TURN)
    assert said == ["Bot's turn 4.", "Bot plays Legionary, reveals Gold and attacks you."]


def test_an_attack_with_a_trash_names_the_trashed_card():
    events = [
        ev.TurnStarted("Bot", 2, 3),
        ev.CardPlayed("Bot", "Catapult"),
        ev.CardTrashed("Bot", "Silver", "hand"),
        ev.Attacked("Bot", "Catapult", ("Ann",)),
    ]
    assert Narrator(viewer="Ann").sentences(events) == [
        "Bot's turn 2. Bot plays Catapult, trashes Silver and attacks you."
    ]


def test_a_result_told_to_the_other_player_in_a_summarised_turn():
    """Gladiator's result, to the player asked to reveal a copy, in the bot's held turn."""
    note = ev.Note(
        "Bot",
        "{other} reveals a copy, so {player} gets no +1 coin and no Gladiator is trashed.",
        you="{other} reveals a copy, so you get no +1 coin and no Gladiator is trashed.",
        other="Ann",
        to_other="You reveal a copy, so {player} gets no +1 coin and no Gladiator is trashed.",
    )
    events = [ev.TurnStarted("Bot", 3, 5), ev.CardPlayed("Bot", "Gladiator"), note]
    # opened by the play it comes from, which the turn's summary then does not say again
    assert Narrator(viewer="Ann").sentences(events) == [
        "Bot's turn 3. Bot plays Gladiator. You reveal a copy, so Bot gets no +1 coin and no Gladiator is trashed."
    ]
    assert Narrator(viewer="Bot").sentences([note]) == [
        "Ann reveals a copy, so you get no +1 coin and no Gladiator is trashed."
    ]
    assert Narrator(viewer="Cid").sentences([note]) == [
        "Ann reveals a copy, so Bot gets no +1 coin and no Gladiator is trashed."
    ]


def test_the_hand_drawn_in_the_clean_up_that_ends_the_game_is_not_read():
    end = ev.GameEnded((("Ann", 6, 6, 0, ()), ("Bob", 3, 3, 0, ())), ("Ann",), (("Ann", 2), ("Bob", 2)))
    cleanup = [
        ev.PhaseChanged("Ann", "cleanup"),
        ev.DeckShuffled("Ann", 11),
        ev.CardsDrawn("Ann", ("Copper",) * 5, 5, private_to="Ann"),
    ]
    said = Narrator(viewer="Ann").sentences([*cleanup, end])
    assert not [x for x in said if "draw" in x or "shuffle" in x], said
    assert said[0].startswith("Game over.")
    # the same Clean-up in a game that goes on: the hand is read
    said = Narrator(viewer="Ann").sentences([*cleanup, ev.TurnStarted("Bob", 2, 3)])
    assert "You shuffle 11 cards and draw 5 Coppers." in said


def test_the_end_told_with_game_over_is_not_told_before_it():
    """A bot's last turn comes to a seat in one piece: "The game ends after this turn." is not
    said just before "Game over."; in a turn that goes on it is, and a record of the whole game
    (a scenario's announcements, no viewer) keeps it."""
    end = ev.GameEnded((("Ann", 6, 6, 0, ()), ("Bob", 3, 3, 0, ())), ("Ann",), (("Ann", 2), ("Bob", 2)))
    said = Narrator(viewer="Ann").sentences([ev.GameEndsAfterTurn("Bob"), end])
    assert "The game ends after this turn." not in said and said[0].startswith("Game over.")
    assert Narrator(viewer="Ann").sentences([ev.GameEndsAfterTurn("Ann")]) == ["The game ends after this turn."]
    assert "The game ends after this turn." in Narrator(viewer=None).sentences([ev.GameEndsAfterTurn("Bob"), end])


OWN_TREASURES = [
    ev.CardPlayed("Ann", "Copper"),
    ev.ResourcesChanged("Ann", 1, 1, 1, 0, 0, 1, "Copper"),
    ev.CardPlayed("Ann", "Copper"),
    ev.ResourcesChanged("Ann", 1, 1, 2, 0, 0, 1, "Copper"),
    ev.CardPlayed("Ann", "Silver"),
    ev.ResourcesChanged("Ann", 1, 1, 4, 0, 0, 2, "Silver"),
]
OWN_CELLAR = [
    ev.ResourcesChanged("Ann", 0, 1, 0, -1, 0, 0, "play"),
    ev.CardPlayed("Ann", "Cellar"),
    ev.ResourcesChanged("Ann", 1, 1, 0, 1, 0, 0, "Cellar"),
]
OWN_VILLAGE = [
    ev.ResourcesChanged("Ann", 0, 1, 0, -1, 0, 0, "play"),
    ev.CardPlayed("Ann", "Village"),
    ev.CardsDrawn("Ann", ("Gold",), 1),
    ev.ResourcesChanged("Ann", 2, 1, 0, 2, 0, 0, "Village"),
]


@pytest.mark.parametrize("prompts", [True, False])
def test_verbose_own_plays_say_each_change_with_its_new_total_in_one_line(prompts):
    """Verbose: each of one's own plays is one line with what the card gives (else the Action the
    play used) and the new total of each figure (a running total of the coins through play
    treasures; Cellar's +1 Action, not the net 0), in English and Dutch; terse and normal stay as
    they were."""
    for lang, expected in (
        (
            "en",
            [
                [
                    "You play Copper: +1 coin; you have 1 coin.",
                    "You play Copper: +1 coin; you have 2 coins.",
                    "You play Silver: +2 coins; you have 4 coins.",
                ],
                ["You play Cellar: +1 Action; you have 1 Action."],
                ["You play Village: -1 Action; you have 0 Actions.", "You draw Gold."],
            ],
        ),
        (
            "nl",
            [
                [
                    "Je speelt Koper: +1 munt; je hebt 1 munt.",
                    "Je speelt Koper: +1 munt; je hebt 2 munten.",
                    "Je speelt Zilver: +2 munten; je hebt 4 munten.",
                ],
                ["Je speelt Kelder: +1 actie; je hebt 1 actie."],
                ["Je speelt Dorp: -1 actie; je hebt 0 acties.", "Je trekt Goud."],
            ],
        ),
    ):
        for events, said in zip((OWN_TREASURES, OWN_CELLAR, OWN_VILLAGE), expected, strict=True):
            narrator = Narrator("Ann", "verbose", current="Ann", lang=Language(lang), prompts=prompts)
            narrator.phase = "action"
            assert narrator.sentences(events)[: len(said)] == said
    narrator = Narrator("Ann", "verbose", current="Ann", prompts=True)
    narrator.phase = "action"
    # a change that comes apart from its play (Village's +2 Actions after its draw) says its total too
    assert narrator.sentences(OWN_VILLAGE)[2] == "+2 Actions; you have 2 Actions."
    for verbosity, said in (("terse", []), ("normal", ["You play 2 Coppers and Silver."])):
        narrator = Narrator("Ann", verbosity, current="Ann", prompts=True)
        narrator.phase = "action"
        assert narrator.sentences(OWN_TREASURES) == said
        assert narrator.sentences(OWN_CELLAR) == ([] if verbosity == "terse" else ["You play Cellar."])
