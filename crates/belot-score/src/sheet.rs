//! A score sheet: the set-up and an append-only history of changes (add,
//! edit, delete, restore, undo, redo). The entered deals are what the
//! history leaves; everything else (other side's points, outcome, held
//! points, totals, dealers, winner) is derived by folding them through the
//! rules engine's ledgers after every change.

use belot_core::Seat;
use belot_core::french::{Ledger, Ledger3};
use belot_core::three_player::ThreeLedger;
use belot_core::two_player::TwoLedger;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::input::{Converted, DealInput, Rules, Setup};

/// A stable number for an entered deal (its position may change).
pub type EntryId = u32;

/// One change to a sheet, as stored.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum Change {
    /// Adds a deal at the end.
    Add {
        /// The deal as entered.
        entry: DealInput,
    },
    /// Replaces a deal.
    Edit {
        /// Which deal.
        id: EntryId,
        /// Its new content.
        entry: DealInput,
    },
    /// Deletes a deal (it can be restored).
    Delete {
        /// Which deal.
        id: EntryId,
    },
    /// Restores a deleted deal at its place.
    Restore {
        /// Which deal.
        id: EntryId,
    },
    /// Undoes the last change that is not undone.
    Undo,
    /// Redoes the last undone change.
    Redo,
}

/// An entered deal and whether it is deleted.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Item {
    /// Its id.
    pub id: EntryId,
    /// What was entered.
    pub entry: DealInput,
    /// Deleted deals stay, marked, so they can be restored.
    pub deleted: bool,
}

/// How to take back an applied change.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Done {
    Added(EntryId),
    Edited(EntryId, DealInput, DealInput),
    Deleted(EntryId),
    Restored(EntryId),
}

/// A score sheet.
#[derive(Clone, PartialEq, Debug)]
pub struct Sheet {
    setup: Setup,
    history: Vec<Change>,
    items: Vec<Item>,
    /// Items removed by undoing their addition (kept for redo).
    undone_adds: Vec<Item>,
    next_id: EntryId,
    done: Vec<Done>,
    redo: Vec<Done>,
    table: Table,
}

/// One row of the derived table.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Row {
    /// Deal number, from 1 (deleted deals have none).
    pub number: u32,
    /// The entry's id.
    pub id: EntryId,
    /// Who dealt.
    pub dealer: Seat,
    /// `played`, `thrown_in` or `redeal`.
    pub kind: &'static str,
    /// What was entered.
    pub entry: DealInput,
    /// The deal's score breakdown (outcome, totals, recorded, held…).
    pub score: Value,
    /// What each side records in this row (held points received included).
    pub recorded: Vec<f64>,
    /// Held points waiting after this row.
    pub pool_after: f64,
    /// Running totals after this row.
    pub totals: Vec<f64>,
    /// False for rows entered after the game was already won: kept and
    /// shown, not scored.
    pub counted: bool,
}

/// Everything derived from the entered deals.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Table {
    /// One row per live deal.
    pub rows: Vec<Row>,
    /// Running totals per side.
    pub totals: Vec<f64>,
    /// Held points waiting.
    pub pool: f64,
    /// Held points lost when the game ended.
    pub pool_lost: f64,
    /// Who deals next.
    pub next_dealer: Seat,
    /// The winning side (team with four French players, else player).
    pub winner: Option<u8>,
}

fn f(x: i32) -> f64 {
    x as f64
}

impl Sheet {
    /// A new, empty sheet.
    pub fn new(setup: Setup) -> Result<Sheet, String> {
        setup.validate()?;
        let mut s = Sheet {
            setup,
            history: Vec::new(),
            items: Vec::new(),
            undone_adds: Vec::new(),
            next_id: 1,
            done: Vec::new(),
            redo: Vec::new(),
            table: Table {
                rows: Vec::new(),
                totals: Vec::new(),
                pool: 0.0,
                pool_lost: 0.0,
                next_dealer: Seat(0),
                winner: None,
            },
        };
        s.table = s.derive()?;
        Ok(s)
    }

    /// Rebuilds a sheet from its stored history. The table is derived
    /// once at the end (each change was checked when it was made; a history
    /// that does not replay is refused whole).
    pub fn from_history(setup: Setup, history: &[Change]) -> Result<Sheet, String> {
        let mut s = Sheet::new(setup)?;
        for (i, c) in history.iter().enumerate() {
            s.apply_inner(c).map_err(|e| format!("change {}: {e}", i + 1))?;
        }
        s.history = history.to_vec();
        s.table = s.derive()?;
        Ok(s)
    }

    /// Rebuilds a sheet from a history of unknown origin (an import),
    /// checking every change as it was made: each must be accepted in turn.
    pub fn from_history_checked(setup: Setup, history: &[Change]) -> Result<Sheet, String> {
        let mut s = Sheet::new(setup)?;
        for (i, c) in history.iter().enumerate() {
            s.apply(c.clone()).map_err(|e| format!("change {}: {e}", i + 1))?;
        }
        Ok(s)
    }

    /// The set-up.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Every change ever applied, in order.
    pub fn history(&self) -> &[Change] {
        &self.history
    }

    /// Entered deals in order, deleted ones included (marked).
    pub fn items(&self) -> &[Item] {
        &self.items
    }

    /// The derived table.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Whether undo / redo would do something.
    pub fn can_undo(&self) -> bool {
        !self.done.is_empty()
    }

    /// Whether redo would do something.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    fn position(&self, id: EntryId) -> Result<usize, String> {
        self.items
            .iter()
            .position(|i| i.id == id)
            .ok_or_else(|| format!("there is no deal #{id} on this sheet"))
    }

    /// Applies a change; a refused change (the message says why) leaves
    /// the sheet exactly as it was.
    pub fn apply(&mut self, change: Change) -> Result<(), String> {
        // apply_inner changes nothing when it refuses; when the new list
        // does not derive, the change is taken back step by step (cheaper
        // than copying the sheet: this runs on every request).
        let redo = self.redo.clone();
        let next_id = self.next_id;
        self.apply_inner(&change)?;
        match self.derive() {
            Ok(t) => {
                self.table = t;
                self.history.push(change);
                Ok(())
            }
            Err(e) => {
                self.take_back(&change)?;
                self.redo = redo;
                self.next_id = next_id;
                Err(e)
            }
        }
    }

    /// Reverses a change `apply_inner` just made.
    fn take_back(&mut self, change: &Change) -> Result<(), String> {
        match change {
            Change::Undo => {
                let d = self.redo.pop().ok_or("inconsistent history")?;
                self.reapply(&d)?;
                self.done.push(d);
            }
            Change::Redo => {
                let d = self.done.pop().ok_or("inconsistent history")?;
                self.revert(&d)?;
                self.redo.push(d);
            }
            _ => {
                let d = self.done.pop().ok_or("inconsistent history")?;
                self.revert(&d)?;
                if let Done::Added(_) = d {
                    // revert parked the item for redo: it never existed.
                    self.undone_adds.pop();
                }
            }
        }
        Ok(())
    }

    fn apply_inner(&mut self, change: &Change) -> Result<(), String> {
        match change {
            Change::Add { entry } => {
                let id = self.next_id;
                self.next_id += 1;
                self.items.push(Item { id, entry: entry.clone(), deleted: false });
                self.done.push(Done::Added(id));
                self.redo.clear();
            }
            Change::Edit { id, entry } => {
                let p = self.position(*id)?;
                if self.items[p].deleted {
                    return Err(format!("deal #{id} is deleted: restore it before editing"));
                }
                let old = std::mem::replace(&mut self.items[p].entry, entry.clone());
                self.done.push(Done::Edited(*id, old, entry.clone()));
                self.redo.clear();
            }
            Change::Delete { id } => {
                let p = self.position(*id)?;
                if self.items[p].deleted {
                    return Err(format!("deal #{id} is already deleted"));
                }
                self.items[p].deleted = true;
                self.done.push(Done::Deleted(*id));
                self.redo.clear();
            }
            Change::Restore { id } => {
                let p = self.position(*id)?;
                if !self.items[p].deleted {
                    return Err(format!("deal #{id} is not deleted"));
                }
                self.items[p].deleted = false;
                self.done.push(Done::Restored(*id));
                self.redo.clear();
            }
            Change::Undo => {
                let d = self.done.pop().ok_or("nothing to undo")?;
                self.revert(&d)?;
                self.redo.push(d);
            }
            Change::Redo => {
                let d = self.redo.pop().ok_or("nothing to redo")?;
                self.reapply(&d)?;
                self.done.push(d);
            }
        }
        Ok(())
    }

    fn revert(&mut self, d: &Done) -> Result<(), String> {
        match d {
            Done::Added(id) => {
                let p = self.position(*id)?;
                let item = self.items.remove(p);
                self.undone_adds.push(item);
            }
            Done::Edited(id, old, _) => {
                let p = self.position(*id)?;
                self.items[p].entry = old.clone();
            }
            Done::Deleted(id) => {
                let p = self.position(*id)?;
                self.items[p].deleted = false;
            }
            Done::Restored(id) => {
                let p = self.position(*id)?;
                self.items[p].deleted = true;
            }
        }
        Ok(())
    }

    fn reapply(&mut self, d: &Done) -> Result<(), String> {
        match d {
            Done::Added(id) => {
                let k = self
                    .undone_adds
                    .iter()
                    .rposition(|i| i.id == *id)
                    .ok_or_else(|| format!("deal #{id} cannot be redone"))?;
                let item = self.undone_adds.remove(k);
                // Back at its place: after every item with a smaller id.
                let at = self.items.iter().position(|i| i.id > *id).unwrap_or(self.items.len());
                self.items.insert(at, item);
            }
            Done::Edited(id, _, new) => {
                let p = self.position(*id)?;
                self.items[p].entry = new.clone();
            }
            Done::Deleted(id) => {
                let p = self.position(*id)?;
                self.items[p].deleted = true;
            }
            Done::Restored(id) => {
                let p = self.position(*id)?;
                self.items[p].deleted = false;
            }
        }
        Ok(())
    }

    /// Recomputes the table from the live deals (left-to-right fold
    /// through the engine's ledger for the variant).
    pub fn derive(&self) -> Result<Table, String> {
        let rules = self.setup.rules;
        let first = self.setup.first_dealer;
        let live: Vec<&Item> = self.items.iter().filter(|i| !i.deleted).collect();
        let mut rows = Vec::with_capacity(live.len());
        let kind = |e: &DealInput| match e {
            DealInput::ThrownIn => "thrown_in",
            DealInput::Redeal => "redeal",
            _ => "played",
        };
        macro_rules! push_rows {
            ($ledger:expr, $conv:ident, $rowfn:expr) => {{
                let mut l = $ledger;
                for (k, item) in live.iter().enumerate() {
                    let dealer = l.next_dealer_seat();
                    let e = match item
                        .entry
                        .convert(&rules, dealer)
                        .map_err(|m| format!("deal #{}: {m}", item.id))?
                    {
                        Converted::$conv(e) => e,
                        _ => {
                            return Err(format!(
                                "deal #{}: does not belong on this sheet",
                                item.id
                            ));
                        }
                    };
                    let r = l.push(&e);
                    let (score, recorded, pool_after, totals, counted, dealer) = $rowfn(&r);
                    rows.push(Row {
                        number: k as u32 + 1,
                        id: item.id,
                        dealer,
                        kind: kind(&item.entry),
                        entry: item.entry.clone(),
                        score,
                        recorded,
                        pool_after,
                        totals,
                        counted,
                    });
                }
                l
            }};
        }
        let table = match rules {
            Rules::French { options } if options.players == 3 => {
                let l = push_rows!(
                    Ledger3::new(options, first),
                    French3,
                    |r: &belot_core::french::Row3| {
                        (
                            json!(r.score),
                            r.recorded.iter().map(|&x| f(x)).collect(),
                            f(r.pool_after),
                            r.totals.iter().map(|&x| f(x)).collect(),
                            r.counted,
                            r.dealer,
                        )
                    }
                );
                Table {
                    rows,
                    totals: l.totals.iter().map(|&x| f(x)).collect(),
                    pool: f(l.pool),
                    pool_lost: f(l.pool_lost),
                    next_dealer: l.next_dealer(),
                    winner: l.winner.map(|s| s.0),
                }
            }
            Rules::French { options } => {
                let l = push_rows!(
                    Ledger::new(options, first),
                    French,
                    |r: &belot_core::french::Row| {
                        (
                            json!(r.score),
                            r.recorded.iter().map(|&x| f(x)).collect(),
                            f(r.pool_after),
                            r.totals.iter().map(|&x| f(x)).collect(),
                            r.counted,
                            r.dealer,
                        )
                    }
                );
                Table {
                    rows,
                    totals: l.totals.iter().map(|&x| f(x)).collect(),
                    pool: f(l.pool),
                    pool_lost: f(l.pool_lost),
                    next_dealer: l.next_dealer(),
                    winner: l.winner.map(|s| s.0),
                }
            }
            Rules::TwoPlayer { options } => {
                let l = push_rows!(
                    TwoLedger::new(options, first),
                    Two,
                    |r: &belot_core::two_player::TwoRow| {
                        (
                            json!({"score": r.score, "redeal": r.redeal, "pool_awarded": r.pool_awarded}),
                            r.recorded.iter().map(|&x| f(x)).collect(),
                            f(r.pools_after.iter().sum()),
                            r.totals.iter().map(|&x| f(x)).collect(),
                            r.counted,
                            r.dealer,
                        )
                    }
                );
                Table {
                    rows,
                    totals: l.totals.iter().map(|&x| f(x)).collect(),
                    pool: f(l.pool()),
                    pool_lost: f(l.pool_lost),
                    next_dealer: l.next_dealer,
                    winner: l.winner.map(|s| s.0),
                }
            }
            Rules::ThreePlayer { options } => {
                let half = |h: belot_core::three_player::Half| h.0 as f64 / 2.0;
                let l = push_rows!(
                    ThreeLedger::new(options, first),
                    Three,
                    |r: &belot_core::three_player::ThreeRow| {
                        (
                            json!(r.score),
                            r.recorded.iter().map(|&x| half(x)).collect(),
                            half(r.pool_after),
                            r.totals.iter().map(|&x| half(x)).collect(),
                            r.counted,
                            r.dealer,
                        )
                    }
                );
                Table {
                    rows,
                    totals: l.totals.iter().map(|&x| half(x)).collect(),
                    pool: half(l.pool),
                    pool_lost: half(l.pool_lost),
                    next_dealer: l.next_dealer,
                    winner: l.winner.map(|s| s.0),
                }
            }
        };
        Ok(table)
    }
}

/// The dealer of the next entry, whatever the ledger.
trait NextDealerSeat {
    fn next_dealer_seat(&self) -> Seat;
}

impl NextDealerSeat for Ledger {
    fn next_dealer_seat(&self) -> Seat {
        self.next_dealer()
    }
}

impl NextDealerSeat for Ledger3 {
    fn next_dealer_seat(&self) -> Seat {
        self.next_dealer()
    }
}

impl NextDealerSeat for TwoLedger {
    fn next_dealer_seat(&self) -> Seat {
        self.next_dealer
    }
}

impl NextDealerSeat for ThreeLedger {
    fn next_dealer_seat(&self) -> Seat {
        self.next_dealer
    }
}
