//! French Belote's house rules described.

use super::*;
use belot_core::french::{
    AnnounceContests, BothCross, CapotVictim, FirstPackets, FrenchOptions, FrenchRules, LitigeMode,
};
use belot_core::meld::{CardReuse, SeqTie};

impl Described for FrenchRules {
    fn rules() -> Vec<RuleInfo> {
        french_rules()
    }
}

/// French Belote's rules ([`FrenchOptions`], §4.10). Main: the three seed
/// 002 §9–§10 gives the table to choose (target 1000 or 500, the litige,
/// both sides over the target), as in the rules reference §5.2.
pub(crate) fn french_rules() -> Vec<RuleInfo> {
    let mut rules = describe(
        FrenchOptions::default(),
        &["target", "litige", "both_cross"],
        include_str!("french.txt"),
        |key| match key {
            "target" => TARGET,
            "both_cross" => choice!(BothCross: MorePoints, Taker),
            "litige" => choice!(LitigeMode: Hold, TieIsDedans, TieIsMade),
            "announce_contests" => choice!(AnnounceContests: Separate, Single),
            "seq_len_cap" => SEQ_CAP,
            "seq_tie" => choice!(SeqTie: None, FirstInTurn),
            "card_reuse" => choice!(CardReuse: AllowCarreAndSeq, OnceOnly),
            "capot_victim_announcements" => choice!(CapotVictim: Keep, Void, Transfer),
            "first_packets" => choice!(FirstPackets: ThreeTwo, TwoThree),
            "players" => RuleKind::Number { min: 2, max: 4 },
            _ => RuleKind::Bool,
        },
    );
    for r in &mut rules {
        r.from_setup = r.key == "players";
    }
    rules
}
