/**
 * The world of the holding door suites (holding-door-*.test.ts), built with the test factories: two
 * accounting firms, each with a holding born from one of its clients.
 *
 * - company1 works with holding1 ("Grup Demo"): Alfa and Beta are company1's clients inside holding1,
 *   Gamma is outside any holding; holding1 has its administrator (role 4) and a member (role 5).
 * - company2 works with holding2 ("Alt Grup"): Delta inside it, Epsilon outside.
 *
 * Every client has four documents, uploaded by its company's owner: two in each of the last two
 * months, in the first two default categories. Each company has one utility file ("Model contract").
 * Everything a tenant owns carries its canary (client notes, document names, the utility file), so
 * isolation checks can look for it in the other tenant's answers.
 *
 * The holding administrators are invited last: their first sign-in comes after every upload, so the
 * documents count as new on their first visit and as old after their next sign-in.
 */
import type { TestApp } from '../helpers.js';
import type { MultipartPart } from '../multipart.js';
import { CANARY } from '../canary.js';
import { lastPeriods } from '../../src/features/clients/index.js';
import {
  api,
  categoryIdsByName,
  createClient,
  createCompany,
  createHolding,
  createUser,
  createUtilityFile,
  inviteHoldingAdmin,
  unique,
  uploadDocument,
  type Actor,
  type Answer,
  type Caller,
  type Client,
  type Company,
  type Holding,
} from '../factories.js';

export { CANARY };

export type HoldingWithAdmin = Omit<Holding, 'admin'> & { admin: Actor };

export interface HoldingDoorWorld {
  company1: Company;
  company2: Company;
  holding1: HoldingWithAdmin;
  holding2: HoldingWithAdmin;
  /** holding1's administrator (role 4). */
  admin: Actor;
  /** holding1's member (role 5). */
  member: Actor;
  /** holding2's administrator (role 4). */
  admin2: Actor;
  alfa: Client;
  beta: Client;
  gamma: Client;
  delta: Client;
  /** The first document of each client (this month, first category). */
  alfaMedia: number;
  betaMedia: number;
  deltaMedia: number;
  /** The media of each company's utility file. */
  util1Media: number;
  util2Media: number;
  categories1: Record<string, number>;
  categories2: Record<string, number>;
}

/** Four documents (the last two months × the first two default categories), answers their ids. */
async function documents(
  t: TestApp,
  uploader: Actor,
  client: Client,
  categories: Record<string, number>,
  canary: string,
): Promise<number[]> {
  const ids: number[] = [];
  for (const period of lastPeriods(2))
    for (const [k, category] of ['Facturi emise', 'Facturi primite'].entries()) {
      const name = `${k === 0 ? 'Factura' : 'Extras'} ${client.name.split(' ')[0]} ${period} ${canary}.pdf`;
      ids.push((await uploadDocument(t, uploader, client, { name, period, category_id: categories[category] })).id);
    }
  return ids;
}

interface TenantSpec {
  company: string;
  cui: string;
  holding: string;
  /** The first one brings the holding in. */
  inHolding: { name: string; cui: string }[];
  outside: { name: string; cui: string };
  canary: string;
}

async function tenant(t: TestApp, spec: TenantSpec) {
  const notes = `Observații client ${spec.canary}`;
  const company = await createCompany(t, { name: spec.company, cui: spec.cui });
  const [first, ...others] = spec.inHolding;
  const holding = await createHolding(t, company, { name: spec.holding, admin: false, client: { ...first, notes } });
  const inHolding = [holding.client];
  for (const c of others) inHolding.push(await createClient(t, company, { ...c, notes, holding_id: holding.id }));
  const outside = await createClient(t, company, { ...spec.outside, notes });
  const categories = await categoryIdsByName(t, company);
  const media: number[] = [];
  for (const client of [...inHolding, outside])
    media.push((await documents(t, company.owner, client, categories, spec.canary))[0]);
  const util = await createUtilityFile(t, company, {
    title: 'Model contract',
    description: `Model ${spec.canary}`,
    name: 'Model contract.txt',
    body: `Model de contract ${spec.canary}\nCompletați datele firmei.\n`,
  });
  return { company, holding, inHolding, outside, media, util, categories };
}

export async function buildHoldingDoorWorld(t: TestApp): Promise<HoldingDoorWorld> {
  const one = await tenant(t, {
    company: 'Contabil Demo SRL',
    cui: 'RO12345674',
    holding: 'Grup Demo',
    inHolding: [
      { name: 'Alfa Distribuție SRL', cui: '34567892' },
      { name: 'Beta Construct SRL', cui: '45678900' },
    ],
    outside: { name: 'Gamma Consultanță SRL', cui: '56789016' },
    canary: CANARY.demo,
  });
  const two = await tenant(t, {
    company: 'Alt Contabil SRL',
    cui: 'RO67890120',
    holding: 'Alt Grup',
    inHolding: [{ name: 'Delta Transport SRL', cui: '89012341' }],
    outside: { name: 'Epsilon Agro SRL', cui: '90123459' },
    canary: CANARY.other,
  });
  // After every upload: the administrators' first sign-in (see above).
  const holding1 = await inviteHoldingAdmin(t, one.holding);
  const holding2 = await inviteHoldingAdmin(t, two.holding);
  const member = await createUser(t, holding1, { role: 5, email: `client-${unique()}@holding.test` });
  return {
    company1: one.company,
    company2: two.company,
    holding1,
    holding2,
    admin: holding1.admin,
    member,
    admin2: holding2.admin,
    alfa: one.inHolding[0],
    beta: one.inHolding[1],
    gamma: one.outside,
    delta: two.inHolding[0],
    alfaMedia: one.media[0],
    betaMedia: one.media[1],
    deltaMedia: two.media[0],
    util1Media: one.util.media_id,
    util2Media: two.util.media_id,
    categories1: one.categories,
    categories2: two.categories,
  };
}

// ---------------------------------------------------------------- requests

export type Method = 'GET' | 'POST';
/** A multipart/form-data body (fields first: the upload checks them before the first file). */
export interface Form {
  form: MultipartPart[];
}
export const isForm = (body: unknown): body is Form =>
  typeof body === 'object' && body !== null && 'form' in body && Array.isArray((body as Form).form);

/** One request of a call table: GET, a JSON POST, or a multipart POST when the body is a Form. */
export function send(t: TestApp, caller: Caller | null, method: Method, url: string, body?: unknown): Promise<Answer> {
  const as = api(t).as(caller);
  if (method === 'GET') return as.get(url);
  return isForm(body) ? as.upload(url, body.form) : as.post(url, body);
}

export interface Row {
  id: number;
  name: string;
  documents_count: number;
  new_count: number;
  months: { period: string; count: number }[];
  company: { id: number; name: string };
}
