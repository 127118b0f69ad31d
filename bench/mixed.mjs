// The mixed multi-tenant workload of bench/run.mjs (section "mixed"): many firms and their holdings at once,
// 90 % reads and 10 % writes, each request a random tenant and operation. The tenants come from
// `npm run seed:tenants` (owner{i}@tenants.test, holding{i}@tenants.test, password Demo1234!).
// Two ways to send it, drawing the same operations (drawRequest): saturate (closed loop, as fast as the
// server answers) here, and openLoop (requests on a fixed schedule) in bench/open-loop.mjs.
import crypto from 'node:crypto';
import autocannon from 'autocannon';

const PASSWORD = 'Demo1234!';

/** What a browser sends with every call (axios in Chromium): answers may come gzipped. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

/**
 * The operations and their weights (per cent). Grid, review inbox and review are the firm's alone; the
 * others run through the door of whoever was drawn (a holding's administrator reads its clients through
 * /api/holding/{id}/…). Reads 90 %, writes 10 %.
 */
export const OPERATIONS = [
  { name: 'client list', weight: 18, write: false, firmOnly: false },
  { name: 'client view', weight: 18, write: false, firmOnly: false },
  { name: 'checklist', weight: 18, write: false, firmOnly: false },
  { name: 'grid', weight: 18, write: false, firmOnly: true },
  { name: 'review inbox', weight: 18, write: false, firmOnly: true },
  { name: 'upload', weight: 4, write: true, firmOnly: false },
  { name: 'review', weight: 3, write: true, firmOnly: true },
  { name: 'client edit', weight: 3, write: true, firmOnly: false },
];

const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];

/** An operation drawn by weight. */
function drawOperation() {
  let r = Math.random() * 100;
  for (const op of OPERATIONS) {
    r -= op.weight;
    if (r < 0) return op;
  }
  return OPERATIONS[0];
}

async function postJson(base, url, body, token) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url} → ${res.status} ${await res.text()}`);
  return res.json();
}

/** Signs in one seeded account and learns what it may act on: its clients, and for a firm the documents to review. */
async function prepareAccount(base, email) {
  const { token, user } = await postJson(base, '/api/login', { email, password: PASSWORD });
  if (user.company_id) {
    const prefix = `/api/company/${user.company_id}`;
    const clients = await postJson(base, `${prefix}/clients`, { page: 1, per_page: 100 }, token);
    const queue = await postJson(base, `${prefix}/review-queue`, { page: 1, per_page: 100 }, token);
    return {
      email,
      token,
      firm: true,
      prefix,
      clients: clients.data.map((c) => c.id),
      documents: queue.data.map((d) => ({ clientId: d.client.id, mediaId: d.id })),
    };
  }
  const prefix = `/api/holding/${user.holding_id}`;
  const clients = await postJson(base, `${prefix}/index`, { page: 1, per_page: 100 }, token);
  return { email, token, firm: false, prefix, clients: clients.data.map((c) => c.id), documents: [] };
}

/**
 * Signs in the first `companies` seeded firms' owners and holding administrators (a few at a time: each
 * sign-in is an argon2 check), answering one account each.
 */
export async function tenantAccounts(base, companies, parallel = 4) {
  const emails = [];
  for (let i = 1; i <= companies; i++) emails.push(`owner${i}@tenants.test`, `holding${i}@tenants.test`);
  const accounts = [];
  for (let i = 0; i < emails.length; i += parallel)
    accounts.push(...(await Promise.all(emails.slice(i, i + parallel).map((e) => prepareAccount(base, e)))));
  return accounts;
}

/**
 * The signed-in accounts the workload draws from: firms that have clients and documents to review (for the
 * firm-only operations), and anyone with clients.
 */
export function workloadPool(accounts, period) {
  const firms = accounts.filter((a) => a.firm && a.clients.length && a.documents.length);
  const anyone = accounts.filter((a) => a.clients.length);
  if (!firms.length) throw new Error('no firm account with clients and documents to review');
  return { firms, anyone, period, accounts: accounts.length };
}

/** A one-file multipart body for storeFiles: the period field, then a tiny PDF. */
function uploadBody(period) {
  const boundary = `----dosarmixed${crypto.randomBytes(8).toString('hex')}`;
  const pdf = `%PDF-1.4\n% bench ${crypto.randomBytes(6).toString('hex')}\n%%EOF\n`;
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="period"\r\n\r\n${period}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="bench.pdf"\r\n` +
      `Content-Type: application/pdf\r\n\r\n${pdf}\r\n--${boundary}--\r\n`,
  );
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/** The HTTP request of `op` for `account` (path, body, content type). */
function requestOf(op, account, period) {
  const client = pick(account.clients);
  const json = (path, body = {}) => ({ path, body: JSON.stringify(body), type: 'application/json' });
  const p = account.prefix;
  switch (op.name) {
    case 'client list':
      return account.firm
        ? json(`${p}/clients`, { page: 1, per_page: 50 })
        : json(`${p}/index`, { page: 1, per_page: 50 });
    case 'client view':
      return json(`${p}/clients/${client}`);
    case 'checklist':
      return json(`${p}/clients/${client}/checklist`, { period });
    case 'grid':
      return json(`${p}/checklist`, { period, page: 1, per_page: 50 });
    case 'review inbox':
      return json(`${p}/review-queue`);
    case 'upload': {
      const { body, type } = uploadBody(period);
      return { path: `${p}/clients/${client}/storeFiles`, body, type };
    }
    case 'review': {
      // A document seeded as awaiting review; once accepted, accepting it again is the same call.
      const d = pick(account.documents);
      return json(`${p}/clients/${d.clientId}/media/${d.mediaId}/review`, { status: 'accepted' });
    }
    default:
      return json(`${p}/clients/${client}/update`, { notes: `Notă actualizată ${new Date().toISOString()}` });
  }
}

/**
 * The next request of the workload: an operation drawn by weight and a random tenant allowed to run it. A
 * holding drawn for a firm-only operation would be refused, so those draw among the firms: the weights hold.
 * Answers the operation's name and the POST to send (path, headers, body).
 */
export function drawRequest(pool) {
  const op = drawOperation();
  const account = op.firmOnly ? pick(pool.firms) : pick(pool.anyone);
  const r = requestOf(op, account, pool.period);
  return {
    op: op.name,
    path: r.path,
    headers: { ...BROWSER, 'content-type': r.type, authorization: `Bearer ${account.token}` },
    body: r.body,
  };
}

/** Per-operation tallies: answers, failures by status (or "connection", "timeout") and latencies (ms). */
export function newTally() {
  return Object.fromEntries(OPERATIONS.map((op) => [op.name, { count: 0, failed: {}, latencies: [] }]));
}

/** Counts one request of `op`: its outcome (an HTTP status, or "connection" / "timeout") and how long it took. */
export function countRequest(tally, op, outcome, ms) {
  const t = tally[op];
  t.count++;
  if (ms !== undefined) t.latencies.push(ms);
  if (typeof outcome !== 'number' || outcome < 200 || outcome >= 300) t.failed[outcome] = (t.failed[outcome] ?? 0) + 1;
}

const percentile = (xs, p) => {
  if (xs.length === 0) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * A tally's figures: requests, p99 and the slowest (ms, and which operation), failures (non-2xx,
 * connection errors, timeouts), and per operation its count, failures and p99.
 */
export function summarize(tally) {
  const all = Object.values(tally).flatMap((t) => t.latencies);
  const failures = { status: 0, connection: 0, timeout: 0 };
  let slowest = { op: null, ms: 0 };
  for (const [op, t] of Object.entries(tally)) {
    for (const [outcome, n] of Object.entries(t.failed)) failures[outcome in failures ? outcome : 'status'] += n;
    for (const ms of t.latencies) if (ms > slowest.ms) slowest = { op, ms };
  }
  return {
    total: Object.values(tally).reduce((n, t) => n + t.count, 0),
    p99: percentile(all, 99),
    max: slowest.ms,
    slowest: slowest.op,
    errors: failures.status + failures.connection + failures.timeout,
    failures,
    operations: Object.fromEntries(
      Object.entries(tally).map(([name, t]) => [
        name,
        { count: t.count, failed: t.failed, p99: percentile(t.latencies, 99) },
      ]),
    ),
  };
}

/**
 * The saturating throughput: the workload over `connections` connections for `duration` seconds, each
 * connection sending its next request as soon as the last is answered (closed loop). Its latencies only
 * restate the throughput (mean = connections ÷ throughput), so it answers requests/s and failures alone;
 * what a user waits is the open loop's figure.
 */
export function saturate({ base, pool, duration, connections = 50 }) {
  const tally = newTally();
  const setupRequest = (req, context) => {
    const r = drawRequest(pool);
    context.op = r.op;
    return { ...req, method: 'POST', path: r.path, headers: r.headers, body: r.body };
  };
  const onResponse = (status, _body, context) => countRequest(tally, context.op, status);
  return new Promise((resolve, reject) => {
    autocannon(
      { url: base, duration, connections, pipelining: 1, requests: [{ setupRequest, onResponse }] },
      (error, result) => {
        if (error) return reject(error);
        const counted = summarize(tally);
        resolve({
          total: result.requests.total,
          seconds: duration,
          // autocannon's own count also holds the connection errors and timeouts the tally never saw.
          errors: result.errors + result.non2xx,
          timeouts: result.timeouts,
          operations: counted.operations,
        });
      },
    );
  });
}

/** Requests/s over saturate's windows taken together. */
export const throughput = (windows) =>
  windows.reduce((n, w) => n + w.total, 0) / windows.reduce((n, w) => n + w.seconds, 0);
