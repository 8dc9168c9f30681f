"""Said once: what a fresh listener heard twice in whole games in screen-reader mode.

Each test builds the engine's events as a game makes them, redacts them for the
listening seat as the host does, and asserts the exact sentences in English and Dutch.
"""

from a11y_dominion.announcements.narrator import Narrator
from a11y_dominion.i18n import Language
from a11y_dominion.rules import events as ev
from a11y_dominion.view import redact_all

NL = Language("nl")


def you(lang: str) -> str:
    """The one person's prompt at play in ``lang``, as the lines call them ("You> ", "Jij> ")."""
    return "Jij> " if lang == "nl" else "You> "


def heard(events, viewer, lang=None, current=None, prompts=False, verbosity="normal"):
    """The sentences ``viewer`` hears for ``events``, redacted for them first."""
    narrator = Narrator(viewer, verbosity, current=current, lang=lang, prompts=prompts)
    return narrator.sentences(redact_all(list(events), viewer))


# ------------------------------------------------------------ 1. one move of several cards
def test_haunted_castles_two_cards_put_back_are_one_sentence():
    """Haunted Castle's attack: the 2 cards the attacked player puts onto their deck are one
    sentence, to the attacker (a count) and to the attacked seat (the cards)."""
    events = [
        ev.CardGained("Ann", "Gold", "Gold", "discard", pile_left=20),
        ev.CardMoved("Bot", "Estate", "hand", "deck", private_to="Bot"),
        ev.CardMoved("Bot", "Copper", "hand", "deck", private_to="Bot"),
    ]
    assert heard(events, "Ann", current="Ann") == ["You gain Gold.", "Bot puts 2 cards onto their deck."]
    assert heard(events, "Bot", current="Ann")[-1] == "You put Estate and Copper onto your deck."
    assert heard(events, "Ann", NL, current="Ann") == [
        "Je pakt Goud.",
        "Bot legt 2 kaarten op de trekstapel.",
    ]
    assert heard(events, "Bot", NL, current="Ann")[-1] == "Je legt Landgoed en Koper op je trekstapel."


def test_cards_discarded_one_after_the_other_are_one_sentence():
    events = [
        ev.CardsDiscarded("Bot", ("Estate",)),
        ev.CardsDiscarded("Bot", ("Estate",)),
        ev.CardsDiscarded("Bot", ("Copper",)),
    ]
    assert heard(events, "Ann", current="Ann") == ["Bot discards 2 Estates and Copper."]
    assert heard(events, "Ann", NL, current="Ann") == ["Bot legt 2 Landgoederen en Koper af."]
    # another player's discard in between: two sentences
    two = [events[0], ev.CardsDiscarded("Cid", ("Estate",)), events[1]]
    assert len(heard(two, "Ann", current="Ann")) == 3


# ------------------------------------------------------------ 2. a change that is the total
def test_first_vp_tokens_are_said_once_with_their_total():
    wedding = ev.VPTokensMoved(1, "supply", "", "player", "Ann", target_total=1, reason="Wedding")
    sacrifice = ev.VPTokensMoved(2, "supply", "", "player", "Ann", target_total=2, reason="Sacrifice")
    basilica = ev.VPTokensMoved(2, "landmark", "Basilica", "player", "Bot", source_left=10, target_total=2)
    more = ev.VPTokensMoved(2, "supply", "", "player", "Ann", target_total=3, reason="Sacrifice")
    assert heard([wedding], "Ann") == ["You now have 1 VP token, from Wedding."]
    assert heard([sacrifice], "Ann") == ["You now have 2 VP tokens, from Sacrifice."]
    assert heard([basilica], "Ann") == ["Bot now has 2 VP tokens, from Basilica (10 left)."]
    assert heard([more], "Ann") == ["You gain 2 VP from Sacrifice, now 3 VP tokens."]  # the total said apart
    assert heard([wedding], "Ann", NL) == ["Je hebt nu 1 overwinningspuntenfiche, van Bruiloft."]
    assert heard([sacrifice], "Ann", NL) == ["Je hebt nu 2 overwinningspuntenfiches, van Offer."]
    assert heard([basilica], "Ann", NL) == ["Bot heeft nu 2 overwinningspuntenfiches, van Basiliek (nog 10)."]


def test_first_debt_is_said_once_with_its_total():
    quarter = ev.DebtChanged("Bot", 8, 8, "City Quarter")
    assert heard([quarter], "Ann") == ["Bot now has 8 Debt, for City Quarter."]
    assert heard([quarter], "Ann", NL) == ["Bot heeft nu 8 schuld, voor Stadswijk."]
    assert heard([ev.DebtChanged("Bot", 3, 8, "Engineer")], "Ann") == ["Bot takes 3 Debt for Engineer, now 8 Debt."]


def test_first_tokens_on_a_pile_are_said_once_with_their_total():
    market = ev.VPTokensMoved(1, "supply", "", "pile", "Farmers' Market", target_total=1)
    aqueduct = ev.VPTokensMoved(1, "pile", "Silver", "landmark", "Aqueduct", source_left=7, target_total=1)
    tax = ev.PileDebtChanged("Villa", 2, 2)
    put = ev.PileDebtChanged("Villa", 1, 1, "Bot")
    assert heard([market], "Ann") == ["1 VP is now on the Farmers' Market pile."]
    assert heard([aqueduct], "Ann") == ["Aqueduct now has 1 VP, from the Silver pile (7 left on it)."]
    assert heard([tax], "Ann") == ["2 Debt is now on the Villa pile."]
    assert heard([put], "Ann") == ["Bot puts 1 Debt on the Villa pile; it had none."]
    assert heard([market], "Ann", NL) == ["Er ligt nu 1 punt op de stapel Boerenmarkt."]
    assert heard([aqueduct], "Ann", NL) == ["Aquaduct heeft nu 1 punt, van de stapel Zilver (nog 7 erop)."]
    assert heard([tax], "Ann", NL) == ["Er ligt nu 2 schuld op de stapel Villa."]
    assert heard([put], "Ann", NL) == ["Bot legt 1 schuld op de stapel Villa; er lag nog geen."]
    # more on it: the change and the new total
    assert heard([ev.VPTokensMoved(1, "supply", "", "pile", "Farmers' Market", target_total=2)], "Ann") == [
        "1 VP added to the Farmers' Market pile; 2 VP on it now."
    ]


def test_a_bots_summary_leaves_out_a_total_it_said_as_the_change():
    events = [
        ev.TurnStarted("Bot", 1, 1),
        ev.CardPlayed("Bot", "Copper"),
        ev.ResourcesChanged("Bot", 1, 1, 1, 0, 0, 1, "Copper"),
        ev.EventBought("Bot", "Wedding", 0, 1),
        ev.DebtChanged("Bot", 3, 3, "Wedding"),
        ev.VPTokensMoved(1, "supply", "", "player", "Bot", target_total=1, reason="Wedding"),
        ev.TurnStarted("Ann", 1, 2),
    ]
    assert heard(events, "Ann")[0] == (
        "Bot, turn 1: played Copper, bought Wedding, took 3 Debt for it, gained 1 VP from Wedding."
    )
    assert heard(events, "Ann", NL)[0] == (
        "Bot, beurt 1: speelde Koper, kocht Bruiloft, nam er 3 schuld voor, kreeg 1 punt van Bruiloft."
    )
    # a total the changes said do not tell: said at the end
    paid = [*events[:4], ev.DebtChanged("Bot", 3, 5, "Wedding"), *events[5:]]
    assert heard(paid, "Ann")[0] == (
        "Bot, turn 1: played Copper, bought Wedding, took 3 Debt for it, gained 1 VP from Wedding; now 5 Debt."
    )


# ------------------------------------------------------------ 3. figures said right after they were told
VILLA = {
    "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 1, "coins": 4},
    "players": {"Ann": {"hand": [], "deck": ["Estate"] * 5}},
}
VILLA_KINGDOM = ["Villa", "Village", "Cellar", "Moat", "Smithy", "Market", "Festival", "Laboratory", "Workshop"]
VILLA_KINGDOM.append("Militia")


def test_the_buy_phase_that_starts_again_does_not_repeat_the_coins():
    """Villa bought with the last Buy: back in the Action phase with 1 Action, 0 Buys, 0 coins
    (said with the buy); ending the Action phase starts the Buy phase again, coins unchanged."""
    from tests.test_said_once_console import after, console_at

    for lang, typed, again in (
        ("en", ["buy Villa", "end", "yes"], "Your Buy phase starts again."),
        ("nl", ["koop Villa", "einde", "ja"], "Je aanschaffase begint opnieuw."),
    ):
        _, lines = console_at(VILLA, "\n".join(typed) + "\n", lang, kingdom=VILLA_KINGDOM)
        assert [x for x in after(lines, typed[1]) if x.startswith(again)] == [again]


def test_repeat_reads_a_move_s_sentence_with_the_figures_said_on_its_line():
    """A buy's sentence and the turn prompt after it are one message: ``repeat`` (F2) reads both."""
    from tests.test_said_once_console import after, console_at

    two_buys = {**VILLA, "turn": {**VILLA["turn"], "buys": 2}}
    for lang, typed, said in (
        ("en", ["buy Villa", "end", "yes", "buy Copper", "repeat"], "You buy Copper. 0 Buys."),
        ("nl", ["koop Villa", "einde", "ja", "koop Koper", "herhaal"], "Je koopt Koper. 0 aanschaffen."),
    ):
        console, lines = console_at(two_buys, "\n".join(typed) + "\n", lang, kingdom=VILLA_KINGDOM)
        assert after(lines, typed[3])[0] == said
        assert after(lines, typed[4]) == [said]
        assert console.history.last() == said


def test_a_query_at_the_console_s_confirmation_is_answered_and_the_question_asked_again():
    from tests.test_said_once_console import console_at

    for lang, typed, asked, card, declined in (
        (
            "en",
            ["buy Villa", "end", "card villa", "buy copper", "end", "status", "yes"],
            "You still have 1 Action and could play Villa. End the Action phase? Type yes to end it: ",
            "Villa: Action, costs 4 coins.",
            "That is not yes, so it is a no. The Action phase goes on.",
        ),
        (
            "nl",
            ["koop Villa", "einde", "kaart villa", "koop koper", "einde", "status", "ja"],
            "Je hebt nog 1 actie en kunt Villa spelen. De actiefase beëindigen? Typ ja om te beëindigen: ",
            "Villa: Actie, kost 4 munten.",
            "Dat is geen ja, dus het is nee. De actiefase gaat door.",
        ),
    ):
        _, lines = console_at(VILLA, "\n".join(typed) + "\n", lang, kingdom=VILLA_KINGDOM)
        at_card = lines.index(asked + typed[2])
        assert lines[at_card + 1].startswith(card)
        assert lines[at_card + 3 : at_card + 5] == [asked + typed[3], declined]
        at_status = lines.index(asked + typed[5])
        assert lines[at_status + 4] == asked + typed[6]
        assert lines[at_status + 5] in ("Your Buy phase starts again.", "Je aanschaffase begint opnieuw.")


def militia_at_moat(bot_hand: list, typed: list, lang: str) -> list:
    """The lines after Ann ends her turn, Bot (medium) plays ``bot_hand`` and Ann, a Moat in
    hand, answers ``typed``."""
    from tests.test_console import position_console

    state = {
        "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 1, "coins": 0},
        "players": {
            "Ann": {"hand": [], "deck": ["Moat", "Copper", "Copper", "Estate", "Estate"] + ["Copper"] * 5},
            "Bot": {"hand": bot_hand, "deck": ["Silver", "Copper", "Copper", "Copper", "Estate"]},
        },
    }
    seats = (("Ann", "human"), ("Bot", "medium"))
    _, lines = position_console(state, "\n".join(typed) + "\n", ("Militia", "Moat", "Village"), lang=lang, seats=seats)
    return lines[lines.index(f"{you(lang)}{typed[0]}") + 1 :]


def test_an_attack_a_moat_may_answer_is_said_once_and_its_answer_words_every_time():
    moat = {
        "en": (
            "Bot plays Militia, an Attack: you may reveal a Moat to be unaffected.",
            "Answer yes for Moat, or no.",
        ),
        "nl": (
            "Bot speelt Militie, een aanval: je mag een Slotgracht laten zien om er geen last van te hebben.",
            "Antwoord ja voor Slotgracht, of nee.",
        ),
    }
    for lang, typed, opening, shown, status, discard in (
        (
            "en",
            ["end", "yes", "status", "yes", "no", "1,2"],
            "Bot, turn 1: played Village.",
            "You reveal Moat.",
            "Bot's turn 1, Action phase: 0 Actions, 1 Buy, 2 coins.",
            "Militia: discard 2 cards, down to 3 in hand.",
        ),
        (
            "nl",
            ["einde", "ja", "status", "ja", "nee", "1,2"],
            "Bot, beurt 1: speelde Dorp.",
            "Je laat Slotgracht zien.",
            "Beurt 1 van Bot, actiefase: 0 acties, 1 aanschaf, 2 munten.",
            "Militie: leg 2 kaarten af, tot je er 3 in je hand hebt.",
        ),
    ):
        question, words = moat[lang]
        # Village, then two Militias: each Moat question names its Militia, and nothing else does
        lines = militia_at_moat(["Village", "Militia", "Militia", "Copper", "Copper"], typed[:4], lang)
        assert lines[1:8] == [opening, question, words, f"{you(lang)}{typed[1]}", shown, question, words]
        assert lines[8:10] == [f"{you(lang)}{typed[2]}", status]
        assert lines[12:14] == [f"{you(lang)}{typed[3]}", shown]
        # Militia alone: the turn's start, the question, then the discard (no "Bot plays Militia" again)
        lines = militia_at_moat(["Militia", "Copper", "Copper", "Copper", "Estate"], [typed[0], typed[4]], lang)
        turn = "Bot's turn 1." if lang == "en" else "Beurt 1 van Bot."
        assert lines[1:6] == [turn, question, words, f"{you(lang)}{typed[4]}", discard]
        assert not any("Militia" in x or "Militie" in x for x in lines[6:] if not x.startswith(("1.", "2.", "3.")))


CHARIOT = {
    "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
    "players": {
        "Ann": {"hand": ["Chariot Race", "Estate"], "deck": ["Copper"] * 5},
        "Bot": {"hand": ["Estate"] * 5, "deck": ["Silver"] * 5},
    },
}


def test_chariot_race_lost_is_not_followed_by_the_unchanged_actions():
    from tests.test_said_once_console import after, console_at

    kingdom = ("Chariot Race", "Patrician", "Engineer")
    for lang, typed, expected in (
        (
            "en",
            "play Chariot Race",
            "You play Chariot Race. You reveal Copper from the deck. You put Copper into your hand. "
            "Bot reveals Silver from the deck. Your card does not cost more, so there is no bonus.",
        ),
        (
            "nl",
            "speel Strijdwagenrace",
            "Je speelt Strijdwagenrace. Je laat Koper van je trekstapel zien. Je neemt Koper in je hand. "
            "Bot laat Zilver van de trekstapel zien. Jouw kaart kost niet meer, dus er is geen bonus.",
        ),
    ):
        _, lines = console_at(CHARIOT, typed + "\n", lang, kingdom=kingdom)
        assert after(lines, typed)[0] == expected


# ------------------------------------------------------------ 4a. a bot's gain of a Castle: the new top with it
def test_a_bots_summary_tells_the_new_top_of_the_castles_with_the_gain():
    events = [
        ev.TurnStarted("Bot", 4, 7),
        ev.CardPlayed("Bot", "Engineer"),
        ev.CardGained("Bot", "Humble Castle", "Castles", "discard", pile_left=7),
        ev.PileTopChanged("Castles", "Crumbling Castle", 7, "Humble Castle"),
        ev.CardTrashed("Bot", "Engineer", "in_play"),
        ev.CardGained("Bot", "Silver", "Silver", "discard", pile_left=30),
        ev.CardBought("Bot", "Patrician", 2, 0, "Patrician/Emporium", 8),
        ev.CardGained("Bot", "Patrician", "Patrician/Emporium", "discard", True, 8),
        ev.PileTopChanged("Patrician/Emporium", "Patrician", 8, "Patrician"),
        ev.TurnStarted("Ann", 5, 8),
    ]
    assert heard(events, "Ann")[0] == (
        "Bot, turn 4: played Engineer, gained Humble Castle (Crumbling Castle now on top, 7 left), trashed Engineer, "
        "gained Silver, bought Patrician (8 Patrician/Emporium left)."
    )
    assert heard(events, "Ann", NL)[0] == (
        "Bot, beurt 4: speelde Ingenieur, pakte Bescheiden kasteel (Vervallen kasteel nu bovenop, nog 7), "
        "vernietigde Ingenieur, pakte Zilver, kocht Patriciër (nog 8 Patriciër/Emporium)."
    )
    # a split pile's new top after a buy: with the buy
    split = [
        ev.TurnStarted("Bot", 9, 17),
        ev.CardBought("Bot", "Patrician", 2, 0, "Patrician/Emporium", 5),
        ev.CardGained("Bot", "Patrician", "Patrician/Emporium", "discard", True, 5),
        ev.PileTopChanged("Patrician/Emporium", "Emporium", 5, "Patrician"),
        ev.TurnStarted("Ann", 10, 18),
    ]
    assert heard(split, "Ann")[0] == "Bot, turn 9: bought Patrician (Emporium now on top, 5 left)."


# ------------------------------------------------------------ 4b. a bonus for buying a card or Event
FORUM = {
    "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 1, "coins": 5},
    "players": {"Ann": {"hand": [], "deck": ["Estate"] * 5}},
}


def test_forums_buy_bonus_is_told_with_the_buy_and_the_buys_it_leaves():
    from tests.test_said_once_console import after, console_at

    kingdom = ("Forum", "Patrician", "Engineer")
    for lang, typed, expected in (
        ("en", "buy Forum", "You buy Forum: +1 Buy. 1 Buy, 0 coins."),
        ("nl", "koop Forum", "Je koopt Forum: +1 aanschaf. 1 aanschaf, 0 munten."),
    ):
        _, lines = console_at(FORUM, typed + "\n", lang, kingdom=kingdom)
        assert after(lines, typed)[0] == expected


def test_delves_buy_bonus_is_told_with_the_buy():
    events = [
        ev.EventBought("Ann", "Delve", 2, 0),
        ev.ResourcesChanged("Ann", 0, 1, 0, 0, 1, 0, "Delve"),
        ev.CardGained("Ann", "Silver", "Silver", "discard", pile_left=39),
    ]
    narrator = Narrator("Ann", current="Ann", prompts=True)
    narrator.phase = "buy"
    assert narrator.sentences(events) == ["You buy the Event Delve: +1 Buy. You gain Silver."]
    assert narrator.bonus_said == {"buys"}
    dutch = Narrator("Ann", current="Ann", prompts=True, lang=NL)
    dutch.phase = "buy"
    assert dutch.sentences(events) == ["Je koopt de gebeurtenis Delven: +1 aanschaf. Je pakt Zilver."]


# ------------------------------------------------------------ 4c. the end of the game after the player's last turn
LAST_PROVINCE = {
    "turn": {"player": "Ann", "phase": "buy", "actions": 0, "buys": 1, "coins": 0},
    "players": {
        "Ann": {"hand": [], "deck": ["Silver", "Estate", "Copper", "Copper", "Gold"] * 2},
        "Bot": {"hand": ["Gold"] * 5, "deck": ["Gold"] * 5},
    },
    "piles": {"Province": {"count": 1}},
}


def test_the_hand_drawn_for_a_turn_that_never_comes_and_the_end_before_game_over_are_not_said():
    """Ann ends her turn; Bot buys the last Province in its turn: the hand Ann drew is never
    used, and "Game over." says that the game ended after that turn."""
    from tests.test_said_once_console import after, console_at

    for lang, typed, expected in (
        (
            "en",
            "end",
            ["Bot, turn 1: played 5 Golds, bought Province. The Province pile is empty.", "Game over."],
        ),
        (
            "nl",
            "einde",
            ["Bot, beurt 1: speelde 5 Goud, kocht Provincie. De stapel Provincie is leeg.", "Het spel is afgelopen."],
        ),
    ):
        _, lines = console_at(LAST_PROVINCE, typed + "\n", lang)
        assert after(lines, typed)[:2] == expected


def test_the_hand_drawn_in_the_clean_up_is_read_before_the_next_turn_when_the_game_goes_on():
    cleanup = [
        ev.PhaseChanged("Ann", "cleanup"),
        ev.CardsDrawn("Ann", ("Copper",) * 5, 5, private_to="Ann"),
        ev.TurnStarted("Bot", 1, 2),
    ]
    bot = [ev.CardPlayed("Bot", "Copper"), ev.TurnStarted("Ann", 2, 3)]
    narrator = Narrator("Ann", current="Ann", prompts=True)
    narrator.phase = "buy"
    assert narrator.sentences(redact_all(cleanup, "Ann")) == []  # held: told with what comes next
    assert narrator.sentences(redact_all(bot, "Ann")) == [
        "You draw 5 Coppers.",
        "Bot, turn 1: played Copper.",
        "Your turn 2.",
    ]
    # a record of the game (no prompt) tells it in its place
    assert Narrator("Ann", current="Ann").sentences(redact_all(cleanup, "Ann")) == ["You draw 5 Coppers."]


# ------------------------------------------------------------ 4d. drawn cards in the order the hand is read
def test_drawn_cards_are_read_in_the_order_of_the_hand():
    from a11y_dominion.announcements.words import hand_sorted

    cards = ("Silver", "Copper", "Copper", "Copper", "Estate")
    draw = ev.CardsDrawn("Ann", cards, 5, private_to="Ann")
    assert heard([draw], "Ann") == ["You draw 3 Coppers, Silver and Estate."]
    assert heard([draw], "Ann", NL) == ["Je trekt 3 Koper, Zilver en Landgoed."]
    assert hand_sorted(cards) == ["Copper", "Copper", "Copper", "Silver", "Estate"]  # as `hand` reads it
    shuffled = [ev.DeckShuffled("Ann", 12), ev.CardsDrawn("Ann", ("Estate", "Villa", "Copper"), 3, private_to="Ann")]
    assert heard(shuffled, "Ann") == ["You shuffle 12 cards and draw Villa, Copper and Estate."]
    assert heard(shuffled, "Ann", NL) == ["Je schudt 12 kaarten en trekt Villa, Koper en Landgoed."]


def test_treasures_played_at_once_are_named_in_the_order_of_the_hand():
    """Plays of cards with no text of their own change nothing by their order: they are named as the
    hand was read ("2 Coppers, Gold and Silver"), not in the order they lay in the hand."""
    events = []
    coins = 0
    for card, value in (("Gold", 3), ("Copper", 1), ("Silver", 2), ("Copper", 1)):
        coins += value
        events += [ev.CardPlayed("Bot", card), ev.ResourcesChanged("Bot", 1, 1, coins, 0, 0, value, card)]
    events.append(ev.PhaseChanged("Bot", "cleanup"))
    said = " ".join(heard(events, "Ann"))
    assert "Bot plays 2 Coppers, Gold and Silver: +7 coins." in said
    assert "Bot speelt 2 Koper, Goud en Zilver: +7 munten." in " ".join(heard(events, "Ann", NL))


# ------------------------------------------------------------ 4e. the export: the play before the Action it uses
def test_the_export_tells_the_play_before_the_action_it_uses():
    events = [ev.ResourcesChanged("Ann", 0, 1, 0, -1, 0, 0, "play"), ev.CardPlayed("Ann", "Engineer")]
    # (one's own play and the Action it uses in one line, the play first)
    assert Narrator("Ann", "verbose").sentences(events) == ["You play Engineer: -1 Action; you have 0 Actions."]
    assert Narrator("Ann", "verbose", lang=NL).sentences(events) == ["Je speelt Ingenieur: -1 actie; je hebt 0 acties."]
    assert Narrator("Bob", "verbose").sentences(events) == [
        "Ann plays Engineer.",
        "-1 Action. Ann has 0 Actions, 1 Buy, 0 coins.",
    ]


def test_the_dutch_export_of_a_game_tells_the_play_first(tmp_path):
    from tests.test_said_once_console import console_at

    state = {
        "turn": {"player": "Ann", "phase": "action", "actions": 1, "buys": 1, "coins": 0},
        "players": {"Ann": {"hand": ["Villa", "Copper"], "deck": ["Estate"] * 5}},
    }
    target = tmp_path / "spel.txt"
    console_at(state, f"speel Villa\nexporteer {target}\n", "nl", kingdom=VILLA_KINGDOM)
    lines = target.read_text(encoding="utf-8").splitlines()
    assert "Je speelt Villa: +2 acties, +1 aanschaf en +1 munt; je hebt 2 acties, 2 aanschaffen en 1 munt." in lines
