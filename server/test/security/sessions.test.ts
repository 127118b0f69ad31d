/**
 * Sessions: the XSRF double-submit rule, login and reset
 * throttles, token revocation on logout, password reset (one use, hashed,
 * expiring, ends every session), user deletion and tenant suspension — each
 * checked on what the server answers AND on what the database holds.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../helpers.js';
import { field, file, multipart } from '../multipart.js';
import { tinyPdf } from '../../src/seed.js';
import { sha256 } from '../../src/infra/tokens.js';
import {
  answerProblems,
  bootWithRoutes,
  buildWorld,
  CaseLog,
  EMAIL,
  isRomanian,
  PASSWORD,
  signIn,
  type World,
} from './harness.js';

let t: TestApp;
let world: World;
const log = new CaseLog('sessions');

beforeAll(async () => {
  ({ t } = await bootWithRoutes());
  world = await buildWorld(t);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const req = (options: InjectOptions): Promise<LightMyRequestResponse> => t.app.inject(options);
const me = (token: string) => req({ method: 'GET', url: '/api/user', headers: bearer(token) });
const message = (res: LightMyRequestResponse): string => {
  try {
    return String((res.json() as { message?: unknown }).message ?? '');
  } catch {
    return '';
  }
};
/** One check: the condition, plus no 5xx / secret / other-tenant value in the answer. */
function check(label: string, res: LightMyRequestResponse, ok: boolean, tenant: 1 | 2 | null = null): void {
  const problems = answerProblems(res, world, { tenant, anonymous: false });
  log.check(
    ok && problems.length === 0,
    () => `${label}: ${res.statusCode} ${problems.join('; ')} ${res.body.slice(0, 200)}`,
  );
}

describe('XSRF double submit', () => {
  let token: string;
  let cookie: string;
  beforeAll(async () => {
    token = (await signIn(t, EMAIL.owner)).token;
    const first = await req({ method: 'GET', url: '/api/health' });
    const setCookie = ([] as string[])
      .concat(first.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('XSRF-TOKEN='));
    check(
      'first answer sets XSRF-TOKEN (readable, SameSite)',
      first,
      Boolean(setCookie) && !/httponly/i.test(setCookie ?? '') && /samesite=lax/i.test(setCookie ?? ''),
    );
    cookie = decodeURIComponent((setCookie ?? '').split(';')[0].slice('XSRF-TOKEN='.length));
  });

  const post = (url: string, headers: Record<string, string>, payload: unknown = {}) =>
    req({ method: 'POST', url, headers, payload: payload as InjectOptions['payload'] });
  const clients = () => `/api/company/${world.tenants[1].company}/clients`;

  test('a call without Authorization mints the cookie; a bearer call without it gets none, needs none and passes', async () => {
    const xsrfCookie = (res: LightMyRequestResponse) =>
      ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('XSRF-TOKEN='));
    const anonymous = await req({ method: 'GET', url: '/api/health' });
    log.check(Boolean(xsrfCookie(anonymous)), () => `call without Authorization: ${anonymous.statusCode}, no cookie`);
    const call = await post(clients(), bearer(token), { page: 1, per_page: 5 });
    check('XSRF bearer call without the cookie', call, call.statusCode === 200 && !xsrfCookie(call), 1);
  });

  test('cookie without header, wrong header, other cookie → 419 on every unsafe call; matching → passes', async () => {
    const cases: [string, Record<string, string>, number][] = [
      ['cookie, no header', { cookie: `XSRF-TOKEN=${cookie}` }, 419],
      ['cookie, empty header', { cookie: `XSRF-TOKEN=${cookie}`, 'x-xsrf-token': '' }, 419],
      ['cookie, wrong header', { cookie: `XSRF-TOKEN=${cookie}`, 'x-xsrf-token': 'nu-este-bun' }, 419],
      ['cookie, header of another session', { cookie: `XSRF-TOKEN=${cookie}`, 'x-xsrf-token': `${cookie}x` }, 419],
      [
        'cookie, header in other case',
        {
          cookie: `XSRF-TOKEN=${cookie}`,
          'x-xsrf-token': cookie.toUpperCase() === cookie ? cookie.toLowerCase() : cookie.toUpperCase(),
        },
        419,
      ],
      ['header only (no cookie)', { 'x-xsrf-token': cookie }, 200],
      ['matching', { cookie: `XSRF-TOKEN=${cookie}`, 'x-xsrf-token': cookie }, 200],
      [
        'matching, url-encoded header',
        { cookie: `XSRF-TOKEN=${encodeURIComponent(cookie)}`, 'x-xsrf-token': encodeURIComponent(cookie) },
        200,
      ],
      ['no cookie, no header (bearer API client)', {}, 200],
    ];
    for (const [label, headers, status] of cases) {
      const res = await post(clients(), { ...bearer(token), ...headers });
      check(`XSRF ${label}`, res, res.statusCode === status && (status !== 419 || isRomanian(message(res))), 1);
    }
  });

  test('the rule holds for sign-in, sign-out, uploads, deletes and admin calls; safe methods pass', async () => {
    const bad = { cookie: `XSRF-TOKEN=${cookie}`, 'x-xsrf-token': 'gresit' };
    const login = await post('/api/login', bad, { email: EMAIL.owner, password: PASSWORD });
    check('XSRF login with a forged header', login, login.statusCode === 419);
    const logout = await post('/api/logout', { ...bearer(token), ...bad });
    check('XSRF logout with a forged header', logout, logout.statusCode === 419);
    check('token still valid after the refused logout', await me(token), (await me(token)).statusCode === 200, 1);
    const body = multipart([field('period', '2026-01'), file('files[]', 'a.pdf', tinyPdf('x'))]);
    const before = await t.ctx.db
      .selectFrom('media')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const upload = await req({
      method: 'POST',
      url: `/api/company/${world.tenants[1].company}/clients/${world.tenants[1].client}/storeFiles`,
      headers: { ...bearer(token), ...bad, ...body.headers },
      payload: body.payload,
    });
    const after = await t.ctx.db
      .selectFrom('media')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    check(
      'XSRF upload with a forged header stores nothing',
      upload,
      upload.statusCode === 419 && Number(after.n) === Number(before.n),
    );
    const del = await post(
      `/api/company/${world.tenants[1].company}/clients/${world.tenants[1].client}/media/${world.tenants[1].media}/delete`,
      { ...bearer(token), ...bad },
    );
    const row = await t.ctx.db
      .selectFrom('media')
      .select('deleted_at')
      .where('id', '=', world.tenants[1].media)
      .executeTakeFirstOrThrow();
    check('XSRF delete with a forged header deletes nothing', del, del.statusCode === 419 && row.deleted_at === null);
    const admin = (await signIn(t, EMAIL.admin)).token;
    const suspend = await post(`/api/admin/companies/${world.tenants[2].company}/suspend`, {
      ...bearer(admin),
      ...bad,
    });
    const company = await t.ctx.db
      .selectFrom('companies')
      .select('status')
      .where('id', '=', world.tenants[2].company)
      .executeTakeFirstOrThrow();
    check(
      'XSRF admin suspend with a forged header changes nothing',
      suspend,
      suspend.statusCode === 419 && company.status === 'active',
    );
    const get = await req({
      method: 'GET',
      url: '/api/user',
      headers: { ...bearer(token), cookie: `XSRF-TOKEN=${cookie}` },
    });
    check('XSRF GET with cookie and no header passes', get, get.statusCode === 200, 1);
    const head = await req({
      method: 'HEAD',
      url: '/api/user',
      headers: { ...bearer(token), cookie: `XSRF-TOKEN=${cookie}` },
    });
    check('XSRF HEAD passes', head, head.statusCode === 200, 1);
  });
});

describe('throttles', () => {
  test('login: 5 attempts a minute per e-mail and address, then 429 with Retry-After — even with the right password', async () => {
    const ip = '192.0.2.10';
    const attempt = (password: string, email = EMAIL.staff, remoteAddress = ip) =>
      req({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });
    for (let i = 0; i < 5; i++) {
      const res = await attempt('gresit');
      check(
        `login failure ${i + 1}`,
        res,
        res.statusCode === 401 && isRomanian(message(res)) && typeof res.json().error === 'string',
      );
    }
    const sixth = await attempt(PASSWORD);
    check(
      'login 6th attempt (right password) throttled',
      sixth,
      sixth.statusCode === 429 &&
        Number(sixth.headers['retry-after']) > 0 &&
        isRomanian(message(sixth)) &&
        !sixth.body.includes('token'),
    );
    const upper = await attempt(PASSWORD, EMAIL.staff.toUpperCase());
    check('login throttle ignores e-mail case', upper, upper.statusCode === 429);
    const other = await attempt(PASSWORD, EMAIL.owner);
    check('another account from the same address still signs in', other, other.statusCode === 200, 1);
    const rows = await t.ctx.db
      .selectFrom('audit_events')
      .select('action')
      .where('subject', '=', EMAIL.staff)
      .where('action', '=', 'login.failure')
      .execute();
    log.check(rows.length >= 5, () => `failed logins audited: ${rows.length}`);
  });

  test('unknown and known e-mails answer alike; a reset mail goes out at most once a minute', async () => {
    const ask = (email: string) =>
      req({ method: 'POST', url: '/api/password/email', payload: { email }, remoteAddress: '192.0.2.20' });
    const sentBefore = t.mail.to(EMAIL.holding2).length;
    const known = await ask(EMAIL.holding2);
    const unknown = await ask('nimeni@nicaieri.ro');
    check('reset request for a known e-mail', known, known.statusCode === 200);
    check(
      'reset request for an unknown e-mail answers the same',
      unknown,
      unknown.statusCode === 200 && unknown.body === known.body,
    );
    const again = await ask(EMAIL.holding2);
    check(
      'second reset request within a minute answers the same',
      again,
      again.statusCode === 200 && again.body === known.body,
    );
    await new Promise((r) => setTimeout(r, 50));
    log.check(
      t.mail.to(EMAIL.holding2).length === sentBefore + 1,
      () => `reset mails sent: ${t.mail.to(EMAIL.holding2).length - sentBefore}`,
    );
    log.check(t.mail.to('nimeni@nicaieri.ro').length === 0, () => 'a mail went to an unknown address');
  });
});

describe('logout revokes the token', () => {
  test('the signed-out token is refused and gone from the database; other sessions live on', async () => {
    const a = (await signIn(t, EMAIL.holding)).token;
    const b = (await signIn(t, EMAIL.holding)).token;
    check('token works before logout', await me(a), (await me(a)).statusCode === 200, 1);
    const out = await req({ method: 'POST', url: '/api/logout', headers: bearer(a) });
    check('logout', out, out.statusCode === 200, 1);
    const after = await me(a);
    check(
      'signed-out token → 401 with the SPEC message',
      after,
      after.statusCode === 401 && message(after) === 'Trebuie sa fii autentificat ca sa accesezi aceasta pagina',
    );
    const calls = [
      await req({
        method: 'POST',
        url: `/api/holding/${world.tenants[1].holding}/index`,
        headers: bearer(a),
        payload: {},
      }),
      await req({ method: 'POST', url: '/api/logout', headers: bearer(a) }),
    ];
    for (const res of calls) check('signed-out token on other calls', res, res.statusCode === 401);
    const row = await t.ctx.db
      .selectFrom('access_tokens')
      .select('id')
      .where('id', '=', Number(a.split('|')[0]))
      .executeTakeFirst();
    log.check(row === undefined, () => 'the token row survived logout');
    check('the other session still works', await me(b), (await me(b)).statusCode === 200, 1);
    // A token is stored hashed: its secret is nowhere in the table.
    const stored = await t.ctx.db
      .selectFrom('access_tokens')
      .select('token_hash')
      .where('id', '=', Number(b.split('|')[0]))
      .executeTakeFirstOrThrow();
    log.check(
      stored.token_hash === sha256(b.split('|')[1]) && !stored.token_hash.includes(b.split('|')[1]),
      () => 'token not stored as its SHA-256',
    );
    // a token whose id is right but secret wrong
    const forged = `${b.split('|')[0]}|${'x'.repeat(b.split('|')[1].length)}`;
    check('right id, wrong secret → 401', await me(forged), (await me(forged)).statusCode === 401);
  });
});

describe('password reset', () => {
  let email: string;
  let oldToken: string;
  let link: string;
  let resetToken: string;

  beforeAll(async () => {
    email = EMAIL.client;
    oldToken = (await signIn(t, email)).token;
    const res = await req({
      method: 'POST',
      url: '/api/password/email',
      payload: { email },
      remoteAddress: '192.0.2.30',
    });
    expect(res.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    const mail = t.mail.to(email).at(-1);
    link = /https?:\/\/\S+reset-password\/[^\s"'<]+/.exec(mail?.text ?? '')?.[0] ?? '';
    resetToken = /reset-password\/([^?\s"'<]+)/.exec(link)?.[1] ?? '';
  });

  const reset = (payload: Record<string, string>) =>
    req({ method: 'POST', url: '/api/password/reset', payload, remoteAddress: '192.0.2.31' });

  test('the link carries a token only its hash is stored for', async () => {
    log.check(resetToken.length >= 32, () => `no reset token in the mail: ${link}`);
    const rows = await t.ctx.db.selectFrom('password_resets').select(['token_hash']).execute();
    log.check(
      rows.some((r) => r.token_hash === sha256(resetToken)) && !rows.some((r) => r.token_hash.includes(resetToken)),
      () => 'reset token stored in clear',
    );
  });

  test('wrong token, token of another e-mail, weak password: refused; the password stays', async () => {
    const cases: [string, Record<string, string>][] = [
      ['wrong token', { token: 'x'.repeat(43), email, password: 'ParolaNoua1', password_confirmation: 'ParolaNoua1' }],
      [
        'token with another e-mail',
        { token: resetToken, email: EMAIL.holding, password: 'ParolaNoua1', password_confirmation: 'ParolaNoua1' },
      ],
      [
        'confirmation differs',
        { token: resetToken, email, password: 'ParolaNoua1', password_confirmation: 'ParolaNoua2' },
      ],
      ['weak password', { token: resetToken, email, password: 'abc', password_confirmation: 'abc' }],
    ];
    for (const [label, payload] of cases) {
      const res = await reset(payload);
      check(`reset ${label}`, res, res.statusCode === 422 && isRomanian(message(res)));
    }
    const still = await req({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: PASSWORD },
      remoteAddress: '192.0.2.32',
    });
    check('old password still works after refused resets', still, still.statusCode === 200, 1);
    check(
      'old session still works after refused resets',
      await me(oldToken),
      (await me(oldToken)).statusCode === 200,
      1,
    );
  });

  test('the right token sets the password once and ends every session', async () => {
    const done = await reset({
      token: resetToken,
      email,
      password: 'ParolaNoua123',
      password_confirmation: 'ParolaNoua123',
    });
    check('reset with the mailed token', done, done.statusCode === 200, 1);
    check('old session ended by the reset', await me(oldToken), (await me(oldToken)).statusCode === 401);
    const oldPassword = await req({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: PASSWORD },
      remoteAddress: '192.0.2.33',
    });
    check('old password refused', oldPassword, oldPassword.statusCode === 401);
    const newPassword = await req({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'ParolaNoua123' },
      remoteAddress: '192.0.2.34',
    });
    check('new password works', newPassword, newPassword.statusCode === 200, 1);
    const again = await reset({
      token: resetToken,
      email,
      password: 'AltaParola123',
      password_confirmation: 'AltaParola123',
    });
    check('the same link a second time', again, again.statusCode === 422);
    const user = await t.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    log.check(String(user.password_hash).startsWith('$argon2'), () => 'password not stored as an argon2 hash');
  });

  test('an expired link is refused', async () => {
    const target = EMAIL.holding2;
    await new Promise((r) => setTimeout(r, 10));
    // the per-minute mail limit was used above for this address: mint the token through the service's own table instead
    const user = await t.ctx.db.selectFrom('users').select('id').where('email', '=', target).executeTakeFirstOrThrow();
    const token = 'e'.repeat(43);
    await t.ctx.db
      .insertInto('password_resets')
      .values({ user_id: user.id, token_hash: sha256(token), expires_at: new Date(Date.now() - 60_000) })
      .execute();
    const res = await reset({
      token,
      email: target,
      password: 'ParolaNoua123',
      password_confirmation: 'ParolaNoua123',
    });
    check('expired reset token', res, res.statusCode === 422);
    const login = await req({
      method: 'POST',
      url: '/api/login',
      payload: { email: target, password: PASSWORD },
      remoteAddress: '192.0.2.35',
    });
    check('password unchanged after the expired link', login, login.statusCode === 200, 2);
  });
});

describe('user deletion', () => {
  test('a deleted company user and a deleted holding user: tokens refused at once, sign-in refused, data stays', async () => {
    const owner = (await signIn(t, EMAIL.owner)).token;
    const holdingAdmin = (await signIn(t, EMAIL.holding)).token;
    const w = world.tenants[1];
    // fresh users, so the world's accounts stay for the other tests
    const mk = async (url: string, token: string, role: number, mail: string) => {
      const res = await req({
        method: 'POST',
        url,
        headers: bearer(token),
        payload: { name: 'De sters', email: mail, role },
      });
      check(`create ${mail}`, res, res.statusCode === 201, 1);
      const id = (await t.ctx.db.selectFrom('users').select('id').where('email', '=', mail).executeTakeFirstOrThrow())
        .id;
      await t.ctx.db
        .updateTable('users')
        .set({
          password_hash: (
            await t.ctx.db
              .selectFrom('users')
              .select('password_hash')
              .where('email', '=', EMAIL.owner2)
              .executeTakeFirstOrThrow()
          ).password_hash,
        })
        .where('id', '=', id)
        .execute();
      return id;
    };
    const staffId = await mk(`/api/company/${w.company}/storeUser`, owner, 3, 'de-sters-staff@demo.ro');
    const memberId = await mk(`/api/holding/${w.holding}/storeUser`, holdingAdmin, 5, 'de-sters-client@demo.ro');
    for (const [mail, id, url, token, area] of [
      [
        'de-sters-staff@demo.ro',
        staffId,
        `/api/company/${w.company}/users/${staffId}/delete`,
        owner,
        `/api/company/${w.company}/clients`,
      ],
      [
        'de-sters-client@demo.ro',
        memberId,
        `/api/holding/${w.holding}/users/${memberId}/delete`,
        holdingAdmin,
        `/api/holding/${w.holding}/index`,
      ],
    ] as const) {
      const session = (await signIn(t, mail)).token;
      const before = await req({ method: 'POST', url: area, headers: bearer(session), payload: {} });
      check(`${mail} works before deletion`, before, before.statusCode === 200, 1);
      const del = await req({ method: 'POST', url, headers: bearer(token) });
      check(`delete ${mail}`, del, del.statusCode === 200, 1);
      const after = await req({ method: 'POST', url: area, headers: bearer(session), payload: {} });
      check(`${mail} token after deletion`, after, after.statusCode === 401);
      const login = await req({
        method: 'POST',
        url: '/api/login',
        payload: { email: mail, password: PASSWORD },
        remoteAddress: '192.0.2.40',
      });
      check(`${mail} sign-in after deletion`, login, login.statusCode === 401 && !login.body.includes('token"'));
      const row = await t.ctx.db
        .selectFrom('users')
        .select('deleted_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      log.check(row.deleted_at !== null, () => `${mail}: not soft-deleted`);
      const reset = await req({
        method: 'POST',
        url: '/api/password/email',
        payload: { email: mail },
        remoteAddress: '192.0.2.41',
      });
      await new Promise((r) => setTimeout(r, 20));
      check(
        `${mail} reset request after deletion`,
        reset,
        reset.statusCode === 200 && !t.mail.to(mail).some((m) => /resetare/i.test(m.subject)),
      );
    }
  });
});

describe('tenant suspension', () => {
  test('a suspended company: its tokens and sign-ins refused with a Romanian reason, nothing deleted; reactivation restores it', async () => {
    const admin = (await signIn(t, EMAIL.admin)).token;
    const ownerToken = (await signIn(t, EMAIL.owner)).token;
    const staffToken = (await signIn(t, EMAIL.staff)).token;
    const holdingToken = (await signIn(t, EMAIL.holding)).token;
    const owner2Token = (await signIn(t, EMAIL.owner2)).token;
    const w = world.tenants[1];
    const count = async (table: 'clients' | 'media' | 'users') =>
      Number(
        (
          await t.ctx.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('company_id', '=', w.company)
            .where('deleted_at', 'is', null)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = { clients: await count('clients'), media: await count('media'), users: await count('users') };

    const suspend = await req({
      method: 'POST',
      url: `/api/admin/companies/${w.company}/suspend`,
      headers: bearer(admin),
    });
    check('admin suspends the first company', suspend, suspend.statusCode === 200);
    for (const [label, token] of [
      ['owner', ownerToken],
      ['staff', staffToken],
    ] as const) {
      const res = await req({
        method: 'POST',
        url: `/api/company/${w.company}/clients`,
        headers: bearer(token),
        payload: {},
      });
      check(
        `suspended ${label} token`,
        res,
        res.statusCode === 401 && /suspendat/.test(message(res)) && !res.body.includes(world.tenants[1].secrets[0]),
      );
      const user = await me(token);
      check(`suspended ${label} GET /api/user`, user, user.statusCode === 401);
    }
    for (const email of [EMAIL.owner, EMAIL.staff]) {
      const login = await req({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: PASSWORD },
        remoteAddress: '192.0.2.50',
      });
      check(
        `suspended ${email} sign-in`,
        login,
        login.statusCode === 403 && /suspendat/.test(message(login)) && !login.body.includes('"token"'),
      );
      const wrong = await req({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: 'gresit' },
        remoteAddress: '192.0.2.51',
      });
      check(
        `suspended ${email} with a wrong password says nothing of the suspension`,
        wrong,
        wrong.statusCode === 401 && !/suspendat/.test(message(wrong)),
      );
    }
    const other = await req({
      method: 'POST',
      url: `/api/company/${world.tenants[2].company}/clients`,
      headers: bearer(owner2Token),
      payload: {},
    });
    check('the other company is not affected', other, other.statusCode === 200, 2);
    const holding = await req({
      method: 'POST',
      url: `/api/holding/${w.holding}/index`,
      headers: bearer(holdingToken),
      payload: {},
    });
    check('the holding keeps its own access', holding, holding.statusCode === 200, 1);
    const after = { clients: await count('clients'), media: await count('media'), users: await count('users') };
    log.check(
      JSON.stringify(after) === JSON.stringify(before),
      () => `suspension deleted something: ${JSON.stringify(before)} → ${JSON.stringify(after)}`,
    );

    const reactivate = await req({
      method: 'POST',
      url: `/api/admin/companies/${w.company}/reactivate`,
      headers: bearer(admin),
    });
    check('admin reactivates', reactivate, reactivate.statusCode === 200);
    const login = await req({
      method: 'POST',
      url: '/api/login',
      payload: { email: EMAIL.owner, password: PASSWORD },
      remoteAddress: '192.0.2.52',
    });
    check('owner signs in after reactivation', login, login.statusCode === 200, 1);
    const back = await req({
      method: 'POST',
      url: `/api/company/${w.company}/clients`,
      headers: bearer(ownerToken),
      payload: {},
    });
    check('the old session works again after reactivation', back, back.statusCode === 200, 1);
  });

  test('suspension straight in the database (another instance, a script) is enforced the same', async () => {
    const w = world.tenants[2];
    const token = (await signIn(t, EMAIL.owner2)).token;
    await t.ctx.db.updateTable('companies').set({ status: 'suspended' }).where('id', '=', w.company).execute();
    const res = await req({
      method: 'POST',
      url: `/api/company/${w.company}/clients`,
      headers: bearer(token),
      payload: {},
    });
    check('db-suspended company token', res, res.statusCode === 401 && /suspendat/.test(message(res)));
    const login = await req({
      method: 'POST',
      url: '/api/login',
      payload: { email: EMAIL.owner2, password: PASSWORD },
      remoteAddress: '192.0.2.60',
    });
    check('db-suspended company sign-in', login, login.statusCode === 403);
    await t.ctx.db.updateTable('companies').set({ status: 'active' }).where('id', '=', w.company).execute();
    check('back after the db reactivation', await me(token), (await me(token)).statusCode === 200, 2);
  });
});

test('summary', () => {
  log.report();
  expect(log.failures).toEqual([]);
});
