"""The ``tcg`` command line (``python -m tcg_env`` works too). Details: docs/cli.md.

    tcg matchup --game fftcg --agent heuristic --games 200 --out results/
    tcg matchup --decks fire_wind_aggro my_deck.txt --agents heuristic random --games 400
    tcg matchup --game fftcg --rules 2014 --games 100   (FF-TCG under its 2014 rules: the game fftcg_2014)
    tcg play --bot heuristic --deck fire_wind_aggro --bot-deck ice_water_control --seed 7 --save-replay game.json
    tcg replay game.json [--step]
    tcg deck validate my_deck.txt [--format limited]
    tcg cards list [--element fire --type forward]
    tcg cards show FF1-001
    tcg cards import --game fftcg real_cards.json --out real.json   (then --cards real.json)
    tcg bench --game fftcg --seconds 10
    tcg games / tcg decks --game fftcg
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path


class CLIError(Exception):
    """A problem to report as ``tcg <command>: error: ...`` (one line) with exit status 2."""


def _fmt_rate(r: float) -> str:
    return f"{r:,.0f}" if r >= 10 else f"{r:.2g}"


# ----------------------------------------------------------------------------------------------
# First run: say that the kernels compile before they do
# ----------------------------------------------------------------------------------------------
def compile_notice(game: str, parts: tuple[str, ...] = ("row",), stream=None) -> bool:
    """Print "compiling the <game> engine: first run only, ..." to stderr when an entry kernel of
    ``parts`` ("row": one game, for play and replay; "batch": many rows, for matchups and benchmarks)
    is not in numba's cache yet for this game (the first call then compiles for a minute or more,
    where the command would otherwise sit at 0% and report a rate of 0.02 games/s). True if printed."""
    from tcg_env.engine.cache import is_cached

    spec = _check_game(game)
    kernels = [k for part in parts for k in spec.kernels.entry_kernels(part)]
    if is_cached(*kernels, game=spec.kernels.rules):
        return False
    stream = stream if stream is not None else sys.stderr
    stream.write(f"compiling the {spec.title} engine: first run only, about a minute "
                 "(numba keeps the kernels in its on-disk cache)\n")  # fmt: skip
    stream.flush()
    return True


def _check_folder(path: str, option: str, what: str) -> None:
    """Make the folder ``path`` of ``option`` now (before a compile or a long run), or a CLIError
    naming the option, the path and why it cannot be."""

    from tcg_env.cards.files import path_problem

    try:
        Path(path).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CLIError(f"{option} {path}: cannot write {what} there: {path_problem(Path(path), exc, folder=True)}") from None


# ----------------------------------------------------------------------------------------------
# tcg matchup
# ----------------------------------------------------------------------------------------------
def _cmd_matchup(args) -> int:
    from tcg_env.matchup import MatchupProgress, format_table, make_params, run_matchup

    agents = args.agents
    make_params(args.game, args.decks, args.agent, agents, args.games, args.seed, args.shard_size, args.variant,
                cards=args.cards)  # every input checked before the notice and the compile
    if args.out:
        _check_folder(args.out, "--out", "the results")
    compiled = compile_notice(args.game, ("batch", "row"))
    bar = MatchupProgress("matchup", enabled=not args.quiet)  # tqdm on stderr; the rate starts after the compile
    try:
        res = run_matchup(
            game=args.game, decks=args.decks, agent=args.agent, agents=agents, games=args.games, seed=args.seed,
            out=args.out, backend=args.backend, workers=args.workers, shard_size=args.shard_size,
            variant=args.variant, progress=bar, cards=args.cards,
        )  # fmt: skip
    finally:
        bar.close()
    print(format_table(res))
    a, b = res.params["agents"]
    who = f"{a} agents" if a == b else f"{a} vs {b}"
    already = res.games_total - res.games_played
    line = f"{res.games_total:,} games ({who}, seed {args.seed}, backend {args.backend})"
    if res.games_played:
        line += f"; played {res.games_played:,} now in {res.seconds:.1f} s ({_fmt_rate(res.games_played / max(res.seconds, 1e-9))} games/s"
        line += ", the first compile included)" if compiled else ")"
    if already:
        line += f"; {already:,} read back from the results stream"
    print(line)
    if args.out:
        from tcg_env.matchup import STREAM_NAME

        print("wrote " + ", ".join(res.files) + f" (results stream: {Path(args.out) / STREAM_NAME})")
    return 0


# ----------------------------------------------------------------------------------------------
# tcg play
# ----------------------------------------------------------------------------------------------
def _read_line(prompt: str) -> str | None:
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if line == "":
        return None  # end of input
    return line.strip()


def _cmd_play(args) -> int:
    from tcg_env.game import SEED_MAX, _resolve_seed
    from tcg_env.matchup import MatchupError, _make_agent
    from tcg_env.replay import Recorder
    from tcg_env.view import PASS

    spec = _check_game(args.game)
    pool = _pool(args) if args.cards else None
    if args.save_replay:  # fail now, not after a whole game
        from tcg_env.cards.files import NotWritableError, check_writable

        try:
            check_writable(args.save_replay)
        except NotWritableError as exc:
            raise CLIError(f"--save-replay {args.save_replay}: cannot write the replay there: {exc.reason}") from None
    if args.cards and not (args.deck and args.bot_deck):
        raise CLIError("--cards needs --deck and --bot-deck built from that pool (the built-in decks use the built-in pool)")
    defaults = spec.default_decks()
    deck = args.deck or defaults[0]
    bot_deck = args.bot_deck or defaults[1]
    seed = _resolve_seed(args.seed)
    you = args.seat
    try:
        bot = _make_agent(args.bot, args.game)
    except MatchupError as exc:
        raise CLIError(str(exc)) from None
    bot.reset(seed=(seed + 1) % (SEED_MAX + 1))  # the bot's own stream, another valid seed
    decks = (deck, bot_deck) if you == 0 else (bot_deck, deck)
    players = ["you", f"bot:{args.bot}"] if you == 0 else [f"bot:{args.bot}", "you"]
    compile_notice(args.game, ("row",))
    rec = Recorder(args.game, decks, seed, variant=args.variant, players=players, pool=pool)
    game = rec.game
    print(f"{spec.title}: you are player {you} ({deck}), the {args.bot} bot is player {1 - you} ({bot_deck}); seed {seed}")
    print("Type the number of an action, ? and a card's name or number to read the card, or q to quit.\n")
    your_cards = {rec.pool.index[n] for n in rec.decks[you]["cards"]}
    log = _play_log(game, you, ["you", "the bot"] if you == 0 else ["the bot", "you"],
                    ["you", "bot"] if you == 0 else ["bot", "you"])  # fmt: skip
    quit_ = False
    while not game.done:
        p = game.current_player
        legal = [int(a) for a in game.legal_actions()]
        if p != you:
            a = int(bot.act(game.observe(p), game.action_mask(), game))
            desc = game.describe_action(a, public=True)  # the bot's hand is hidden from you
            card = game.action_card(a)  # a card hidden from you before and after is told as "a card"
            rec.step(a)
            log.step(p, desc, quiet=a == PASS, forced=False, card=card)
            continue
        if len(legal) == 1:
            desc = game.describe_action(legal[0])
            rec.step(legal[0])
            log.step(p, desc, quiet=legal[0] == PASS, forced=True)
            continue
        log.shown()
        print()
        print(game.render(viewer=you))  # only what your seat may see (never the bot's hand)
        print(f"Your decision ({game.decision.name.replace('_', ' ').lower()}):")
        for i, a in enumerate(legal, start=1):
            print(f"  {i:2d}. {game.describe_action(a)}")
        while True:
            line = _read_line(f"choose 1-{len(legal)} (q quits): ")
            if line is None:
                print("\nend of input: quitting")
                quit_ = True
                break
            if line.lower() in ("q", "quit", "exit"):
                quit_ = True
                break
            if line.startswith("?"):
                print(_card_help(args.game, rec.pool, line[1:].strip(), your_cards))
                continue
            if line.isascii() and line.isdigit() and 1 <= int(line) <= len(legal):
                a = legal[int(line) - 1]
                desc = game.describe_action(a)
                rec.step(a)
                log.step(p, desc, quiet=False)
                break
            print(f"  {line!r} is not a choice: type a number from 1 to {len(legal)}, ? and a card's name, or q to quit")
        if quit_:
            break
    log.flush()
    print()
    print(game.render(viewer=you))
    if game.done:
        w = game.winner
        print("Game over: " + ("draw" if w == -1 else ("you win!" if w == you else f"the {args.bot} bot wins")))
    else:
        print(f"You quit after {len(rec.actions)} actions (turn {game.turn}).")
    if args.save_replay:
        path = rec.save(args.save_replay)
        print(f"replay saved to {path} ({len(rec.actions)} actions)")
    return 0


CARD_HELP_MAX = 4  # `? NAME` prints at most this many cards of that name; more: their numbers


def _card_help(game: str, pool, key: str, yours: set) -> str:
    """What ``? KEY`` prints in ``tcg play``: the card(s) of the pool with that number or name, as
    `tcg cards show` prints them. A name printed on several cards (real pools reprint names) shows
    the ones in your deck, else every one (up to CARD_HELP_MAX; past it, their numbers), from the
    whole pool: an answer never tells what the bot's deck holds."""
    if not key:
        return "  ? and a card's name or number: e.g. ? " + pool.names[min(yours)]
    low = key.casefold()
    hits = [i for i, num in enumerate(pool.numbers) if num.casefold() == low]
    hits = hits or [i for i, name in enumerate(pool.names) if name.casefold() == low]
    # the start of a name ("? Ignis" for "Ignis, Ember Sovereign"; as for a whole name, the cards of your deck first)
    hits = hits or [i for i, name in enumerate(pool.names) if name.casefold().startswith(low)]
    hits = [i for i in hits if i in yours] or hits
    if not hits:
        try:
            _find_card(pool, key)  # the unknown-card message, with the near names
        except CLIError as exc:
            return f"  {exc}"
    if len(hits) > CARD_HELP_MAX:
        return (f"  {key!r} names {len(hits)} cards; type ? and one number: "
                + ", ".join(pool.numbers[i] for i in hits))
    return "\n".join(line for cid in hits for line in _card_lines(game, pool, cid))


def _play_log(game, viewer, who, actor, current=None):
    """The play log (:class:`tcg_env.view.PlayLog`) of ``game`` (``current()``: the game now, when
    that object changes) as seat ``viewer`` sees it (None: everything, a replay), printed to stdout;
    for a game without ``public_view``, one line per action."""
    from tcg_env.view import PlayLog

    if game.spec.public_view is None:
        return _PlainLog(actor)
    current = current or (lambda: game)
    everything = (lambda: current().spec.public_view(current(), None)) if viewer is not None else None
    return PlayLog(lambda: current().spec.public_view(current(), viewer), who, actor, write=print, everything=everything)


class _PlainLog:
    def __init__(self, actor):
        self.actor = actor

    def step(self, player, desc, quiet, forced=False, number=None):
        head = f"{number:5d}. " if number is not None else ""
        print(f"{head}{self.actor[player]}: {desc}" + ("  [only choice]" if forced else ""))

    def flush(self):
        pass

    shown = flush


# ----------------------------------------------------------------------------------------------
# tcg replay
# ----------------------------------------------------------------------------------------------
def _cmd_replay(args) -> int:
    from tcg_env.replay import ReplayError, check_result, load_replay, play_replay, start_game

    try:
        data = load_replay(args.file)
        names = [d.get("name", f"deck {i}") if isinstance(d, dict) else f"deck {i}" for i, d in enumerate(data["decks"])]
        players = data.get("players") or ["player 0", "player 1"]
        print(f"Replay {args.file}: {data['game']} ({data.get('variant', 'default rules')}), seed {data['seed']}, "
              f"{len(data['actions'])} actions")  # fmt: skip
        for i in (0, 1):
            print(f"  player {i}: {players[i] if i < len(players) else '?'} with {names[i]}")
        pool = None
        if args.cards:
            args.game = data["game"]
            pool = _pool(args)
        compile_notice(data["game"], ("row",))
        game = start_game(data, args.file, pool)
        if args.step:
            print()
            print(game.render())
        # the log sees everything (a replay has no hidden side); its moves are numbered
        holder = [game]
        log = _play_log(game, None, ["P0", "P1"], ["P0", "P1"], current=lambda: holder[0])
        if args.step:
            log.shown()
        from tcg_env.view import PASS

        for move in play_replay(data, args.file, pool):
            holder[0] = move.game
            if args.step:
                line = _read_line(f"[Enter: move {move.index + 1}/{len(data['actions'])}, q quits] ")
                if line is None or line.lower() == "q":
                    print("stopped")
                    return 0
            # with --step every move is its own line; else a run of passes is one line
            log.step(move.player, move.description, quiet=move.action == PASS and not args.step,
                     forced=move.choices == 1, number=move.index + 1)  # fmt: skip
            if args.step:
                print(move.game.render())
                log.shown()  # the board says where the game is
        log.flush()
        game = holder[0]
        print()
        print(game.render())
        check_result(data, game, args.file)
    except ReplayError as exc:
        raise CLIError(str(exc)) from None
    res = data.get("result") or {}
    status = "finished" if game.done else "unfinished (the recording stopped here)"
    print(f"Replay {status}; the final state matches the recording" if res.get("state_sha256") else f"Replay {status}")
    return 0


# ----------------------------------------------------------------------------------------------
# tcg deck validate / tcg cards
# ----------------------------------------------------------------------------------------------
def _check_game(game: str):
    """The game's spec, or a CLIError naming the known games (before anything else runs)."""
    import tcg_env

    try:
        return tcg_env.get_spec(game)
    except ValueError as exc:
        raise CLIError(str(exc)) from None


def _pool(args):
    """The card pool of ``--cards POOL`` (an imported or hand-written card file), else the game's
    built-in pool. A raw card database is refused with the import command to run."""
    spec = _check_game(args.game)
    if getattr(args, "cards", None):
        from tcg_env.cards.files import load_game_pool

        try:
            return load_game_pool(args.game, args.cards)
        except (ValueError, OSError) as exc:
            raise CLIError(str(exc)) from None
    return spec.load_tables()


def _cmd_cards_import(args) -> int:
    """Import a raw card database (a published card list) as a card pool file for --cards."""
    from tcg_env.cards.files import NotWritableError, check_writable, import_card_file, write_pool

    _check_game(args.game)
    try:
        if str(args.out).lower().endswith(".json"):  # else write_pool names the suffix to use
            check_writable(args.out)  # a place that cannot be written fails before the import
        if args.report is not None:
            if not str(args.report).lower().endswith(".json"):
                raise CLIError(f"--report {args.report}: the report is JSON: name it "
                               f"{Path(args.report).with_suffix('.json').name}")  # fmt: skip
            try:
                check_writable(args.report)
            except NotWritableError as exc:
                raise CLIError(f"--report {exc.path}: cannot write the report there: {exc.reason}") from None
        res = import_card_file(args.game, args.file)
        report = res.report() if args.report is not None else None
        cards = res.complete if args.complete_only else list(res)
        if not cards:
            raise CLIError(f"{args.file}: no card could be imported; nothing written")
        out = write_pool(args.game, cards, args.out, source=str(args.file))
    except NotWritableError as exc:
        raise CLIError(f"--out {exc.path}: cannot write the card pool there: {exc.reason}") from None
    except (ValueError, OSError) as exc:
        raise CLIError(str(exc)) from None
    print(res.summary())
    for reason, n in sorted(res.skipped.items(), key=lambda x: (-x[1], x[0])):
        examples = res.skipped_numbers.get(reason, [])[:3]
        print(f"  skipped {n:5d} {reason}" + (f" (e.g. {', '.join(examples)})" if examples else ""))
    if getattr(res, "unsupported", None):
        n_lines = sum(len(v) for v in res.unsupported.values())
        what = "dropped" if args.complete_only else "imported without them"
        # the card-text compiler's verdict (docs/<game>/card-text.md): lines no rule of the grammar parses,
        # or that parse into something the engine does not run
        print(f"  {len(res.unsupported)} cards have ability lines the card-text grammar does not compile "
              f"({n_lines} lines unsupported; {what})")
    for err in res.errors[:5]:
        print(f"  invalid: {err}")
    if res.coverage_text():
        print("  " + res.coverage_text())
    print(f"wrote {len(cards)} cards to {out}; use it with --cards {out}")
    if report is not None:
        try:
            Path(args.report).write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        except OSError as exc:
            raise CLIError(f"--report {args.report}: cannot write the report there: {exc.strerror or exc}") from None
        print(f"wrote the card-text coverage report to {args.report}")
    return 0


def _cmd_deck_like(args) -> int:
    """A deck of the card pool shaped like a built-in deck (tcg_env.cards.deck_like), as a deck file."""
    from tcg_env.cards.deck_like import deck_like_named
    from tcg_env.cards.decks import Deck, deck_to_text
    from tcg_env.cards.files import NotWritableError, check_writable

    spec = _check_game(args.game)
    if args.like is not None and args.like not in spec.list_decks():
        raise CLIError(f"--like {args.like}: not a built-in {args.game} deck; choose from {', '.join(spec.list_decks())}")
    if not str(args.out).lower().endswith(".txt"):
        raise CLIError(f"--out {args.out}: the deck is written as a text deck list: name it {Path(args.out).with_suffix('.txt').name}")
    try:
        check_writable(args.out)
    except NotWritableError as exc:
        raise CLIError(f"--out {exc.path}: cannot write the deck there: {exc.reason}") from None
    pool = _pool(args)
    try:
        like, numbers = deck_like_named(args.game, pool, args.like, seed=args.seed)
    except ValueError as exc:
        raise CLIError(str(exc)) from None
    deck = spec.load_deck(pool, numbers, None)
    deck = Deck(name=f"{Path(args.out).stem}", card_ids=deck.card_ids, format=deck.format,
                description=f"built by tcg deck like from {args.cards} in the shape of {like}")  # fmt: skip
    Path(args.out).write_text(deck_to_text(pool, deck), encoding="utf-8")
    print(f"wrote {args.out}: {len(numbers)} cards, {spec.deck_summary(pool, deck)}")
    return 0


def _cmd_deck_validate(args) -> int:
    spec = _check_game(args.game)
    if args.format and args.format not in spec.variants:
        raise CLIError(f"{args.game} has no deck format {args.format!r}; its formats: {', '.join(spec.variants)}")
    pool = _pool(args)
    bad = 0
    for f in args.files:
        try:
            deck = spec.load_deck(pool, f, args.format)  # None: the format the deck list names
        except ValueError as exc:
            bad += 1
            print(f"error: {exc}", file=sys.stderr)
            continue
        ids = deck.card_ids
        fmt = f" ({args.format or deck.format})" if len(spec.variants) > 1 else ""
        print(f"{f}: ok: {deck.name!r}, {len(ids)} cards{fmt}, {len(set(ids.tolist()))} different; "
              + spec.deck_summary(pool, deck))  # fmt: skip
    if bad:
        print(f"{bad} of {len(args.files)} deck(s) invalid", file=sys.stderr)
        return 1
    return 0


CARD_FILTERS = ("element", "color", "attribute", "will", "type", "cost", "level")  # tcg cards list --<filter>; a game has some


def _cmd_cards_list(args) -> int:
    spec = _check_game(args.game)
    pool = _pool(args)
    attrs = spec.card_attributes(pool)
    wanted = {f: getattr(args, f) for f in CARD_FILTERS if getattr(args, f) is not None}
    keep = [True] * pool.n_cards
    for f, value in wanted.items():
        if f not in attrs:
            raise CLIError(f"--{f} is not a filter of {spec.title} cards; its filters: "
                           + ", ".join(f"--{a}" for a in attrs))  # fmt: skip
        values, choices = attrs[f]
        if choices is not None:
            value = str(value).lower()
            if value not in choices:
                raise CLIError(f"unknown {f} {value!r}; choose from {', '.join(choices)}")
        keep = [k and v == value for k, v in zip(keep, values)]
    n = 0
    for cid in range(pool.n_cards):
        if keep[cid]:
            print(pool.describe_card(cid))
            n += 1
    print(f"{n} of {pool.n_cards} cards", file=sys.stderr)
    return 0


def _find_card(pool, key: str) -> int:
    if key in pool.index:
        return pool.index[key]
    low = key.casefold()
    by_num = [i for i, num in enumerate(pool.numbers) if num.casefold() == low]
    by_name = [i for i, name in enumerate(pool.names) if name.casefold() == low]
    hits = by_num or by_name
    if len(hits) == 1:
        return hits[0]
    if len(hits) > 1:
        raise CLIError(f"{key!r} names {len(hits)} cards: " + ", ".join(pool.numbers[i] for i in hits))
    # the start of a name ("Ignis" for "Ignis, Ember Sovereign"): the one card it begins, or the names it begins
    starts = [i for i, name in enumerate(pool.names) if name.casefold().startswith(low)]
    if len(starts) == 1:
        return starts[0]
    if len(starts) > 1:
        raise CLIError(f"{key!r} begins {len(starts)} cards' names: "
                       + ", ".join(f"{pool.names[i]} [{pool.numbers[i]}]" for i in starts[:8])
                       + (", ..." if len(starts) > 8 else ""))
    import difflib

    near = difflib.get_close_matches(key, list(pool.numbers) + list(pool.names), n=3, cutoff=0.6)
    hint = f"; did you mean {', '.join(repr(x) for x in near)}?" if near else " (see `tcg cards list`)"
    raise CLIError(f"unknown card {key!r}{hint}")


def _card_lines(game: str, pool, cid: int) -> list[str]:
    """A card as `tcg cards show` prints it: its description, its text with how each line compiled
    ([exact] / [approximate: name] / [unsupported: not compiled], for cards imported with their
    text), its compiled abilities, and what each approximation changes."""
    m = pool.models[cid]
    out = [pool.describe_card(cid)]
    extra = []
    if getattr(m, "job", None):
        extra.append(f"job {m.job}")
    if getattr(m, "category", None):
        extra.append(f"category {m.category}")
    if getattr(m, "keywords", None):
        extra.append("keywords " + ", ".join(m.keywords))
    if getattr(m, "generic", False):
        extra.append("generic")
    if getattr(m, "ex_burst", False):
        extra.append("EX Burst")
    extra += pool.field_words(cid)
    if extra:
        out.append("  " + "; ".join(extra))
    uncompiled = set(getattr(m, "uncompiled", ()))
    approximate = dict(getattr(m, "approximate", {}))
    from_text = getattr(m, "text_compiled", False)
    for i, line in enumerate(m.text.splitlines()):
        line = line.strip()
        if line in uncompiled:
            mark = "  [unsupported: not compiled]"
        elif line in approximate:
            mark = f"  [approximate: {', '.join(approximate[line])}]"
        else:
            mark = "  [exact]" if from_text else ""
        out.append(f"  {'text:' if i == 0 else '':5s} {line}{mark}")
    # one line per printed ability: a "Choose one" ability's modes are rows of their own with its source and
    # summary (they were printed once per mode, 3-6 times)
    src = pool.ability_source
    for _, summary in dict.fromkeys((src[r] if r < len(src) else r, pool.ability_summary(r))
                                    for r in pool.ability_rows(cid)):
        out.append(f"  ability: {summary}")
    if approximate:
        from tcg_env.cards.text import approximations_of

        known = approximations_of(game)
        for name in dict.fromkeys(n for names in approximate.values() for n in names):
            differs = known.get(name, f"see docs/{game}/card-text.md")
            out.append(f"  (approximate: {name}: {differs})")
    if uncompiled:
        out.append("  (the engine plays this card without the lines marked [unsupported: not compiled]: no ability implements them)")
    return out


def _cmd_cards_show(args) -> int:
    pool = _pool(args)
    for key in args.ids:
        print("\n".join(_card_lines(args.game, pool, _find_card(pool, key))))
    return 0


# ----------------------------------------------------------------------------------------------
# tcg games / decks / bench
# ----------------------------------------------------------------------------------------------
def _cmd_games(args) -> int:
    import tcg_env

    for g in tcg_env.list_games():
        spec = tcg_env.get_spec(g)
        rules = f"; --rules {', '.join(spec.rule_sets)}" if spec.rule_sets else ""
        print(f"{g:10s} {spec.title} (env {spec.env_name}, {spec.num_actions} actions, obs {spec.obs_size}{rules})")
    return 0


def _cmd_decks(args) -> int:
    import tcg_env

    _check_game(args.game)
    for d in tcg_env.list_decks(args.game):
        print(d)
    return 0


def _cmd_bench(args) -> int:
    import runpy

    _check_game(args.game)  # before anything runs
    if not (args.seconds > 0 and math.isfinite(args.seconds)):
        raise CLIError(f"--seconds must be a positive number, got {args.seconds}")
    name = {"engine": "bench_engine.py", "matchup": "bench_matchup.py"}[args.what]
    script = Path(__file__).resolve().parents[1] / "benchmarks" / name
    if not script.exists():
        raise CLIError(f"benchmarks/{name} is part of the source checkout")
    compile_notice(args.game, ("batch",) if args.what == "engine" else ("batch", "row"))
    sys.argv = [str(script), "--game", args.game, "--seconds", str(args.seconds)]
    runpy.run_path(str(script), run_name="__main__")
    return 0


# ----------------------------------------------------------------------------------------------
def _positive_int(s: str) -> int:
    try:
        v = int(s)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{s!r} is not an integer") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"must be >= 1, got {v}")
    return v


def _seed(s: str) -> int:
    """A game seed: an integer in 0..2**63-1 (tcg_env.game.check_seed, the one check)."""
    from tcg_env.game import check_seed

    try:
        value: object = int(s)
    except ValueError:
        value = s  # not an integer: check_seed names it, in the words every entry point uses
    try:
        return check_seed(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _game_options(parser) -> None:
    """--game and --rules (main() resolves the pair to the registered game that plays it)."""
    parser.add_argument("--game", default="fftcg")
    parser.add_argument("--rules", default=None, metavar="RULES",
                        help="a rule set of the game (fftcg: 2016, the default, or 2014: the game fftcg_2014)")


def build_parser() -> argparse.ArgumentParser:
    from tcg_env import __version__

    ap = argparse.ArgumentParser(prog="tcg", description="tcg_env: trading card game environments")
    ap.add_argument("--version", action="version", version=f"tcg_env {__version__}")
    sub = ap.add_subparsers(dest="cmd", required=True, metavar="COMMAND")

    m = sub.add_parser("matchup", help="simulate deck matchups (round robin) with win rates and 95%% intervals",
                       description="Simulate deck matchups. Without --decks: every built-in deck, round robin. "
                                   "Results stream to OUT/matchup_stream.jsonl; rerunning the same command resumes.")
    _game_options(m)
    m.add_argument("--decks", nargs="+", default=None, metavar="DECK",
                   help="built-in deck names or deck files (default: every built-in deck)")
    m.add_argument("--agent", default=None,
                   help="agent for every seat (default random): random, heuristic, search, neural; options as "
                        "NAME:key=value,... (search:simulations=64, neural:checkpoint=policy.pt)")
    m.add_argument("--agents", nargs=2, default=None, metavar=("A", "B"),
                   help="two agents: A with each deck against B with each deck (mirrors included)")
    m.add_argument("--games", type=_positive_int, default=200, help="games per pair (both seat orders of each seed)")
    m.add_argument("--seed", type=_seed, default=0, help="game g of a pair uses seed + g // 2")
    m.add_argument("--out", default=None, help="folder for the results stream, matchups.csv/json and heatmap.png")
    m.add_argument("--backend", choices=("local", "ray"), default="local")
    m.add_argument("--workers", type=_positive_int, default=None,
                   help="local: kernel threads (processes for search/neural agents); ray: CPUs of the local Ray instance")
    m.add_argument("--shard-size", type=_positive_int, default=128, help="games per unit of work (default 128)")
    m.add_argument("--variant", default=None, help="rules variant (fftcg: constructed, limited)")
    m.add_argument("--cards", default=None, metavar="POOL",
                   help="card pool file the decks are built from (e.g. one `tcg cards import` wrote; default: the built-in pool)")
    m.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    m.set_defaults(fn=_cmd_matchup)

    p = sub.add_parser("play", help="play a bot in the terminal")
    _game_options(p)
    p.add_argument("--bot", default="heuristic",
                   help="the bot's agent (default heuristic); options as NAME:key=value,... (search:simulations=64)")
    p.add_argument("--deck", default=None, help="your deck: built-in name or file")
    p.add_argument("--bot-deck", default=None, help="the bot's deck: built-in name or file")
    p.add_argument("--seed", type=_seed, default=None, help="game seed (default: random, printed)")
    p.add_argument("--seat", type=int, choices=(0, 1), default=0, help="your seat (default 0)")
    p.add_argument("--variant", default=None)
    p.add_argument("--save-replay", default=None, metavar="FILE", help="write the game as a replay JSON")
    p.add_argument("--cards", default=None, metavar="POOL", help="card pool file (default: the built-in pool)")
    p.set_defaults(fn=_cmd_play)

    r = sub.add_parser("replay", help="play back a replay JSON")
    r.add_argument("file")
    r.add_argument("--step", action="store_true", help="wait for Enter between moves and show the board")
    r.add_argument("--cards", default=None, metavar="POOL", help="the card pool the game was played with (tcg play --cards)")
    r.set_defaults(fn=_cmd_replay)

    d = sub.add_parser("deck", help="deck tools")
    dsub = d.add_subparsers(dest="deck_cmd", required=True, metavar="SUBCOMMAND")
    dv = dsub.add_parser("validate", help="check deck files (size, copies, known cards)")
    dv.add_argument("files", nargs="+", metavar="FILE")
    dv.add_argument("--format", default=None,
                    help="check against this format, one of the game's rules variants (fftcg: constructed, limited; "
                         "default: the format the deck file names, else constructed)")
    _game_options(dv)
    dv.add_argument("--cards", default=None, help="card pool file (default: the built-in pool)")
    dv.set_defaults(fn=_cmd_deck_validate)
    dl = dsub.add_parser("like", help="build a deck of a card pool shaped like a built-in deck",
                         description="Build a deck from a card pool (e.g. one made by `tcg cards import`) with the "
                                     "shape of a built-in deck: each card replaced by a pool card of the same type, "
                                     "element or colour and cost where the pool has one, cards whose text compiled "
                                     "whole first. Checked by the game's deck rules.")
    _game_options(dl)
    dl.add_argument("--cards", required=True, metavar="POOL", help="the card pool to build from")
    dl.add_argument("--like", default=None, metavar="DECK", help="the built-in deck to copy the shape of (default: the first one, default decks first, the pool can fill)")
    dl.add_argument("--seed", type=int, default=0, help="which of the fitting cards (default 0)")
    dl.add_argument("--out", required=True, metavar="DECK.txt", help="the deck list to write")
    dl.set_defaults(fn=_cmd_deck_like)

    c = sub.add_parser("cards", help="browse the card pool")
    csub = c.add_subparsers(dest="cards_cmd", required=True, metavar="SUBCOMMAND")
    cl = csub.add_parser("list", help="list cards")
    cl.add_argument("--element", default=None, help="fftcg: fire, ice, ...")
    cl.add_argument("--color", default=None, help="weiss_schwarz: yellow, green, red, blue, purple")
    cl.add_argument("--attribute", default=None, help="force_of_will: light, fire, water, wind, darkness, void, fire/wind ...")
    cl.add_argument("--will", default=None, help="force_of_will: the will a card produces: fire, fire/wind, void ... (none: no will)")
    cl.add_argument("--type", default=None)
    cl.add_argument("--cost", type=int, default=None)
    cl.add_argument("--level", type=int, default=None, help="weiss_schwarz: the card's level")
    _game_options(cl)
    cl.add_argument("--cards", default=None, help="card pool file (default: the built-in pool)")
    cl.set_defaults(fn=_cmd_cards_list)
    cs = csub.add_parser("show", help="show cards by number or name")
    cs.add_argument("ids", nargs="+", metavar="ID")
    _game_options(cs)
    cs.add_argument("--cards", default=None, help="card pool file (default: the built-in pool)")
    cs.set_defaults(fn=_cmd_cards_show)
    ci = csub.add_parser("import", help="import a real card database (JSON) as a card pool for --cards",
                         description="Import a published card list (FF-TCG: the FFTCGSim or ffdecks JSON layout; "
                                     "Weiss Schwarz: the English card database JSON) as a card pool file. Prints what "
                                     "was imported and what was skipped, counted by reason.")
    ci.add_argument("file", metavar="FILE")
    _game_options(ci)
    ci.add_argument("--out", required=True, metavar="POOL", help="the card pool file to write (.json)")
    ci.add_argument("--complete-only", action="store_true",
                    help="keep only cards whose every ability line compiles (exact or approximate)")
    ci.add_argument("--report", default=None, metavar="REPORT.json",
                    help="write the card-text coverage report (cards and lines exact, approximate, unsupported; "
                         "per set; the most common unsupported sentence shapes) as JSON")
    ci.set_defaults(fn=_cmd_cards_import)

    g = sub.add_parser("games", help="list the games")
    g.set_defaults(fn=_cmd_games)
    dk = sub.add_parser("decks", help="list a game's built-in decks")
    _game_options(dk)
    dk.set_defaults(fn=_cmd_decks)
    b = sub.add_parser("bench", help="throughput benchmarks")
    _game_options(b)
    b.add_argument("--seconds", type=float, default=10.0)
    b.add_argument("--what", choices=("engine", "matchup"), default="engine",
                   help="engine: batch random play (default); matchup: complete games/s per agent")
    b.set_defaults(fn=_cmd_bench)
    return ap


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    from tcg_env.matchup import MatchupError

    try:
        if getattr(args, "rules", None) is not None:  # --game fftcg --rules 2014: the game fftcg_2014
            from tcg_env.registry import rules_game

            args.game = rules_game(args.game, args.rules)
        return int(args.fn(args) or 0)
    except (CLIError, MatchupError) as exc:
        print(f"tcg {args.cmd}: error: {exc}", file=sys.stderr)
        return 2
    except ValueError as exc:  # DeckError, CardDataError, unknown game or variant, ...: named by the message
        print(f"tcg {args.cmd}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"\ntcg {args.cmd}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into `head` and the like
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except OSError as exc:  # an --out path that is a file, an unreadable deck, a full disk, ...
        print(f"tcg {args.cmd}: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
