// Calls to the running server's API for a test's setup and clean-up (the journey itself
// goes through the browser): sign in, call with a bearer token, register a fresh company, give it a
// client and the client's contact an account.
import assert from 'node:assert/strict';
import { DEMO_PASSWORD, randomCui, uniqueEmail } from './ui.mjs';
import { waitForMail } from './mail.mjs';

/**
 * An office of its own for one setup call: the e2e server trusts X-Forwarded-For (TRUST_PROXY=1, as
 * behind a real proxy), so the per-IP limits (registration: 10 an hour) count each test's setup apart
 * from the browser's own requests, which come from 127.0.0.1.
 */
export const anotherOffice = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/** `fetch` on the server with JSON in and out: {status, body} (body null when not JSON). */
export async function apiCall(server, method, path, { token, body, from } = {}) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  if (from) headers['X-Forwarded-For'] = from;
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: response.status, body: json, text };
}

/** Signs in through POST /api/login: {token, user}. */
export async function apiLogin(server, email, password = DEMO_PASSWORD) {
  const { status, body, text } = await apiCall(server, 'POST', '/api/login', { body: { email, password } });
  assert.equal(status, 200, `sign in ${email} through the API: ${text}`);
  return { token: body.token, user: body.user };
}

/**
 * A fresh company and its owner through the public register call (POST /api/company/create),
 * so a test can change that company's data without touching the demo world. The owner then opens
 * the verification link from the mail, as a real owner does, unless `verified: false`.
 */
export async function registerCompany(
  server,
  { email, password, companyName = 'Firmă E2E SRL', name = 'Proprietar E2E', verified = true },
) {
  const { status, body, text } = await apiCall(server, 'POST', '/api/company/create', {
    body: { company_name: companyName, cui: randomCui(), name, email, password, password_confirmation: password },
    from: anotherOffice(),
  });
  assert.equal(status, 201, `register ${email} through the API: ${text}`);
  if (verified) await verifyEmail(server, email);
  return body;
}

/** Follows the newest verification link mailed to `email` (POST /api/email/verify). */
export async function verifyEmail(server, email) {
  const mail = await waitForMail(server.dataDir, email);
  const link = mail.links.find((href) => href.includes('/verify-email/'));
  assert.ok(link, `a verification link in the mail to ${email}: ${mail.links.join(', ')}`);
  const token = new URL(link).pathname.split('/').pop();
  const verified = await apiCall(server, 'POST', '/api/email/verify', { body: { token } });
  assert.equal(verified.status, 200, `verify ${email}: ${verified.text}`);
}

/**
 * A fresh firm (its owner's address begins with `tag`) with one client outside any holding, whose name
 * begins with `client`: {ownerEmail, owner: {token, user}, companyId, clientId, clientName}.
 */
export async function firmWithClient(server, { tag, password, companyName, client }) {
  const ownerEmail = uniqueEmail(`${tag}-owner`);
  await registerCompany(server, { email: ownerEmail, password, companyName });
  const owner = await apiLogin(server, ownerEmail, password);
  const companyId = owner.user.company_id ?? owner.user.company.id;
  const clientName = `${client} ${Date.now().toString(36)} SRL`;
  const created = await apiCall(server, 'POST', `/api/company/${companyId}/createClient`, {
    token: owner.token,
    body: { name: clientName, cui: randomCui() },
  });
  assert.equal(created.status, 201, `create the client: ${created.text}`);
  return { ownerEmail, owner, companyId, clientId: created.body.data.id, clientName };
}

/** The firm invites `email` as its client's contact (role 5): the set-password link of the invitation mail (a URL). */
export async function inviteClientContact(server, firm, { name, email }) {
  const invited = await apiCall(server, 'POST', `/api/company/${firm.companyId}/clients/${firm.clientId}/invite`, {
    token: firm.owner.token,
    body: { name, email, role: 5 },
  });
  assert.ok(invited.status < 300, `invite the contact: ${invited.text}`);
  const mail = await waitForMail(server.dataDir, email);
  const link = mail.links.find((href) => href.includes('/reset-password/'));
  assert.ok(link, `a set-password link in the invitation: ${mail.links.join(', ')}`);
  return new URL(link);
}

/** Chooses `password` for `email` through a mailed set-password link (POST /api/password/reset). */
export async function setPasswordFromLink(server, link, email, password) {
  const token = new URL(link).pathname.split('/').pop();
  const reset = await apiCall(server, 'POST', '/api/password/reset', {
    body: { token, email, password, password_confirmation: password },
  });
  assert.equal(reset.status, 200, `set the password of ${email}: ${reset.text}`);
}

/**
 * A fresh firm whose client's contact (named `contact`, role 5) has an account: invited by the firm, the
 * contact chose `password` from the invitation mail, as an invited person does. What firmWithClient
 * answers, and contactEmail (it begins with `tag` too).
 */
export async function clientWithContactAccount(server, { tag, password, companyName, client, contact }) {
  const firm = await firmWithClient(server, { tag, password, companyName, client });
  const contactEmail = uniqueEmail(`${tag}-contact`);
  const link = await inviteClientContact(server, firm, { name: contact, email: contactEmail });
  await setPasswordFromLink(server, link, contactEmail, password);
  return { ...firm, contactEmail };
}
