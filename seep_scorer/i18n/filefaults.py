"""The sentences of a match file's or a backup's faults as a whole, and of `seep-scorer publish`.

The faults of a match file or a backup as a whole (its form, its JSON, its size), worded.

A few params are technical text from the system (a JSON reader's or the disk's reason, a
value's type): they are shown as they are, inside a translated sentence.
"""

from __future__ import annotations

from seep_scorer.i18n.faults import registrar, words
from seep_scorer.i18n.faults import shown_code as _c
from seep_scorer.i18n.faults import shown_number as _n
from seep_scorer.i18n.translate import _, ngettext


@words("not_object")
def _not_object(p, n) -> str:
    return _("It must be a JSON object.")


@words("not_whole", needs=("value",))
def _not_whole(p, n) -> str:
    return _("It must be a whole number, not {value}.").format(value=_c(p["value"]))


@words("not_text")
def _not_text(p, n) -> str:
    return _("It must be text.")


@words("not_a_match")
def _not_a_match(p, n) -> str:
    return _("This is not a match.")


@words("match_too_large")
def _match_too_large(p, n) -> str:
    return _("The match is too large to store.")


@words("value_type_wrong", needs=("detail",))
def _value_type_wrong(p, n) -> str:
    return _("The file holds a value of a type a match never has ({detail}).").format(
        detail=_c(p["detail"])
    )


@words("json_too_deep", needs=("max",))
def _json_too_deep(p, n) -> str:
    return _("The file is nested more than {max} levels deep; a match needs far fewer.").format(
        max=_n(p["max"])
    )


@words("json_not_number", needs=("value",))
def _json_not_number(p, n) -> str:
    return _("The file holds {value}, which is not a JSON number.").format(value=_c(p["value"]))


@words("json_too_large", needs=("value",))
def _json_too_large(p, n) -> str:
    return _("The file holds the number {value}, too large to store.").format(value=_c(p["value"]))


@words("json_key_twice", needs=("key",))
def _json_key_twice(p, n) -> str:
    return _("The file gives the key {key} twice in one place.").format(key=_c(p["key"]))


@words("json_too_many_containers", needs=("count", "max"))
def _json_too_many_containers(p, n) -> str:
    return _(
        "The file holds {count} JSON objects and lists; a match has far fewer (at most {max}), "
        "so it is not a match the app can take."
    ).format(count=_n(p["count"]), max=_n(p["max"]))


@words("not_json", needs=("detail",))
def _not_json(p, n) -> str:
    return _("It is not valid JSON ({detail}).").format(detail=_c(p["detail"]))


@words("file_not_json", needs=("reason", "line", "column"))
def _file_not_json(p, n) -> str:
    # TRANSLATORS: {reason} is the JSON reader's own words, in English (e.g. "Expecting value").
    return _("The file is not valid JSON: {reason} at line {line}, column {column}.").format(
        reason=_c(p["reason"]), line=_n(p["line"]), column=_n(p["column"])
    )


@words("file_not_usable_json", needs=("kind",))
def _file_not_usable_json(p, n) -> str:
    return _("The file is not usable JSON ({kind}).").format(kind=_c(p["kind"]))


@words("file_not_utf8", needs=("position",))
def _file_not_utf8(p, n) -> str:
    return _("The file is not UTF-8 text (bad byte at position {position}).").format(
        position=_n(p["position"])
    )


@words("file_too_large", needs=("size", "max"))
def _file_too_large(p, n) -> str:
    return _("The file is {size} KB; a match file is at most {max} MB.").format(
        size=_n(p["size"]), max=_n(p["max"])
    )


@words("file_unreadable", needs=("path", "reason"))
def _file_unreadable(p, n) -> str:
    # TRANSLATORS: {reason} is the system's own words (e.g. "No such file or directory").
    return _("Seep Scorer cannot read {path}: {reason}.").format(
        path=_c(p["path"]), reason=_c(p["reason"])
    )


@words("not_match_file", needs=("format", "expected"))
def _not_match_file(p, n) -> str:
    return _("This is not a Seep match file (format is {format}, expected {expected}).").format(
        format=_c(p["format"]), expected=_c(p["expected"])
    )


@words("version_bad", needs=("value",))
def _version_bad(p, n) -> str:
    return _("The version must be a whole number from 1, not {value}.").format(value=_c(p["value"]))


@words("version_newer", needs=("version", "supported"))
def _version_newer(p, n) -> str:
    return _(
        "This file is match format version {version}, newer than this app reads (version "
        "{supported}); update Seep Scorer to open it."
    ).format(version=_n(p["version"]), supported=_n(p["supported"]))


@words("seat_bad", needs=("value",))
def _seat_bad(p, n) -> str:
    return _("It must be a seat number from 0 to 3, not {value}.").format(value=_c(p["value"]))


@words("deals_not_list")
def _deals_not_list(p, n) -> str:
    return _("It must be a list of deals.")


@words("deals_too_many", needs=("max", "count"))
def _deals_too_many(p, n) -> str:
    return _("A match holds at most {max} deals; this file has {count}.").format(
        max=_n(p["max"]), count=_n(p["count"])
    )


@words("teams_shape")
def _teams_shape(p, n) -> str:
    return _("It must be a list of two teams.")


@words("players_shape")
def _players_shape(p, n) -> str:
    return _("It must list the team's two players, by seat.")


@words("card_list_shape")
def _card_list_shape(p, n) -> str:
    return _("It must be a list of card codes such as {example}.").format(example=_c('"KS", "10D"'))


@words("card_list_too_long")
def _card_list_too_long(p, n) -> str:
    return _("It lists more cards than a pack has point cards.")


@words("card_twice", needs=("card",))
def _card_twice(p, n) -> str:
    return _("{card} is listed twice.").format(card=_c(p["card"]))


@words("card_sides", needs=("value",))
def _card_sides(p, n) -> str:
    return _("The teams are {teams}, not {value}.").format(
        teams=_c('"0", "1"'), value=_c(p["value"])
    )


@words("sweep_team_bad", needs=("value",))
def _sweep_team_bad(p, n) -> str:
    return _("A sweep's team must be 0 or 1, not {value}.").format(value=_c(p["value"]))


@words("sweep_kind_bad", needs=("value",))
def _sweep_kind_bad(p, n) -> str:
    return _("A sweep's kind must be normal, opening or last, not {value}.").format(
        value=_c(p["value"])
    )


@words("sweeps_not_list")
def _sweeps_not_list(p, n) -> str:
    return _("It must be a list of sweeps.")


@words("sweeps_over_plays", needs=("max",))
def _sweeps_over_plays(p, n) -> str:
    return _("A deal has only {max} plays, so at most {max} sweeps.").format(max=_n(p["max"]))


# --------------------------------------------------------------------------- backups


@words("revision_bad")
def _revision_bad(p, n) -> str:
    return _("The revision must be a whole number from 1.")


@words("time_bad", needs=("key", "value"))
def _time_bad(p, n) -> str:
    return _("{key} must be a date and time in ISO 8601, not “{value}”.").format(
        key=_c(p["key"]), value=_c(p["value"])
    )


@words("backup_id_bad")
def _backup_id_bad(p, n) -> str:
    return _("Each match of a backup needs an id of text.")


@words("line_too_large", needs=("max",))
def _line_too_large(p, n) -> str:
    return _("It is over {max} MB; no match is that large.").format(max=_n(p["max"]))


@words("backup_not_seep")
def _backup_not_seep(p, n) -> str:
    return _("This is not a Seep backup file.")


@words("backup_version_bad", needs=("value",))
def _backup_version_bad(p, n) -> str:
    return _("The backup's version must be a whole number from 1, not {value}.").format(
        value=_c(p["value"])
    )


@words("backup_version_newer", needs=("version", "supported"))
def _backup_version_newer(p, n) -> str:
    return _(
        "This backup is version {version}, newer than this app reads (version {supported}); "
        "update Seep Scorer to import it."
    ).format(version=_n(p["version"]), supported=_n(p["supported"]))


@words("backup_settings_bad")
def _backup_settings_bad(p, n) -> str:
    return _("The backup's settings must be a small JSON object.")


@words("backup_cut_short", needs=("line",))
def _backup_cut_short(p, n) -> str:
    return _("The backup is cut short after line {line} (its end line is missing).").format(
        line=_n(p["line"])
    )


@words("backup_end_count", needs=("counted", "held"))
def _backup_end_count(p, n) -> str:
    return _("The backup's end line counts {counted} matches but it holds {held}.").format(
        counted=_c(p["counted"]), held=_n(p["held"])
    )


@words("backup_data_after_end", needs=("line",))
def _backup_data_after_end(p, n) -> str:
    return _("The backup has data after its end line (line {line}).").format(line=_n(p["line"]))


@words("backup_too_many", needs=("max",))
def _backup_too_many(p, n) -> str:
    return _("The backup holds more than {max} matches.").format(max=_n(p["max"]))


@words("backup_too_large", needs=("size", "max"))
def _backup_too_large(p, n) -> str:
    return _(
        "The backup is {size} MB, larger than any backup this app makes (at most {max} GB)."
    ).format(size=_n(p["size"]), max=_n(p["max"]))


@words("backup_none_readable")
def _backup_none_readable(p, n) -> str:
    return _("No match of the backup can be read.")


# ---- seep-scorer publish
# The refusals of `seep-scorer publish` (phone/site.py FolderRefused, phone/bundle.py
# DependencyMissing, by code): one sentence each, saying what was refused and what to do, in the
# user's language (wording.store_text and terminal_text word them).

PUBLISH_FAULTS: dict = {}  # code -> (params it needs, function(params) -> str)

publish_words = registrar(PUBLISH_FAULTS)


def _and_more(text: str, p) -> str:
    """The first refusal of several, with how many more there are."""
    more = p.get("more", 0)
    if not more:
        return text
    return ngettext("{text} (and {count} more)", "{text} (and {count} more)", more).format(
        text=text, count=_n(more)
    )


@publish_words("site_not_folder", ("path",))
def _not_folder(p) -> str:
    return _("{path} is not a folder: choose a folder to publish the site in.").format(
        path=_c(p["path"])
    )


@publish_words("site_folder_foreign", ("path",))
def _foreign(p) -> str:
    return _(
        "{path} is not empty and holds no site published by seep-scorer: choose an empty folder."
    ).format(path=_c(p["path"]))


@publish_words("site_manifest_damaged", ("path", "detail"))
def _manifest_damaged(p) -> str:
    # TRANSLATORS: {detail} is a technical reason in English (e.g. "Expecting value").
    return _(
        "{path} is damaged ({detail}): it lists the files a previous publish wrote, so nothing "
        "was changed."
    ).format(path=_c(p["path"]), detail=_c(p["detail"]))


@publish_words("site_file_foreign", ("path",))
def _file_foreign(p) -> str:
    text = _("{path} was not written by an earlier publish (or was changed since)").format(
        path=_c(p["path"])
    )
    return _("{refusal}: move it away first; nothing was changed.").format(
        refusal=_and_more(text, p)
    )


@publish_words("site_parent_not_folder", ("path",))
def _parent_not_folder(p) -> str:
    text = _("{path} is not a folder of the site").format(path=_c(p["path"]))
    return _("{refusal}: move it away first; nothing was changed.").format(
        refusal=_and_more(text, p)
    )


@publish_words("publish_dependency_missing", ("name",))
def _dependency_missing(p) -> str:
    # TRANSLATORS: {name} is a Python package's name (e.g. "flet_charts").
    return _(
        "Publishing needs {name}, which is not installed: install Seep Scorer with all its "
        "dependencies and try again."
    ).format(name=_c(p["name"]))
