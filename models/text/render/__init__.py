"""Whole-sentence readings: every typed reading printed back to canonical Oracle wording from its typed fields.

A typed reading (``models.vocab``) is trusted only when it says everything its sentence says (docs/effects.md,
"Whole-sentence readings"). This package prints an ``Ability`` back to Oracle wording from its typed fields alone —
the effect's fields, its ``Filter``/``Qualifier``, amounts, conditions, the typed cost parts — never from the
wording it was read from (``Ability.text``, ``CostPart.text``, ``Filter.words``, ``TimingRestriction.text``). The
parser (``models.text.roundtrip.vet``) compares the rendering with the sentence and keeps a typed reading only when
both say the same, so a reading that drops or changes words ("Locus" read as the subtype "Locu", "sacrifice a
creature or pay {3}" read as a sacrifice only) becomes an honest ``Unmodelled`` sentence instead.

What is printed is a *pattern*: canonical wording with two kinds of marks, for what a reading deliberately leaves
open:

* an alternative ``⟦a¦b⟧``: the reading means both wordings the same ("{G} or {U}" and "{U} or {G}": a choice of
  mana is a set; "tapped creature" / "creature that's tapped" do not occur, but the order of adjectives varies);
* an untyped span ``⟨label⟩``: words the reading acknowledges without typing them, where that is its documented
  meaning (an ``Unmodelled`` rider is printed as its own text, which carries its topics to the gate).

``display(pattern)`` is the text a judge reads (``mtgcheck card``); ``matches(pattern, sentence, names)`` the
comparison, after ``normalise`` (the card's own names and "this creature"/"this land" self-references read as
"this", CR 201.5; reminder text dropped, CR 207.2; case, punctuation and number words vs digits ignored).

Anything a renderer cannot print raises ``Unrenderable`` naming the field: the reading is then not accepted.

References: CR 113 (abilities), 201.5 (a card's name in its text means itself), 207.2 (reminder text),
602.1 (activated abilities), 603.1 (triggered abilities), 702 (keywords).

The modules, lowest first (each imports only those before it): ``patterns`` (the pattern language, ``matches``),
``words``, ``filters`` (object words and amounts), ``costs``, ``conditions`` (and restrictions), ``table`` (the
effect renderers by class), then the families ``instructions``, ``mana``, ``keywords``, ``cost_changes``,
``permissions``, and on top ``abilities`` (``ability``: one whole line).
"""
