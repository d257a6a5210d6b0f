"""The typed vocabulary of card behaviour (pure data over ``models.game``; it reads no English), bottom layer first:
``topics`` and ``keywords`` (what a part could change, where it functions; the closed set of keyword abilities),
``readers`` (the text layer's readers of words, installed by ``models.text``), ``logic``, ``filters``, ``amounts``,
``conditions``, ``effect`` (``Effect``, ``Unmodelled``, ``fld``), ``cost_parts``, the families of effects
(``mana_effects``, ``cost_effects``, ``grants``, ``targeting``, ``permissions``, ``keyword_effects``,
``resolution``, ``characteristics``), ``abilities``, ``registry`` (``EFFECT_TYPES``, ``build_effect``, the catalog
format), and the facts of a card read from them (``behaviour``, ``costs``, ``keyword_model``, ``deckfacts``)."""
