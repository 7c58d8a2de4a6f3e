//! Order and Chaos: our CHAOS player on the CodeChef protocol, the local grader, and the proof of the strategy
//! through the oracle's prover. An [`Interactive`] problem: see [`crate::interactive`] for why.
//!
//! One [`Strategy`] value, held by [`OrderChaos`], is what `play` answers with, what `judge` and `check` play and
//! what `prove` proves: its own table for the final boards, its own answers for the game tree. A strategy changed
//! anywhere is then proved as it is played.

pub mod judge;
pub mod search;
pub mod variants;

use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use arbitrary::Unstructured;
use cases::order_chaos::{Opponent, Script, arbitrary_script, recipe_tables};
use games::Sizes;
use games::order_chaos::{self, Board, Move, Pairing, Reader, Side, Verdict, parse_game_count, parse_move, parse_side};
use indicatif::ProgressBar;
use oracles::order_chaos::prover::{self, Part, Proof, Refutation};
use solvers::order_chaos::Strategy;

use crate::check::{CheckOptions, Summary, Timing};
use crate::draw::order_chaos::Played;
use crate::interactive::{Connection, GameCheck, Interactive, JudgeOptions, Judged, ProveOptions};
use judge::Game;

/// Order and Chaos: the pairing strategy as CHAOS, proved by the oracle over every final board and game tree.
pub struct OrderChaos {
    strategy: Strategy,
}

impl OrderChaos {
    /// The problem with `strategy` as our CHAOS: the one value every command plays and proves.
    pub fn new(strategy: Strategy) -> OrderChaos {
        OrderChaos { strategy }
    }

    /// The problem as registered: the tester's table of the editorial.
    pub fn tester() -> OrderChaos {
        OrderChaos::new(Strategy::tester())
    }

    pub fn strategy(&self) -> &Strategy {
        &self.strategy
    }

    /// Our player on a thread, for `check`, tests and benches: the protocol without a process.
    pub fn our_program(&self) -> io::Result<Connection> {
        let strategy = self.strategy.clone();
        Connection::in_process(move |input, output| {
            // The grader stopping early shows up here as the end of the input; the grader reports it, not the player.
            let _ = play(&strategy, input, output);
        })
    }

    /// A whole game of our strategy against game `index`'s ORDER player, without the protocol: for snapshots and
    /// benches.
    pub fn self_play(&self, seed: u64, index: u64) -> Game {
        let strategy = &self.strategy;
        let (opponent, mut rng) = Opponent::for_game(seed, index, strategy.pairing());
        let mut board = Board::new();
        let mut moves = Vec::new();
        for _ in 0..order_chaos::ROUNDS {
            let order = opponent.next_move(&board, &mut rng);
            board.play(order);
            let answer = strategy.answer(order);
            board.play(answer);
            moves.extend([order, answer]);
        }
        let verdict = judge::verdict(&board).expect("the board is full");
        Game { index, program: Side::Chaos, opponent: Some(opponent), moves, verdict }
    }

    /// The `order_chaos` fuzz target: a strategy (ours or one of the recipe tables, by the first byte) against an
    /// ORDER script built from the rest. Every answer must be legal and every final board a CHAOS win, by the
    /// grader's judge and by the oracle's. Panics otherwise, with the game drawn.
    pub fn fuzz_game(&self, data: &[u8]) {
        static RECIPE: std::sync::OnceLock<Vec<Strategy>> = std::sync::OnceLock::new();
        let recipe = RECIPE.get_or_init(|| {
            recipe_tables().into_iter().map(|t| Strategy::new(t).expect("a recipe table is a pairing")).collect()
        });
        let Some((which, script)) = fuzz_case(data) else { return };
        let strategy = match usize::from(which) % (1 + recipe.len()) {
            0 => &self.strategy,
            k => &recipe[k - 1],
        };
        let mut board = Board::new();
        let mut moves = Vec::new();
        for _ in 0..order_chaos::ROUNDS {
            let Some(order) = script.next_move(&board) else { break };
            board.play(order);
            moves.push(order);
            let answer = strategy.reply(&board, order);
            let Some(answer) = answer.filter(|a| a.cell != order.cell) else {
                panic!("no legal answer to {order}\n{}{}", strategy.pairing(), order_chaos::drawing(&moves));
            };
            board.play(answer);
            moves.push(answer);
        }
        let verdict = judge::verdict(&board).expect("the board is full");
        let oracle = oracles::order_chaos::order_wins(&board);
        assert!(
            verdict == Verdict::ChaosWins && !oracle,
            "{verdict}; oracle: ORDER wins = {oracle}\nscript {script}\n{}{}",
            strategy.pairing(),
            order_chaos::drawing(&moves)
        );
    }

    /// The `order_chaos_parse` fuzz target: arbitrary bytes as the grader's lines to our player, which must end
    /// with games played or a clean error, never a panic or a hang; and every line that parses as a T, side or move
    /// must print back to a line that parses to the same value.
    pub fn fuzz_lines(&self, data: &[u8]) {
        let mut output = Vec::new();
        let _ = play(&self.strategy, &mut &data[..], &mut output);
        let board = Board::new();
        for text in String::from_utf8_lossy(data).lines() {
            if let Ok(mv) = parse_move(1, text, &board) {
                assert_eq!(parse_move(1, &mv.to_string(), &board), Ok(mv), "`{text}` does not round-trip");
            }
            if let Ok(side) = parse_side(1, text) {
                assert_eq!(parse_side(1, side.as_str()), Ok(side), "`{text}` does not round-trip");
            }
            if let Ok(t) = parse_game_count(1, text) {
                assert_eq!(parse_game_count(1, &t.to_string()), Ok(t), "`{text}` does not round-trip");
            }
        }
    }
}

/// Games a bare `check` plays through the protocol (in process, about a second in release).
pub const CHECK_CASES: u64 = 1000;

/// The time limit per line when our own player is the program.
const OUR_TIMEOUT: Duration = Duration::from_secs(10);

/// Our CHAOS player on the protocol: read T, then per game say `CHAOS` and answer each ORDER move with the
/// strategy's, flushing every line. A bad grader line or the end of the input is an error naming the line.
pub fn play(strategy: &Strategy, input: &mut dyn BufRead, output: &mut dyn Write) -> anyhow::Result<u64> {
    let mut reader = Reader::new(input);
    let games = reader.game_count()?;
    for game in 1..=games {
        say(output, Side::Chaos.as_str())?;
        let mut board = Board::new();
        for _ in 0..order_chaos::ROUNDS {
            let order = reader.next_move(Side::Order, &board).map_err(|mut e| {
                e.message = format!("{} (game {game} of T = {games})", e.message);
                e
            })?;
            board.play(order);
            // Pairs fill together, so the partner of ORDER's cell is blank: the walk of the game tree proves it.
            let answer = strategy.reply(&board, order).context("the strategy has no answer: a bug in the table")?;
            board.play(answer);
            say(output, &answer.to_string())?;
        }
    }
    Ok(games as u64)
}

fn say(output: &mut dyn Write, line: &str) -> anyhow::Result<()> {
    writeln!(output, "{line}").and_then(|()| output.flush()).context("writing to the grader")
}

/// The table `--table` names: `tester`, `editorialist`, or a file of six rows of six ids.
pub fn named_table(name: &str) -> anyhow::Result<(String, Pairing)> {
    Ok(match name {
        "tester" => ("the tester's table".into(), Pairing::TESTER),
        "editorialist" => ("the editorialist's table".into(), Pairing::EDITORIALIST),
        path => {
            let text = std::fs::read_to_string(path).with_context(|| format!("reading {path}"))?;
            (format!("the table in {path}"), Pairing::parse(&text)?)
        }
    })
}

/// Which of the editorial's tables a table is (ids aside), for reports.
fn editorial_name(pairing: &Pairing) -> Option<&'static str> {
    let same = |other: &Pairing| other.renumbered() == pairing.renumbered();
    if same(&Pairing::TESTER) {
        Some("tester")
    } else if same(&Pairing::EDITORIALIST) {
        Some("editorialist")
    } else {
        None
    }
}

/// How reports name a strategy's table.
fn table_name(pairing: &Pairing) -> String {
    match editorial_name(pairing) {
        Some(who) => format!("the {who}'s table"),
        None => "the strategy's table".into(),
    }
}

/// The proof of `strategy` through `through`, by the oracle's prover: `strategy`'s own table for the final boards
/// and its own answers for the game tree, so what is proved is what is played.
fn prove_strategy(strategy: &Strategy, through: Part) -> Result<Proof, Refutation> {
    prover::prove(strategy.pairing(), &|board: &Board, order| strategy.reply(board, order), through)
}

/// A line per part of a proof, or the part that failed and its counter-play; whether the proof holds.
fn report_proof(proof: &Result<Proof, Refutation>, report: &mut dyn Write) -> anyhow::Result<bool> {
    match proof {
        Ok(proof) => {
            let boards = proof.final_boards;
            let seconds = boards.time.as_secs_f64();
            writeln!(report, "final boards: {}, none with an exact five-in-a-row ({seconds:.2} s)", boards.count)?;
            if let Some(tree) = proof.game_tree {
                writeln!(
                    report,
                    "game tree: {} positions, CHAOS always has a legal answer and wins every full board ({:.2} s)",
                    tree.count,
                    tree.time.as_secs_f64()
                )?;
            }
            Ok(true)
        }
        Err(refutation) => {
            let part = match refutation.part {
                Part::FinalBoards => "final boards",
                Part::GameTree => "game tree",
            };
            let seconds = refutation.time.as_secs_f64();
            writeln!(report, "{part}: ORDER wins ({seconds:.2} s)\n{}", refutation.counter_play)?;
            Ok(false)
        }
    }
}

/// The pairing search: every recipe table, each constructed as a strategy and proved.
fn prove_all(walk: bool, report: &mut dyn Write) -> anyhow::Result<bool> {
    let clock = Instant::now();
    let tables = recipe_tables();
    writeln!(report, "{} tables follow the editorial's recipe ({:.2} s to enumerate)", tables.len(), elapsed(clock))?;
    let mut proved = 0;
    for (i, &table) in tables.iter().enumerate() {
        let label = match editorial_name(&table) {
            Some(who) => format!("table {} (the {who}'s)", i + 1),
            None => format!("table {}", i + 1),
        };
        let mut buffer = Vec::new();
        let through = if walk { Part::GameTree } else { Part::FinalBoards };
        let ok = match Strategy::new(table) {
            Ok(strategy) => report_proof(&prove_strategy(&strategy, through), &mut buffer)?,
            Err(e) => {
                writeln!(buffer, "not a table CHAOS can play: {e}")?;
                false
            }
        };
        let text = String::from_utf8_lossy(&buffer);
        if ok {
            proved += 1;
            writeln!(report, "{label}: {}", text.trim_end().replace('\n', "; "))?;
        } else {
            writeln!(report, "{label} FAILED:\n{table}{text}")?;
        }
    }
    for (who, table) in [("tester", Pairing::TESTER), ("editorialist", Pairing::EDITORIALIST)] {
        if !tables.iter().any(|t| t.renumbered() == table.renumbered()) {
            writeln!(report, "the {who}'s table is NOT among the recipe tables")?;
            proved = usize::MAX;
        }
    }
    let all = proved == tables.len();
    let checks = if walk { "final boards and game tree" } else { "final boards" };
    writeln!(report, "{proved} of {} tables proved ({checks}) in {:.1} s", tables.len(), elapsed(clock))?;
    Ok(all && !tables.is_empty())
}

fn elapsed(clock: Instant) -> f64 {
    clock.elapsed().as_secs_f64()
}

/// How to play game `index` of `seed` again on its own: `--from` takes the index, which messages show plus one
/// (people count games from 1).
fn replay(seed: u64, index: u64) -> String {
    format!("replay it alone: gamecheck judge order-chaos --seed {seed} --from {index} --games 1 -- PROGRAM")
}

/// The game drawn with its verdict, for failure reports.
fn game_report(game: &Game) -> String {
    format!("{}\n{}", game.summary(), order_chaos::drawing(&game.moves))
}

impl Interactive for OrderChaos {
    fn name(&self) -> &'static str {
        order_chaos::NAME
    }

    fn check_cases(&self) -> u64 {
        CHECK_CASES
    }

    /// The 2^18 final boards of our strategy's table through the oracle, then games of our player through the
    /// protocol (in process) against every kind of ORDER player, each final board judged by the grader's own judge
    /// and by the oracle's. The game-tree walk takes longer: it runs in `prove` and the tests.
    fn check(&self, options: &CheckOptions, progress: &ProgressBar) -> GameCheck {
        let table = table_name(self.strategy.pairing());
        // The failure's moves are drawn for `--report`, once, after the games.
        let mut failed_moves = None;
        let (proof, mut failure, mut oracle_time) = match prove_strategy(&self.strategy, Part::FinalBoards) {
            Ok(proof) => (
                format!(
                    "order-chaos: {} final boards of {table}, none with an exact five ({:.2} s)",
                    proof.final_boards.count,
                    proof.final_boards.time.as_secs_f64()
                ),
                None,
                proof.final_boards.time,
            ),
            Err(refutation) => {
                failed_moves = Some(refutation.counter_play.moves.clone());
                (
                    format!("order-chaos: {table} LOSES"),
                    Some(format!("{table} loses:\n{}", refutation.counter_play)),
                    refutation.time,
                )
            }
        };
        let mut answers = BTreeMap::new();
        let (mut checked, mut agreed) = (0, 0);
        let clock = Instant::now();
        let range = options.range(CHECK_CASES);
        let (mut from, end) = (range.start, range.end);
        // One run announces at most MAX_T games, so a longer check is several runs, each with a fresh player.
        while from < end && failure.is_none() && options.time.is_none_or(|limit| clock.elapsed() < limit) {
            let games = (end - from).min(order_chaos::MAX_T);
            let judge = JudgeOptions { seed: options.seed, from, games, timeout: OUR_TIMEOUT, per_game: false };
            let mut program = match self.our_program() {
                Ok(program) => program,
                Err(e) => {
                    failure = Some(format!("order-chaos: cannot start our player: {e}"));
                    break;
                }
            };
            let broken = judge::run(&mut program, &judge, &self.strategy, |game| {
                checked += 1;
                progress.inc(1);
                let board = game.board();
                let oracle_clock = Instant::now();
                let oracle_order_wins = oracles::order_chaos::order_wins(&board);
                oracle_time += oracle_clock.elapsed();
                let judge_order_wins = matches!(game.verdict, Verdict::OrderWins(_));
                let kind = game.opponent.as_ref().map_or("ORDER program", |o| o.kind().as_str());
                *answers.entry(format!("CHAOS vs {kind}")).or_insert(0) += 1;
                if oracle_order_wins || judge_order_wins {
                    failure = Some(format!(
                        "order-chaos: game {} lost or judged differently: the grader's judge says {}, the oracle \
                         says {}\n{}reproduce: gamecheck judge order-chaos --seed {} --from {} --games 1 -- \
                         gamecheck play order-chaos\n",
                        game.index + 1,
                        game.verdict,
                        if oracle_order_wins { "ORDER wins" } else { "CHAOS wins" },
                        game_report(game),
                        options.seed,
                        game.index,
                    ));
                    failed_moves = Some(game.moves.clone());
                    return false;
                }
                agreed += 1;
                options.time.is_none_or(|limit| clock.elapsed() < limit)
            });
            if let (Some(broken), None) = (broken, &failure) {
                failure = Some(format!(
                    "order-chaos: our player broke the protocol in game {} of seed {}: {}\n{}",
                    broken.index + 1,
                    options.seed,
                    broken.reason,
                    order_chaos::drawing(&broken.moves)
                ));
                failed_moves = Some(broken.moves);
            }
            from += games;
        }
        let summary = Summary {
            problem: order_chaos::NAME,
            seed: options.seed,
            from: range.start,
            sizes: Sizes::new(order_chaos::SIDE, order_chaos::SIDE),
            whole: options.whole(CHECK_CASES),
            shard: options.shard,
            checked,
            agreed,
            answers,
            features: BTreeMap::new(),
            solver_time: clock.elapsed(),
            oracle_time,
            timing: Timing::default(),
            failure: None,
        };
        let drawing = failed_moves.map(|moves| {
            let played = [Played::from_moves(&moves)];
            crate::draw::document(&played, |_| played[0].verdict())
        });
        GameCheck { summary, proof, failure, drawing }
    }

    fn play(&self, input: &mut dyn BufRead, output: &mut dyn Write) -> anyhow::Result<u64> {
        play(&self.strategy, input, output)
    }

    fn judge(&self, mut program: Connection, options: &JudgeOptions, report: &mut dyn Write) -> io::Result<Judged> {
        if !(1..=order_chaos::MAX_T).contains(&options.games) {
            let message = format!("a run has 1 to {} games (T), not {}", order_chaos::MAX_T, options.games);
            return Err(io::Error::new(io::ErrorKind::InvalidInput, message));
        }
        let clock = Instant::now();
        let (mut played, mut won, mut as_chaos) = (0, 0, 0);
        let mut write_error = None;
        let broken = judge::run(&mut program, options, &self.strategy, |game| {
            played += 1;
            won += u64::from(game.won());
            as_chaos += u64::from(game.program == Side::Chaos);
            let mut text = game.summary();
            if !game.won() {
                text = format!("{}{}", game_report(game), replay(options.seed, game.index));
            }
            if options.per_game || !game.won() {
                if let Err(e) = writeln!(report, "{text}") {
                    write_error = Some(e);
                    return false;
                }
            }
            true
        });
        if let Some(e) = write_error {
            return Err(e);
        }
        let mut fault = broken.map(|b| {
            format!(
                "the program broke the protocol in game {} of seed {}: {}\nthe game so far:\n{}{}",
                b.index + 1,
                options.seed,
                b.reason,
                order_chaos::drawing(&b.moves),
                replay(options.seed, b.index)
            )
        });
        if fault.is_none() {
            fault = program.exit_fault(options.timeout);
        }
        if let Some(fault) = &fault {
            writeln!(report, "{fault}")?;
        }
        let seconds = clock.elapsed().as_secs_f64();
        writeln!(
            report,
            "order-chaos: seed {}, games {}..{}: the program won {won} of {} games ({as_chaos} as CHAOS, {} as ORDER; \
             {} played) in {seconds:.2} s",
            options.seed,
            options.from,
            options.from + options.games,
            options.games,
            played - as_chaos,
            played
        )?;
        Ok(Judged { played, won, fault })
    }

    fn prove(&self, options: &ProveOptions, report: &mut dyn Write) -> anyhow::Result<bool> {
        if let Some(game) = &options.game {
            if options.all || options.strategy.is_some() {
                bail!("--rules searches a variant; it takes no --all-tables or --table, which prove the pairing");
            }
            return search::prove(game, report);
        }
        if options.all {
            if options.strategy.is_some() {
                bail!("--all-tables proves every recipe table; it takes no --table");
            }
            return prove_all(options.walk, report);
        }
        let (name, strategy) = match options.strategy.as_deref() {
            None => (table_name(self.strategy.pairing()), self.strategy.clone()),
            Some(table) => {
                let (name, pairing) = named_table(table)?;
                match Strategy::new(pairing) {
                    Ok(strategy) => (name, strategy),
                    Err(e) => {
                        writeln!(report, "{name}:\n{pairing}")?;
                        writeln!(report, "not a table CHAOS can play: {e}")?;
                        // Its final boards need only the table and the pairing rule, no strategy (the walk, which
                        // would ask one, is not run): they still show ORDER's win where the table has one.
                        let never_asked = |_: &Board, _: Move| None;
                        report_proof(&prover::prove(&pairing, &never_asked, Part::FinalBoards), report)?;
                        return Ok(false);
                    }
                }
            }
        };
        writeln!(report, "{name}:\n{}", strategy.pairing())?;
        // Each part said as soon as it is known: the final boards take a second, the game tree minutes.
        report.flush()?;
        if !report_proof(&prove_strategy(&strategy, Part::FinalBoards), report)? {
            return Ok(false);
        }
        report.flush()?;
        let clock = Instant::now();
        let walked = prover::walk(strategy.pairing(), &|board: &Board, order| strategy.reply(board, order));
        let time = clock.elapsed();
        match walked {
            Ok(count) => writeln!(
                report,
                "game tree: {count} positions, CHAOS always has a legal answer and wins every full board ({:.2} s)",
                time.as_secs_f64()
            )?,
            Err(counter_play) => {
                writeln!(report, "game tree: ORDER wins ({:.2} s)\n{counter_play}", time.as_secs_f64())?;
                return Ok(false);
            }
        }
        report.flush()?;
        Ok(true)
    }

    fn draw_to(&self, input: &str, out: &mut dyn Write) -> anyhow::Result<()> {
        let games = crate::draw::order_chaos::parse(input)?;
        crate::draw::write_document(&games, |i| format!("Game {}: {}", i + 1, games[i].verdict()), out)?;
        Ok(())
    }

    fn fuzz_differential(&self, data: &[u8]) {
        self.fuzz_game(data)
    }

    fn fuzz_parse(&self, data: &[u8]) {
        self.fuzz_lines(data)
    }
}

/// What an `order_chaos` fuzz input stands for: which table (a byte, taken modulo the tables there are) and ORDER's
/// script; none when the bytes run out first.
pub fn fuzz_case(data: &[u8]) -> Option<(u8, Script)> {
    let mut u = Unstructured::new(data);
    let which = u.arbitrary::<u8>().ok()?;
    // Too few bytes for a script: skip rather than pad with zeros, which would all be the same game.
    let script = arbitrary_script(&mut u).ok()?;
    Some((which, script))
}
