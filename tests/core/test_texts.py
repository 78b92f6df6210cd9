"""core.texts: a sentence is its English (for the CLI) and remembers how to translate it."""

from __future__ import annotations

import copy
import pickle

from core.texts import Text, join_texts, translate


def test_format_keeps_the_sentence_translatable() -> None:
    inner = translate("Units", "{n} days").format(n="143.9")
    text = translate("Napkin", "training takes {time}").format(time=inner)
    assert text == "training takes 143.9 days" and type(text) is Text
    assert (text.context, text.template) == ("Napkin", "training takes {time}")
    assert text.args == {"time": inner} and isinstance(text.args["time"], Text)


def test_keyword_arguments_give_the_same_text() -> None:
    by_keywords = translate("Step", "{share} of the time", share="61 %")
    by_format = translate("Step", "{share} of the time").format(share="61 %")
    assert by_keywords == by_format and by_keywords.args == by_format.args


def test_format_of_a_formatted_or_positional_text_is_str_format_not_looked_up() -> None:
    done = translate("A", "x {a}").format(a="{b}")
    again = done.format(b=1)
    assert again == "x 1" and again.context == "" and again.template == "x 1"
    assert translate("A", "{} and {}").format(1, 2) == "1 and 2"
    assert translate("A", "plain").format() == "plain"


def test_a_text_survives_pickle_and_deepcopy() -> None:
    text = translate("A", "x {a}").format(a=translate("B", "y"))
    for clone in (pickle.loads(pickle.dumps(text)), copy.deepcopy(text)):
        assert clone == text and clone.template == text.template and clone.args == text.args


def test_joined_texts_keep_their_parts() -> None:
    joined = join_texts([translate("A", "one"), "two"], "; ")
    assert joined == "one; two" and joined.context == "" and joined.args["p0"].context == "A"
