import pytest

from announcements.history import Announcement, History


def make_history(*texts):
    history = History()
    for text in texts:
        history.add(text)
    return history


def test_empty_history_returns_none_everywhere():
    history = History()
    assert len(history) == 0
    assert history.last() is None
    assert history.nth_latest(1) is None
    assert history.previous() is None
    assert history.next() is None
    assert history.first() is None
    assert history.latest() is None
    assert history.current() is None
    assert history.position() is None
    assert history.recent(3) == []


def test_add_keeps_order_category_and_priority():
    history = History()
    history.add("Alice buys a Silver.", category="turn")
    history.add("Bob gains a Curse.", category="attack", priority="high")
    assert len(history) == 2
    assert history.entries() == [
        Announcement("Alice buys a Silver.", "turn", "normal"),
        Announcement("Bob gains a Curse.", "attack", "high"),
    ]
    assert history.last() == "Bob gains a Curse."


def test_add_rejects_non_text():
    with pytest.raises(TypeError):
        History().add(42)


def test_nth_latest_counts_from_the_newest():
    history = make_history("one", "two", "three")
    assert history.nth_latest(1) == "three"
    assert history.nth_latest(2) == "two"
    assert history.nth_latest(3) == "one"
    assert history.nth_latest(4) is None
    with pytest.raises(ValueError):
        history.nth_latest(0)


def test_recent_is_oldest_first_and_clipped():
    history = make_history("one", "two", "three")
    assert history.recent(2) == ["two", "three"]
    assert history.recent(10) == ["one", "two", "three"]
    assert history.recent(0) == []
    assert history.recent(-1) == []


def test_previous_walks_back_and_stops_at_the_oldest():
    history = make_history("one", "two", "three")
    assert history.current() == "three"
    assert history.previous() == "two"
    assert history.previous() == "one"
    assert history.previous() == "one"
    assert history.position() == (1, 3)


def test_next_walks_forward_and_stops_at_the_newest():
    history = make_history("one", "two", "three")
    assert history.first() == "one"
    assert history.next() == "two"
    assert history.next() == "three"
    assert history.next() == "three"
    assert history.position() == (3, 3)


def test_first_and_latest_jump_to_the_ends():
    history = make_history("one", "two", "three")
    assert history.first() == "one"
    assert history.current() == "one"
    assert history.latest() == "three"
    assert history.current() == "three"


def test_add_resets_cursor_to_the_newest():
    history = make_history("one", "two", "three")
    history.first()
    history.add("four")
    assert history.current() == "four"
    assert history.position() == (4, 4)
    assert history.previous() == "three"


def test_lookups_do_not_move_the_cursor():
    history = make_history("one", "two", "three")
    history.first()
    history.last()
    history.nth_latest(2)
    history.recent(2)
    assert history.current() == "one"


def test_single_entry_previous_and_next_stay_on_it():
    history = make_history("only")
    assert history.previous() == "only"
    assert history.next() == "only"
    assert history.position() == (1, 1)
