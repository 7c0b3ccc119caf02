import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { isUnreadStatement, preparedStatementName } from './compiled-query.js';

/**
 * The pg pool handed to Kysely, with fewer round trips per transaction. On a small machine each
 * round trip wakes a PostgreSQL backend and the server thread, and that, not the statements, is
 * what bounds a stock transfer (about 140 µs of the machine's CPU per round trip, measured by the
 * transfers bench):
 *
 * - The hot queries (runCompiled, compiled-query.ts) run as named prepared statements, so
 *   PostgreSQL parses and plans each once per connection.
 * - The connections run in pg's pipeline mode, and inside a transaction two kinds of statement are
 *   held back and written with the next statement the caller awaits, in one packet: BEGIN (as
 *   pgjdbc and Npgsql do), and statements whose answer the caller does not read (sendCompiled:
 *   locks, the idempotency record's answer). PostgreSQL runs them in the order written, so a lock
 *   still comes before the read after it, and that read, a statement of its own, sees every
 *   commit made before the lock was granted.
 * - Errors: the first failure among the statements written together is thrown, by the statement
 *   awaited. A held statement that fails aborts the transaction, so the statements after it fail
 *   too and change nothing; a COMMIT after it ends the transaction without writing, and commit
 *   throws the held statement's error. ROLLBACK drops what is held (it would be undone).
 */
export function pipelinedPool(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PipelinedClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let handle = wrapped.get(client);
      if (!handle) wrapped.set(client, (handle = new PipelinedClient(client)));
      return handle;
    },
    end: () => pool.end(),
  };
}

/** The pool's settings for pipelined connections. */
export const pipelinedPoolConfig = { pipeline: true } satisfies pg.PoolConfig;

interface Statement {
  text: string;
  values: unknown[];
}

/** A statement's answer: Kysely types the command as a DML verb; BEGIN, COMMIT and the like answer theirs. */
type Result = Omit<PostgresQueryResult<unknown>, 'command'> & { command: string };

const beginsTransaction = /^(begin|start transaction)\b/i;
const done = (command: string): Promise<Result> => Promise.resolve({ command, rowCount: 0, rows: [] });

class PipelinedClient implements PostgresPoolClient {
  /** Statements held back: written with the next statement awaited. */
  #held: Statement[] = [];
  #inTransaction = false;
  /** Whether the transaction's BEGIN has been written. */
  #begun = false;

  constructor(private readonly client: pg.PoolClient) {}

  query = ((textOrCursor: unknown, parameters?: readonly unknown[]): Promise<Result> => {
    // Kysely passes a cursor only for streamed queries, which this app does not use (pipeline
    // mode refuses them with an error).
    if (typeof textOrCursor !== 'string') return this.client.query(textOrCursor as pg.Submittable) as never;
    const statement = { text: textOrCursor, values: [...(parameters ?? [])] };
    if (!this.#inTransaction) {
      if (!beginsTransaction.test(statement.text)) return this.#write([statement]);
      this.#inTransaction = true;
      this.#begun = false;
      this.#held = [statement];
      return done('BEGIN');
    }
    if (statement.text === 'rollback') {
      this.#inTransaction = false;
      this.#held = [];
      return this.#begun ? this.#write([statement]) : done('ROLLBACK');
    }
    if (/^rollback to\b/i.test(statement.text)) {
      // What is held came after the last statement written, so after every savepoint: undone.
      this.#held = this.#begun ? [] : this.#held.slice(0, 1);
      return this.#write([statement]);
    }
    if (statement.text === 'commit') {
      this.#inTransaction = false;
      if (!this.#begun && this.#held.length === 1) {
        this.#held = [];
        return done('COMMIT');
      }
      return this.#commit(statement);
    }
    if (isUnreadStatement(statement.text)) {
      this.#held.push(statement);
      return done('HELD');
    }
    return this.#write([statement]);
  }) as unknown as PostgresPoolClient['query'];

  release(): void {
    this.#held = [];
    this.#inTransaction = false;
    this.client.release();
  }

  async #commit(commit: Statement): Promise<Result> {
    const result = await this.#write([commit]);
    // PostgreSQL answers a COMMIT of a failed transaction with ROLLBACK; #write threw its error first.
    if (result.command !== 'COMMIT')
      throw new Error(`COMMIT answered ${result.command}: the transaction was rolled back`);
    return result;
  }

  /** Writes the held statements and these in one packet; answers the last, or throws the first failure. */
  async #write(statements: Statement[]): Promise<Result> {
    const all = [...this.#held, ...statements];
    this.#held = [];
    if (this.#inTransaction) this.#begun = true;
    const stream = (this.client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } })
      .connection?.stream;
    stream?.cork?.();
    let sent: Promise<Result>[];
    try {
      sent = all.map(({ text, values }) => {
        const name = preparedStatementName(text);
        return (name ? this.client.query({ name, text, values }) : this.client.query(text, values)) as Promise<Result>;
      });
    } finally {
      stream?.uncork?.();
    }
    const settled = await Promise.allSettled(sent);
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    return (settled.at(-1) as PromiseFulfilledResult<Result>).value;
  }
}
