"""The one error type of the rules layer: names the deal and the field at fault."""


class MatchError(ValueError):
    """Invalid match data, with where it is (deal number, field) and why in plain words.

    `message` is English, for the command line. `code` and `params` name the fault
    for a UI that words it in the user's language (with team and player names).
    """

    def __init__(
        self,
        message: str,
        *,
        deal: int | None = None,
        field: str | None = None,
        code: str | None = None,
        params: dict | None = None,
    ):
        super().__init__(message)
        self.message = message
        self.deal = deal
        self.field = field
        self.code = code
        self.params = params or {}

    def located(self, *, deal: int | None = None, field: str | None = None) -> "MatchError":
        """The same error with a location filled in where it had none."""
        return MatchError(
            self.message,
            deal=self.deal if self.deal is not None else deal,
            field=self.field if self.field is not None else field,
            code=self.code,
            params=self.params,
        )

    def __str__(self) -> str:
        where = []
        if self.deal is not None:
            where.append(f"deal {self.deal}")
        if self.field:
            where.append(f"field '{self.field}'")
        return f"{', '.join(where)}: {self.message}" if where else self.message
