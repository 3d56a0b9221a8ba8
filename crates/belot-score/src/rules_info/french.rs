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
        vec![
            ("target", TARGET, "Target", "1000, or 500 for a short game"),
            (
                "both_cross",
                choice!(BothCross: MorePoints, Taker),
                "Both sides over the target",
                "after the same deal: the side with more points wins, or the side that took trump",
            ),
            (
                "litige",
                choice!(LitigeMode: Hold, TieIsDedans, TieIsMade),
                "Litige (an exact tie)",
                "the taker's points wait for the winner of the next deal, or the tie counts as dedans, or as made",
            ),
            (
                "litige_holds_belote",
                RuleKind::Bool,
                "In a litige the taker's belote waits too",
                "off: it is recorded at once",
            ),
            (
                "belote_in_contract_test",
                RuleKind::Bool,
                "Belote counts for the contract",
                "when testing whether the taker beat the defenders",
            ),
            (
                "belote_requires_calls",
                RuleKind::Bool,
                "Belote only when called",
                "it scores only if “belote” and “rebelote” are both said",
            ),
            (
                "announce_contests",
                choice!(AnnounceContests: Separate, Single),
                "Announcement contests",
                "best sequence and best carré scored separately, or one contest over all",
            ),
            (
                "seq_len_cap",
                SEQ_CAP,
                "Longest sequence compared",
                "longer sequences compare as this long (empty: no limit)",
            ),
            (
                "seq_tie",
                choice!(SeqTie: None, FirstInTurn),
                "Equal best sequences",
                "of the two sides: nobody scores, or the first to announce",
            ),
            (
                "card_reuse",
                choice!(CardReuse: AllowCarreAndSeq, OnceOnly),
                "A card in a carré and a sequence",
                "allowed, or each card in one announcement only",
            ),
            (
                "capot_victim_announcements",
                choice!(CapotVictim: Keep, Void, Transfer),
                "Announcements of a side made capot",
                "they still count, are lost, or go to the side that made the capot",
            ),
            (
                "overtrump_over_partner_when_discarding_trump",
                RuleKind::Bool,
                "Over-trump the partner",
                "a trump laid on the partner's winning trump must beat it when possible",
            ),
            (
                "must_undertrump",
                RuleKind::Bool,
                "Under-trump when you cannot over-trump",
                "void in the suit led, with only trumps below an opponent's winning trump, you must still play a trump; off: any card",
            ),
            (
                "first_packets",
                choice!(FirstPackets: ThreeTwo, TwoThree),
                "First packets of the deal",
                "three cards then two, or two then three",
            ),
            ("players", RuleKind::Number { min: 2, max: 4 }, "Players", "set when the game starts"),
        ],
    );
    for r in &mut rules {
        r.from_setup = r.key == "players";
    }
    rules
}
