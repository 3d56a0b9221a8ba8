//! A score sheet: the set-up and an append-only history of changes (add,
//! edit, delete, restore, undo, redo). The entered deals are what the
//! history leaves; everything else (other side's points, outcome, held
//! points, totals, dealers, winner) is derived by folding them through the
//! game's own ledger (core's `AnyLedger`). The ledger state before every live row is kept,
//! so a change re-derives only from the first row it affects: appending a
//! deal derives one row.

use belot_core::{AnyEntry, AnyLedger, DealInput, DealReport, Half, Refusal, RowReport, Seat};
use serde::{Deserialize, Serialize};

use crate::input::Setup;

/// A stable number for an entered deal (its position may change).
pub type EntryId = u32;

/// One change to a sheet, as stored.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
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
        #[cfg_attr(feature = "openapi", schema(value_type = u32))]
        id: EntryId,
        /// Its new content.
        entry: DealInput,
    },
    /// Deletes a deal (it can be restored).
    Delete {
        /// Which deal.
        #[cfg_attr(feature = "openapi", schema(value_type = u32))]
        id: EntryId,
    },
    /// Restores a deleted deal at its place.
    Restore {
        /// Which deal.
        #[cfg_attr(feature = "openapi", schema(value_type = u32))]
        id: EntryId,
    },
    /// Undoes the last change that is not undone (any change: an edit, a
    /// delete…). The table's ↶ is [`Change::TakeBack`].
    Undo,
    /// Redoes the last undone change.
    Redo,
    /// ↶ of seed 002 §11: takes back the last deal (the last one not
    /// deleted); repeated, it keeps taking back from the end.
    TakeBack,
    /// ↷: puts back the deal taken back last (until a deal is added).
    PutBack,
    /// Changes the game's name, the players' names or the house rules after
    /// the start (the same game and number of players); every deal is
    /// scored again under them.
    Setup {
        /// The new set-up.
        setup: Setup,
    },
    /// Reverts one earlier change, as a new change (the "changes" view):
    /// what that change did is done the other way on today's sheet, e.g.
    /// an edited deal gets its earlier figures back, an added deal is
    /// deleted (it can be restored), a deleted one restored, an undone
    /// change done again.
    Revert {
        /// Which change: its number in the history, from 1.
        change: u32,
    },
}

/// An entered deal and whether it is deleted.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Item {
    /// Its id.
    #[cfg_attr(feature = "openapi", schema(value_type = u32))]
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
    TakenBack(EntryId),
    PutBack(EntryId),
    /// The set-up before and after.
    SetUp(Box<(Setup, Setup)>),
}

impl Done {
    /// The deal it touched.
    fn id(&self) -> EntryId {
        match self {
            Done::Added(id)
            | Done::Edited(id, ..)
            | Done::Deleted(id)
            | Done::Restored(id)
            | Done::TakenBack(id)
            | Done::PutBack(id) => *id,
            // Every deal is scored again: from before the first.
            Done::SetUp(_) => 0,
        }
    }
}

/// A stored history that does not replay (never from a user's change).
fn inconsistent() -> Refusal {
    Refusal::new("inconsistent", "inconsistent history")
}

/// A score sheet.
#[derive(Clone, PartialEq, Debug)]
pub struct Sheet {
    setup: Setup,
    history: Vec<Change>,
    items: Vec<Item>,
    /// Items out of the list, kept to come back: removed by undoing their
    /// addition (for redo) or taken back (for put back).
    undone_adds: Vec<Item>,
    /// The deals taken back, last on top (what ↷ puts back).
    taken_back: Vec<EntryId>,
    next_id: EntryId,
    done: Vec<Done>,
    redo: Vec<Done>,
    /// What each change in `history` did, and whether it did it backwards
    /// (an undo): what [`Change::Revert`] reverses.
    effects: Vec<(Done, bool)>,
    table: Table,
    /// The ledger before each live row, and after the last one:
    /// `states.len() == table.rows.len() + 1`.
    states: Vec<GameState>,
}

/// What a change touched: every table row before `rows_from` and every item before `items_from` is unchanged.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct Applied {
    /// The first table row that may have changed (rows after the change
    /// are re-derived from here; `table().rows.len()` if none is left).
    pub rows_from: usize,
    /// The first item (entered deal, deleted ones included) that may
    /// have changed.
    pub items_from: usize,
}

/// One row of the derived table.
#[derive(Clone, PartialEq, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Row {
    /// Deal number, from 1 (deleted deals have none).
    pub number: u32,
    /// The entry's id.
    #[cfg_attr(feature = "openapi", schema(value_type = u32))]
    pub id: EntryId,
    /// Who dealt.
    pub dealer: Seat,
    /// `played`, `thrown_in` or `redeal`.
    pub kind: &'static str,
    /// What was entered.
    pub entry: DealInput,
    /// The deal's score, shown alike in every game (none: thrown in or
    /// redealt).
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Object>))]
    pub score: Option<DealReport>,
    /// Held points from earlier deals this deal's winner received: the
    /// side and the points.
    pub pool_awarded: Option<(u8, Half)>,
    /// What each side records in this row (held points received included).
    pub recorded: Vec<Half>,
    /// Held points waiting after this row.
    pub pool_after: Half,
    /// Running totals after this row.
    pub totals: Vec<Half>,
    /// False for rows entered after the game was already won: kept and
    /// shown, not scored.
    pub counted: bool,
}

/// Everything derived from the entered deals.
#[derive(Clone, PartialEq, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Table {
    /// One row per live deal.
    pub rows: Vec<Row>,
    /// Running totals per side.
    pub totals: Vec<Half>,
    /// Held points waiting.
    pub pool: Half,
    /// Held points lost when the game ended.
    pub pool_lost: Half,
    /// Who deals next.
    pub next_dealer: Seat,
    /// The winning side (team with four French players, else player).
    pub winner: Option<u8>,
}

/// How a row is shown: `played`, `thrown_in` or `redeal`.
fn kind(e: &DealInput) -> &'static str {
    match e {
        DealInput::ThrownIn => "thrown_in",
        DealInput::Redeal => "redeal",
        _ => "played",
    }
}

/// The sheet's game state between two rows: the rules engine's ledger
/// for its game, kept without its own rows (the sheet has them), so a
/// copy per row costs a few words.
#[derive(Clone, PartialEq, Debug)]
struct GameState(AnyLedger);

impl GameState {
    /// An empty game.
    fn new(setup: &Setup) -> GameState {
        GameState(AnyLedger::new(&setup.rules, setup.first_dealer))
    }

    /// Who deals the next entry.
    fn next_dealer(&self) -> Seat {
        self.0.next_dealer()
    }

    /// Folds one entry in; `None` if it is not this game's entry.
    fn push(&mut self, e: &AnyEntry) -> Option<RowReport> {
        let r = self.0.push_entry(e)?;
        // Forget the ledger's row, keeping its dealer rotation.
        self.0.forget_rows();
        Some(r)
    }

    /// Writes the final-table fields (totals, pool, pool lost, next
    /// dealer, winner) of a game in this state.
    fn fill(&self, t: &mut Table) {
        let tally = self.0.tally();
        t.totals = tally.totals;
        t.pool = tally.pool;
        t.pool_lost = tally.pool_lost;
        t.next_dealer = self.next_dealer();
        t.winner = tally.winner;
    }
}

/// Rows derived from some live row on, with the ledger after each.
struct Tail {
    rows: Vec<Row>,
    states: Vec<GameState>,
}

impl Sheet {
    /// A new sheet for a set-up entered now ([`Setup::check_new`]: the
    /// names as long as the documents say).
    pub fn start(setup: Setup) -> Result<Sheet, Refusal> {
        setup.check_new()?;
        Sheet::new(setup)
    }

    /// A new, empty sheet. Names are stored trimmed (see
    /// [`Setup::normalized`]).
    pub fn new(setup: Setup) -> Result<Sheet, Refusal> {
        let setup = setup.normalized()?;
        let start = GameState::new(&setup);
        let mut table = Table {
            rows: Vec::new(),
            totals: Vec::new(),
            pool: Half(0),
            pool_lost: Half(0),
            next_dealer: setup.first_dealer,
            winner: None,
        };
        start.fill(&mut table);
        Ok(Sheet {
            setup,
            history: Vec::new(),
            items: Vec::new(),
            undone_adds: Vec::new(),
            taken_back: Vec::new(),
            next_id: 1,
            done: Vec::new(),
            redo: Vec::new(),
            effects: Vec::new(),
            table,
            states: vec![start],
        })
    }

    /// Rebuilds a sheet from its stored history, in time linear in its
    /// length. The table is derived once at the end (each change was
    /// checked when it was made; a history that does not replay is refused
    /// whole).
    pub fn from_history(setup: Setup, history: &[Change]) -> Result<Sheet, Refusal> {
        let mut s = Sheet::new(setup)?;
        for (i, c) in history.iter().enumerate() {
            s.apply_inner(c).map_err(|e| Refusal {
                message: format!("change {}: {}", i + 1, e.message),
                ..e
            })?;
        }
        s.history = history.to_vec();
        let tail = s.derive_tail(0, 0)?;
        s.splice(0, tail);
        Ok(s)
    }

    /// Rebuilds a sheet from a history of unknown origin (an import),
    /// checking every change as it was made: each must be accepted in turn.
    /// Each change re-derives only the rows it affects, so a history of
    /// added deals replays in linear time.
    pub fn from_history_checked(setup: Setup, history: &[Change]) -> Result<Sheet, Refusal> {
        let mut s = Sheet::new(setup)?;
        for (i, c) in history.iter().enumerate() {
            s.apply(c.clone()).map_err(|e| Refusal {
                message: format!("change {}: {}", i + 1, e.message),
                ..e
            })?;
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

    /// Whether ↶ would take back a deal.
    pub fn can_take_back(&self) -> bool {
        self.items.iter().any(|i| !i.deleted)
    }

    /// Whether ↷ would put a deal back.
    pub fn can_put_back(&self) -> bool {
        !self.taken_back.is_empty()
    }

    /// The row a deal would make if added now (a preview before saving):
    /// one more step of the ledger; the sheet does not change.
    pub fn preview(&self, entry: &DealInput) -> Result<Row, Refusal> {
        let mut l = self.states[self.table.rows.len()].clone();
        let item = Item { id: self.next_id, entry: entry.clone(), deleted: false };
        self.row(&mut l, &item, self.table.rows.len() as u32 + 1)
    }

    /// Where a deal is among the items (kept in id order).
    fn position(&self, id: EntryId) -> Result<usize, Refusal> {
        self.items.binary_search_by_key(&id, |i| i.id).map_err(|_| {
            Refusal::new("no_such_deal", format!("there is no deal #{id} on this sheet"))
                .with("id", id)
        })
    }

    /// Applies a change and says which rows and items it touched; a refused
    /// change (the message says why) leaves the sheet exactly as it was.
    /// Only the rows from the first live deal the change affects are
    /// re-derived.
    pub fn apply(&mut self, change: Change) -> Result<Applied, Refusal> {
        if let Change::Setup { setup } = &change {
            setup.check_new()?;
        }
        // A new change clears the redo list: keep it aside to put back if
        // the change is refused.
        let redo = match change {
            Change::Undo | Change::Redo => None,
            _ => Some(std::mem::take(&mut self.redo)),
        };
        // A new deal ends what ↷ can put back: kept aside in case the
        // change is refused.
        let taken_back = match change {
            Change::Add { .. } => Some(self.taken_back.clone()),
            _ => None,
        };
        let next_id = self.next_id;
        let id = match self.apply_inner(&change) {
            Ok(id) => id,
            Err(e) => {
                self.restore_stacks(redo, taken_back);
                return Err(e);
            }
        };
        let items_from = self.items.partition_point(|i| i.id < id);
        let rows_from = self.table.rows.partition_point(|r| r.id < id);
        match self.derive_tail(rows_from, items_from) {
            Ok(tail) => {
                self.splice(rows_from, tail);
                self.history.push(change);
                Ok(Applied { rows_from, items_from })
            }
            Err(e) => {
                self.unapply(&change)?;
                self.restore_stacks(redo, taken_back);
                self.next_id = next_id;
                Err(e)
            }
        }
    }

    /// Puts back the redo and take-back lists a refused change cleared.
    fn restore_stacks(&mut self, redo: Option<Vec<Done>>, taken_back: Option<Vec<EntryId>>) {
        if let Some(r) = redo {
            self.redo = r;
        }
        if let Some(t) = taken_back {
            self.taken_back = t;
        }
    }

    /// Derives the rows of the live items from `items_from` on, starting
    /// from the ledger before live row `rows_from`. Changes nothing.
    fn derive_tail(&self, rows_from: usize, items_from: usize) -> Result<Tail, Refusal> {
        let mut l = self.states[rows_from].clone();
        let live = self.items[items_from..].iter().filter(|i| !i.deleted);
        let mut tail = Tail { rows: Vec::new(), states: Vec::new() };
        for item in live {
            let number = (rows_from + tail.rows.len()) as u32 + 1;
            tail.rows.push(self.row(&mut l, item, number)?);
            tail.states.push(l.clone());
        }
        Ok(tail)
    }

    /// Folds one live item through the ledger into its row.
    fn row(&self, l: &mut GameState, item: &Item, number: u32) -> Result<Row, Refusal> {
        let e = item
            .entry
            .convert(&self.setup.rules, l.next_dealer())
            .map_err(|m| Refusal { message: format!("deal #{}: {}", item.id, m.message), ..m })?;
        let s = l.push(&e).ok_or_else(inconsistent)?;
        Ok(Row {
            number,
            id: item.id,
            dealer: s.dealer,
            kind: kind(&item.entry),
            entry: item.entry.clone(),
            score: s.score,
            pool_awarded: s.pool_awarded,
            recorded: s.recorded,
            pool_after: s.pool_after,
            totals: s.totals,
            counted: s.counted,
        })
    }

    /// Replaces the rows from `rows_from` on by a derived tail.
    fn splice(&mut self, rows_from: usize, tail: Tail) {
        self.table.rows.truncate(rows_from);
        self.table.rows.extend(tail.rows);
        self.states.truncate(rows_from + 1);
        self.states.extend(tail.states);
        if let Some(last) = self.states.last() {
            last.fill(&mut self.table);
        }
    }

    /// Reverses a change `apply_inner` just made.
    fn unapply(&mut self, change: &Change) -> Result<(), Refusal> {
        self.effects.pop();
        match change {
            Change::Undo => {
                let d = self.redo.pop().ok_or_else(inconsistent)?;
                self.reapply(&d)?;
                self.done.push(d);
            }
            Change::Redo => {
                let d = self.done.pop().ok_or_else(inconsistent)?;
                self.revert(&d)?;
                self.redo.push(d);
            }
            Change::Revert { .. } => {
                // An undone addition done again goes back where it was
                // (for redo), unlike a new one.
                let d = self.done.pop().ok_or_else(inconsistent)?;
                self.revert(&d)?;
            }
            _ => {
                let d = self.done.pop().ok_or_else(inconsistent)?;
                self.revert(&d)?;
                if let Done::Added(_) = d {
                    // revert parked the item for redo: it never existed.
                    self.undone_adds.pop();
                }
            }
        }
        Ok(())
    }

    /// Changes the items (not the table); returns the deal touched.
    /// Changes nothing when it refuses.
    fn apply_inner(&mut self, change: &Change) -> Result<EntryId, Refusal> {
        let r = self.apply_items(change);
        if r.is_ok() {
            let effect = match change {
                Change::Undo => (self.redo[self.redo.len() - 1].clone(), true),
                _ => (self.done[self.done.len() - 1].clone(), false),
            };
            self.effects.push(effect);
        }
        r
    }

    fn apply_items(&mut self, change: &Change) -> Result<EntryId, Refusal> {
        let d = match change {
            Change::Add { entry } => self.add(entry),
            Change::Edit { id, entry } => self.edit(*id, entry)?,
            Change::Delete { id } => self.set_deleted(*id, true)?,
            Change::Restore { id } => self.set_deleted(*id, false)?,
            Change::TakeBack => {
                let p = self
                    .items
                    .iter()
                    .rposition(|i| !i.deleted)
                    .ok_or(Refusal::new("nothing_to_take_back", "there is no deal to take back"))?;
                let id = self.items[p].id;
                self.park(id)?;
                Done::TakenBack(id)
            }
            Change::PutBack => {
                let id = *self
                    .taken_back
                    .last()
                    .ok_or(Refusal::new("nothing_to_put_back", "no deal was taken back"))?;
                self.unpark(id)?;
                Done::PutBack(id)
            }
            Change::Setup { setup } => {
                let new = self.checked_setup(setup)?;
                let old = std::mem::replace(&mut self.setup, new.clone());
                self.states[0] = GameState::new(&self.setup);
                Done::SetUp(Box::new((old, new)))
            }
            Change::Revert { change } => {
                let d = self.counter(*change)?;
                self.reapply(&d)?;
                d
            }
            Change::Undo | Change::Redo => return self.undo_redo(change),
        };
        let id = d.id();
        self.done.push(d);
        self.redo.clear();
        Ok(id)
    }

    fn add(&mut self, entry: &DealInput) -> Done {
        let id = self.next_id;
        self.next_id += 1;
        self.items.push(Item { id, entry: entry.clone(), deleted: false });
        // A taken-back deal put back now would land before it.
        self.taken_back.clear();
        Done::Added(id)
    }

    fn edit(&mut self, id: EntryId, entry: &DealInput) -> Result<Done, Refusal> {
        let p = self.position(id)?;
        if self.items[p].deleted {
            let m = format!("deal #{id} is deleted: restore it before editing");
            return Err(Refusal::new("deal_deleted", m).with("id", id));
        }
        let old = std::mem::replace(&mut self.items[p].entry, entry.clone());
        Ok(Done::Edited(id, old, entry.clone()))
    }

    /// Deletes (`deleted`) or restores a deal.
    fn set_deleted(&mut self, id: EntryId, deleted: bool) -> Result<Done, Refusal> {
        let p = self.position(id)?;
        if self.items[p].deleted == deleted {
            return Err(if deleted {
                let m = format!("deal #{id} is already deleted");
                Refusal::new("already_deleted", m).with("id", id)
            } else {
                let m = format!("deal #{id} is not deleted");
                Refusal::new("not_deleted", m).with("id", id)
            });
        }
        self.items[p].deleted = deleted;
        Ok(if deleted { Done::Deleted(id) } else { Done::Restored(id) })
    }

    /// Undoes the last change done, or redoes the last one undone.
    fn undo_redo(&mut self, change: &Change) -> Result<EntryId, Refusal> {
        if matches!(change, Change::Undo) {
            let d = self.done.pop().ok_or(Refusal::new("nothing_to_undo", "nothing to undo"))?;
            self.revert(&d)?;
            self.redo.push(d);
            Ok(self.redo[self.redo.len() - 1].id())
        } else {
            let d = self.redo.pop().ok_or(Refusal::new("nothing_to_redo", "nothing to redo"))?;
            self.reapply(&d)?;
            self.done.push(d);
            Ok(self.done[self.done.len() - 1].id())
        }
    }

    fn revert(&mut self, d: &Done) -> Result<(), Refusal> {
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
            Done::TakenBack(id) => self.unpark(*id)?,
            Done::PutBack(id) => self.park(*id)?,
            Done::SetUp(both) => self.use_setup(both.0.clone()),
        }
        Ok(())
    }

    /// The step that reverts change `n` (from 1) on the sheet as it is
    /// now; refused if there is no such change, or if what it changed has
    /// changed since so that reverting it means nothing (the deal it added
    /// is deleted already, the deal it edited is gone…).
    fn counter(&self, n: u32) -> Result<Done, Refusal> {
        let (d, undone) =
            n.checked_sub(1).and_then(|k| self.effects.get(k as usize)).ok_or_else(|| {
                Refusal::new("no_such_change", format!("there is no change {n}")).with("change", n)
            })?;
        let step = if *undone { self.redo_step(d) } else { self.undo_step(d) };
        step.ok_or_else(|| {
            let m = format!("change {n} cannot be reverted: what it changed has changed since");
            Refusal::new("cannot_revert", m).with("change", n)
        })
    }

    /// Whether deal `id` is in the list: `Some(deleted)`.
    fn state_of(&self, id: EntryId) -> Option<bool> {
        self.position(id).ok().map(|p| self.items[p].deleted)
    }

    /// Whether deal `id` is out of the list, to come back (undone or taken
    /// back).
    fn parked(&self, id: EntryId) -> bool {
        self.undone_adds.iter().any(|i| i.id == id)
    }

    /// The step doing the other way what `d` did, on today's sheet.
    fn undo_step(&self, d: &Done) -> Option<Done> {
        let live = |id| self.state_of(id) == Some(false);
        match d {
            Done::Added(id) | Done::Restored(id) => live(*id).then_some(Done::Deleted(*id)),
            Done::Deleted(id) => (self.state_of(*id) == Some(true)).then_some(Done::Restored(*id)),
            Done::Edited(id, old, _) => self.edit_step(*id, old),
            Done::TakenBack(id) => self.parked(*id).then_some(Done::PutBack(*id)),
            Done::PutBack(id) => live(*id).then_some(Done::TakenBack(*id)),
            Done::SetUp(both) => self.setup_step(&both.0),
        }
    }

    /// The step doing `d` again (it was undone), on today's sheet.
    fn redo_step(&self, d: &Done) -> Option<Done> {
        let live = |id| self.state_of(id) == Some(false);
        match d {
            Done::Added(id) | Done::PutBack(id) => self.parked(*id).then_some(d.clone()),
            Done::Deleted(id) | Done::TakenBack(id) => live(*id).then_some(d.clone()),
            Done::Restored(id) => (self.state_of(*id) == Some(true)).then_some(d.clone()),
            Done::Edited(id, _, new) => self.edit_step(*id, new),
            Done::SetUp(both) => self.setup_step(&both.1),
        }
    }

    /// Deal `id` back to `entry`, if it is live and not so already.
    fn edit_step(&self, id: EntryId, entry: &DealInput) -> Option<Done> {
        let p = self.position(id).ok()?;
        let now = &self.items[p];
        (!now.deleted && now.entry != *entry)
            .then(|| Done::Edited(id, now.entry.clone(), entry.clone()))
    }

    /// The set-up back to `setup`, if it is not so already.
    fn setup_step(&self, setup: &Setup) -> Option<Done> {
        (self.setup != *setup).then(|| Done::SetUp(Box::new((self.setup.clone(), setup.clone()))))
    }

    /// Whether change `n` (from 1) can be reverted now ([`Change::Revert`]).
    pub fn can_revert(&self, n: u32) -> bool {
        self.counter(n).is_ok()
    }

    /// The deal change `n` (from 1) touched; `None` for a change of the
    /// set-up, or no such change.
    pub fn touched(&self, n: u32) -> Option<EntryId> {
        let (d, _) = self.effects.get(n.checked_sub(1)? as usize)?;
        Some(d.id()).filter(|&id| id != 0)
    }

    /// A new set-up for this sheet: names trimmed and checked, the same game
    /// and number of players (the deals entered must still make sense).
    fn checked_setup(&self, setup: &Setup) -> Result<Setup, Refusal> {
        let mut new = setup.clone().normalized()?;
        // Who keeps the sheet is not the set-up's to change.
        new.kept_by_table = self.setup.kept_by_table;
        let same_game = std::mem::discriminant(&new.rules)
            == std::mem::discriminant(&self.setup.rules)
            && new.players.len() == self.setup.players.len()
            && new.rules.variant() == self.setup.rules.variant();
        if !same_game {
            return Err(Refusal::new(
                "same_game",
                "the game and the number of players stay as they were: start a new game for another",
            ));
        }
        Ok(new)
    }

    /// Puts a set-up in place, with the ledger every deal starts from.
    fn use_setup(&mut self, setup: Setup) {
        self.setup = setup;
        self.states[0] = GameState::new(&self.setup);
    }

    /// Takes a deal out of the list to come back later (↶).
    fn park(&mut self, id: EntryId) -> Result<(), Refusal> {
        let p = self.position(id)?;
        let item = self.items.remove(p);
        self.undone_adds.push(item);
        self.taken_back.push(id);
        Ok(())
    }

    /// Puts a taken-back deal back at its place (↷).
    fn unpark(&mut self, id: EntryId) -> Result<(), Refusal> {
        let k = self.undone_adds.iter().rposition(|i| i.id == id).ok_or_else(inconsistent)?;
        let item = self.undone_adds.remove(k);
        let at = self.items.partition_point(|i| i.id < id);
        self.items.insert(at, item);
        if let Some(t) = self.taken_back.iter().rposition(|&t| t == id) {
            self.taken_back.remove(t);
        }
        Ok(())
    }

    fn reapply(&mut self, d: &Done) -> Result<(), Refusal> {
        match d {
            Done::Added(id) => {
                let k =
                    self.undone_adds.iter().rposition(|i| i.id == *id).ok_or_else(inconsistent)?;
                let item = self.undone_adds.remove(k);
                // Back at its place: after every item with a smaller id
                // (items stay in id order).
                let at = self.items.partition_point(|i| i.id < *id);
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
            Done::TakenBack(id) => self.park(*id)?,
            Done::PutBack(id) => self.unpark(*id)?,
            Done::SetUp(both) => self.use_setup(both.1.clone()),
        }
        Ok(())
    }

    /// Recomputes the whole table from the live deals (a left-to-right
    /// fold through the engine's ledger for the variant). The sheet keeps
    /// the same table up to date change by change; this is the reference.
    pub fn derive(&self) -> Result<Table, Refusal> {
        let tail = self.derive_tail(0, 0)?;
        let mut table = Table {
            rows: tail.rows,
            totals: Vec::new(),
            pool: Half(0),
            pool_lost: Half(0),
            next_dealer: self.setup.first_dealer,
            winner: None,
        };
        tail.states.last().unwrap_or(&self.states[0]).fill(&mut table);
        Ok(table)
    }
}
