"""Labels of the rule parameters, as the new-match screen shows them and setting faults name
them."""

from ..i18n import N_

# One label per parameter, no per-preset text.
PARAM_LABELS = {
    "ten_of_diamonds": N_("Ten of diamonds (points)"),
    "most_cards_bonus": N_("Most-cards bonus"),
    "most_cards_tie_bonus": N_("Most-cards bonus on a 26-26 tie (each)"),
    "sweep_normal": N_("Sweep (points)"),
    "sweep_opening": N_("Opening sweep (points)"),
    "sweep_last": N_("Last-play sweep (points)"),
    "minimum": N_("Minimum deal score"),
    "minimum_counts_sweeps": N_("Sweeps count towards the minimum"),
    "scoring": N_("Scoring"),
    "lead_target": N_("Lead that wins a bazzi"),
}
