import type { Database } from '../db/client.js';

type QueryFn = (...args: unknown[]) => unknown;
interface Queryable {
  query: QueryFn;
  exec?: QueryFn;
}

/**
 * Counts the statements a database handle sends to its server, on either driver: node-postgres' pool (its
 * queries, and those of every client checked out for a transaction, BEGIN and COMMIT included) or PGlite (its
 * queries, and those of its transactions). Each statement is one round trip. `stop()` puts the driver back.
 */
export function countStatements(db: Database) {
  const client = (db as unknown as { $client: Queryable & Record<string, QueryFn> }).$client;
  const sent: string[] = [];
  const restore: (() => void)[] = [];
  const record = (args: unknown[]) => {
    const [first] = args;
    sent.push(typeof first === 'string' ? first : String((first as { text?: string })?.text ?? first));
  };
  const wrap = <T extends object>(target: T, name: keyof T & string, around: (original: QueryFn) => QueryFn) => {
    const original = target[name] as unknown as QueryFn;
    if (typeof original !== 'function') return;
    (target as Record<string, unknown>)[name] = around(original);
    restore.push(() => ((target as Record<string, unknown>)[name] = original));
  };
  const counting = (original: QueryFn) =>
    function (this: unknown, ...args: unknown[]) {
      record(args);
      return original.apply(this, args);
    };
  const watched = new WeakSet<object>();
  const watchClient = (checkedOut: Queryable) => {
    if (watched.has(checkedOut)) return checkedOut;
    watched.add(checkedOut);
    wrap(checkedOut, 'query', counting);
    wrap(checkedOut, 'exec', counting);
    return checkedOut;
  };

  wrap(client, 'query', counting);
  wrap(client, 'exec', counting);
  // node-postgres: a transaction checks a client out of the pool.
  wrap(
    client,
    'connect',
    (original) =>
      function (this: unknown, ...args: unknown[]) {
        const result = original.apply(this, args);
        return result instanceof Promise ? result.then((c: Queryable) => watchClient(c)) : result;
      },
  );
  // PGlite: a transaction runs a callback with a transaction object of its own.
  wrap(
    client,
    'transaction',
    (original) =>
      function (this: unknown, callback: unknown) {
        // PGlite sends BEGIN and COMMIT itself, outside the transaction object's query().
        record(['BEGIN']);
        const done = original.call(this, (tx: Queryable) => (callback as (tx: Queryable) => unknown)(watchClient(tx)));
        return (done as Promise<unknown>).finally(() => record(['COMMIT']));
      },
  );
  return {
    /** The statements sent so far (their SQL text). */
    sent,
    stop() {
      for (const undo of restore.reverse()) undo();
    },
  };
}
