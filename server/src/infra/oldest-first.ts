/**
 * Who holds embedded PGlite's one connection: one statement, or one whole transaction, at a time. The
 * waiting ones go oldest request first (request-clock.ts), each after a turn of the event loop. Used on
 * the server's thread (yielding-dialect.ts) and on the database's own (pglite-thread-worker.ts).
 *
 * - A turn between two holders: PGlite runs a query on this thread, and a queue of query promises never
 *   returns to the event loop on its own. While the clients that already have a connection keep it busy,
 *   the server would accept a new connection, or read its request, only between two whole rounds of
 *   theirs (seen: the 50th connection of a 50-connection load got its first answer after 6.7 s, every
 *   answer itself taking under 40 ms). With a turn per holder, accepts and reads come in between.
 * - Oldest request first: a request of many statements (an upload: its checks, its transaction, its
 *   answer and its history) used to queue again behind every newer request at each statement, and under
 *   the bench's mixed load an upload's p99 was 1.2 s against 0.15–0.4 s for the reads. Served by age, a
 *   request that started earlier finishes earlier; work outside a request (the jobs) counts from when it
 *   asks. Kysely's own first-come lock for a single connection is replaced by this one (the adapter says
 *   it may hand out connections; this driver hands out one at a time).
 */
export class OldestFirst {
  #busy = false;
  #scheduled = false;
  #seq = 0;
  readonly #waiting: { at: number; seq: number; go: () => void }[] = [];

  /** Resolves when it is the turn of a holder whose request started at `at`. */
  enter(at: number): Promise<void> {
    return new Promise((go) => {
      const waiter = { at, seq: this.#seq++, go };
      const after = this.#waiting.findIndex((w) => w.at > at);
      this.#waiting.splice(after === -1 ? this.#waiting.length : after, 0, waiter);
      this.#schedule();
    });
  }

  /** The holder is done: the oldest waiter goes next, after a turn of the event loop. */
  leave(): void {
    this.#busy = false;
    this.#schedule();
  }

  #schedule(): void {
    if (this.#busy || this.#scheduled || this.#waiting.length === 0) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      const next = this.#waiting.shift();
      if (!next) return;
      this.#busy = true;
      next.go();
    });
  }
}
