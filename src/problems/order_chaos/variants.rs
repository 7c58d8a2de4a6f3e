//! Order and Chaos under `--rules`: the local grader of a [`Variant`] (any side up to 8, any run, the three rules)
//! and a player that plays a certificate's winning side, so that what a proof claims can be judged by playing it.
//!
//! The protocol is the contest's on a board of side n: T, then per game the program's side line and moves
//! `r c n` (1-based, rows and columns up to n). Under the moment rules a game ends the moment ORDER wins: both
//! sides judge every move, so after the winning move the next line is the next game's side line, with no word
//! from the grader. Under `full-board` a game always lasts until the board is full.

use std::io::{self, BufRead, Write};
use std::time::Instant;

use anyhow::Context;
use cases::order_chaos::variants::Player;
use games::ParseError;
use games::contest::quote;
use games::order_chaos::certificate::Reader as CertificateReader;
use games::order_chaos::variant::{Placed, Position, Rules, Variant, read_placed};
use games::order_chaos::{NAME, Reader, Side, parse_side};
use oracles::order_chaos::certificate::{Entries, win_in_one};

use super::judge::variant_winner;
use crate::interactive::{Connection, JudgeOptions, Judged};

/// A move line `r c n` on a board of side `position.side()`, into a blank cell.
pub fn parse_placed(line: usize, text: &str, position: Position) -> Result<Placed, ParseError> {
    let error = |message: String| ParseError { problem: NAME, line, message };
    let words: Vec<&str> = text.split_whitespace().collect();
    let [row, col, letter] = words[..] else {
        return Err(error(format!("expected a move `r c n`, found {}", quote(text))));
    };
    let placed = read_placed(position.side(), [row, col, letter]).map_err(error)?;
    if let Some(held) = position.get(placed.row, placed.col) {
        return Err(error(format!("row {}, column {} is not blank: it holds {held}", placed.row + 1, placed.col + 1)));
    }
    Ok(placed)
}

/// Our player for a variant: the certificate's winner, answering from its entries (as [`read_certificate`] reads
/// them, and the checker checks them). Reads T, and per game says the winner's side and plays until the grader's
/// judge would end the game. A position the certificate has no entry for is an error naming it: the certificate
/// does not prove what it claims.
pub fn play(entries: &Entries, input: &mut dyn BufRead, output: &mut dyn Write) -> anyhow::Result<u64> {
    let variant = entries.variant();
    let mut reader = Reader::new(input);
    let games = reader.game_count()?;
    let us = entries.winner();
    for game in 1..=games {
        say(output, us.as_str())?;
        let mut position = Position::empty(variant.side());
        // Every move fills a cell, so a game lasts at most `cells` moves.
        for _ in 0..variant.cells() {
            if variant_winner(variant, position).is_some() {
                break;
            }
            let placed = if position.to_move() == us {
                // The checker's own readings of a win in one and of an entry's match, so what is played is what was
                // checked: a win in one needs no entry.
                let entry = || entries.matching_move(position);
                let placed = win_in_one(variant, us, position).or_else(entry).with_context(|| {
                    format!(
                        "game {game}: the certificate has no entry for {position}, where {us} is to move and cannot \
                         win at once"
                    )
                })?;
                anyhow::ensure!(
                    position.get(placed.row, placed.col).is_none(),
                    "game {game}: the certificate's move {placed} in {position} is onto a written cell"
                );
                say(output, &placed.to_string())?;
                placed
            } else {
                let expected = format!("{}'s move `r c n`", us.other());
                let (line, text) = reader.next_line(expected)?;
                parse_placed(line, text, position).map_err(|mut e| {
                    e.message = format!("{} (game {game} of T = {games})", e.message);
                    e
                })?
            };
            position = position.play(placed);
        }
    }
    Ok(games as u64)
}

fn say(output: &mut dyn Write, line: &str) -> anyhow::Result<()> {
    writeln!(output, "{line}").and_then(|()| output.flush()).context("writing to the grader")
}

/// One finished game of a variant.
#[derive(Clone, Debug)]
pub struct VariantGame {
    pub index: u64,
    pub program: Side,
    pub player: Player,
    pub moves: Vec<Placed>,
    pub winner: Side,
}

impl VariantGame {
    pub fn won(&self) -> bool {
        self.winner == self.program
    }

    pub fn summary(&self) -> String {
        let outcome = if self.won() { "won" } else { "LOST" };
        format!(
            "game {}: program plays {} against {}: {} wins after {} moves: {outcome}",
            self.index + 1,
            self.program,
            self.player,
            self.winner,
            self.moves.len()
        )
    }
}

/// The moves of a game as protocol lines, ORDER's and CHAOS's in turn, for reports.
fn moves_text(moves: &[Placed]) -> String {
    let lines: Vec<String> = moves
        .iter()
        .enumerate()
        .map(|(i, m)| format!("{:>3}. {} {m}\n", i + 1, if i % 2 == 0 { "ORDER" } else { "CHAOS" }))
        .collect();
    lines.concat()
}

/// The local grader of a variant: `options.games` games against `program`, the grader's side played by the
/// variant players of `cases` (ORDER: random, greedy, and on 6×6 with runs of five the contest's; CHAOS: random
/// and a blocker). A line per game (or per lost game) and a total on `report`.
pub fn judge(
    variant: Variant,
    mut program: Connection,
    options: &JudgeOptions,
    report: &mut dyn Write,
) -> io::Result<Judged> {
    if !(1..=games::order_chaos::MAX_T).contains(&options.games) {
        let message = format!("a run has 1 to {} games (T), not {}", games::order_chaos::MAX_T, options.games);
        return Err(io::Error::new(io::ErrorKind::InvalidInput, message));
    }
    let clock = Instant::now();
    let (mut played, mut won, mut as_chaos) = (0, 0, 0);
    let mut fault = None;
    program.send(&options.games.to_string());
    for index in options.from..options.from + options.games {
        let mut moves = Vec::new();
        match game(variant, &mut program, options, index, &mut moves) {
            Ok(game) => {
                played += 1;
                won += u64::from(game.won());
                as_chaos += u64::from(game.program == Side::Chaos);
                if !game.won() {
                    writeln!(report, "{}\n{}", game.summary(), moves_text(&game.moves))?;
                } else if options.per_game {
                    writeln!(report, "{}", game.summary())?;
                }
            }
            Err(reason) => {
                fault = Some(format!(
                    "the program broke the protocol in game {} of seed {}: {reason}\nthe game so far:\n{}\
                     replay it alone: gamecheck judge order-chaos --rules {} --side {} --run {} --seed {} --from \
                     {index} --games 1 -- PROGRAM",
                    index + 1,
                    options.seed,
                    moves_text(&moves),
                    variant.rules,
                    variant.side(),
                    variant.run(),
                    options.seed,
                ));
                break;
            }
        }
    }
    if fault.is_none() {
        fault = program.exit_fault(options.timeout);
    }
    if let Some(fault) = &fault {
        writeln!(report, "{fault}")?;
    }
    writeln!(
        report,
        "order-chaos {variant}: seed {}, games {}..{}: the program won {won} of {} games ({as_chaos} as CHAOS, {} as \
         ORDER; {played} played) in {:.2} s",
        options.seed,
        options.from,
        options.from + options.games,
        options.games,
        played - as_chaos,
        clock.elapsed().as_secs_f64()
    )?;
    Ok(Judged { played, won, fault })
}

fn game(
    variant: Variant,
    connection: &mut Connection,
    options: &JudgeOptions,
    index: u64,
    moves: &mut Vec<Placed>,
) -> Result<VariantGame, String> {
    let (line, text) = connection.receive(options.timeout).map_err(|f| f.to_string())?;
    let program = parse_side(line, &text).map_err(|e| format!("the program's output line {line}: {}", e.message))?;
    let (player, mut rng) = Player::for_game(options.seed, index, variant, program);
    let mut position = Position::empty(variant.side());
    // A game is at most one move per cell: counted, so a board that never fills cannot keep it going.
    for _ in 0..variant.cells() {
        if variant_winner(variant, position).is_some() {
            break;
        }
        let placed = if position.to_move() == program {
            let (line, text) = connection.receive(options.timeout).map_err(|f| f.to_string())?;
            parse_placed(line, &text, position)
                .map_err(|e| format!("the program's output line {line}: {}", e.message))?
        } else {
            let placed = player.next_move(variant, position, &mut rng);
            connection.send(&placed.to_string());
            placed
        };
        position = position.play(placed);
        moves.push(placed);
    }
    let winner = variant_winner(variant, position).expect("a game ends by a win or a full board");
    Ok(VariantGame { index, program, player, moves: std::mem::take(moves), winner })
}

/// The variant `--rules`, `--side` and `--run` name: the contest's board (6×6, runs of five) unless told otherwise.
pub fn variant_of(rules: Rules, side: Option<u8>, run: Option<u8>) -> anyhow::Result<Variant> {
    let side = side.unwrap_or(6);
    let run = run.unwrap_or(side.min(5));
    Variant::new(side, run, rules).map_err(|e| anyhow::anyhow!("--side {side} --run {run}: {e}"))
}

/// A certificate file, read as a stream into the checker's compact entries: one line in memory at a time, whatever
/// the file's size. Every error names the file and the line: `FILE: line N: what was expected, what was found`.
/// This is the one reader of certificate files, for `play` and `prove`.
pub fn read_certificate(path: &std::path::Path) -> anyhow::Result<Entries> {
    let file = std::fs::File::open(path).with_context(|| format!("reading {}", path.display()))?;
    read_entries(io::BufReader::with_capacity(1 << 16, file), &path.display().to_string())
}

/// [`read_certificate`] from any stream, its errors naming it `name`: what the fuzz target reads.
pub fn read_entries(input: impl BufRead, name: &str) -> anyhow::Result<Entries> {
    let at = |line: usize, message: &str| anyhow::anyhow!("{name}: line {line}: {message}");
    let mut reader = CertificateReader::new(input).map_err(|e| at(e.line, &e.message))?;
    let header = reader.header();
    let mut entries = Entries::new(header.variant, header.winner);
    while let Some((position, placed)) = reader.next_entry().map_err(|e| at(e.line, &e.message))? {
        let k = entries.len() + 1;
        entries.insert(position, placed).map_err(|fault| at(reader.line(), &format!("entry {k}: {fault}")))?;
    }
    Ok(entries)
}
