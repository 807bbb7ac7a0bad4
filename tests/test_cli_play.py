"""The log of ``tcg play`` / ``tcg replay`` and the board (issue 25, item 5), for every game: a run of
automatic passes is one line; every change of a player's life (damage, clock) is a line; the bot's
choices name the card and the ability they are for; the field is grouped by kind; Weiss Schwarz's
hand shows level, cost and power; nothing names a card the viewer cannot see. The game is played
through the CLI entry point, always choosing the first listed action (stdin), with a replay saved."""

from __future__ import annotations

import io
import json
import re
import sys

import pytest

import tcg_env
from tcg_env.cli import main
from tcg_env.replay import play_replay, start_game
from tcg_env.view import PASS, AreaView, BoardView, CardView, PlayerView, changes

GAMES = tcg_env.list_games()
SCORE = re.compile(r"^\s+(you|the bot): (.+)$")
SCORE_PART = re.compile(r"(\w[\w ]*?) (-?\d+) -> (-?\d+) \(([+-]\d+)\)")


# a seed (and a bot deck) where the bot chooses targets for an ability at least once
PLAY_ARGS = {"fftcg": ["--seed", "4", "--bot-deck", "fire_wind_aggro"], "force_of_will": ["--seed", "3"],
             "weiss_schwarz": ["--seed", "3"], "fftcg_2014": ["--seed", "4", "--bot-deck", "fire_party_aggro"]}  # fmt: skip


class _Played(dict):
    """{game: (stdout, replay data)} of one game each against the heuristic bot, played the first time
    a test asks for that game: under xdist a game's tests run on that game's worker (conftest.py), and
    playing every game there compiled every game's kernels on every worker."""

    def __init__(self, tmp_path_factory):
        super().__init__()
        self._tmp = tmp_path_factory

    def __missing__(self, game):
        rp = self._tmp.mktemp(game) / "game.json"
        old_stdin, old_stdout = sys.stdin, sys.stdout
        sys.stdin, sys.stdout = io.StringIO("1\n" * 5000), io.StringIO()
        try:
            rc = main(["play", "--game", game, *PLAY_ARGS.get(game, ["--seed", "3"]), "--save-replay", str(rp)])
            text = sys.stdout.getvalue()
        finally:
            sys.stdin, sys.stdout = old_stdin, old_stdout
        assert rc == 0, text[-2000:]
        assert "Game over: " in text, text[-2000:]
        self[game] = (text, json.loads(rp.read_text()))
        return self[game]


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    return _Played(tmp_path_factory)


def _log_lines(text: str) -> list[str]:
    """The log's lines: not the boards nor the numbered choices printed for a decision of yours."""
    out, board = [], False
    for line in text.splitlines():
        if re.match(r"^[\w ()-]+ - turn \d+, turn player", line):  # the title: "Final Fantasy TCG (2014 rules)"
            board = True
        if board:
            if line.startswith("choose "):
                board = False
                line = line.split("(q quits): ", 1)[1] if "(q quits): " in line else ""
            else:
                continue
        if line:
            out.append(line)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_a_run_of_automatic_passes_is_one_line(played, game):
    """The old log printed each pass: 433 of a game's 814 lines were "Pass priority", 218
    "[only choice]". Now a pass the bot chose, or one that was your only choice, joins a run
    printed as one line; no two run lines follow each other."""
    text, data = played[game]
    log = _log_lines(text)
    runs = [i for i, ln in enumerate(log) if ln.startswith("  · ")]
    assert runs, log[:40]
    assert not [i for i in runs if i + 1 in runs], [log[i] for i in runs if i + 1 in runs][:3]
    assert not [ln for ln in log if ln.endswith("[only choice]") and "Pass" in ln]
    passes = sum(a == PASS for a in data["actions"])
    assert passes > 2 * len(runs), (passes, len(runs))  # the runs fold many passes each
    counted = 0
    for i in runs:  # "· Pass priority (bot x3, you x3); Don't block (you)": who took each, how often
        for whos in re.findall(r"\(((?:(?:you|bot)(?: x\d+)?(?:, )?)+)\)(?=;|$)", log[i]):
            counted += sum(int(n or 1) for n in re.findall(r"(?:you|bot)(?: x(\d+))?", whos))
    own = sum(1 for ln in log if re.match(r"^(you|bot): ", ln))
    assert counted + own == len(data["actions"]), (counted, own, len(data["actions"]))  # every action is told


@pytest.mark.parametrize("game", GAMES)
def test_every_change_of_a_players_score_is_a_line(played, game):
    """Damage and life: a line (``you: life 4000 -> 3600 (-400)``) for every action after which a
    player's life / damage / level / clock changed, with the old and new values and the difference.
    The old log had no such line."""
    text, data = played[game]
    spec = tcg_env.get_spec(game)
    expected = []
    before = None
    for move in play_replay(data):
        view = spec.public_view(move.game, 0)
        scores = [dict(pv.scores) for pv in view.players]
        if before is None:
            before = [dict(pv.scores) for pv in spec.public_view(start_game(data), 0).players]
        for p in (0, 1):
            for k, v in scores[p].items():
                if before[p][k] != v:
                    expected.append(((("you", "the bot")[p]), k, before[p][k], v))
        before = scores
    assert expected, "the game should change a score"
    got = []
    for line in _log_lines(text):
        m = SCORE.match(line)
        if m and SCORE_PART.search(m[2]):
            for k, old, new, diff in SCORE_PART.findall(m[2]):
                assert int(new) - int(old) == int(diff), line
                got.append((m[1], k, int(old), int(new)))
    assert got == expected


@pytest.mark.parametrize("game", GAMES)
def test_the_bots_choices_name_the_card_and_the_ability(played, game):
    """"Yes (use the ability)", "Use the ability", "Target X", "Choose X" said neither the card nor
    the ability they were for; each now ends with what asks (``for Blaze Volley (...)``)."""
    text, _ = played[game]
    bot = [ln for ln in _log_lines(text) if ln.startswith("bot: ")]
    assert bot
    assert not [ln for ln in bot if ln in ("bot: Yes (use the ability)", "bot: Use the ability", "bot: Decline the ability")]
    chosen = [ln for ln in bot if re.match(r"bot: (Target|Choose) ", ln)]
    assert chosen, bot[:30]
    assert all(" for " in ln for ln in chosen), [ln for ln in chosen if " for " not in ln]
    assert all(": " in ln.split(")", 1)[-1] for ln in bot if re.match(r"bot: Use ability \d", ln))  # names what it does


@pytest.mark.parametrize("game", ["force_of_will"])  # on that game's worker (conftest.py)
def test_fow_bot_target_names_the_card_the_ability_and_whose(played, game):
    text, _ = played["force_of_will"]
    line = next(ln for ln in _log_lines(text) if ln.startswith("bot: Target "))
    assert re.match(r"bot: Target .+ \(player [01]'s [a-z-]+\) for .+ \(.+\)$", line), line


@pytest.mark.parametrize("game", ["force_of_will"])  # on that game's worker (conftest.py)
def test_what_each_action_did_is_told_under_it(played, game):
    """Force of Will: a card played goes to the chase, then to its area; a destroyed card to the
    graveyard; the draws are counted for the bot and named for you."""
    text, _ = played["force_of_will"]
    log = _log_lines(text)
    assert any(re.match(r"^    .+: the bot's hand -> the chase$", ln) for ln in log)
    assert any(re.match(r"^    .+: the chase -> the bot's resonators$", ln) for ln in log)
    assert any(re.match(r"^    the bot draws \d cards?$", ln) for ln in log)
    assert any(re.match(r"^    you draw [A-Z]", ln) for ln in log)
    assert any(ln.startswith("-- turn ") for ln in log) and any(ln.startswith("  [battle: ") for ln in log)


@pytest.mark.parametrize("game", GAMES)
def test_the_replay_log_tells_every_move(played, game, tmp_path, capsys):
    """``tcg replay``: the same log seen by both players, moves numbered (a run says its moves)."""
    _, data = played[game]
    rp = tmp_path / "r.json"
    rp.write_text(json.dumps(data))
    assert main(["replay", str(rp)]) == 0
    out = capsys.readouterr().out
    seen = set()
    for line in out.splitlines():
        m = re.match(r"^\s*(\d+)\. P[01]: ", line)
        if m:
            seen.add(int(m[1]))
        m = re.search(r"\[moves? (\d+)(?:-(\d+))?\]$", line)
        if m:
            seen.update(range(int(m[1]), int(m[2] or m[1]) + 1))
    assert seen == set(range(1, len(data["actions"]) + 1))
    assert "the final state matches the recording" in out


# ---- the board -------------------------------------------------------------------------------------
def _mid_game(game: str, steps: int = 300, seed: int = 4):
    import numpy as np

    g = tcg_env.make_game(game, seed=seed)
    rng = np.random.default_rng(1)
    for _ in range(steps):
        if g.done:
            break
        g.step(int(rng.choice(g.legal_actions())))
    return g


@pytest.mark.parametrize("game", ["force_of_will"])  # on that game's worker (conftest.py)
def test_fow_board_groups_the_field_by_kind(game):
    """Was one "field" list; now ruler (J-ruler), resonators, magic stones, additions by kind."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g = _mid_game("force_of_will")
    view = g.spec.public_view(g, None)
    kinds = {"resonators": K.CardType.RESONATOR, "magic stones": K.CardType.MAGIC_STONE,
             "additions": K.CardType.ADDITION, "ruler": None}  # fmt: skip
    seen = 0
    for p, pv in enumerate(view.players):
        for area in pv.areas:
            if area.name in kinds and kinds[area.name] is not None:
                for c in area.cards:
                    cid = int(g._row[S.CARD + c.slot * S.CARD_W])
                    assert int(g.pool.cards[cid, K.C_TYPE]) == kinds[area.name], (area.name, c.name)
                    seen += 1
    assert seen
    board = g.render()
    assert "   ruler:" in board and "resonators:" in board and "magic stones:" in board and "   field " not in board


@pytest.mark.parametrize("game", ["weiss_schwarz"])  # on that game's worker (conftest.py)
def test_ws_hand_shows_level_cost_and_power(game):
    g = _mid_game("weiss_schwarz", 60)
    hand = next(ln for ln in g.render(viewer=0).splitlines() if ln.strip().startswith("hand:"))
    cards = hand.split("hand:", 1)[1].strip().split("), ")
    assert cards and all(re.search(r"\((L\d/C\d+( \d+| event)|climax)\)?$", c) for c in cards), hand
    assert re.search(r"\(L\d/C\d+ \d+\)", hand), hand  # a character's level, cost and power


# ---- changes(): what a viewer is told -------------------------------------------------------------
def _view(hand_cards, hand_seen, field_cards, deck, life, graveyard=()):
    def area(name, cards, seen, style="inline"):
        return AreaView(name, tuple(c.slot for c in cards), tuple(cards) if seen else None, style)

    me = PlayerView((("life", life),), (area("hand", hand_cards, True), area("resonators", field_cards, True, "lines"),
                                         area("deck", deck, False, "count"), area("graveyard", graveyard, True, "count")))
    bot = PlayerView((("life", 4000),), (area("hand", hand_seen, False), area("deck", [], False, "count")))
    return BoardView("T", 1, 0, "main phase", "", (me, bot))


def test_changes_names_only_what_the_viewer_sees():
    a, b, c = CardView(1, "Ember Hound"), CardView(2, "Secret Card"), CardView(3, "Hidden Draw")
    hound = CardView(1, "Ember Hound", stats=(("ATK/DEF", "600/300"),))
    before = _view([a], [b], [], [c], 4000)
    after = _view([], [b, c], [hound], [], 3600)
    lines = changes(before, after, ("you", "the bot"))
    assert lines == ["Ember Hound: your hand -> resonators", "1 card: your deck -> the bot's hand",
                     "you: life 4000 -> 3600 (-400)"], lines
    assert [x.kind for x in lines] == ["move", "move", "score"]
    drawn = changes(_view([], [], [], [c], 4000), _view([c], [], [], [], 4000), ("you", "the bot"))
    assert drawn == ["you draw Hidden Draw"] and drawn[0].kind == "draw"
    hurt = CardView(1, "Ember Hound", stats=(("ATK/DEF", "600/300"), ("damage", "200")))
    assert changes(_view([], [], [hound], [], 4000), _view([], [], [hurt], [], 4000)) == ["Ember Hound: damage 0 -> 200"]
    dead = changes(_view([], [], [hound], [], 4000), _view([], [], [], [], 4000, [CardView(1, "Ember Hound")]))
    assert dead == ["Ember Hound: P0's resonators -> graveyard"]
    assert "Secret Card" not in "\n".join(lines)


@pytest.mark.parametrize("game", ["force_of_will"])  # on that game's worker (conftest.py)
def test_the_log_never_names_a_card_the_viewer_cannot_see(played, game):
    """The bot putting a card face down into its standby area (CR 310.2) was logged with the card's
    name ("bot: Put Undertow Serpent into the standby area"); the log tells it as "a card"."""
    text, data = played["force_of_will"]
    log = _log_lines(text)
    assert [ln for ln in log if ln.startswith("bot: Put a card into the standby area")]
    assert not [ln for ln in log if re.match(r"bot: Put (?!a card).* into the standby area", ln)]
    replay = [m.description for m in play_replay(data) if m.description.startswith("Put ") and "standby" in m.description]
    assert replay and all("a card" not in d for d in replay)  # the replay (both sides seen) names them


def test_mask_hidden_tells_a_hidden_card_as_a_card():
    from tcg_env.view import mask_hidden

    secret, seen = CardView(2, "Undertow Serpent"), CardView(1, "Ember Hound")
    mine = _view([seen], [secret], [], [], 4000)  # the viewer: its own hand, the bot's hand hidden
    everything = BoardView("T", 1, 0, "main phase", "", (mine.players[0], PlayerView(
        (("life", 4000),), (AreaView("hand", (2,), (secret,), "inline"),))))
    assert mask_hidden("Put Undertow Serpent into the standby area", [mine, mine], [everything, everything]) == (
        "Put a card into the standby area")
    assert mask_hidden("Discard Ember Hound", [mine, mine], [everything, everything]) == "Discard Ember Hound"
    # a copy you can see does not make the hidden card the action points at public: the bot putting
    # its top card back, when you hold a card of that name (real decks share names)
    twin = CardView(5, "Undertow Serpent")
    yours = _view([twin], [secret], [], [], 4000)
    assert mask_hidden("Put Undertow Serpent on top of the deck", [yours, yours], [everything, everything]) == (
        "Put Undertow Serpent on top of the deck")  # which card it was is unknown: the name stays
    assert mask_hidden("Put Undertow Serpent on top of the deck", [yours, yours], [everything, everything],
                       card=(secret.slot, secret.name)) == "Put a card on top of the deck"
    assert mask_hidden("Put Kiln Brute on top of the deck", [yours, yours], [everything, everything],
                       card=(40, "Kiln Brute")) == "Put a card on top of the deck"  # a deck card no view lists
    assert mask_hidden("Target Undertow Serpent", [yours, yours], [everything, everything],
                       card=(twin.slot, twin.name)) == "Target Undertow Serpent"  # the card pointed at is one you see


@pytest.mark.parametrize("game", ["fftcg"])  # on that game's worker (conftest.py)
def test_a_question_mark_reads_a_card_during_play(capsys, monkeypatch, game):
    """A player of real cards needs their text: ``? NAME`` (or ``? NUMBER``) at the prompt prints the
    card as `tcg cards show` does and asks again; an unknown name is one line; nothing is played."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("? Ember Knight\n? ff1-002\n? ember kni\n? Nobody At All\n?\nq\n"))
    assert main(["play", "--game", "fftcg", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    knight = [ln for ln in out.splitlines() if "Ember Knight [FF1-002]" in ln]
    assert len(knight) == 3, out[-3000:]  # by name, by number (any case) and by the start of its name
    assert out.count("text: Brave. When Ember Knight attacks") == 3
    assert "unknown card 'Nobody At All'" in out
    assert "? and a card's name or number: e.g. ? " in out
    assert "You quit after" in out and "you: " not in out  # nothing of yours was played
