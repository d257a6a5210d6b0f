"""The typed readings of a keyword's parameter wording, read before the ``Keyword`` is built (CR 702).

The vocabulary (``models.vocab.keyword_effects.Keyword``) holds typed values only; the words after a keyword's name are read here,
by the parser (``models.text.oracle``) and for the catalog (``models.data.catalog``), and handed to
``models.vocab.registry.build_effect`` as parameters:

- affinity (CR 702.41a): ``counts``, what "for each [...] you control" counts (``models.text.costs.affinity_count``);
- a keyword with a parameter nothing types and whose keyword has no topics of its own in
  ``models.vocab.keyword_effects.KEYWORD_DETAIL_TOPICS``: ``detail``, the wording as an ``Unmodelled`` with the topics of the
  wording plus keywords (``models.text.topics.classify``).
"""
from __future__ import annotations

from typing import Any, Mapping

from ..vocab.keyword_effects import KEYWORD_DETAIL_TOPICS, Keyword
from ..vocab.effect import Unmodelled
from ..vocab.topics import Topic
from .topics import classify


def read_keyword_parameter(keyword: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """``params`` of a keyword ``keyword`` (its name, lower case, spaces or underscores) with the typed readings of
    its ``parameter`` wording added (``counts`` for affinity, ``detail`` for an untyped parameter whose keyword has
    no topics of its own); any other parameters are returned as they are.

    Parameters
    ----------
    keyword : str
        The keyword's name ("affinity", "landwalk", "hexproof_from").
    params : mapping
        Its parameters (``parameter``: the wording after the name).

    Returns
    -------
    dict
        A new dict; ``params`` is not changed.
    """
    out = dict(params)
    name = str(out.get("keyword") or keyword).replace("_", " ")
    words = out.get("parameter")
    if not words:
        return out
    if name == "affinity" and out.get("counts") is None:
        # loaded on first use: the catalog loads this module without the topic readers (models.text.costs registers
        # its parsers with models.text.frame)
        from .costs import affinity_count

        got = affinity_count(str(words))
        if got is not None:
            out["counts"] = got
    if Keyword.needs_detail(dict(out, keyword=name)) and name not in KEYWORD_DETAIL_TOPICS:
        out["detail"] = Unmodelled(str(words), classify(str(words)) | {Topic.KEYWORDS})
    return out
