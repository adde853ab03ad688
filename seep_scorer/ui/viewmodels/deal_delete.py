"""What deleting a deal says: why it is refused and the way out, or which later deals changed
dealer."""

from __future__ import annotations

from ...i18n import _, fmt, ngettext
from ...rules import Match
from ...rules.deletion import Deletion
from .. import texts


def refused_text(match: Match, plan: Deletion) -> str:
    """Which later deal fails without the deal and why, then what to do instead."""
    f = fmt()
    number, later = f.number(plan.number), f.number(plan.failing or 0)
    cause = plan.dealer_cause
    if cause is not None and cause.after is not None:
        old = match.seat_name(cause.before) if cause.before is not None else "?"
        why = _(
            "Deal {number} cannot be deleted as it stands: without it, deal {later} would be "
            "dealt by {new} instead of {old}."
        ).format(number=number, later=later, new=match.seat_name(cause.after), old=old)
        # then the rules' own reason, about the dealer that deal would have
        why = f"{why} {texts.deal_fault_text(match, plan.error)}"
    elif plan.over_after is not None:
        why = _(
            "Deal {number} cannot be deleted as it stands: without it, the match would be "
            "over after deal {over}, and deal {later} could not follow."
        ).format(number=number, over=f.number(plan.over_after), later=later)
    else:
        why = _(
            "Deal {number} cannot be deleted as it stands: without it, deal {later} would be "
            "invalid."
        ).format(number=number, later=later)
        why = f"{why} {texts.deal_fault_text(match, plan.error)}"
    if plan.kept is not None:
        way = _(
            "Delete it keeping the dealers the later deals were shown with, or change deal "
            "{later} first."
        )
    else:
        way = _("Change deal {later} first.")
    return f"{why} {way.format(later=f.number(plan.to_change or 0))}"


def deleted_text(plan: Deletion, kept: bool) -> str:
    """A deletion done, and the later deals that now have another dealer (numbered as now)."""
    f = fmt()
    number = f.number(plan.number)
    if kept:
        return _(
            "Deal {number} deleted; the later deals keep the dealers they were shown with."
        ).format(number=number)
    if not plan.changes:
        return _("Deal {number} deleted.").format(number=number)
    count = len(plan.changes)
    deals = ", ".join(f.number(c.number - 1) for c in plan.changes)
    return ngettext(
        "Deal {number} deleted. {count} later deal now has another dealer: deal "
        "{deals} (as now numbered).",
        "Deal {number} deleted. {count} later deals now have other dealers: deals "
        "{deals} (as now numbered).",
        count,
    ).format(number=number, count=f.number(count), deals=deals)
