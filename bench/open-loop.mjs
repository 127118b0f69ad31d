// The open loop of bench/run.mjs's mixed section: the mixed workload (bench/mixed.mjs) sent as users send
// it, on a schedule that does not wait for answers. Arrivals are a Poisson process at `rate` requests/s;
// each request is timed from its scheduled start, so a server that falls behind shows as the wait of every
// request queued behind it (no coordinated omission). The agent opens as many sockets as the requests in
// flight need, so the generator never waits for a free one.
import http from 'node:http';
import { countRequest, drawRequest, newTally, summarize } from './mixed.mjs';

/** One POST on `agent`: answers its outcome, the HTTP status or "connection" / "timeout". */
function send(agent, url, r, timeoutMs) {
  return new Promise((resolve) => {
    let settled = false;
    const done = (outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: r.path,
        method: 'POST',
        agent,
        headers: { ...r.headers, 'content-length': Buffer.byteLength(r.body) },
      },
      (res) => {
        // Read to the end: the answer is what the user waits for, not its first byte.
        res.resume();
        res.on('end', () => done(res.statusCode));
        res.on('error', () => done('connection'));
      },
    );
    const timer = setTimeout(() => {
      done('timeout');
      req.destroy();
    }, timeoutMs);
    req.on('error', () => done('connection'));
    req.end(r.body);
  });
}

/**
 * Sends the workload drawn from `pool` to `base` at `rate` requests/s for `duration` seconds, then waits
 * for the requests still in flight (each gives up after `timeoutMs`, counted as a timeout). Answers the
 * figures of bench/mixed.mjs's summarize, the rate offered and the rate answered, and how late the
 * generator itself ever was in sending a request (its own lag, already inside the latencies).
 */
export async function openLoop({ base, pool, rate, duration, timeoutMs = 10_000 }) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const tally = newTally();
  const inFlight = [];
  let generatorLate = 0;
  const start = performance.now();
  const end = start + duration * 1000;
  // Exponential gaps between arrivals: a Poisson process at `rate`.
  const gap = () => (-Math.log(1 - Math.random()) * 1000) / rate;
  let next = start + gap();
  const fire = (scheduled) => {
    generatorLate = Math.max(generatorLate, performance.now() - scheduled);
    const r = drawRequest(pool);
    inFlight.push(
      send(agent, url, r, timeoutMs).then((outcome) =>
        countRequest(tally, r.op, outcome, performance.now() - scheduled),
      ),
    );
  };
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      for (; next <= now && next < end; next += gap()) fire(next);
      if (next >= end) return resolve();
      setTimeout(tick, Math.min(next - now, 1));
    };
    tick();
  });
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  const figures = summarize(tally);
  return { ...figures, offered: rate, answered: figures.total / elapsed, generatorLate, duration };
}
