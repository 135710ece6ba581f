"""A name is kept in one form: NFKC, trimmed, single spaces; invisible characters are refused."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from league.core.names import BadName, name_key, normalise_name


def test_a_fullwidth_name_is_the_plain_one():
    assert normalise_name("ｗes") == "wes"
    assert normalise_name("ａｌｉｃｅ") == "alice"


def test_surrounding_and_repeated_spaces_go():
    assert normalise_name("  Nora \t  Newcomer ") == "Nora Newcomer"


@pytest.mark.parametrize("character", ["\u200b", "\u200d", "\u202e", "\u2066", "\x00", "\x07",
                                       "\ufeff", "\ue000"])
def test_invisible_control_and_bidi_characters_are_refused(character):
    with pytest.raises(BadName):
        normalise_name(f"Ann{character}One")


def test_a_name_of_only_a_zero_width_space_is_refused():
    with pytest.raises(BadName):
        normalise_name("\u200b")


def test_names_differing_only_in_case_or_width_have_one_key():
    assert name_key("Ann ONE") == name_key("ann one") == name_key("ａｎｎ　ｏｎｅ")


@given(st.text(max_size=30))
def test_normalising_twice_changes_nothing(text):
    try:
        once = normalise_name(text)
    except BadName:
        return
    assert normalise_name(once) == once
    assert once == once.strip()
