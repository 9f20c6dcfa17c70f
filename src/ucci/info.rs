//! What the bridge reads in an engine's `info` lines: the score, the depth,
//! and the first move of each principal variation, with its score.

use crate::board::Move;

/// The score in a translated `info` line (`… score N …`).
pub(crate) fn score_of(info: &str) -> Option<i64> {
    if info.starts_with("info string") || info.starts_with("info message") {
        return None;
    }
    let mut tokens = info.split_whitespace();
    tokens.find(|&t| t == "score")?;
    tokens.next()?.parse().ok()
}

/// The score in a translated `info` line when it is exact: not one the
/// line gives as a bound (`lowerbound` or `upperbound`, a search that
/// failed high or low and stopped there).
pub(crate) fn exact_score_of(info: &str) -> Option<i64> {
    let bound = info
        .split_whitespace()
        .any(|t| t == "lowerbound" || t == "upperbound");
    score_of(info).filter(|_| !bound)
}

/// The `depth` of an `info` line, if it gives one.
pub(crate) fn depth_of(info: &str) -> Option<u32> {
    let mut tokens = info.split_whitespace();
    tokens.find(|&t| t == "depth")?;
    tokens.next()?.parse().ok()
}

/// The words of an `info` line that tell how far the search got, each
/// with one number: what the GUI may be shown of a line whose score and
/// moves are not its own.
const PROGRESS: [&str; 7] = [
    "depth", "seldepth", "time", "nodes", "nps", "hashfull", "tbhits",
];

/// The progress an `info` line reports (`info depth D seldepth S nodes N
/// …`, the [`PROGRESS`] words with their numbers, in the line's order),
/// without its score, its moves or anything else; `None` when it gives no
/// depth.
pub(crate) fn progress_of(info: &str) -> Option<String> {
    if info.starts_with("info string") || info.starts_with("info message") {
        return None;
    }
    let tokens: Vec<&str> = info.split_whitespace().collect();
    let mut out = vec!["info"];
    for pair in tokens.windows(2) {
        if pair[0] == "pv" {
            break;
        }
        if PROGRESS.contains(&pair[0]) && pair[1].parse::<u64>().is_ok() {
            out.extend(pair);
        }
    }
    out.contains(&"depth").then(|| out.join(" "))
}

/// What the bridge keeps of an engine's `info … pv` line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct PvLine<M = Move> {
    /// Its `depth` (0 if none).
    pub(crate) depth: u32,
    /// Its `multipv` rank (1 if none: the best line).
    pub(crate) multipv: u32,
    /// Its first move.
    pub(crate) first: M,
    /// Its exact score ([`exact_score_of`]) in UCCI units, for the side to
    /// move (a mate ±(10000 − plies)), if it gives one.
    pub(crate) score: Option<i64>,
}

/// An engine's `info … pv` line, its first move as the engine wrote it.
pub(crate) fn pv_line(info: &str) -> Option<PvLine<&str>> {
    if info.starts_with("info string") || info.starts_with("info message") {
        return None;
    }
    let mut depth = 0;
    let mut multipv = 1;
    let mut tokens = info.split_whitespace();
    while let Some(t) = tokens.next() {
        match t {
            "depth" => depth = tokens.next()?.parse().unwrap_or(0),
            "multipv" => multipv = tokens.next()?.parse().unwrap_or(1),
            "pv" => {
                let first = tokens.next()?;
                return Some(PvLine {
                    depth,
                    multipv,
                    first,
                    score: None,
                });
            }
            _ => {}
        }
    }
    None
}

/// The first moves of `lines` (oldest first), the engine's preferred last:
/// the deepest, and among one depth the best ranked (MultiPV), then the latest.
pub(crate) fn by_preference(lines: &[PvLine]) -> Vec<Move> {
    let mut lines = lines.to_vec();
    lines.sort_by_key(|l| (l.depth, std::cmp::Reverse(l.multipv)));
    lines.iter().map(|l| l.first).collect()
}

/// The line among `lines` (oldest first) that begins with `mv` and that
/// [`by_preference`] puts last: the deepest, the best ranked, the latest.
pub(crate) fn preferred(lines: &[PvLine], mv: Move) -> Option<&PvLine> {
    lines
        .iter()
        .filter(|l| l.first == mv)
        .max_by_key(|l| (l.depth, std::cmp::Reverse(l.multipv)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefers_the_deepest_best_ranked_latest_line() {
        let line = pv_line("info depth 7 seldepth 9 multipv 2 score cp 5 pv h2e2 h9g7").unwrap();
        assert_eq!((line.depth, line.multipv, line.first), (7, 2, "h2e2"));
        let line = pv_line("info score 5 pv b2e2").unwrap();
        assert_eq!((line.depth, line.multipv, line.first), (0, 1, "b2e2"));
        assert_eq!(pv_line("info depth 5 score -16000 pv"), None);
        assert_eq!(pv_line("info string pv h2e2"), None);
        let mv = |s: &str| Move::parse_uci(s).unwrap();
        let at = |depth, multipv, m: &str| PvLine {
            depth,
            multipv,
            first: mv(m),
            score: Some(i64::from(depth * 10 + multipv)),
        };
        let lines = [
            at(5, 1, "h2e2"),
            at(5, 2, "b2e2"),
            at(6, 1, "h0g2"),
            at(6, 2, "b0c2"),
            at(6, 1, "c3c4"),
        ];
        assert_eq!(
            by_preference(&lines),
            ["b2e2", "h2e2", "b0c2", "h0g2", "c3c4"].map(mv)
        );
        // The line of a move that by_preference puts last of its lines.
        let more = [at(6, 2, "h2e2"), at(6, 1, "h2e2"), at(6, 1, "b2e2")];
        let lines = [&lines[..], &more].concat();
        assert_eq!(preferred(&lines, mv("h2e2")), Some(&more[1]));
        assert_eq!(preferred(&lines, mv("b2e2")), Some(&more[2]));
        assert_eq!(preferred(&lines, mv("b0c2")), Some(&lines[3]));
        assert_eq!(preferred(&lines, mv("a0a1")), None);
    }

    #[test]
    fn progress_leaves_out_the_score_and_the_moves() {
        let line = "info depth 7 seldepth 9 multipv 2 score cp 5 wdl 1 2 3 lowerbound nodes 4000 nps 90 hashfull 3 tbhits 0 time 44 pv h2e2 h9g7";
        assert_eq!(
            progress_of(line).as_deref(),
            Some("info depth 7 seldepth 9 nodes 4000 nps 90 hashfull 3 tbhits 0 time 44")
        );
        assert_eq!(
            progress_of("info depth 3 score 12 pv h2e2 depth 9").as_deref(),
            Some("info depth 3")
        );
        assert_eq!(progress_of("info score 12 nodes 5 pv h2e2"), None);
        assert_eq!(progress_of("info depth x nodes 5 pv h2e2"), None);
        assert_eq!(progress_of("info string depth 3"), None);
    }

    #[test]
    fn reads_scores_from_info_lines() {
        assert_eq!(score_of("info depth 3 score -12 pv h2e2"), Some(-12));
        assert_eq!(score_of("info depth 3 nodes 5"), None);
        assert_eq!(score_of("info string score 5"), None);
        assert_eq!(depth_of("info depth 7 score 3 pv h2e2"), Some(7));
        assert_eq!(depth_of("info currmove h2e2"), None);
        assert_eq!(exact_score_of("info depth 3 score -12 pv h2e2"), Some(-12));
        assert_eq!(
            exact_score_of("info depth 9 score 40 lowerbound pv h2e2"),
            None
        );
        assert_eq!(exact_score_of("info score 40 upperbound nodes 5"), None);
    }
}
