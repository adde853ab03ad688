"""The one error type of the rules layer: the deal and field at fault, and the fault by its code.

The words live above this layer, in one place (`seep_scorer.i18n.faults`, through the gettext
catalogs): rules and store name a fault by `code` and `params` only, so the command line and the UI
word it alike.
"""

from collections.abc import Callable

# Set by seep_scorer.i18n.faults when it is imported: a fault or notice (code, params) in English,
# for logs, tests and str(). Without it str() names the code and its params, never a made-up
# sentence.
english: Callable[[object], str] | None = None


def plain(code: str, params: dict) -> str:
    """The code and its params, as str() shows a fault when nothing words it."""
    return f"{code} {params}" if params else code


class MatchError(ValueError):
    """Invalid match data: where it is (deal number, field) and why, as a `code` with `params`.

    Every code has a wording in seep_scorer.i18n.faults (tests/i18n/test_wording.py walks them).
    """

    def __init__(
        self,
        *,
        code: str,
        deal: int | None = None,
        field: str | None = None,
        params: dict | None = None,
    ):
        super().__init__(code)
        self.deal = deal
        self.field = field
        self.code = code
        self.params = params or {}

    def located(self, *, deal: int | None = None, field: str | None = None) -> "MatchError":
        """The same error with a location filled in where it had none."""
        return MatchError(
            deal=self.deal if self.deal is not None else deal,
            field=self.field if self.field is not None else field,
            code=self.code,
            params=self.params,
        )

    @property
    def message(self) -> str:
        """Why, in English, without the location (str() adds it)."""
        return english(self) if english is not None else plain(self.code, self.params)

    def __str__(self) -> str:
        where = []
        if self.deal is not None:
            where.append(f"deal {self.deal}")
        if self.field:
            where.append(f"field '{self.field}'")
        return f"{', '.join(where)}: {self.message}" if where else self.message
