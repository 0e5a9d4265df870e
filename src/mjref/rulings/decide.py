"""``decide(incident, ruleset, history, convention=...) -> Ruling``: the rulebook executed.

The incident names the situations it is in (:meth:`Incident.needs`); the ruleset's
clauses say which outcome decides each situation, and the outcome's consequences come
from the data file, sized where needed from the facts, the foul ladder (with the
history) or the chombo table. Every consequence carries the clause that requires it.
Nothing is guessed: an incident a ruleset does not cover raises
:class:`NotCoveredError`, a fact the ruleset needs and the incident lacks raises
:class:`IncidentError`.

A declared MCR hand (a false hu, a winning tile not shown) goes through the MCR judge
under the scoring convention given (``green-book`` unless the caller names another), with
the ruleset as the regulation its verdict cites; a declared riichi hand goes through the
riichi judge under the ruleset itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

from mjref.mcr.conventions import DEFAULT_CONVENTION, Convention, get_convention
from mjref.mcr.hand import McrHand
from mjref.messages import Message
from mjref.riichi import RiichiHand
from mjref.rules.kinds import Kind, Party
from mjref.rules.model import (
    RULEBOOKS,
    Clause,
    ConsequenceSpec,
    Family,
    Ladder,
    Outcome,
    Ruleset,
)
from mjref.rules.registry import get_rulebook, location_key, rulesets
from mjref.rulings.errors import HistoryError, IncidentError, NotCoveredError
from mjref.rulings.incident import Context, Incident, Need, need
from mjref.rulings.ladder import foul_index, ladder_of, ladder_owner
from mjref.rulings.ruling import Citation, Consequence, Ruling

if TYPE_CHECKING:
    from mjref.mcr.verdict import Verdict
    from mjref.riichi import RiichiVerdict

_DISQUALIFIED_FOLLOW_UP = ("substitution/disqualified", "substitution/missed/disqualified")


def decide(
    incident: Incident,
    ruleset: str | Ruleset,
    history: Sequence[Ruling] = (),
    *,
    convention: str | Convention = DEFAULT_CONVENTION,
) -> Ruling:
    """Rule on ``incident`` under ``ruleset`` (a spec such as ``mers-2008+italian``).

    ``history`` holds the earlier rulings of the tournament (any players); the foul
    ladder and repetitions are counted from it. ``convention`` is the MCR scoring
    convention a declared hand is judged under (a spec such as ``mil`` or
    ``green-book+D6=self-drawn``; not used under riichi). Raises :class:`IncidentError`
    for a missing or wrong fact, :class:`NotCoveredError` when the ruleset has no rule for
    the incident, :class:`HistoryError` for a history later than the incident, and
    :class:`~mjref.rules.RulesetError` for a ruleset or convention it does not know.
    """
    rs = get_rulebook(ruleset)
    # A convention is checked even where no MCR hand is judged: a wrong name is an error.
    scoring = get_convention(convention)
    conv = scoring if rs.family is Family.MCR else None

    # The judges are imported only when a declared hand is judged (start-up time).
    def judge_mcr(hand: McrHand) -> Verdict:
        from mjref.mcr.judging import judge

        assert conv is not None  # MCR incidents are ruled under MCR rulesets only
        return judge(hand, conv, regulation=rs)

    def judge_rcr(hand: RiichiHand) -> RiichiVerdict:
        from mjref.riichi.judging import judge

        return judge(hand, rs)

    if rs.family not in type(incident).FAMILIES:
        raise NotCoveredError(
            Message(
                "rulings.not-covered.family",
                {
                    "incident": incident.NAME,
                    "ruleset": rs.spec,
                    "covered_by": ", ".join(
                        r.id
                        for r in rulesets().values()
                        if r.family in type(incident).FAMILIES and r.kind in RULEBOOKS
                    ),
                },
            )
        )
    _check_history(incident, history)
    ctx = Context(rs, incident, tuple(history), judge_mcr, judge_rcr)
    pending = list(incident.needs(ctx))
    consequences: list[Consequence] = []
    decided: set[tuple[str, str]] = set()
    used_base = False
    used_own = False
    from_base: list[str] = []
    follow_up_added = False
    while pending:
        current = pending.pop(0)
        hit = _resolve(current, incident, rs)
        if hit is None:
            if current.required:
                raise _not_covered(incident, rs, current)
            continue
        owner, clause, outcome, situation = hit
        used_base = used_base or owner.id != rs.id
        if owner.id == rs.id:
            used_own = True
        else:
            from_base.append(situation)
        if (clause.id, outcome.name) in decided:
            continue
        decided.add((clause.id, outcome.name))
        for spec in outcome.consequences:
            if rs.active(spec.when):
                consequences.append(
                    _instantiate(spec, clause, outcome, owner, rs, ctx, current, situation)
                )
        if not follow_up_added and any(
            c.kind is Kind.DISQUALIFICATION and c.params.get("scope") == "tournament"
            for c in consequences
        ):
            follow_up_added = True
            pending.extend(need(key, required=False) for key in _DISQUALIFIED_FOLLOW_UP)
    notes = list(incident.notes(ctx))
    for option in type(incident).READINGS:
        if option in rs.options:
            notes.append(_reading_note(rs, option))
    if any(c.is_foul for c in consequences):
        owner = ladder_owner(rs)
        for option in ("ladder-counts", "ladder-reset", "ladder-carry", "ladder-carried"):
            if option in rs.options or option in owner.options:
                notes.append(_reading_note(rs, option))
        beyond = len(ladder_of(rs).steps)
        if rs.choice("ladder-after-30") is not None and any(
            c.kind is Kind.LADDER and int(str(c.params["step"])) > beyond for c in consequences
        ):
            notes.append(_reading_note(rs, "ladder-after-30"))
    if rs.choice("disqualification-scope") is not None and any(
        c.kind is Kind.DISQUALIFICATION and c.clause in _SCOPE_OPEN for c in consequences
    ):
        notes.append(_reading_note(rs, "disqualification-scope"))
    if used_base and rs.base is not None:
        notes.append(_base_note(rs, rs.base, used_own, from_base))
    return Ruling(
        incident=incident,
        ruleset=rs.spec,
        consequences=tuple(consequences),
        citations=_citations(consequences),
        notes=tuple(notes),
        convention=conv.id if conv is not None else None,
    )


_SCOPE_OPEN = ("mers-2008:3.5", "mers-2010:3.5", "ema-2009:serious-disturbance")
"""The documents whose disqualifications (MERS 3.5, the overview's row 8) state no scope:
the ``disqualification-scope`` reading decides it and the ruling names it."""


def _ladder_points(rs: Ruleset, ladder: Ladder, index: int) -> int:
    """Points of the foul at ``index``: beyond the text's last step ('and so on') the
    ``ladder-after-30`` reading says how many points each further foul adds."""
    if index < len(ladder.steps) or rs.choice("ladder-after-30") is None:
        return ladder.points(index)
    then = rs.choice_params("ladder-after-30").get("then", ladder.then)
    assert isinstance(then, int)
    return ladder.steps[-1] + then * (index - len(ladder.steps) + 1)


def _base_note(rs: Ruleset, base: Ruleset, used_own: bool, from_base: list[str]) -> Message:
    """Why the base document was consulted: the ruleset does not list the incident at all,
    or lists it (it decided part of the ruling, or decides other cases of the same
    incident, such as the overview's false mahjong) but not the case or point at hand."""
    areas = {situation.split("/")[0] for situation in from_base}
    listed = used_own or any(s.split("/")[0] in areas for s in rs.situations())
    key = "rulings.note.base-part" if listed else "rulings.note.base"
    return Message(key, {"ruleset": rs.id, "base": base.id})


def _reading_note(rs: Ruleset, option: str) -> Message:
    return Message("rulings.note.reading", {"option": option, "choice": rs.choice(option)})


def _check_history(incident: Incident, history: Sequence[Ruling]) -> None:
    for index, ruling in enumerate(history):
        earlier = ruling.incident
        if (earlier.session, earlier.game) > (incident.session, incident.game):
            raise HistoryError(
                Message(
                    "rulings.history.later",
                    {
                        "index": index + 1,
                        "session": earlier.session,
                        "game": earlier.game,
                        "now_session": incident.session,
                        "now_game": incident.game,
                    },
                )
            )


def _resolve(
    current: Need, incident: Incident, rs: Ruleset
) -> tuple[Ruleset, Clause, Outcome, str] | None:
    for doc in rs.chain():
        for cand in current.candidates:
            hit = _decided_by(doc, cand.key, rs)
            if hit is None:
                continue
            if cand.missing:
                raise IncidentError(
                    Message(
                        "rulings.fact.needed-by",
                        {
                            "incident": incident.NAME,
                            "fact": cand.missing[0],
                            "ruleset": rs.spec,
                            "clause": hit[0].id,
                        },
                    )
                )
            if cand.applies:
                return doc, hit[0], hit[1], cand.key
    return None


def _decided_by(doc: Ruleset, key: str, rs: Ruleset) -> tuple[Clause, Outcome] | None:
    """The clause of ``doc`` itself deciding ``key``, with conditions read under ``rs``."""
    for clause in doc.clauses.values():
        if not rs.active(clause.when):
            continue
        for outcome in clause.outcomes.values():
            if key in outcome.decides and rs.active(outcome.when):
                return clause, outcome
    return None


def _not_covered(incident: Incident, rs: Ruleset, current: Need) -> NotCoveredError:
    params: dict[str, object] = {"incident": incident.NAME, "ruleset": rs.spec}
    if current.hint is not None:
        return NotCoveredError(
            Message("rulings.not-covered.hint", {**params, "hint": current.hint})
        )
    return NotCoveredError(Message("rulings.not-covered.case", params))


def _instantiate(
    spec: ConsequenceSpec,
    clause: Clause,
    outcome: Outcome,
    owner: Ruleset,
    rs: Ruleset,
    ctx: Context,
    current: Need,
    situation: str,
) -> Consequence:
    clause_id = owner.qualified(spec.clause) if spec.clause else clause.id
    also = [owner.qualified(ref) for ref in spec.also]
    params = dict(spec.params)
    points: int | None = None
    kind = spec.kind
    if kind is Kind.FOUL:
        ladder = ladder_of(rs)
        infraction = str(params.pop("infraction", clause.topic))
        index = foul_index(rs, ctx.incident, infraction, ctx.history)
        points = _ladder_points(rs, ladder, index)
        kind = Kind.LADDER
        params = {"step": index + 1, "infraction": infraction}
        keeper = ladder_owner(rs)
        also += [keeper.qualified(ladder.clause), keeper.qualified(ladder.reset_clause)]
    elif kind is Kind.DEDUCTION:
        if "per_minute" in params:
            per_minute = params["per_minute"]
            assert isinstance(per_minute, int)
            minutes = current.values["minutes"]
            assert isinstance(minutes, int), "a per-minute deduction counts whole minutes"
            points = per_minute * minutes
            params["minutes"] = minutes
        else:
            points = _int(params["points"])
    elif kind is Kind.PAYMENT_EACH:
        points = _int(params["points"])
        judged = current.values.get("per_opponent")
        if judged is not None and judged != points:
            raise RuntimeError(f"{clause.id}: the MCR judge says {judged}, the data {points}")
    elif kind is Kind.HAND_VALUE_REDUCED:
        points = _int(params["points"])
    elif kind in (Kind.SESSION_RESULT, Kind.FEE):
        points = _int(params["points" if kind is Kind.SESSION_RESULT else "amount"])
    elif kind is Kind.VALID_WIN:
        points = _int(current.values["points"])
    elif kind is Kind.CHOMBO:
        points, chombo_params = _chombo(owner, ctx)
        params.update(chombo_params)
        judged = current.values.get("chombo")
        if judged is not None and judged != points:
            raise RuntimeError(f"{clause.id}: the riichi judge says {judged}, the data {points}")
        if owner.chombo is not None and owner.chombo.clause != clause.key:
            also.append(owner.qualified(owner.chombo.clause))
    elif kind is Kind.DEAD_HAND and owner.dead_hand_clause not in (None, clause.key):
        assert owner.dead_hand_clause is not None
        also.append(owner.qualified(owner.dead_hand_clause))
    return Consequence(
        kind=kind,
        clause=clause_id,
        party=spec.party,
        message=_message(kind, params, points, spec.party, owner.family),
        points=points,
        params=MappingProxyType(params),
        also=tuple(dict.fromkeys(a for a in also if a != clause_id)),
        situation=situation,
        outcome=outcome.name,
    )


def _int(value: object) -> int:
    assert isinstance(value, int)
    return value


def _chombo(owner: Ruleset, ctx: Context) -> tuple[int, dict[str, object]]:
    chombo = owner.chombo
    assert chombo is not None
    if chombo.points is not None:
        return chombo.points, {"timing": chombo.timing, "to_others": False}
    dealer = ctx.incident.is_dealer
    if dealer is None:
        raise ctx.missing("dealer")
    assert chombo.dealer_pays_each is not None
    assert chombo.non_dealer_pays_dealer is not None
    assert chombo.non_dealer_pays_others is not None
    if dealer:
        each = chombo.dealer_pays_each
        return 3 * each, {"timing": chombo.timing, "dealer": True, "each": each}
    to_dealer, to_others = chombo.non_dealer_pays_dealer, chombo.non_dealer_pays_others
    return to_dealer + 2 * to_others, {
        "timing": chombo.timing,
        "dealer": False,
        "to_dealer": to_dealer,
        "to_others": to_others,
    }


def _message(
    kind: Kind, params: dict[str, object], points: int | None, party: Party, family: Family
) -> Message:
    """The explanation of a consequence: a key chosen by kind and parameters."""
    values: dict[str, object] = {"points": points} if points is not None else {}
    if kind is Kind.LADDER:
        key = "rulings.ladder.warning" if points == 0 else "rulings.ladder.points"
        values["step"] = params["step"]
    elif kind in (Kind.MUST, Kind.SHOULD, Kind.MAY, Kind.MAY_NOT):
        key = f"rulings.{kind.value}.{params['action']}"
    elif kind is Kind.DEDUCTION:
        timing = params.get("timing")
        key = f"rulings.deduction.{timing}" if timing else "rulings.kind.deduction"
        if "minutes" in params:
            key = f"rulings.deduction.per-minute.{timing}"
            minutes = Message("rulings.quantity.minutes", {"count": params["minutes"]})
            values.update(minutes=minutes, per_minute=params["per_minute"])
    elif kind is Kind.DISCRETION:
        key, extra = _discretion(params)
        values.update(extra)
    elif kind is Kind.CHOMBO:
        if "each" in params:
            key, values = "rulings.chombo.dealer", {"each": params["each"], "points": points}
        elif "to_dealer" in params:
            key = "rulings.chombo.non-dealer"
            values = {"to_dealer": params["to_dealer"], "each": params["to_others"]}
        else:
            key = f"rulings.chombo.{params['timing']}"
    elif kind is Kind.SESSION_RESULT:
        key = f"rulings.session-result.{party.value}"
        values = {"points": params["points"], "uma": params["uma"]}
    elif kind is Kind.UMA:
        key = f"rulings.uma.{params['rule']}"
        numbers = params.get("values", ())
        assert isinstance(numbers, tuple)
        values = {"values": " / ".join(f"{v:,}" for v in numbers)}
    elif kind is Kind.REFER:
        key, values = "rulings.kind.refer", {"incident": params["incident"]}
    elif kind is Kind.VALID_WIN and family is Family.RIICHI:
        key = "rulings.riichi.valid-win"
    elif kind is Kind.FEE:
        key = "rulings.kind.fee"
        values = {"amount": params["amount"], "currency": params["currency"]}
    elif kind is Kind.FANS_VOID:
        fans = params["fans"]
        assert isinstance(fans, tuple)
        key, values = "rulings.kind.fans-void", {"fans": tuple(fan_name(str(f)) for f in fans)}
    else:
        key = _plain_key(kind, params)
    return Message(key, values)


def fan_name(title: str) -> Message:
    """The name of an MCR fan a ruling voids, as a message (``Last Tile`` ->
    ``rulings.fan.last-tile``), so that each language shows its own name."""
    return Message("rulings.fan." + title.lower().replace(" ", "-"))


def _plain_key(kind: Kind, params: dict[str, object]) -> str:
    for name in ("what", "to", "rule", "scope"):
        if name in params:
            return f"rulings.{kind.value}.{params[name]}"
    for name in ("claimable", "penalty", "counted", "declare"):
        if name in params:
            return f"rulings.{kind.value}.{name}-{str(params[name]).lower()}"
    return f"rulings.kind.{kind.value}"


def _discretion(params: dict[str, object]) -> tuple[str, dict[str, object]]:
    timing = params.get("timing")
    if "choices" in params:
        choices = params["choices"]
        assert isinstance(choices, tuple)
        return f"rulings.discretion.choices.{timing}", {"first": choices[0], "second": choices[1]}
    if "min" in params:
        span = {"min": params["min"], "max": params["max"]}
        if params.get("dead_hand") == "and-or":
            return "rulings.discretion.range-dead-hand", span
        return f"rulings.discretion.range.{timing}", span
    return f"rulings.discretion.{params.get('what', 'penalty')}", {}


def _citations(consequences: Sequence[Consequence]) -> tuple[Citation, ...]:
    ids: dict[str, None] = {}
    for c in consequences:
        ids[c.clause] = None
        for ref in c.also:
            ids[ref] = None
    return tuple(citation(ref) for ref in ids)


def citation(clause_id: str) -> Citation:
    """What a reader needs to look a clause up."""
    prefix, _, key = clause_id.partition(":")
    doc = rulesets()[prefix]
    clause = doc.clauses[key]
    return Citation(
        clause_id=clause_id,
        ruleset=doc.id,
        key=key,
        document=doc.document,
        edition=doc.edition,
        sections=clause.sections,
        location=Message(location_key(clause), {}) if clause.location else None,
        primary=doc.primary,
        summary=Message(clause.summary_key, {}),
        in_seeds=clause.in_seeds,
        source=clause.source,
    )
