// The mixed multi-tenant workload of bench/run.mjs (section "mixed"): many firms and their holdings at once,
// 90 % reads and 10 % writes, each request a random tenant and operation. The tenants come from
// `npm run seed:tenants` (owner{i}@tenants.test, holding{i}@tenants.test, password Demo1234!).
import crypto from 'node:crypto';
import autocannon from 'autocannon';

const PASSWORD = 'Demo1234!';

/** What a browser sends with every call (axios in Chromium): answers may come gzipped, as cached. */
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

/** Per-operation tallies: answers, non-2xx by status, and latencies (ms) for a p99. */
function newTally() {
  return Object.fromEntries(OPERATIONS.map((op) => [op.name, { count: 0, failed: {}, latencies: [] }]));
}

const percentile = (xs, p) => {
  if (xs.length === 0) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * Runs the workload for `duration` seconds over `connections` connections; every non-2xx answer is an
 * error. Answers requests/s, p99 and max latency (ms), errors, total and per operation: count, errors by
 * status, p99. A tenant that may not run the drawn operation (a holding on a firm-only one) gives its
 * turn to a firm drawn at random, so the weights hold.
 */
export function mixedWorkload({ base, accounts, duration, connections = 50, period }) {
  const firms = accounts.filter((a) => a.firm && a.clients.length && a.documents.length);
  const anyone = accounts.filter((a) => a.clients.length);
  if (!firms.length) throw new Error('no firm account with clients and documents to review');
  const tally = newTally();
  const setupRequest = (req, context) => {
    const op = drawOperation();
    const account = op.firmOnly ? pick(firms) : pick(anyone);
    const r = requestOf(op, account, period);
    context.op = op.name;
    context.started = performance.now();
    return {
      ...req,
      method: 'POST',
      path: r.path,
      headers: { ...BROWSER, 'content-type': r.type, authorization: `Bearer ${account.token}` },
      body: r.body,
    };
  };
  const cache = { hit: 0, miss: 0 };
  const onResponse = (status, _body, context, headers) => {
    const from = headers?.['x-cache'];
    if (from === 'hit' || from === 'miss') cache[from]++;
    const t = tally[context.op];
    t.count++;
    t.latencies.push(performance.now() - context.started);
    if (status < 200 || status >= 300) t.failed[status] = (t.failed[status] ?? 0) + 1;
  };
  return new Promise((resolve, reject) => {
    autocannon(
      { url: base, duration, connections, pipelining: 1, requests: [{ setupRequest, onResponse }] },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          rps: result.requests.average,
          p99: result.latency.p99,
          max: result.latency.max,
          errors: result.errors + result.non2xx,
          timeouts: result.timeouts,
          total: result.requests.total,
          /** Answers of the cached reads (the server's x-cache header): from memory, and computed. */
          cache,
          operations: Object.fromEntries(
            Object.entries(tally).map(([name, t]) => [
              name,
              { count: t.count, failed: t.failed, p99: percentile(t.latencies, 99), max: Math.max(0, ...t.latencies) },
            ]),
          ),
        });
      },
    );
  });
}
