// The world of the company door's API tests (company-door-*.test.ts), made with the factories: the firm
// under test with its staff, a holding it works with and three clients with documents, and a second firm
// whose data must never show through the first one's door. Each firm's data carries its own canary (in
// client notes and document names) so a test can assert that not a byte of it leaks.
import type { TestApp } from '../helpers.js';
import {
  companyCategories,
  createClient,
  createCompany,
  createHolding,
  createUser,
  unique,
  uniqueCui,
  uploadDocument,
  type Actor,
  type Category,
  type Client,
  type Company,
  type Holding,
} from '../factories.js';

/** The current month and the one before (YYYY-MM), the current first. */
export function lastTwoMonths(now = new Date()): [string, string] {
  const month = (back: number) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  };
  return [month(0), month(1)];
}

export interface CompanyDoorWorld {
  /** The firm under test; its owner (role 2) is `company.owner`. */
  company: Company;
  /** Its staff member (role 3). */
  staff: Actor;
  /** A holding linked to the company, with its administrator (role 4, `holding.admin`). */
  holding: Holding;
  /** `holding.admin`, never null here. */
  holdingAdmin: Actor;
  /** A user of that holding (role 5). */
  holdingMember: Actor;
  /** Clients of the company: Alfa and Beta inside the holding, Gamma outside any holding. */
  alfa: Client;
  beta: Client;
  gamma: Client;
  /** The e-mails Alfa and Gamma were created with (Alfa's phone is 0722000000). */
  alfaEmail: string;
  gammaEmail: string;
  /** The company's default categories (registration gives them). */
  categories: Category[];
  /** The two months Alfa's and Gamma's documents are filed under, the current first. */
  months: [string, string];
  /** In the company's client notes and document names. */
  canary: string;
  /** Another firm, its holding (holding.client is Delta) and clients Delta and Epsilon. */
  other: Company;
  otherHolding: Holding;
  delta: Client;
  epsilon: Client;
  /** In the other firm's client notes and document names. */
  otherCanary: string;
}

/**
 * Four documents for a client: one per month in `months` in each of the first two categories (an
 * invoice and a bank statement), each name carrying the tenant's canary.
 */
async function fileDocuments(
  t: TestApp,
  uploader: Actor,
  client: Client,
  categories: Category[],
  months: [string, string],
  canary: string,
): Promise<void> {
  const word = client.name.split(' ')[0];
  for (const period of months) {
    for (const [k, category] of categories.slice(0, 2).entries()) {
      const name = `${k === 0 ? 'Factura' : 'Extras'} ${word} ${period} ${canary}.pdf`;
      await uploadDocument(t, uploader, client, { name, period, category_id: category.id });
    }
  }
}

export async function companyDoorWorld(t: TestApp): Promise<CompanyDoorWorld> {
  const canary = `CANARY-${unique()}`;
  const otherCanary = `CANARY-${unique()}`;
  const months = lastTwoMonths();

  const company = await createCompany(t);
  const staff = await createUser(t, company, { role: 3 });
  const holding = await createHolding(t, company, {
    cui: `RO${uniqueCui()}`,
    client: { name: 'Beta Construct SRL', notes: `Observații client ${canary}` },
  });
  const holdingMember = await createUser(t, holding, { role: 5 });
  const alfaEmail = `contabilitate-${unique()}@alfa.test`;
  const gammaEmail = `contabilitate-${unique()}@gamma.test`;
  const alfa = await createClient(t, company, {
    name: 'Alfa Distribuție SRL',
    email: alfaEmail,
    phone: '0722000000',
    notes: `Observații client ${canary}`,
    holding_id: holding.id,
  });
  const gamma = await createClient(t, company, {
    name: 'Gamma Consultanță SRL',
    email: gammaEmail,
    notes: `Observații client ${canary}`,
  });
  const categories = await companyCategories(t, company);
  await fileDocuments(t, company.owner, alfa, categories, months, canary);
  await fileDocuments(t, company.owner, gamma, categories, months, canary);

  const other = await createCompany(t);
  const otherHolding = await createHolding(t, other, {
    client: { name: 'Delta Transport SRL', notes: `Observații client ${otherCanary}` },
  });
  const epsilon = await createClient(t, other, { name: 'Epsilon Agro SRL', notes: `Observații client ${otherCanary}` });
  await fileDocuments(t, other.owner, otherHolding.client, await companyCategories(t, other), months, otherCanary);

  return {
    company,
    staff,
    holding,
    holdingAdmin: holding.admin as Actor,
    holdingMember,
    alfa,
    beta: holding.client,
    gamma,
    alfaEmail,
    gammaEmail,
    categories,
    months,
    canary,
    other,
    otherHolding,
    delta: otherHolding.client,
    epsilon,
    otherCanary,
  };
}
