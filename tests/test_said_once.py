"""Each thing is said once: a result and the reveal or trash it names, the viewer's
winning bid, a pile's count after the sentence that names the pile, several cards
trashed at once, and the cards left after a Victory card or Curse is gained."""

from __future__ import annotations

from a11y_dominion.announcements.narrator import Narrator
from a11y_dominion.i18n import Language, Msg
from a11y_dominion.rules import events as ev

NL = Language("nl")


def said(events, viewer="Ann", lang=None, prompts=False, current="Ann"):
    n = Narrator(viewer, "normal", current=current, lang=lang, prompts=prompts)
    return n.sentences(events)


def test_the_viewers_winning_bid_is_said_once_with_the_vp_and_debt_after_it():
    events = [
        ev.BiddingStarted("Ann", ("Bob", "Ann")),
        ev.BidMade("Bob", None),
        ev.BidMade("Ann", 2),
        ev.BiddingWon("Ann", 2),
        ev.VPTokensMoved(8, "supply", "supply", "player", "Ann", -1, 8, "Mountain Pass"),
        ev.DebtChanged("Ann", 2, 2, "Mountain Pass"),
    ]
    assert said(events)[1:] == [
        "Bob passes.",
        "You bid 2 Debt and win Mountain Pass.",
        "You now have 8 VP tokens, from Mountain Pass.",
        "You now have 2 Debt, for Mountain Pass.",
    ]
    assert said(events, lang=NL)[2] == "Je biedt 2 schuld en wint Bergpas."
    # another player's winning bid: their bid, then who won
    assert said(events, viewer="Bob")[2:4] == ["Ann bids 2 Debt.", "Mountain Pass: Ann wins with a bid of 2 Debt."]


def test_a_piles_count_is_told_in_the_sentence_that_names_the_pile():
    debt = [
        ev.DebtChanged("Ann", 1, 1, Msg("the {pile} pile", pile="Settlers/Bustling Village")),
        ev.PileTopChanged("Settlers/Bustling Village", "Settlers", 9, "Settlers"),
    ]
    assert said(debt, prompts=True) == ["You take 1 Debt for the Settlers/Bustling Village pile (9 cards left)."]
    back = [
        ev.CardReturned("Ann", "Encampment", "Encampment/Plunder", "set_aside"),
        ev.PileTopChanged("Encampment/Plunder", "Encampment", 10, "Encampment"),
    ]
    assert said(back) == ["Encampment goes back to the Encampment/Plunder pile (10 cards left)."]
    assert said(back, lang=NL) == ["Kampement gaat terug naar de stapel Kampement/Plunderen (nog 10 kaarten)."]
    # a new top card is still told on its own
    moved = [back[0], ev.PileTopChanged("Encampment/Plunder", "Encampment", 10, "Plunder")]
    assert said(moved)[1] == "Encampment/Plunder pile: Encampment is now on top, 10 cards left."


def test_several_cards_trashed_at_once_are_one_sentence():
    events = [ev.CardTrashed("Ann", c, "hand") for c in ["Estate", "Estate", "Copper", "Estate", "Copper", "Copper"]]
    assert said(events) == ["You trash 3 Estates and 3 Coppers."]
    assert said(events, viewer="Cid", current=None) == ["Ann trashes 3 Estates and 3 Coppers."]
    assert said(events, lang=NL) == ["Je vernietigt 3 Landgoederen en 3 Koper."]
    assert said(events[:1]) == ["You trash Estate."]


def test_a_victory_card_or_curse_gained_says_the_cards_left_in_its_pile():
    assert said([ev.CardGained("Ann", "Estate", "Estate", "discard", pile_left=7)]) == ["You gain Estate (7 left)."]
    assert said([ev.CardGained("Bob", "Curse", "Curse", "discard", pile_left=9)], current="Bob", viewer=None) == [
        "Bob gains Curse (9 left)."
    ]
    assert said([ev.CardGained("Ann", "Duchy", "Duchy", "discard", pile_left=5)], lang=NL) == [
        "Je pakt Hertogdom (nog 5)."
    ]
    # other cards, and the last card of a pile (its empty pile is told), without a count
    assert said([ev.CardGained("Ann", "Silver", "Silver", "discard", pile_left=30)]) == ["You gain Silver."]
    assert said([ev.CardGained("Ann", "Duchy", "Duchy", "discard", pile_left=0)]) == ["You gain Duchy."]


def test_an_opponents_gain_of_a_victory_card_in_their_turns_summary():
    events = [
        ev.TurnStarted("Bot", 3, 5),
        ev.CardBought("Bot", "Sprawling Castle", 8, 0, "Castles", 5),
        ev.CardGained("Bot", "Sprawling Castle", "Castles", "discard", True, 5),
        ev.CardGained("Bot", "Duchy", "Duchy", "discard", pile_left=5),
    ]
    n = Narrator("Ann", "normal")
    out = n.sentences(events) + n.flush()
    assert out == ["Bot, turn 3: bought Sprawling Castle, gained Duchy (5 left)."]


def test_the_seat_named_you_gets_the_verb_of_you():
    en = Language("en")
    # the default seat is named "You": "You lead.", not "You leads."
    assert en.text("{player} leads.", player="You") == "You lead."
    assert en.text("{player} leads.", player="Bot") == "Bot leads."
    assert en.text("{player} has {n} Debt.", player="You", n=2) == "You have 2 Debt."
    assert en.text("Mountain Pass: {player} wins with a bid of {n} Debt.", player="You", n=2) == (
        "Mountain Pass: You win with a bid of 2 Debt."
    )
    assert en.text("{player} passes.", player="You") == "You pass."
    assert en.text("{player}: {n} VP.", player="You", n=3) == "You: 3 VP."
    # a shared table, where nobody is spoken to as "you"
    assert said([ev.CardTrashed("You", "Estate", "hand")], viewer=None, current=None) == ["You trash Estate."]
    assert said([ev.BidMade("You", 3)], viewer=None, current=None) == ["You bid 3 Debt."]


def test_score_says_you_lead():
    from a11y_dominion.console.queries import score_lines
    from a11y_dominion.kingdoms import choose_setup
    from a11y_dominion.rules.game import Game, GameConfig
    from a11y_dominion.view import player_view

    piles, events, landmarks = choose_setup("basic-intro", None, None, 1)
    game = Game(GameConfig(["You", "Bot"], piles, events, landmarks, 1))
    game.start()
    game.player("You").vp_tokens = 1
    lines = score_lines(player_view(game, "You"))
    assert "You lead." in lines


def test_a_play_named_by_the_attack_line_is_not_named_again_by_the_turns_summary():
    events = [
        ev.TurnStarted("Bot", 3, 5),
        ev.CardPlayed("Bot", "Patrician"),
        ev.CardPlayed("Bot", "Enchantress"),
        ev.Attacked("Bot", "Enchantress", ("Ann",)),
        *[ev.CardPlayed("Bot", "Copper")] * 3,
        ev.CardBought("Bot", "Silver", 3, 0, "Silver", 39),
        ev.CardGained("Bot", "Silver", "Silver", "discard", True, 39),
        ev.TurnStarted("Ann", 4, 6),
    ]
    # the plays before the attack are told with it, in order; the summary tells what came after
    assert Narrator("Ann", "normal").sentences(events) == [
        "Bot's turn 3. Bot plays Patrician and Enchantress and attacks you.",
        "Bot played 3 Coppers, bought Silver.",
        "Your turn 4.",
    ]
    assert Narrator("Ann", "normal", lang=NL).sentences(events)[:2] == [
        "Beurt 3 van Bot. Bot speelt Patriciër en Tovenares en valt jou aan.",
        "Bot speelde 3 Koper, kocht Zilver.",
    ]
