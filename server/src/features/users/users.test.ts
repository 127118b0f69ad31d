import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { api, createCompany, createHolding, createUser, type Company, type Holding } from '../../../test/factories.js';

/**
 * The users feature on both doors: one rule set where the company and holding sides used to
 * differ (e-mail race, `invited`, last privileged user, oneself, paging, search, plan limit).
 * The world: a company (its owner 2, staff 3) and the holding it made (its administrator 4, a
 * member 5).
 */

let t: TestApp;
let company: Company;
let holding: Holding;
const tokens = { owner: '', holding: '' };
const ids = { company: 0, holding: 0, holdingAdmin: 0 };
const EMAIL_TAKEN = 'Această adresă de e-mail este deja folosită de alt cont.';

const call = async (
  method: 'GET' | 'POST',
  url: string,
  token: string,
  payload?: object,
): Promise<LightMyRequestResponse> =>
  (method === 'GET' ? await api(t).as(token).get(url) : await api(t).as(token).post(url, payload)).res;

const door = {
  company: (path: string) => `/api/company/${ids.company}/${path}`,
  holding: (path: string) => `/api/holding/${ids.holding}/${path}`,
};
const tokenOf = (kind: 'company' | 'holding') => (kind === 'company' ? tokens.owner : tokens.holding);
const selfOf = (kind: 'company' | 'holding') =>
  kind === 'company' ? company.owner.email : (holding.admin?.email as string);
const liveUsers = async (email: string) =>
  (await t.ctx.db.selectFrom('users').select('id').where('email', '=', email).where('deleted_at', 'is', null).execute())
    .length;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  company = await createCompany(t);
  await createUser(t, company, { role: 3 });
  holding = await createHolding(t, company);
  await createUser(t, holding, { role: 5 });
  ids.company = company.id;
  ids.holding = holding.id;
  ids.holdingAdmin = holding.admin?.id as number;
  // No user limit here (the trial plans allow a handful); the plan-limit test sets its own.
  await t.ctx.db.updateTable('plans').set({ max_users: null }).execute();
  tokens.owner = company.owner.token;
  tokens.holding = holding.admin?.token as string;
});
afterAll(() => t.close());

describe.each(['company', 'holding'] as const)('%s door', (kind) => {
  const role = kind === 'company' ? 3 : 5;

  test('a look-alike address (Cyrillic letter, zero-width space) is refused as registration refuses it', async () => {
    for (const email of [`аna-${kind}@users.test`, `ana-${kind}\u200b@users.test`]) {
      const res = await call('POST', door[kind]('storeUser'), tokenOf(kind), { name: 'Ana', email, role });
      expect([email, res.statusCode]).toEqual([email, 422]);
      expect(res.json().errors.email).toHaveLength(1);
    }
  });

  test('two storeUser calls racing for one e-mail: one account, the other a Romanian 422 (never a 500)', async () => {
    const email = `cursa-${kind}@users.test`;
    const body = { name: 'Cursă', email, role };
    const answers = await Promise.all([
      call('POST', door[kind]('storeUser'), tokenOf(kind), body),
      call('POST', door[kind]('storeUser'), tokenOf(kind), { ...body, email: email.toUpperCase() }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const refused = answers.find((r) => r.statusCode === 422) as LightMyRequestResponse;
    expect(refused.json().errors).toEqual({ email: [EMAIL_TAKEN] });
    expect(await liveUsers(email)).toBe(1);
  });

  test('two users/{id}/update calls racing to take one e-mail: one wins, the other 422', async () => {
    const make = async (n: number) =>
      (
        await call('POST', door[kind]('storeUser'), tokenOf(kind), {
          name: `U${n}`,
          email: `u${n}-${kind}@users.test`,
          role,
        })
      ).json();
    const [a, b] = [await make(1), await make(2)];
    const idOf = (saved: { data?: { id: number }; user?: { id: number } }) => (saved.data ?? saved.user)?.id;
    const target = `luat-${kind}@users.test`;
    const answers = await Promise.all(
      [a, b].map((u) => call('POST', door[kind](`users/${idOf(u)}/update`), tokenOf(kind), { email: target })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(await liveUsers(target)).toBe(1);
  });

  test('the user answer is one shape: invited until a password is set, never a hash', async () => {
    const res = await call('POST', door[kind]('storeUser'), tokenOf(kind), {
      name: 'Ștefan Țăranu',
      email: `stefan-${kind}@users.test`,
      role,
    });
    expect(res.statusCode).toBe(201);
    const saved = res.json();
    const user = kind === 'company' ? saved.data : saved.user;
    expect(Object.keys(user).sort()).toEqual(
      ['created_at', 'email', 'id', 'invited', 'last_seen_at', 'name', 'role'].sort(),
    );
    expect(user).toMatchObject({ invited: true, last_seen_at: null, role });
    if (kind === 'holding') expect(saved.message).toContain('e-mail');
    const list = (await call('GET', door[kind]('users'), tokenOf(kind))).json();
    expect(list.data[0]).toMatchObject({ invited: false });
    expect(list.data[0]).not.toHaveProperty('has_password');
    // The invitation names who invited and the tenant.
    const mail = t.mail.to(`stefan-${kind}@users.test`).pop();
    expect(mail?.text).toContain(kind === 'company' ? `„${company.name}”` : `„${holding.name}”`);
    expect(mail?.text).toMatch(/te-a adăugat ca (angajat|utilizator)/);
  });

  test('lists page 25 by default, search ignores diacritics, sort and direction on both doors', async () => {
    const list = (await call('GET', door[kind]('users'), tokenOf(kind))).json();
    expect(list.meta.per_page).toBe(25);
    const found = (await call('GET', door[kind]('users?search=TARANU'), tokenOf(kind))).json();
    expect(found.data.map((u: { email: string }) => u.email)).toEqual([`stefan-${kind}@users.test`]);
    const byEmail = (await call('GET', door[kind]('users?sort=email&direction=desc'), tokenOf(kind))).json();
    const emails = byEmail.data.map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort().reverse());
    expect((await call('GET', door[kind]('users?per_page=101'), tokenOf(kind))).statusCode).toBe(422);
  });

  test('the last privileged user: one rule and one message pattern for deleting and demoting', async () => {
    const self = selfOf(kind);
    const selfId = (await t.ctx.db.selectFrom('users').select('id').where('email', '=', self).executeTakeFirstOrThrow())
      .id;
    const demote = await call('POST', door[kind](`users/${selfId}/update`), tokenOf(kind), { role });
    const remove = await call('POST', door[kind](`users/${selfId}/delete`), tokenOf(kind));
    for (const res of [demote, remove]) {
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toHaveProperty('role');
      expect(res.json().message).toMatch(
        kind === 'company'
          ? /^Compania trebuie să aibă cel puțin un proprietar \(rolul 2\): acesta este ultimul/
          : /^Holdingul trebuie să aibă cel puțin un administrator \(rolul 4\): acesta este ultimul/,
      );
    }
  });

  test('nobody deletes themself, even with another privileged user left', async () => {
    const privileged = kind === 'company' ? 2 : 4;
    const other = await call('POST', door[kind]('storeUser'), tokenOf(kind), {
      name: 'Al doilea',
      email: `al-doilea-${kind}@users.test`,
      role: privileged,
    });
    expect(other.statusCode).toBe(201);
    const self = selfOf(kind);
    const selfId = (await t.ctx.db.selectFrom('users').select('id').where('email', '=', self).executeTakeFirstOrThrow())
      .id;
    const res = await call('POST', door[kind](`users/${selfId}/delete`), tokenOf(kind));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('id');
    expect(await liveUsers(self)).toBe(1);
  });

  test('the plan user limit holds for two parallel additions', async () => {
    const column = kind === 'company' ? 'company_id' : 'holding_id';
    const tenantId = kind === 'company' ? ids.company : ids.holding;
    const subscription = await t.ctx.db
      .selectFrom('subscriptions')
      .select('plan_id')
      .where(column, '=', tenantId)
      .executeTakeFirstOrThrow();
    const used = await t.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', tenantId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const plan = await t.ctx.db
      .selectFrom('plans')
      .select('max_users')
      .where('id', '=', subscription.plan_id)
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('plans')
      .set({ max_users: Number(used.n) + 1 })
      .where('id', '=', subscription.plan_id)
      .execute();
    try {
      const answers = await Promise.all(
        [1, 2].map((n) =>
          call('POST', door[kind]('storeUser'), tokenOf(kind), {
            name: `L${n}`,
            email: `limita${n}-${kind}@users.test`,
            role,
          }),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 402]);
      expect(answers.find((r) => r.statusCode === 402)?.json().message).toContain('limita de utilizatori');
    } finally {
      await t.ctx.db
        .updateTable('plans')
        .set({ max_users: plan.max_users })
        .where('id', '=', subscription.plan_id)
        .execute();
    }
  });
});

test('a holding administrator manages only roles 4 and 5; a company owner only 2 and 3', async () => {
  const holding = await call('POST', door.holding('storeUser'), tokens.holding, {
    name: 'X',
    email: 'x1@users.test',
    role: 3,
  });
  expect(holding.statusCode).toBe(422);
  expect(holding.json().errors).toHaveProperty('role');
  const company = await call('POST', door.company('storeUser'), tokens.owner, {
    name: 'X',
    email: 'x2@users.test',
    role: 5,
  });
  expect(company.statusCode).toBe(422);
  expect(company.json().errors).toHaveProperty('role');
});

describe('probing which addresses have accounts', () => {
  test('a tenant learns "address taken" at most 30 times an hour, then every address check answers 429', async () => {
    const prober = await createCompany(t);
    const url = `/api/company/${prober.id}/storeUser`;
    const answers: number[] = [];
    for (let i = 0; i < 30; i++) {
      const probe = i % 2 === 0 ? company.owner.email : `necunoscut-${i}@sonda.test`;
      answers.push((await call('POST', url, prober.owner.token, { name: 'Sondă', email: probe, role: 3 })).statusCode);
    }
    expect(answers.filter((s) => s === 422)).toHaveLength(15);
    expect(answers.filter((s) => s === 201)).toHaveLength(15);
    const refused = await call('POST', url, prober.owner.token, { name: 'Sondă', email: company.owner.email, role: 3 });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Prea multe încercări\. Încearcă din nou peste \d+ (de )?minute\.$/);
    expect(refused.json().message).not.toContain('folosită');
    // Another tenant's budget is its own.
    const other = await call('POST', door.company('storeUser'), tokens.owner, {
      name: 'Ana',
      email: `liber-${Date.now()}@sonda.test`,
      role: 3,
    });
    expect(other.statusCode).toBe(201);
  });
});
