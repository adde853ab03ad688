"""Point-card codes and their standard capture values."""

SUITS = ("S", "H", "D", "C")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_VALUE = {rank: i + 1 for i, rank in enumerate(RANKS)}

# Every card that any preset can score, in the order the UI shows them:
# spades high to low, then the other aces, then the ten of diamonds.
POINT_CARD_CODES: tuple[str, ...] = tuple(f"{r}S" for r in reversed(RANKS)) + (
    "AH",
    "AD",
    "AC",
    "10D",
)

ALL_CARD_CODES: frozenset[str] = frozenset(r + s for r in RANKS for s in SUITS)


def standard_values(ten_of_diamonds: int) -> dict[str, int]:
    """Spades at capture value (A=1 … K=13), the other aces 1, the 10♦ as given."""
    values = {f"{r}S": RANK_VALUE[r] for r in RANKS}
    values.update({"AH": 1, "AD": 1, "AC": 1, "10D": ten_of_diamonds})
    return values


def card_label(code: str) -> str:
    """A code with its suit symbol: '10D' -> '10♦'."""
    return code[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[code[-1]]
