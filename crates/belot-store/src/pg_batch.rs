//! The appends of a group commit on PostgreSQL, done together: one
//! statement locks every sheet the batch writes to and reads its count,
//! one looks up the clients' keys, one inserts every accepted change
//! (arrays, `UNNEST`), one sends every notification. A batch of 64 writes
//! costs a handful of round trips instead of several per write, which is
//! where the time went (the database itself was idle 95% of the time).

use std::collections::{HashMap, HashSet};

use belot_score::Change;
use postgres::{Client, Statement, Transaction};

use crate::{SheetId, StoreError, Written, json, now};

/// The statements, prepared once per connection.
pub(crate) struct Prepared {
    lock: Statement,
    keys: Statement,
    insert: Statement,
    notify: Statement,
}

impl Prepared {
    pub(crate) fn new(c: &mut Client) -> Result<Prepared, StoreError> {
        Ok(Prepared {
            // Locked in one order (by id), so two processes' batches
            // never wait on each other in a circle.
            lock: c.prepare(
                "SELECT s.id,
                        (SELECT COALESCE(MAX(c.seq), 0) FROM changes c WHERE c.sheet_id = s.id)
                 FROM sheets s WHERE s.id = ANY($1::text[]) ORDER BY s.id FOR UPDATE OF s",
            )?,
            keys: c.prepare(
                "SELECT c.sheet_id, c.key FROM changes c
                 JOIN UNNEST($1::text[], $2::text[]) AS k(sheet_id, key)
                   ON c.sheet_id = k.sheet_id AND c.key = k.key",
            )?,
            insert: c.prepare(
                "INSERT INTO changes (sheet_id, seq, at, change, key)
                 SELECT * FROM UNNEST($1::text[], $2::int8[], $3::int8[], $4::text[], $5::text[])",
            )?,
            notify: c.prepare("SELECT pg_notify($1, p) FROM UNNEST($2::text[]) AS p")?,
        })
    }
}

/// One append of a batch: the sheet, the count the writer saw, the
/// changes and the client's key.
pub(crate) struct Append<'a> {
    pub id: &'a SheetId,
    pub expected: usize,
    pub changes: &'a [Change],
    pub key: Option<&'a str>,
}

/// The rows to insert, as the arrays `UNNEST` reads.
#[derive(Default)]
struct Rows {
    sheets: Vec<String>,
    seqs: Vec<i64>,
    ats: Vec<i64>,
    changes: Vec<String>,
    keys: Vec<Option<String>>,
}

/// Appends each of `appends` (in order: two to one sheet follow each
/// other) inside `tx`; each gets its own outcome, as one at a time would:
/// the sheet missing, the count moved on (or the key stored already:
/// the same write sent twice), or the sheet's new count.
pub(crate) fn append_all(
    tx: &mut Transaction<'_>,
    p: &Prepared,
    appends: &[Append<'_>],
    channel: &str,
) -> Result<Vec<Result<Written, StoreError>>, StoreError> {
    let mut ids: Vec<&str> = appends.iter().map(|a| a.id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    let mut counts: HashMap<String, usize> = HashMap::new();
    for row in tx.query(&p.lock, &[&ids])? {
        let n: i64 = row.get(1);
        counts.insert(row.get(0), n as usize);
    }
    let stored = stored_keys(tx, p, appends)?;
    let mut seen_keys: HashSet<(&str, &str)> = HashSet::new();
    let (mut rows, mut notes, mut out) = (Rows::default(), Vec::new(), Vec::new());
    let at = now();
    for a in appends {
        let Some(n) = counts.get_mut(a.id.as_str()) else {
            out.push(Err(StoreError::NotFound(a.id.to_string())));
            continue;
        };
        let repeated = a.key.is_some_and(|k| {
            stored.contains(&(a.id.to_string(), k.to_string()))
                || !seen_keys.insert((a.id.as_str(), k))
        });
        if repeated || *n != a.expected {
            out.push(Err(StoreError::Conflict { expected: a.expected, actual: *n }));
            continue;
        }
        for (k, c) in a.changes.iter().enumerate() {
            rows.sheets.push(a.id.to_string());
            rows.seqs.push((*n + 1 + k) as i64);
            rows.ats.push(at);
            rows.changes.push(json(c)?);
            // The key goes on the last change: it stands for the write.
            rows.keys.push(a.key.filter(|_| k + 1 == a.changes.len()).map(str::to_string));
        }
        *n += a.changes.len();
        notes.push(format!("{}:{}", a.id, *n));
        out.push(Ok(Written::Appended(*n)));
    }
    if !rows.sheets.is_empty() {
        let r = &rows;
        tx.execute(&p.insert, &[&r.sheets, &r.seqs, &r.ats, &r.changes, &r.keys])?;
        // Heard by every process listening, once (and only if) this commits.
        tx.execute(&p.notify, &[&channel, &notes])?;
    }
    Ok(out)
}

/// The batch's keys already stored for their sheets.
fn stored_keys(
    tx: &mut Transaction<'_>,
    p: &Prepared,
    appends: &[Append<'_>],
) -> Result<HashSet<(String, String)>, StoreError> {
    let keyed: Vec<(&str, &str)> =
        appends.iter().filter_map(|a| Some((a.id.as_str(), a.key?))).collect();
    if keyed.is_empty() {
        return Ok(HashSet::new());
    }
    let (ids, keys): (Vec<&str>, Vec<&str>) = keyed.into_iter().unzip();
    let rows = tx.query(&p.keys, &[&ids, &keys])?;
    Ok(rows.into_iter().map(|r| (r.get(0), r.get(1))).collect())
}
