// Calls to the running server's API for a test's setup and clean-up (the journey itself
// goes through the browser): sign in, call with a bearer token, register a fresh company.
import assert from 'node:assert/strict';
import { DEMO_PASSWORD, randomCui } from './ui.mjs';
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
