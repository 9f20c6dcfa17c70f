use xqarbiter::board::{Move, Position};
use xqarbiter::rules::RuleSet;
use xqarbiter::rules::nature::classify;
use xqarbiter::rules::threats::{ThreatRules, capture_threats, mate_by_checks};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let id = &args[1];
    let text = std::fs::read_to_string("positions/repetition.tsv").unwrap();
    let line = text
        .lines()
        .find(|l| l.split('\t').next() == Some(id))
        .unwrap();
    let f: Vec<&str> = line.split('\t').collect();
    let rules: RuleSet = f[1].parse().unwrap();
    let mut pos = Position::from_fen(f[2]).unwrap();
    println!("{}\n{}", f[6], pos);
    let tr = ThreatRules {
        king_and_pawn_attack: false,
        outnumbered_counts: rules.is_cxa(),
        net_gain: rules.is_cxa(),
    };
    for m in f[3].split_whitespace() {
        let mv = Move::parse_uci(m).unwrap();
        let n = classify(&pos, mv, rules);
        let mut b = pos.clone();
        let before = capture_threats(&mut b, tr);
        pos.play(mv);
        let mut a = pos.passed();
        let after = capture_threats(&mut a, tr);
        let mate = mate_by_checks(&mut a, 3);
        let mate4 = mate_by_checks(&mut a, 4);
        println!(
            "{m}: {} {} | before {:?} | after {:?} | mate3 {mate} mate4 {mate4}",
            n.nature.zh(),
            n.reason_en,
            before
                .iter()
                .map(|t| format!("{}x{} {:?} {}", t.attacker, t.target, t.kind, t.gain))
                .collect::<Vec<_>>(),
            after
                .iter()
                .map(|t| format!("{}x{} {:?} {}", t.attacker, t.target, t.kind, t.gain))
                .collect::<Vec<_>>()
        );
    }
}
