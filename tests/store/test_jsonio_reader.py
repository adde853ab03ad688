"""jsonio.loads reads a text with the C scanner json.loads itself runs, without the json package
(store/jsonio.py _parse): for any text, the same value, or the same error in the same words."""

import json
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from seep_scorer.store import jsonio

SPACE = st.text(alphabet=" \t\n\r", max_size=3)
VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4)
    ),
    max_leaves=20,
)


def outcome(read, text):
    try:
        return ("value", read(text))
    except Exception as err:
        return ("error", type(err).__name__, str(err))


def by_json(text):
    return json.loads(
        text, parse_constant=jsonio._refuse_constant, parse_float=jsonio._finite_float
    )


@st.composite
def texts(draw):
    """JSON texts with odd spacing, and the same damaged: cut, spliced, doubled, or with a stray character."""
    text = (
        draw(SPACE)
        + json.dumps(
            draw(VALUES), ensure_ascii=draw(st.booleans()), indent=draw(st.sampled_from([None, 1]))
        )
        + draw(SPACE)
    )
    damage = draw(st.sampled_from(["none", "none", "cut", "insert", "double", "bom"]))
    if damage == "cut":
        text = text[: draw(st.integers(0, len(text)))]
    elif damage == "insert":
        at = draw(st.integers(0, len(text)))
        text = (
            text[:at]
            + draw(
                st.sampled_from(list(',:[]{}"\\x') + ["NaN", "Infinity", "1e999", "\x00", "\ufeff"])
            )
            + text[at:]
        )
    elif damage == "double":
        text = text + draw(SPACE) + text
    elif damage == "bom":
        text = "\ufeff" + text
    return text


@settings(max_examples=500, deadline=None)
@given(texts())
def test_the_same_value_or_the_same_error_as_json_loads(text):
    assert outcome(jsonio._parse, text) == outcome(by_json, text)
    assert outcome(jsonio._parse, text.encode("utf-8")) == outcome(by_json, text.encode("utf-8"))


def test_reading_a_valid_text_loads_no_json_package():
    code = (
        "import sys\n"
        "from seep_scorer.store import jsonio\n"
        "assert jsonio.loads(' {\"a\": [1, 2.5, \"x\", null, true]} \\n') == {'a': [1, 2.5, 'x', None, True]}\n"
        "print(sorted(m for m in ('json', 'json.decoder', 're') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
