/** A job run on a timer in every server process. */
export interface PeriodicJob {
  /** Stops the timer; waits for the run in flight. */
  stop(): Promise<void>;
}

/**
 * Runs `run` every `everyMs` (the first time after `firstMs`), never two at once: a tick that finds the
 * previous run still going is skipped. A failed run is logged; the next tick runs as usual. The timers
 * never keep the process alive.
 */
export function startPeriodic(
  run: () => Promise<unknown>,
  onError: (error: unknown) => void,
  everyMs: number,
  firstMs = everyMs,
): PeriodicJob {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = run()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  // A first run sooner than the timer's own first tick; at the same time, the timer's tick is the first.
  const first = firstMs < everyMs ? setTimeout(tick, firstMs) : null;
  const timer = setInterval(tick, everyMs);
  first?.unref();
  timer.unref();
  return {
    async stop() {
      stopped = true;
      if (first) clearTimeout(first);
      clearInterval(timer);
      if (running) await running;
    },
  };
}
