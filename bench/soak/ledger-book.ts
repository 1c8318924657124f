// Every write the workload attempted, with what it was told: checked against the database at the
// end (an acknowledged write must be there exactly once; a refused one must have left nothing).

export type WriteKind = 'register' | 'like' | 'follow' | 'comment' | 'post' | 'media' | 'order' | 'payment';

/**
 * acknowledged: 2xx; refused: 4xx (nothing happened); unknown: no answer, a 5xx or a 503 — the
 * write may or may not have happened, and it must not have happened twice.
 */
export type Outcome = 'acknowledged' | 'refused' | 'unknown';

export interface WriteRecord {
  kind: WriteKind;
  /** What finds it in the database: a unique text, `userId:postId`, an order id… */
  key: string;
  outcome: Outcome;
  status: number;
  at: number;
}

export const outcomeOf = (status: number): Outcome =>
  status >= 200 && status < 300 ? 'acknowledged' : status >= 400 && status < 500 ? 'refused' : 'unknown';

export class Ledger {
  readonly records: WriteRecord[] = [];
  /** Answers that contradict what the workload did (a first like that answered "unliked"). */
  readonly anomalies: string[] = [];

  anomaly(text: string) {
    this.anomalies.push(text);
  }

  record(kind: WriteKind, key: string, status: number) {
    this.records.push({ kind, key, outcome: outcomeOf(status), status, at: Date.now() });
  }

  of(kind: WriteKind, outcome: Outcome) {
    return this.records.filter((r) => r.kind === kind && r.outcome === outcome).map((r) => r.key);
  }
}
