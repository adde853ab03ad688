"""The documentation stays true: its links stay inside the repository and resolve, the worked
examples of docs/ print what the pages show, and docs/ui-ids.md lists every semantics identifier
the UI code sets."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]
UI = ROOT / "seep_scorer" / "app"

FENCE = re.compile(r"^(```|~~~)(\w*)[^\n]*\n(.*?)^\1[ \t]*$", re.M | re.S)
CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.S)
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.M)


def seep_scorer(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    """The command line as a user runs it, on this checkout's code."""
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", "seep_scorer", *args],
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": path},
        capture_output=True,
        text=True,
        timeout=120,
    )


def prose(text: str) -> str:
    """The text without code blocks and code spans: a link is only a link outside code."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def links(page: Path) -> list[str]:
    return LINK.findall(prose(page.read_text(encoding="utf-8")))


def anchors(page: Path) -> set[str]:
    """GitHub's anchors of a page's headings: lower case, punctuation dropped, spaces to hyphens."""
    found = set()
    for title in HEADING.findall(prose(page.read_text(encoding="utf-8"))):
        slug = re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")
        found.add(slug)
    return found


def test_the_pages_exist():
    for name in ("README.md", "match-file.md", "statistics.md", "rules.md", "ui-ids.md"):
        assert (DOCS / name).is_file(), f"docs/{name} is missing"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_resolves_inside_the_repository(page):
    problems = []
    for target in links(page):
        if not target:
            problems.append("an empty link")
            continue
        if re.match(r"[a-zA-Z][a-zA-Z0-9+.-]*:", target) or target.startswith(("/", "\\")):
            problems.append(f"{target}: leaves the repository (an address or an absolute path)")
            continue
        path, _, anchor = target.partition("#")
        resolved = (page.parent / path).resolve() if path else page
        if not resolved.is_relative_to(ROOT):
            problems.append(f"{target}: leaves the repository")
        elif not resolved.exists():
            problems.append(f"{target}: no such file in the repository")
        elif anchor and resolved.suffix == ".md" and anchor not in anchors(resolved):
            problems.append(f"{target}: {resolved.name} has no heading #{anchor}")
    assert not problems, f"{page.relative_to(ROOT)}:\n" + "\n".join(problems)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_nothing_points_at_files_outside_the_repository(page):
    """Not even in code: a reader of the repository has no ../shared or /work."""
    text = page.read_text(encoding="utf-8")
    for outside in ("../shared", "/work/", "shared/spec"):
        assert outside not in text, f"{page.relative_to(ROOT)} mentions {outside}"


# -- the worked examples ------------------------------------------------------------------------


def console_blocks() -> list[tuple[str, str, str]]:
    """(page, command line, the output shown) of each ```console block of docs/."""
    blocks = []
    for page in sorted(DOCS.glob("*.md")):
        for _fence, lang, body in FENCE.findall(page.read_text(encoding="utf-8")):
            if lang != "console":
                continue
            command, _, output = body.partition("\n")
            assert command.startswith("$ seep-scorer "), f"{page.name}: {command!r}"
            blocks.append((page.name, command[2:], output))
    return blocks


BLOCKS = console_blocks()


def test_every_example_file_is_shown_with_its_output():
    shown = {part for _page, command, _out in BLOCKS for part in command.split()}
    examples = sorted(DOCS.glob("examples/*.json"))
    assert examples, "docs/examples/ holds no match file"
    for example in examples:
        assert f"examples/{example.name}" in shown, f"no console block runs {example.name}"


@pytest.mark.parametrize("page, command, output", BLOCKS, ids=[c for _p, c, _o in BLOCKS])
def test_a_worked_example_prints_what_the_page_shows(page, command, output):
    args = command.split()[1:]
    assert args[0] == "score", "the examples run only `seep-scorer score`, which touches no store"
    done = seep_scorer(*args, cwd=DOCS)
    refused = output.startswith("seep-scorer:")
    assert done.returncode == (2 if refused else 0), done.stderr
    printed = done.stderr if refused else done.stdout
    assert printed == output, f"docs/{page}: `{command}` prints\n{printed}"


# -- the semantics identifiers ------------------------------------------------------------------

IDENT_PARAMS = ("identifier", "ident")  # the parameter a UI helper takes an identifier by
# A widget class may take the base its controls' identifiers are made from (Counter: `base`,
# `base-inc`, `base-dec`); a function's `base` is something else (the server's base address).
CLASS_IDENT_PARAMS = (*IDENT_PARAMS, "base")
ID_SHAPE = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)+")
HOLE = "\0"  # a part of an identifier filled in at run time (an f-string's placeholder)


def _texts(node: ast.AST) -> list[str]:
    """The identifiers an expression can give: a string, an f-string (with holes), either branch of
    `a if c else b`; nothing for what only the run knows (a variable)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        return [
            "".join(
                v.value if isinstance(v, ast.Constant) and isinstance(v.value, str) else HOLE
                for v in node.values
            )
        ]
    if isinstance(node, ast.IfExp):
        return _texts(node.body) + _texts(node.orelse)
    return []


def _helpers(trees: dict[Path, ast.Module]) -> dict[str, int]:
    """UI functions (and classes, by their __init__) that take an identifier: name -> position of
    that argument in a call (self not counted)."""
    found: dict[str, int] = {}
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                        params = [a.arg for a in item.args.args][1:]
                        for i, name in enumerate(params):
                            if name in CLASS_IDENT_PARAMS:
                                found[node.name] = i
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if node.name.startswith("__"):
                    continue
                params = [a.arg for a in node.args.args]
                if params[:1] in (["self"], ["cls"]):
                    params = params[1:]
                for i, name in enumerate(params):
                    if name in IDENT_PARAMS:
                        found[node.name] = i
    return found


def identifiers_in_code() -> set[str]:
    """Every identifier the UI code sets, holes and all: passed to `ft.Semantics(identifier=...)`
    or to a helper that takes one, a helper's default, or the first item of a table of them (the
    navigation bar's, a figures row's)."""
    trees = {p: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(UI.rglob("*.py"))}
    helpers = _helpers(trees)
    found: set[str] = set()
    for path, tree in trees.items():
        in_viewmodels = path.stem.endswith("_model")
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
                given = [k.value for k in node.keywords if k.arg in IDENT_PARAMS]
                if name in helpers and len(node.args) > helpers[name]:
                    given.append(node.args[helpers[name]])
                for value in given:
                    found.update(_texts(value))
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                params = node.args.args[len(node.args.args) - len(node.args.defaults) :]
                for param, default in zip(params, node.args.defaults):
                    if param.arg in IDENT_PARAMS:
                        found.update(_texts(default))
            elif isinstance(node, ast.Tuple) and not in_viewmodels and len(node.elts) >= 2:
                first = _texts(node.elts[0])
                if len(first) == 1 and ID_SHAPE.fullmatch(first[0]):
                    found.add(first[0])
    return {text for text in found if text}


def documented_spans() -> set[str]:
    return {m.group(2).strip() for m in CODE_SPAN.finditer((DOCS / "ui-ids.md").read_text("utf-8"))}


def _pattern(identifier: str) -> re.Pattern:
    """An identifier with holes as a pattern: a hole is any run of characters, `<n>` included."""
    return re.compile("[^`\\s]+".join(re.escape(part) for part in identifier.split(HOLE)))


def test_the_code_reading_finds_the_identifiers():
    """A guard on the reader itself: identifiers set each way it knows are found."""
    found = identifiers_in_code()
    for known in (
        "nav-matches",  # a table of the navigation bar
        "delete-deal-refused",  # ft.Semantics(identifier=...)
        "stats-head-to-head",  # sem(...)
        "help-sweeps",  # help_mark(host, ...)
        "help-scoring",  # either branch of `a if c else b`
        "player-chart",  # a helper's default
        "player-win-rate",  # a row of figures
        f"h2h-{HOLE}",  # an f-string
        f"{HOLE}-inc",  # the counter's buttons
    ):
        assert known in found, known
    assert len(found) > 100


def test_every_identifier_the_ui_sets_is_documented():
    spans = documented_spans()
    missing = sorted(
        identifier.replace(HOLE, "<…>")
        for identifier in identifiers_in_code()
        if not any(_pattern(identifier).fullmatch(span) for span in spans)
    )
    assert not missing, "docs/ui-ids.md does not list: " + ", ".join(missing)


@pytest.mark.parametrize(
    "identifier",
    [
        "delete-deal-refused",
        "delete-deal-keep-dealers",
        "delete-deal-edit-later",
        "delete-deal-cancel",
        "sweep-teams",
        "stats-head-to-head",
        "h2h-<n>",
        "restore-copies",
        "stale-deal",
        "stale-deal-next",
        "stale-deal-discard",
        "discard-deal",
    ],
)
def test_the_identifiers_tests_rely_on_are_listed_by_name(identifier):
    assert identifier in documented_spans()


# -- the command line's help --------------------------------------------------------------------

COMMANDS = ("serve", "score", "import", "export", "list", "backup", "stats", "publish")


@pytest.mark.parametrize("command", ("", *COMMANDS))
def test_the_help_names_only_pages_of_the_repository(command):
    """`seep-scorer stats --help` pointed at a stats.md that only a checkout's neighbour had."""
    done = seep_scorer(*command.split(), "--help")
    assert done.returncode == 0, done.stderr
    for page in re.findall(r"[\w./-]+\.md\b", done.stdout):
        assert (ROOT / page).is_file(), f"`seep-scorer {command} --help` names {page}"


# -- the JSON the pages show --------------------------------------------------------------------


def json_blocks(page: str) -> list:
    text = (DOCS / page).read_text(encoding="utf-8")
    return [json.loads(body) for _f, lang, body in FENCE.findall(text) if lang == "json"]


def score_json(tmp_path: Path, match: dict) -> dict:
    path = tmp_path / "match.json"
    path.write_text(json.dumps(match), encoding="utf-8")
    done = seep_scorer("score", "--json", str(path))
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_match_file_example_is_a_valid_match(tmp_path):
    files = [b for b in json_blocks("match-file.md") if b.get("format") == "seep-match"]
    assert len(files) == 1
    assert len(score_json(tmp_path, files[0])["deals"]) == len(files[0]["deals"])


def test_the_score_json_example_is_the_first_two_deals_of_the_standard_example(tmp_path):
    shown = [b for b in json_blocks("match-file.md") if "bazzis" in b and "deals" in b]
    assert len(shown) == 1
    match = json.loads((DOCS / "examples" / "standard.json").read_text(encoding="utf-8"))
    match["deals"] = match["deals"][:2]
    assert score_json(tmp_path, match) == shown[0]


def test_the_stats_json_example_is_what_the_two_examples_give(tmp_path):
    """statistics.md shows, shortened, the figures of a store of standard.json and race.json."""

    def cli(*args):
        done = seep_scorer(*args, "--data-dir", str(tmp_path / "store"))
        assert done.returncode == 0, done.stderr
        return done.stdout

    for name in ("standard.json", "race.json"):
        cli("import", str(DOCS / "examples" / name))
    stats = json.loads(cli("stats", "--json"))
    (shown,) = json_blocks("statistics.md")
    for key in ("matches", "finished", "deals", "head_to_head"):
        assert stats[key] == shown[key], key
    assert stats["players"][0] == shown["players"][0]
    for key in ("players", "matches"):
        assert stats["partnerships"][0][key] == shown["partnerships"][0][key]
