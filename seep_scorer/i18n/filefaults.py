"""The sentences of a match file's or a backup's faults as a whole, and of `seep-scorer publish`.

The faults of a match file or a backup as a whole (its form, its JSON, its size), by code
(MatchError.code: faults.py words them with the rules' own), and the refusals of `seep-scorer
publish` (phone/site.py FolderRefused, phone/bundle.py DependencyMissing, by code: wording.py's
store_text and terminal_text word them): each one sentence, as data (sentences.py).

A few params are technical text from the system (a JSON reader's or the disk's reason, a
value's type): they are shown as they are, inside a translated sentence.
"""

from __future__ import annotations

from seep_scorer.i18n.sentences import Choice, Code, Field, Fixed, Number, Part, Plural, Say
from seep_scorer.i18n.translate import N_, N_plural

__all__ = ["FILE_FAULTS", "PUBLISH_FAULTS"]

FILE_FAULTS: dict[str, Part] = {
    "not_object": Say(N_("It must be a JSON object.")),
    "not_whole": Say(N_("It must be a whole number, not {value}."), value=Code()),
    "not_text": Say(N_("It must be text.")),
    "not_a_match": Say(N_("This is not a match.")),
    "match_too_large": Say(N_("The match is too large to store.")),
    "value_type_wrong": Say(
        N_("The file holds a value of a type a match never has ({detail})."), detail=Code()
    ),
    "json_too_deep": Say(
        N_("The file is nested more than {max} levels deep; a match needs far fewer."), max=Number()
    ),
    "json_not_number": Say(N_("The file holds {value}, which is not a JSON number."), value=Code()),
    "json_too_large": Say(
        N_("The file holds the number {value}, too large to store."), value=Code()
    ),
    "json_key_twice": Say(N_("The file gives the key {key} twice in one place."), key=Code()),
    "json_too_many_containers": Say(
        N_(
            "The file holds {count} JSON objects and lists; a match has far fewer (at most {max}), "
            "so it is not a match the app can take."
        ),
        count=Number(),
        max=Number(),
    ),
    "not_json": Say(N_("It is not valid JSON ({detail})."), detail=Code()),
    "file_not_json": Say(
        # TRANSLATORS: {reason} is the JSON reader's own words, in English (e.g. "Expecting value").
        N_("The file is not valid JSON: {reason} at line {line}, column {column}."),
        reason=Code(),
        line=Number(),
        column=Number(),
    ),
    "file_not_usable_json": Say(N_("The file is not usable JSON ({kind})."), kind=Code()),
    "file_not_utf8": Say(
        N_("The file is not UTF-8 text (bad byte at position {position})."), position=Number()
    ),
    "file_too_large": Say(
        N_("The file is {size} KB; a match file is at most {max} MB."), size=Number(), max=Number()
    ),
    "file_unreadable": Say(
        # TRANSLATORS: {reason} is the system's own words (e.g. "No such file or directory").
        N_("Seep Scorer cannot read {path}: {reason}."),
        path=Code(),
        reason=Code(),
    ),
    "not_match_file": Say(
        N_("This is not a Seep match file (format is {format}, expected {expected})."),
        format=Code(),
        expected=Code(),
    ),
    "version_bad": Say(N_("The version must be a whole number from 1, not {value}."), value=Code()),
    "version_newer": Say(
        N_(
            "This file is match format version {version}, newer than this app reads (version "
            "{supported}); update Seep Scorer to open it."
        ),
        version=Number(),
        supported=Number(),
    ),
    "seat_bad": Say(N_("It must be a seat number from 0 to 3, not {value}."), value=Code()),
    "deals_not_list": Say(N_("It must be a list of deals.")),
    "deals_too_many": Say(
        N_("A match holds at most {max} deals; this file has {count}."),
        max=Number(),
        count=Number(),
    ),
    "teams_shape": Say(N_("It must be a list of two teams.")),
    "players_shape": Say(N_("It must list the team's two players, by seat.")),
    "card_list_shape": Say(
        N_("It must be a list of card codes such as {example}."), example=Code(Fixed('"KS", "10D"'))
    ),
    "card_list_too_long": Say(N_("It lists more cards than a pack has point cards.")),
    "card_twice": Say(N_("{card} is listed twice."), card=Code()),
    "card_sides": Say(
        N_("The teams are {teams}, not {value}."), teams=Code(Fixed('"0", "1"')), value=Code()
    ),
    "sweep_team_bad": Say(N_("A sweep's team must be 0 or 1, not {value}."), value=Code()),
    "sweep_kind_bad": Say(
        N_("A sweep's kind must be normal, opening or last, not {value}."), value=Code()
    ),
    "sweeps_not_list": Say(N_("It must be a list of sweeps.")),
    "sweeps_over_plays": Say(
        N_("A deal has only {max} plays, so at most {max} sweeps."), max=Number()
    ),
    # ---- backups
    "revision_bad": Say(N_("The revision must be a whole number from 1.")),
    "time_bad": Say(
        N_("{key} must be a date and time in ISO 8601, not “{value}”."), key=Code(), value=Code()
    ),
    "backup_id_bad": Say(N_("Each match of a backup needs an id of text.")),
    "line_too_large": Say(N_("It is over {max} MB; no match is that large."), max=Number()),
    "backup_not_seep": Say(N_("This is not a Seep backup file.")),
    "backup_version_bad": Say(
        N_("The backup's version must be a whole number from 1, not {value}."), value=Code()
    ),
    "backup_version_newer": Say(
        N_(
            "This backup is version {version}, newer than this app reads (version {supported}); "
            "update Seep Scorer to import it."
        ),
        version=Number(),
        supported=Number(),
    ),
    "backup_settings_bad": Say(N_("The backup's settings must be a small JSON object.")),
    "backup_cut_short": Say(
        N_("The backup is cut short after line {line} (its end line is missing)."), line=Number()
    ),
    "backup_end_count": Say(
        N_("The backup's end line counts {counted} matches but it holds {held}."),
        counted=Code(),
        held=Number(),
    ),
    "backup_data_after_end": Say(
        N_("The backup has data after its end line (line {line})."), line=Number()
    ),
    "backup_too_many": Say(N_("The backup holds more than {max} matches."), max=Number()),
    "backup_too_large": Say(
        N_("The backup is {size} MB, larger than any backup this app makes (at most {max} GB)."),
        size=Number(),
        max=Number(),
    ),
    "backup_none_readable": Say(N_("No match of the backup can be read.")),
}


# ---- seep-scorer publish
# What was refused and what to do, in the user's language.


def _and_more(refusal: Part) -> Part:
    """The first refusal of several, with how many more there are."""
    return Choice(
        "more",
        {False: refusal},
        Plural(
            N_plural("{text} (and {count} more)", "{text} (and {count} more)"),
            Field("more"),
            text=refusal,
            count=Number("more"),
        ),
        by=bool,
        optional=True,
    )


_MOVE_AWAY = N_("{refusal}: move it away first; nothing was changed.")

PUBLISH_FAULTS: dict[str, Part] = {
    "site_not_folder": Say(
        N_("{path} is not a folder: choose a folder to publish the site in."), path=Code()
    ),
    "site_folder_foreign": Say(
        N_(
            "{path} is not empty and holds no site published by seep-scorer: choose an empty "
            "folder."
        ),
        path=Code(),
    ),
    "site_manifest_damaged": Say(
        # TRANSLATORS: {detail} is a technical reason in English (e.g. "Expecting value").
        N_(
            "{path} is damaged ({detail}): it lists the files a previous publish wrote, so nothing "
            "was changed."
        ),
        path=Code(),
        detail=Code(),
    ),
    "site_file_foreign": Say(
        _MOVE_AWAY,
        refusal=_and_more(
            Say(
                N_("{path} was not written by an earlier publish (or was changed since)"),
                path=Code(),
            )
        ),
    ),
    "site_parent_not_folder": Say(
        _MOVE_AWAY,
        refusal=_and_more(Say(N_("{path} is not a folder of the site"), path=Code())),
    ),
    "publish_dependency_missing": Say(
        # TRANSLATORS: {name} is a Python package's name (e.g. "flet_charts").
        N_(
            "Publishing needs {name}, which is not installed: install Seep Scorer with all its "
            "dependencies and try again."
        ),
        name=Code(),
    ),
}
