"""The refusals of `seep-scorer publish` (publish/sitefolder.py FolderRefused, appbundle.py
DependencyMissing, by code): one sentence each, saying what was refused and what to do, in the
user's language (wording.store_text and terminal_text word them)."""

from __future__ import annotations

from ..i18n import _, ngettext
from .faults import registrar, shown_code, shown_number

PUBLISH_FAULTS: dict = {}  # code -> (params it needs, function(params) -> str)

publish_words = registrar(PUBLISH_FAULTS)
_c, _n = shown_code, shown_number


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
