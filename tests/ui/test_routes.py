"""Issue 8, item 3: a route is capped in length and unfolded without recursion."""

import sys
import time

from seep_scorer.app.shell.routes import MAX_ROUTE_LENGTH, route_stack


def test_help_routes_still_stack_on_their_base():
    assert route_stack("/match/m1/deal/rules/scoring") == [
        "/",
        "/match/m1",
        "/match/m1/deal",
        "/match/m1/deal/rules/scoring",
    ]
    assert route_stack("/nonsense/rules/bazzi") == ["/", "/nonsense/rules/bazzi"]
    assert route_stack("/rules/a/rules/b") == [
        "/",
        "/rules/a",
        "/rules/a/rules/b",
    ]  # as the recursive version did


def test_a_huge_route_is_the_start_page_at_once():
    for route in ("/rules/x" * 12_500, "/match/" + "a" * 100_000, "/" * 100_000 + "rules"):
        assert len(route) >= 100_000
        began = time.perf_counter()
        assert route_stack(route) == ["/"]
        assert time.perf_counter() - began < 0.5  # was seconds of CPU, or a RecursionError


def test_routes_up_to_the_cap_unfold_without_recursion():
    route = "/rules/x" * (MAX_ROUTE_LENGTH // len("/rules/x"))  # 32 nested help layers
    assert len(route) <= MAX_ROUTE_LENGTH
    depth = 0
    frame = sys._getframe()
    while frame is not None:
        depth, frame = depth + 1, frame.f_back
    saved = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + 15)  # room for a few calls, not one per layer
    try:
        stack = route_stack(route)
    finally:
        sys.setrecursionlimit(saved)
    assert len(stack) == 33 and stack[-1] == route and stack[1] == "/rules/x"
