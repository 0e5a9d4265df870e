"""A riichi hanchan hand by hand under the EMA Riichi Competition Rules (2016, 2012).

A table's game is the sequence of its hands as a scorer writes them (:class:`HandPlay`):
a win on a discard (one to three winners and the discarder) or by self-draw, each winning
hand given as han and fu (or judged from its tiles, :func:`judged_value`); an exhaustive
draw with who is tenpai; an abortive draw (RCR 2012 only); nagashi mangan (RCR 2012 only); a
chombo with its offender; and in every hand the players who declared riichi. A winner of a
Big Three Dragons or Big Four Winds may have a liable player (3.3.9). :func:`play` runs
the edition's game flow over them (sections outside the seeds, cited from the rules data
and ``docs/riichi.md``):

- a riichi declaration puts a 1,000-point stick on the table (2016 3.3.14, 2012 3.3.12);
  the winner takes all sticks on the table, with several winners the first after the
  discarder; after a drawn hand they stay for the next winner (3.4.4);
- counters (honba): one more after East wins and after a draw, all gone when another
  player wins and East does not; each adds 300 to a winning hand, 100 from each payer
  on a self-draw (3.4.10; several winners: the option ``multiple-ron-counters``);
- an exhaustive draw: the noten players pay 3,000 in all to the tenpai players (3.4.2);
- the deal stays with East when East wins (or is one of the winners) or is tenpai at an
  exhaustive draw, and after a chombo (2016 3.4.11, 2012 3.4.12); an abortive draw
  (2012 3.4.3) keeps or passes the deal by the option ``abortive-draw-dealer``;
- liability (3.3.9, both editions): the player who fed the third dragon set or the fourth
  wind set pays the whole of a self-drawn hand (counters too, option
  ``liability-self-draw-counters``), and half of a hand won on another player's discard,
  whose discarder pays the other half and the counters;
- nagashi mangan (RCR 2012; the 2016 text lists it among the hands no longer used, 4.2.6)
  counts as a win after an exhaustive draw: each player who has it is paid as for a
  self-drawn mangan with the counters, nobody pays for being noten, the deal stays only
  if East is one of them; the riichi sticks go to the first of them from East (option
  ``multiple-nagashi-sticks`` when there are several);
- a chombo changes nothing at the table under 2016 (20,000 points after uma, 3.4.6) and
  is paid at the table as a reversed mangan under 2012; the riichi sticks of the hand go
  back (option ``chombo-riichi-sticks``), no counter is added and the hand is dealt again;
- the game ends when the deal passes on from the last dealer of the south round (3.5):
  no agari yame, and a score below zero does not end it (3.6).

After every hand the running totals and the sticks on the table must make up 4 x the
starting points (:func:`mjref.scoring.riichi.check_final_scores`). The final scores, the
sticks left and the penalties after uma then go to :func:`mjref.scoring.riichi.score_table`
exactly as a score sheet's entry does.

Hand values come from the ``mahjong`` package's payment table, run with the edition's
options (:func:`mjref.riichi.library.options_for`: sanbaiman for 13+ han in 2016 ...).

>>> rules = game_rules("rcr-2016", start=30000)
>>> game = play(rules, [
...     HandPlay(Ending.RON, wins=(Win(1, HandValue(3, 30)),), discarder=0),
...     HandPlay(Ending.DRAW, riichi=frozenset({2}), tenpai=frozenset({2})),
... ])
>>> game.final.scores, len(game.final.sticks), game.final.honba, game.final.dealer
((25100, 32900, 32000, 29000), 1, 1, 2)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache

from mahjong.constants import EAST as LIB_EAST
from mahjong.constants import SOUTH as LIB_SOUTH
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator

from mjref.messages import Message
from mjref.riichi.library import options_for
from mjref.riichi.ruleset import riichi_rules
from mjref.riichi.verdict import RiichiVerdict
from mjref.rules.kinds import Timing
from mjref.rules.model import Chombo, Clause, Ruleset
from mjref.scoring import _messages  # noqa: F401  (registers the wording)
from mjref.scoring.errors import ScoringError
from mjref.scoring.riichi import TABLE_SIZE, check_final_scores
from mjref.tiles import Wind

WINDS = (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH)
MAX_HAN = 13
"""The most han a hand entered as han and fu may have (13 and more count alike)."""
MAX_FU = 110
FU_SEVEN_PAIRS = 25


class Ending(enum.StrEnum):
    """How a hand ended."""

    RON = "ron"
    """Won on a discard: one to three winners, the discarder pays each."""
    TSUMO = "tsumo"
    """Won by self-draw: one winner, the three others pay."""
    DRAW = "draw"
    """Exhaustive draw: the noten players pay the tenpai players."""
    ABORTIVE = "abortive"
    """Abortive draw (RCR 2012 3.4.3; none under 2016)."""
    CHOMBO = "chombo"
    """A chombo: the hand does not count and is dealt again (3.4.6)."""
    NAGASHI = "nagashi"
    """Nagashi mangan after an exhaustive draw: one or more players paid as for a
    self-drawn mangan (RCR 2012; none under 2016, 4.2.6)."""


_WON = (Ending.RON, Ending.TSUMO, Ending.NAGASHI)


@dataclass(frozen=True, slots=True)
class HandValue:
    """What a winning hand is worth: ``han`` and ``fu``, or ``yakuman`` limits (1, or 2
    for a double yakuman where the edition has one; then han and fu are not read)."""

    han: int
    fu: int
    yakuman: int = 0


MANGAN = HandValue(5, 30)
"""What nagashi mangan is paid as: five han are a mangan whatever the fu."""


@dataclass(frozen=True, slots=True)
class Win:
    """A winner (seat 0-3 in the table's order; seat 0 deals first) and the hand's value;
    ``liable``: the seat that fed the third dragon set or the fourth wind set of this Big
    Three Dragons or Big Four Winds (3.3.9), if any. A nagashi mangan is paid as
    :data:`MANGAN` whatever ``value`` says."""

    seat: int
    value: HandValue
    liable: int | None = None


@dataclass(frozen=True, slots=True)
class HandPlay:
    """One hand as the scorer enters it. ``riichi``: the seats that declared riichi in this
    hand (each put a stick on the table); ``tenpai``: at an exhaustive draw, who showed a
    tenpai hand; ``offender``: who made the chombo."""

    outcome: Ending
    wins: tuple[Win, ...] = ()
    discarder: int | None = None
    riichi: frozenset[int] = frozenset()
    tenpai: frozenset[int] = frozenset()
    offender: int | None = None


@dataclass(frozen=True, slots=True)
class GameRules:
    """What an edition (and the readings applied to it) says about the game flow."""

    ruleset: str
    start: int
    stick: int
    noten_total: int
    per_counter: int
    rounds: int
    abortive: bool
    abortive_dealer_stays: bool
    counters_each_winner: bool
    chombo_returns_all: bool
    nagashi: bool
    """Nagashi mangan exists (RCR 2012)."""
    nagashi_sticks_first: bool
    """With several nagashi winners the first from East takes the riichi sticks (else
    they stay on the table)."""
    liable_pays_counters: bool
    """On a self-drawn hand with a liable player, the counters are the liable player's
    too (else each of the three pays its share of them)."""
    chombo: Chombo
    max_yakuman: int
    clauses: Mapping[str, str] = field(compare=False)
    """Topic -> clause id (``counters`` -> ``rcr-2016:3.4.10``)."""
    options: OptionalRules = field(compare=False, repr=False)

    def cite(self, topic: str) -> str:
        """The clause id for ``topic`` (``exhaustive-draw``, ``counters`` ...)."""
        return self.clauses[topic]


@dataclass(frozen=True, slots=True)
class TableState:
    """The table between hands: running totals (seat order), who deals, how many times
    the deal has passed (0 = East 1 ... 7 = South 4), counters, the riichi sticks on the
    table (the seat that put each down, oldest first) and the hands entered so far."""

    scores: tuple[int, ...]
    dealer: int
    deals: int
    honba: int
    sticks: tuple[int, ...]
    entries: int
    over: bool

    @property
    def prevalent_wind(self) -> Wind:
        """East in the east round, South in the south round."""
        return WINDS[min(self.deals // TABLE_SIZE, len(WINDS) - 1)]

    @property
    def round_hand(self) -> int:
        """The hand of the round, 1-4 (East 1, East 2 ... South 4)."""
        return self.deals % TABLE_SIZE + 1

    def seat_wind(self, seat: int) -> Wind:
        """The seat wind of ``seat`` in the hand to be played next."""
        return WINDS[(seat - self.dealer) % TABLE_SIZE]


@dataclass(frozen=True, slots=True)
class WinPayment:
    """What one winner got: the hand's points, the counters' points and the sticks taken;
    ``liable``: the seat that paid a share of it as liable (3.3.9)."""

    seat: int
    value: HandValue
    hand_points: int
    counter_points: int
    sticks: int
    liable: int | None = None


@dataclass(frozen=True, slots=True)
class HandScored:
    """One hand played: the table before and after, the points each seat gained or paid
    at the table (riichi sticks put down included), the wins paid, and the points each seat
    loses after uma for it (a 2016 chombo)."""

    play: HandPlay
    before: TableState
    after: TableState
    changes: tuple[int, ...]
    wins: tuple[WinPayment, ...]
    after_uma: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Game:
    """A table's game so far."""

    rules: GameRules
    start_state: TableState
    hands: tuple[HandScored, ...]

    @property
    def final(self) -> TableState:
        return self.hands[-1].after if self.hands else self.start_state

    @property
    def after_uma(self) -> tuple[int, ...]:
        """Points each seat loses after uma for its chombos (RCR 2016 3.4.6)."""
        return tuple(sum(h.after_uma[s] for h in self.hands) for s in range(TABLE_SIZE))


# -- the rules -------------------------------------------------------------------------

_TOPICS = (
    "riichi-declaration-stick",
    "exhaustive-draw",
    "abortive-draw",
    "drawn-riichi-sticks",
    "win-payments",
    "dealer-rotation",
    "game-length",
    "game-end",
)


def _by_topic(rs: Ruleset) -> dict[str, Clause]:
    found: dict[str, Clause] = {}
    for clause in rs:
        if clause.topic in _TOPICS and clause.topic not in found:
            found[clause.topic] = clause
    missing = [t for t in _TOPICS if t not in found]
    if missing:
        raise LookupError(f"{rs.id} has no clause on {missing[0]!r}")
    return found


def _int(clause: Clause, name: str) -> int:
    value = clause.params.get(name)
    if not isinstance(value, int):
        raise LookupError(f"{clause.id} has no whole-number parameter {name!r}")
    return value


@cache
def game_rules(spec: str, *, start: int) -> GameRules:
    """The game flow of a riichi ruleset (an id, alias or spec with readings)."""
    rr = riichi_rules(spec)
    rs = rr.ruleset
    clauses = _by_topic(rs)
    cited = {topic: c.id for topic, c in clauses.items()}
    # Counters: 3.4.10 in both editions.
    cited["counters"] = f"{rs.id}:3.4.10"
    cited["chombo"] = f"{rs.id}:{rr.chombo.clause}"
    cited["liability"] = f"{rs.id}:3.3.9"
    nagashi = rs.choice("multiple-nagashi-sticks")
    # RCR 2012 lists nagashi mangan among its hands (4.2); the 2016 text among those no
    # longer used (4.2.6).
    cited["nagashi"] = f"{rs.id}:4.2" if nagashi is not None else f"{rs.id}:4.2.6"
    abortive = rs.choice("abortive-draw-dealer")
    return GameRules(
        ruleset=rs.id,
        start=start,
        stick=_int(clauses["riichi-declaration-stick"], "stick"),
        noten_total=_int(clauses["exhaustive-draw"], "noten_total"),
        per_counter=_per_counter(rs),
        rounds=_int(clauses["game-length"], "rounds"),
        abortive=abortive is not None,
        abortive_dealer_stays=abortive == "dealer-stays",
        counters_each_winner=rs.choice("multiple-ron-counters") == "each-winner",
        chombo_returns_all=rs.choice("chombo-riichi-sticks") == "all-sticks",
        nagashi=nagashi is not None,
        nagashi_sticks_first=nagashi == "first-from-east",
        liable_pays_counters=rs.choice("liability-self-draw-counters") == "liable-pays",
        chombo=rr.chombo,
        max_yakuman=2 if rr.settings.double_yakuman else 1,
        clauses=cited,
        options=options_for(rr),
    )


def _per_counter(rs: Ruleset) -> int:
    clause = rs.clauses.get("3.4.10")
    if clause is None:
        raise LookupError(f"{rs.id} has no clause 3.4.10 on counters")
    return _int(clause, "per_counter")


def start_state(rules: GameRules) -> TableState:
    """The table before the first hand: everyone at the starting points, seat 0 deals."""
    return TableState((rules.start,) * TABLE_SIZE, 0, 0, 0, (), 0, False)


# -- checking a hand -------------------------------------------------------------------


def _fail(key: str, **params: object) -> ScoringError:
    return ScoringError(Message(f"scoring.riichi-game.{key}", dict(params)))


def _check_seat(seat: int) -> None:
    if not 0 <= seat < TABLE_SIZE:
        raise _fail("seat", seat=seat + 1)


def check_value(rules: GameRules, value: HandValue) -> None:
    """A winning hand's value must be one a real hand can have."""
    if value.yakuman:
        if not 1 <= value.yakuman <= rules.max_yakuman:
            raise _fail(
                "yakuman", high=rules.max_yakuman, count=value.yakuman, ruleset=rules.ruleset
            )
        return
    if not 1 <= value.han <= MAX_HAN:
        raise _fail("han", high=MAX_HAN, han=value.han)
    if value.fu != FU_SEVEN_PAIRS and not (value.fu % 10 == 0 and 20 <= value.fu <= MAX_FU):
        raise _fail("fu", fu=value.fu)
    if value.fu == FU_SEVEN_PAIRS and value.han < 2:
        raise _fail("seven-pairs", han=value.han)


def check_hand(rules: GameRules, hand: HandPlay) -> None:
    """The facts of one hand must describe something that can happen at a table."""
    for seat in (*hand.riichi, *hand.tenpai, *(w.seat for w in hand.wins)):
        _check_seat(seat)
    for named in (hand.discarder, hand.offender):
        if named is not None:
            _check_seat(named)
    winners = [w.seat for w in hand.wins]
    if len(set(winners)) != len(winners):
        raise _fail("winner-twice")
    if hand.tenpai and hand.outcome is not Ending.DRAW:
        raise _fail("tenpai-draw-only")
    if hand.offender is not None and hand.outcome is not Ending.CHOMBO:
        raise _fail("offender-chombo-only")
    if hand.outcome is Ending.RON:
        if hand.discarder is None:
            raise _fail("discarder-needed")
        if not 1 <= len(winners) <= TABLE_SIZE - 1:
            raise _fail("ron-winners", count=len(winners))
        if hand.discarder in winners:
            raise _fail("discarder-wins")
    elif hand.outcome is Ending.TSUMO:
        if hand.discarder is not None:
            raise _fail("no-discarder")
        if len(winners) != 1:
            raise _fail("tsumo-winner", count=len(winners))
    elif hand.outcome is Ending.NAGASHI:
        if not rules.nagashi:
            raise _fail("no-nagashi", ruleset=rules.ruleset, clause=rules.cite("nagashi"))
        if hand.discarder is not None or not winners:
            raise _fail("nagashi-winners")
    elif winners or hand.discarder is not None:
        raise _fail("no-winner")
    if hand.outcome is Ending.CHOMBO and hand.offender is None:
        raise _fail("offender-needed")
    if hand.outcome is Ending.ABORTIVE and not rules.abortive:
        raise _fail("no-abortive", ruleset=rules.ruleset, clause=rules.cite("abortive-draw"))
    for win in hand.wins:
        if hand.outcome is not Ending.NAGASHI:
            check_value(rules, win.value)
        if win.liable is not None:
            _check_liable(rules, hand, win)


def _check_liable(rules: GameRules, hand: HandPlay, win: Win) -> None:
    """Liability (3.3.9) is for a Big Three Dragons or Big Four Winds won by someone else."""
    assert win.liable is not None
    _check_seat(win.liable)
    clause = rules.cite("liability")
    if hand.outcome not in (Ending.RON, Ending.TSUMO):
        raise _fail("liable-win-only", clause=clause)
    if win.liable == win.seat:
        raise _fail("liable-winner", clause=clause)
    if not win.value.yakuman:
        raise _fail("liable-yakuman", clause=clause)


# -- values ----------------------------------------------------------------------------


def _scores(
    rules: GameRules, value: HandValue, *, dealer: bool, self_drawn: bool
) -> tuple[int, int]:
    """(main, additional) of the package's payment table, without counters or sticks: on
    a discard ``main`` is the whole hand; on a self-draw ``main`` is the dealer's share
    (each player's when the dealer won) and ``additional`` each non-dealer's."""
    config = HandConfig(
        is_tsumo=self_drawn,
        player_wind=LIB_EAST if dealer else LIB_SOUTH,
        options=rules.options,
    )
    if value.yakuman:
        got = ScoresCalculator.calculate_scores(13 * value.yakuman, 0, config, True)
    else:
        got = ScoresCalculator.calculate_scores(value.han, value.fu, config, False)
    return int(got["main"]), int(got["additional"])


def hand_points(rules: GameRules, value: HandValue, *, dealer: bool, self_drawn: bool) -> int:
    """What a winning hand is worth to its winner, before counters and riichi sticks."""
    main, additional = _scores(rules, value, dealer=dealer, self_drawn=self_drawn)
    if not self_drawn:
        return main
    if dealer:
        return main * (TABLE_SIZE - 1)
    return main + additional * (TABLE_SIZE - 2)


def judged_value(verdict: RiichiVerdict) -> HandValue | None:
    """The value of a hand judged from its tiles (``None`` when it is not a valid win)."""
    if not verdict.valid:
        return None
    if verdict.limit == "2x yakuman":
        return HandValue(verdict.han, verdict.fu, 2)
    if verdict.limit == "yakuman":
        return HandValue(verdict.han, verdict.fu, 1)
    return HandValue(verdict.han, verdict.fu)


# -- the game flow ---------------------------------------------------------------------


def _turn_order(discarder: int, wins: Iterable[Win]) -> list[Win]:
    return sorted(wins, key=lambda w: (w.seat - discarder) % TABLE_SIZE)


def step(rules: GameRules, state: TableState, hand: HandPlay) -> HandScored:
    """Play ``hand`` on the table ``state`` (see the module's description)."""
    if state.over:
        raise _fail("game-over", hands=state.entries, clause=rules.cite("game-length"))
    check_hand(rules, hand)
    changes = [0] * TABLE_SIZE
    after_uma = [0] * TABLE_SIZE
    sticks = list(state.sticks)
    for seat in sorted(hand.riichi):
        changes[seat] -= rules.stick
        sticks.append(seat)
    dealer, deals, honba = state.dealer, state.deals, state.honba
    paid: list[WinPayment] = []
    rotate = False
    if hand.outcome in _WON:
        paid, sticks = _pay_winners(rules, hand, dealer, honba, sticks, changes)
        if any(w.seat == dealer for w in hand.wins):
            honba += 1
        else:
            honba = 0
            rotate = True
    elif hand.outcome is Ending.DRAW:
        tenpai = sorted(hand.tenpai)
        noten = [s for s in range(TABLE_SIZE) if s not in hand.tenpai]
        if tenpai and noten:
            for seat in noten:
                changes[seat] -= rules.noten_total // len(noten)
            for seat in tenpai:
                changes[seat] += rules.noten_total // len(tenpai)
        honba += 1
        rotate = dealer not in hand.tenpai
    elif hand.outcome is Ending.ABORTIVE:
        honba += 1
        rotate = not rules.abortive_dealer_stays
    else:
        sticks = _chombo(rules, state, hand, dealer, changes, after_uma)
    if rotate:
        dealer = (dealer + 1) % TABLE_SIZE
        deals += 1
    scores = tuple(s + c for s, c in zip(state.scores, changes, strict=True))
    after = TableState(
        scores,
        dealer,
        deals,
        honba,
        tuple(sticks),
        state.entries + 1,
        deals >= rules.rounds * TABLE_SIZE,
    )
    check_final_scores(after.scores, len(after.sticks), rules.start)
    return HandScored(hand, state, after, tuple(changes), tuple(paid), tuple(after_uma))


def _pay_winners(
    rules: GameRules,
    hand: HandPlay,
    dealer: int,
    honba: int,
    sticks: list[int],
    changes: list[int],
) -> tuple[list[WinPayment], list[int]]:
    """Pay every winner of ``hand`` in turn order (from the discarder on a discard, from
    East for nagashi mangan) and give the riichi sticks to the first; returns the
    payments and the sticks left on the table."""
    nagashi = hand.outcome is Ending.NAGASHI
    if nagashi:
        first_from = dealer
    else:
        first_from = hand.discarder if hand.discarder is not None else hand.wins[0].seat
    paid = []
    for i, win in enumerate(_turn_order(first_from, hand.wins)):
        counted = honba if i == 0 or nagashi or rules.counters_each_winner else 0
        if nagashi:
            win = Win(win.seat, MANGAN)
        paid.append(_pay(rules, win, hand.discarder, dealer, counted, changes))
    if nagashi and len(paid) > 1 and not rules.nagashi_sticks_first:
        return paid, sticks
    first = paid[0]
    changes[first.seat] += rules.stick * len(sticks)
    paid[0] = replace(first, sticks=len(sticks))
    return paid, []


def _pay(
    rules: GameRules,
    win: Win,
    discarder: int | None,
    dealer: int,
    honba: int,
    changes: list[int],
) -> WinPayment:
    """Pay one winning hand: on a discard (``discarder``) or self-drawn (``None``), with
    its liable player's share (3.3.9) if it has one."""
    is_dealer = win.seat == dealer
    liable = win.liable
    if discarder is not None:
        main, _ = _scores(rules, win.value, dealer=is_dealer, self_drawn=False)
        counters = rules.per_counter * honba
        if liable is not None and liable != discarder:
            changes[liable] -= main // 2
            changes[discarder] -= main - main // 2 + counters
        else:
            changes[discarder] -= main + counters
        changes[win.seat] += main + counters
        return WinPayment(win.seat, win.value, main, counters, 0, liable)
    main, additional = _scores(rules, win.value, dealer=is_dealer, self_drawn=True)
    each_counter = rules.per_counter * honba // (TABLE_SIZE - 1)
    payers = [seat for seat in range(TABLE_SIZE) if seat != win.seat]
    shares = {seat: main if is_dealer or seat == dealer else additional for seat in payers}
    total = sum(shares.values())
    for seat in payers:
        share = 0 if liable is not None else shares[seat]
        if liable is None or not rules.liable_pays_counters:
            share += each_counter
        changes[seat] -= share
    if liable is not None:
        changes[liable] -= total
        if rules.liable_pays_counters:
            changes[liable] -= each_counter * (TABLE_SIZE - 1)
    changes[win.seat] += total + each_counter * (TABLE_SIZE - 1)
    return WinPayment(win.seat, win.value, total, each_counter * (TABLE_SIZE - 1), 0, liable)


def _chombo(
    rules: GameRules,
    state: TableState,
    hand: HandPlay,
    dealer: int,
    changes: list[int],
    after_uma: list[int],
) -> list[int]:
    """A chombo (3.4.6): the hand's riichi sticks go back (all sticks under the reading
    ``all-sticks``), the penalty is paid at the table (2012) or noted for after uma
    (2016); no counter, no rotation. Returns the sticks left on the table."""
    for seat in hand.riichi:
        changes[seat] += rules.stick
    sticks = list(state.sticks)
    if rules.chombo_returns_all:
        for seat in sticks:
            changes[seat] += rules.stick
        sticks = []
    offender = hand.offender
    assert offender is not None
    chombo = rules.chombo
    if chombo.timing is Timing.AFTER_UMA:
        after_uma[offender] += chombo.points or 0
        return sticks
    for seat in range(TABLE_SIZE):
        if seat == offender:
            continue
        if offender == dealer:
            amount = chombo.dealer_pays_each or 0
        elif seat == dealer:
            amount = chombo.non_dealer_pays_dealer or 0
        else:
            amount = chombo.non_dealer_pays_others or 0
        changes[offender] -= amount
        changes[seat] += amount
    return sticks


def play(rules: GameRules, hands: Sequence[HandPlay]) -> Game:
    """Play ``hands`` in order from the start of the game. A hand that cannot be played
    raises :class:`ScoringError` naming its number (1-based)."""
    state = start_state(rules)
    results: list[HandScored] = []
    for number, hand in enumerate(hands, start=1):
        try:
            result = step(rules, state, hand)
        except ScoringError as error:
            raise _fail("in-hand", hand=number, error=error.message) from error
        results.append(result)
        state = result.after
    return Game(rules, start_state(rules), tuple(results))
