import { http } from '@dosar/shared';

/** The three public e-mail links: verify an address, confirm a new one, undo a change. */
export type EmailLinkKind = 'verify' | 'confirm' | 'undo';

const ENDPOINTS: Record<EmailLinkKind, string> = {
  verify: '/api/email/verify',
  confirm: '/api/email/confirm-change',
  undo: '/api/email/undo',
};

// One call per token: a page mounted twice (React's strict mode) must not spend a single-use link twice.
const calls = new Map<string, Promise<string>>();

/** POSTs the token once; answers the server's message. `silent`: the page explains a refusal itself. */
export function openEmailLink(kind: EmailLinkKind, token: string): Promise<string> {
  const key = `${kind}:${token}`;
  let call = calls.get(key);
  if (!call) {
    call = http
      .post<{ message?: string }>(ENDPOINTS[kind], { token }, { silent: true })
      .then(({ data }) => data?.message ?? '');
    calls.set(key, call);
  }
  return call;
}
