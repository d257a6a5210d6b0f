"""Exhaustive payment of a total cost, encoded as a constraint problem (python-constraint).

How a payment is modelled
-------------------------
A *payment* of a total cost (CR 601.2f-h) is

* the announced nonhybrid equivalent of the cost (CR 601.2b): for every hybrid, monocolored
  hybrid and Phyrexian symbol, which half is paid (Phyrexian: the coloured mana or 2 life,
  CR 107.4f, allowed only while the total life paid is at most the life total, CR 119.4, 118.3);
* the mana abilities activated (CR 601.2g, 605), each with the mana it adds (which colour an
  any-colour land makes is part of the payment), the mana spent from the pool, and the extra ways
  of paying contributed by payment extensions (convoke, improvise, delve);

such that the produced mana (plus pool mana) really pays every symbol: {W}..{G} need mana of that
colour, {C} needs colorless mana (CR 107.4c), {S} needs mana from a snow source (CR 107.4h),
generic takes any mana (CR 107.4b); restricted mana (CR 106.6) only where its restriction allows;
a filter's own input cost is paid by mana made before it (no cycles; its own output cannot pay it).

Payments are **irredundant**: no activation (or pool mana, or extra payer) can be left out while
the rest still pays the same announced cost. A player may of course tap more (CR 118.3c makes
activating optional, 118.3a leaves excess mana in the pool), but those are the same payment
plus waste, so they are not listed separately.

Exhaustive, with identical sources collapsed
--------------------------------------------
Every legal choice is enumerated. The only collapsing: permanents with the same card, same
status (tapped, sick, counters, choices) and the same list of mana abilities and options are
*interchangeable*, so a payment says "2 of Forest ×3" instead of naming which two; identical
pool mana and identical extra payers (same ``group``) collapse likewise, and so do identical
hybrid symbols of the cost. ``count`` counts collapsed payments; ``count_individual`` expands
them back (multinomial coefficients), which equals the count of the uncollapsed encoding
(``plain_count``, used by the tests and the benchmark).

Encoding
--------
Variables: for every group of interchangeable items and every way an item can be used
(ability × announced input × option), how many items of the group are used that way
(``0..size``, a ``MaxSumConstraint`` keeps the group within its size: a permanent's {T} is used
once, CR 107.5); for every group of identical multi-way symbols, how many are paid each way
(``ExactSumConstraint``). A global ``_PaymentConstraint`` prunes partial assignments with bounds
(for every mana type, the most that the unassigned groups could still add against the least the
assigned choices need; total mana; life) and checks complete assignments exactly (a small
transportation problem, closed-form Hall conditions, else max flow; with filters, against the least
the plain mana must pay over every activation order, searched backwards once per filter multiset;
then irredundancy). Variables are ordered symbols first, then
scarce sources. See docs/payment.md for the measured speed-up over the plain encoding.

Extensions, passed explicitly
----------------------------------------
An extension is a callable ``fn(state, player, spell_card, total_cost) -> iterable of ExtraPayer``;
each ``ExtraPayer`` is one more thing that can pay part of a *spell's* total cost (not a filter's
input): a convoking creature pays one mana of one of its colours or one generic, an improvising
artifact or a delved card one generic (``"1"``). An ``ExtraPayer`` with a ``permanent`` taps it, so it
is exclusive with that permanent's {T} mana abilities (CR 702.51a, 702.126a, 702.66a). Every rule
takes ``extensions=`` (default ``None``: ``standard_extensions()``, the spell's own convoke, improvise
and delve; ``()``: none) and ``extra=`` (payers for this call). There is no registry and no hidden
context: the answer depends on the arguments only, never on what was imported before.

Layout
------
``model`` (data, restrictions, ``build_model``), ``feasibility`` (exact checks of an assignment),
``search`` (the constraint problem, ``iter_payments``, ``find_payment``), ``counting``
(``count_payments`` and its references), ``explain`` (``best_payment``, ``explain_unpayable``),
``activation`` (the ``activate`` question's cost check); the ``cast``/``payments`` question
handlers are in ``handlers`` (thin adapters, loaded by ``solver.questions.registry``).

References: CR 106, 107.4, 118.3, 118.7, 119.4, 202.1a, 601.2b, 601.2f-h, 605, 106.6.
"""
from __future__ import annotations

from mtgcheck.solver.rules.payment.counting import count_payments, count_payments_enumerated, plain_count
from mtgcheck.solver.rules.payment.explain import MEASURES, best_payment, explain_unpayable, total_cost_str
from mtgcheck.solver.rules.payment.feasibility import _Evaluator
from mtgcheck.solver.rules.payment.model import (
    MAX_FILTER_ACTIVATIONS, RESTRICTIONS, Extension, ExtraPayer, Payment, PaymentProblem, Use, build_model,
    cant_spend_mana, life_payable, restriction_allows, restriction_verdict, spend_retyping, standard_extensions,
)
from mtgcheck.solver.rules.payment.search import find_payment, iter_payments

__all__ = [
    "MAX_FILTER_ACTIVATIONS", "MEASURES", "RESTRICTIONS", "Extension", "ExtraPayer", "Payment", "PaymentProblem", "Use",
    "best_payment", "build_model", "cant_spend_mana", "count_payments", "count_payments_enumerated", "explain_unpayable",
    "find_payment", "iter_payments", "life_payable", "plain_count", "restriction_allows", "restriction_verdict",
    "spend_retyping", "standard_extensions", "total_cost_str", "_Evaluator",
]
