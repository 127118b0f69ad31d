import sanitizeHtml from 'sanitize-html';
import type { MailMessage } from '../../infra/mailer.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { errors } from '../../infra/errors.js';
import type { Db } from '../../infra/db.js';
import { pagedList } from '../../lib/paging.js';
import { htmlToText } from './html-to-text.js';
import * as repo from './repository.js';
import type { AudienceSpec, Recipient } from './repository.js';

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** {{nume}} and {{firma}} in a campaign become the recipient's name and company/holding name. */
function fill(template: string, recipient: Recipient, escape: boolean): string {
  const value = (s: string): string => (escape ? escapeHtml(s) : s);
  return template.replace(/\{\{\s*(nume|firma)\s*\}\}/g, (_m, key: string) =>
    value(key === 'nume' ? recipient.name : recipient.tenant_name),
  );
}

/**
 * What a campaign's HTML may keep: text formatting, lists, tables, links (http, https, mailto) and
 * images (http, https). Everything else — scripts, inline handlers (`<img onerror>`), styles, forms,
 * `javascript:` links however their characters are encoded — is dropped by a parser (sanitize-html),
 * not by patterns a crafted string could slip past.
 */
const CAMPAIGN_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'span',
    'div',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan'],
    th: ['colspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/** A campaign's HTML, cleaned to the allow-list above before it is previewed or sent. */
export function cleanHtml(html: string): string {
  return sanitizeHtml(html, CAMPAIGN_HTML);
}

const FOOTER = 'Primești acest mesaj pentru că ai un cont în Dosar.';

export function renderCampaignMail(campaign: { subject: string; html: string }, recipient: Recipient): MailMessage {
  const body = fill(cleanHtml(campaign.html), recipient, true);
  const html = `<!doctype html><html lang="ro"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
${body}
<hr style="border:none;border-top:1px solid #e5e7eb;margin-top:24px">
<p style="font-size:12px;color:#6b7280">${FOOTER}</p>
</body></html>`;
  const text = `${htmlToText(body)}\n\n--\n${FOOTER}`;
  return {
    to: recipient.email,
    subject: fill(campaign.subject, recipient, false).replace(/[\r\n]+/g, ' '),
    html,
    text,
  };
}

export interface ComposeInput {
  subject: string;
  html: string;
  audience: AudienceSpec['audience'];
  company_ids?: number[];
  holding_ids?: number[];
}

function audienceOf(input: ComposeInput): AudienceSpec {
  const spec: AudienceSpec = {
    audience: input.audience,
    company_ids: input.audience === 'tenants' ? [...new Set(input.company_ids ?? [])] : [],
    holding_ids: input.audience === 'tenants' ? [...new Set(input.holding_ids ?? [])] : [],
  };
  if (spec.audience === 'tenants' && spec.company_ids.length + spec.holding_ids.length === 0) {
    throw errors.field('company_ids', fieldMessages.campaigns.noAudience);
  }
  return spec;
}

function checkContent(input: ComposeInput): void {
  if (!input.subject.trim()) throw errors.field('subject', fieldMessages.campaigns.subjectRequired);
  if (!htmlToText(cleanHtml(input.html)).trim()) throw errors.field('html', fieldMessages.campaigns.emptyMessage);
}

const SAMPLE: Recipient = { email: 'exemplu@firma.ro', name: 'Nume Prenume', tenant_name: 'Firma Exemplu SRL' };

export async function previewCampaign(db: Db, input: ComposeInput) {
  checkContent(input);
  const recipients = await repo.resolveRecipients(db, audienceOf(input));
  const rendered = renderCampaignMail(input, recipients[0] ?? SAMPLE);
  return {
    recipients_count: recipients.length,
    recipients: recipients.slice(0, 20),
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
  };
}

/** Stores the campaign and queues one mail per recipient; the outbox worker sends them. */
export async function sendCampaign(db: Db, input: ComposeInput, createdBy: number): Promise<number> {
  checkContent(input);
  const spec = audienceOf(input);
  const recipients = await repo.resolveRecipients(db, spec);
  if (recipients.length === 0) throw errors.field('audience', fieldMessages.campaigns.noRecipients);
  const messages = recipients.map((r) => renderCampaignMail(input, r));
  const html = cleanHtml(input.html);
  return repo.insertCampaignWithMails(
    db,
    { subject: input.subject.trim(), html, text: htmlToText(html), spec, createdBy },
    messages,
  );
}

// The admin's screens

export function presentCampaign(row: repo.CampaignRow) {
  const progress = {
    total: Number(row.progress.total),
    sent: Number(row.progress.sent),
    failed: Number(row.progress.failed),
    queued: Number(row.progress.queued),
    retrying: Number(row.progress.retrying),
  };
  return {
    id: row.id,
    subject: row.subject,
    audience: row.audience,
    company_ids: row.tenants.company_ids,
    holding_ids: row.tenants.holding_ids,
    recipients_count: row.recipients_count,
    created_at: new Date(row.created_at).toISOString(),
    created_by_name: row.created_by_name,
    status: progress.queued > 0 ? ('sending' as const) : ('done' as const),
    progress,
  };
}

const pageOf = (query: { page?: string; per_page?: string }) => {
  const page = Math.max(1, Number(query.page ?? 1));
  const perPage = Math.min(100, Math.max(1, Number(query.per_page ?? 20)));
  return { page, perPage };
};

/** GET /admin/campaigns: the history, newest first, with each campaign's sending progress. */
export async function campaignsPage(db: Db, query: { page?: string; per_page?: string }) {
  const { page, perPage } = pageOf(query);
  const { rows, total } = await repo.listCampaigns(db, page, perPage);
  return pagedList(rows.map(presentCampaign), { page, perPage }, total);
}

/** POST /admin/campaigns: stores and queues it, answers it as the history shows it. */
export async function createCampaign(db: Db, input: ComposeInput, createdBy: number) {
  const id = await sendCampaign(db, input, createdBy);
  return presentCampaign((await repo.findCampaign(db, id)) as repo.CampaignRow);
}

/** GET /admin/campaigns/{id}: the campaign with its message and progress. */
export async function campaignDetail(db: Db, id: number) {
  const row = await repo.findCampaign(db, id);
  if (!row) throw errors.notFound('Campania');
  return { ...presentCampaign(row), html: row.html, text: row.text };
}
