import { createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  acceptInvitation,
  api,
  createAdmin,
  createCompany,
  createHolding,
  createUser,
  expectStatus,
  freshAddress,
  mailedToken,
  PASSWORD,
  signIn,
  unique,
  uniqueCui,
  verifyEmail,
  type Actor,
  type Company,
} from '../../../test/factories.js';

/**
 * E-mail ownership (issue 16): a new owner's address is proven by a link before Dosar sends anything to
 * others for them; a change of address waits for the link sent to the new one, and the old one can undo it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const UNVERIFIED = 'Confirmă întâi adresa de e-mail a contului: ți-am trimis un link. Îl poți retrimite din profil.';

/** Registers a company through /register and leaves its owner unverified. */
async function registerUnverified(fields: { email?: string; cui?: string; companyName?: string } = {}) {
  const tag = unique();
  const email = fields.email ?? `nou-${tag}@firma.test`;
  const res = expectStatus(
    await api(t).post(
      '/api/company/create',
      {
        company_name: fields.companyName ?? `Firma ${tag} SRL`,
        cui: fields.cui ?? uniqueCui(),
        name: `Proprietar ${tag}`,
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      },
      { remoteAddress: freshAddress() },
    ),
    201,
    'register',
  );
  const { user, token } = res.json;
  const owner: Actor = { ...user, holding_id: null, token };
  return { res, owner, email, companyId: user.company_id as number };
}

describe('verifying the address of a new account', () => {
  test('register answers 201 with an unverified owner and mails a 48-hour link; the link verifies once', async () => {
    const { res, owner, email } = await registerUnverified();
    expect(res.json.user).toMatchObject({ email_verified: false, pending_email: null });
    expect(res.json.cui_claim).toBeNull();
    expect(res.json.message).toContain(`Ți-am trimis un link de confirmare la ${email}`);
    const mails = t.mail.to(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Confirmă adresa de e-mail');
    expect(mails[0].html).toContain(`${t.ctx.config.publicUrl}verify-email/`);
    const token = mailedToken(t, email, 'verify-email');
    // Only the hash is stored.
    const stored = await t.ctx.db.selectFrom('email_tokens').selectAll().where('user_id', '=', owner.id).execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    const ok = await api(t).post('/api/email/verify', { token }, { remoteAddress: freshAddress() });
    expect(ok.status).toBe(200);
    expect(ok.json.message).toBe('Adresa de e-mail a fost confirmată. Mulțumim!');
    expect((await api(t).as(owner).get('/api/user')).json.email_verified).toBe(true);
    const again = await api(t).post('/api/email/verify', { token }, { remoteAddress: freshAddress() });
    expect(again.status).toBe(200);
    expect(again.json.message).toBe('Adresa de e-mail este deja confirmată.');
    for (const bad of ['x'.repeat(43), 'scurt', '../../etc']) {
      const res2 = await api(t).post('/api/email/verify', { token: bad }, { remoteAddress: freshAddress() });
      expect(res2.status).toBe(422);
      expect(res2.json.errors.token[0]).toContain('nu este valid sau a expirat');
    }
  });

  test('an expired link is refused', async () => {
    const { owner, email } = await registerUnverified();
    await t.ctx.db
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', owner.id)
      .execute();
    const res = await api(t).post(
      '/api/email/verify',
      { token: mailedToken(t, email, 'verify-email') },
      { remoteAddress: freshAddress() },
    );
    expect(res.status).toBe(422);
    expect((await api(t).as(owner).get('/api/user')).json.email_verified).toBe(false);
  });

  test('an unverified owner uses the area but makes Dosar mail nobody: 403 email_unverified; verified, it works', async () => {
    const { owner, email, companyId } = await registerUnverified();
    const company = { id: companyId, name: 'x', cui: 'x', owner } as Company;
    const as = api(t).as(owner);
    // The area works: a client (with a new holding of its own) is created and listed.
    const client = await as.post(`/api/company/${companyId}/createClient`, {
      name: `Client ${unique()} SRL`,
      cui: uniqueCui(),
      email: `client-${unique()}@client.test`,
      new_holding: { name: `Holding ${unique()}`, email: `holding-${unique()}@holding.test` },
    });
    expect(client.status).toBe(201);
    const clientId = client.json.data.id as number;
    const holdingId = client.json.data.holding.id as number;
    const mailsBefore = t.mail.sent.length;
    const refused = [
      await as.post(`/api/company/${companyId}/storeUser`, { name: 'Ana', email: `ana-${unique()}@x.test`, role: 3 }),
      await as.post(`/api/company/${companyId}/clients/${clientId}/notify`, { message: 'Bună ziua' }),
      await as.post(`/api/company/${companyId}/holdings/${holdingId}/notify`, { message: 'Bun venit' }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ code: 'email_unverified', message: UNVERIFIED });
    }
    expect(t.mail.sent.length).toBe(mailsBefore);

    await verifyEmail(t, email);
    expect(
      (await as.post(`/api/company/${companyId}/clients/${clientId}/notify`, { message: 'Bună ziua' })).status,
    ).toBe(200);
    await createUser(t, company, { role: 3 });
  });

  test('resend: a new link at most once a minute (429 in Romanian); a verified account is told so', async () => {
    const { owner, email } = await registerUnverified();
    const first = await api(t).as(owner).post('/api/email/verification-notification');
    expect(first.status).toBe(200);
    expect(first.json.message).toBe(`Ți-am trimis un nou link de confirmare la ${email}.`);
    expect(t.mail.to(email)).toHaveLength(2);
    const second = await api(t).as(owner).post('/api/email/verification-notification');
    expect(second.status).toBe(429);
    expect(second.json.message).toMatch(/^Ți-am trimis deja un link\. Poți cere altul peste \d+ secunde\.$/);
    expect(t.mail.to(email)).toHaveLength(2);
    // The newest link works (the first one was replaced).
    await verifyEmail(t, email);
    const done = await api(t).as(owner).post('/api/email/verification-notification');
    expect(done.json.message).toBe('Adresa de e-mail este deja confirmată.');
    expect((await api(t).post('/api/email/verification-notification')).status).toBe(401);
  });

  test('the public link calls are limited per IP', async () => {
    const ip = freshAddress();
    let last = 0;
    for (let i = 0; i < 31; i += 1)
      last = (await api(t).post('/api/email/undo', { token: 'y'.repeat(43) }, { remoteAddress: ip })).status;
    expect(last).toBe(429);
  });
});

describe('changing the address', () => {
  test('the change waits for the new address; confirming ends other sessions and reset links; the old address can undo', async () => {
    const company = await createCompany(t);
    const old = company.owner.email;
    const asking = company.owner;
    const other = await signIn(t, old, PASSWORD);
    // A reset link sent to the old address before the change.
    await api(t).post('/api/password/email', { email: old }, { remoteAddress: freshAddress() });
    const resetMail = t.mail.to(old).at(-1)?.html ?? '';
    const resetToken = (/reset-password\/([A-Za-z0-9_-]+)/.exec(resetMail) as RegExpExecArray)[1];

    const fresh = `schimbat-${unique()}@firma.test`;
    const asked = await api(t)
      .as(asking)
      .post(`/api/users/${asking.id}/update`, { email: fresh, current_password: PASSWORD });
    expect(asked.status).toBe(200);
    expect(asked.json).toMatchObject({ email: old, pending_email: fresh, email_verified: true });
    const confirmMail = t.mail.to(fresh);
    expect(confirmMail).toHaveLength(1);
    expect(confirmMail[0].subject).toBe('Confirmă noua adresă de e-mail a contului Dosar');
    // Nothing changed yet: both sessions live, the old address signs in.
    expect((await api(t).as(other).get('/api/user')).status).toBe(200);

    const confirmed = await api(t).post(
      '/api/email/confirm-change',
      { token: mailedToken(t, fresh, 'confirm-email') },
      { remoteAddress: freshAddress() },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.message).toBe(`Adresa de e-mail a contului este acum ${fresh}.`);
    expect((await api(t).as(asking).get('/api/user')).json).toMatchObject({
      email: fresh,
      pending_email: null,
      email_verified: true,
    });
    expect((await api(t).as(other).get('/api/user')).status).toBe(401);
    const oldReset = await api(t).post(
      '/api/password/reset',
      { token: resetToken, email: old, password: 'Preluare123', password_confirmation: 'Preluare123' },
      { remoteAddress: freshAddress() },
    );
    expect(oldReset.status).toBe(422);
    const notice = t.mail.to(old).at(-1);
    expect(notice?.subject).toBe('Adresa de e-mail a contului Dosar a fost schimbată');
    expect(notice?.html).toContain(`${t.ctx.config.publicUrl}undo-email/`);
    // The confirmation link works once.
    const twice = await api(t).post(
      '/api/email/confirm-change',
      { token: mailedToken(t, fresh, 'confirm-email') },
      { remoteAddress: freshAddress() },
    );
    expect(twice.status).toBe(422);
    await signIn(t, fresh, PASSWORD);

    // The old address undoes it: back to the old address, every session ends, a fresh reset link arrives.
    const undone = await api(t).post(
      '/api/email/undo',
      { token: mailedToken(t, old, 'undo-email') },
      { remoteAddress: freshAddress() },
    );
    expect(undone.status).toBe(200);
    expect(undone.json.message).toContain(`contul folosește din nou adresa ${old}`);
    expect((await api(t).as(asking).get('/api/user')).status).toBe(401);
    expect((await api(t).post('/api/login', { email: fresh, password: PASSWORD })).status).toBe(401);
    const resetAfterUndo = t.mail.to(old).at(-1)?.html ?? '';
    const newReset = (/reset-password\/([A-Za-z0-9_-]+)\?email=/.exec(resetAfterUndo) as RegExpExecArray)[1];
    expectStatus(
      await api(t).post(
        '/api/password/reset',
        { token: newReset, email: old, password: 'Recuperat123', password_confirmation: 'Recuperat123' },
        { remoteAddress: freshAddress() },
      ),
      200,
      'reset after undo',
    );
    await signIn(t, old, 'Recuperat123');
    const audit = await t.ctx.db.selectFrom('audit_events').select('action').where('user_id', '=', asking.id).execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['email.change_requested', 'email.change', 'email.undo']),
    );
  });

  test('an address taken by another account: the same answer as a free one, a notice (no link) to it, tries limited per account', async () => {
    const company = await createCompany(t);
    const someoneElse = await createCompany(t);
    const free = `liber-${unique()}@firma.test`;
    const ask = (email: string) =>
      api(t).as(company.owner).post(`/api/users/${company.owner.id}/update`, { email, current_password: PASSWORD });
    // Strip what differs by nature (the address asked for) and compare everything else.
    const shape = (res: { status: number; json: Record<string, unknown> }, address: string) => ({
      status: res.status,
      body: JSON.parse(JSON.stringify(res.json).split(address).join('ADRESA')),
    });

    const toFree = await ask(free);
    const toTaken = await ask(someoneElse.owner.email.toUpperCase());
    expect(toTaken.status).toBe(200);
    expect(toTaken.json).toMatchObject({ email: company.owner.email, pending_email: someoneElse.owner.email });
    expect(shape(toTaken, someoneElse.owner.email)).toEqual(shape(toFree, free));
    // Both addresses get one mail; the taken one is told nothing changed, and gets no link to take over.
    expect(t.mail.to(free)).toHaveLength(1);
    const notice = t.mail.to(someoneElse.owner.email).filter((m) => m.subject.includes('alt cont Dosar'));
    expect(notice).toHaveLength(1);
    expect(notice[0].subject).toBe('Adresa ta de e-mail a fost cerută pentru alt cont Dosar');
    expect(notice[0].html).not.toContain('confirm-email/');

    // Tries are limited per account (5 an hour), whatever the addresses: the answer no longer differs at all.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await ask(`incercare-${i}-${unique()}@firma.test`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const blockedTaken = await ask(someoneElse.owner.email);
    const blockedFree = await ask(`altul-${unique()}@firma.test`);
    expect([blockedTaken.status, blockedTaken.json.message]).toEqual([blockedFree.status, blockedFree.json.message]);
    expect(blockedTaken.status).toBe(429);

    // Without the current password the change is refused before anything else.
    const noPassword = await api(t)
      .as(company.owner)
      .post(`/api/users/${company.owner.id}/update`, { email: `x-${unique()}@firma.test` });
    expect(noPassword.status).toBe(422);
  });

  test('V → A → C: the undo link sent to V still works, restores V, ends every session and voids the later links', async () => {
    const company = await createCompany(t);
    const original = company.owner.email;
    const taker = company.owner;
    const change = async (to: string) => {
      expectStatus(
        await api(t).as(taker).post(`/api/users/${taker.id}/update`, { email: to, current_password: PASSWORD }),
        200,
        `change to ${to}`,
      );
      expectStatus(
        await api(t).post(
          '/api/email/confirm-change',
          { token: mailedToken(t, to, 'confirm-email') },
          { remoteAddress: freshAddress() },
        ),
        200,
        `confirm ${to}`,
      );
    };
    const first = `preluat-${unique()}@atacator.test`;
    await change(first);
    const undoOfOriginal = mailedToken(t, original, 'undo-email');
    // The taker, still signed in, moves the account again: the next undo link goes to their own address.
    const second = `ascuns-${unique()}@atacator.test`;
    await change(second);
    const undoOfFirst = mailedToken(t, first, 'undo-email');
    expect((await api(t).as(taker).get('/api/user')).json.email).toBe(second);
    // The freed address is registered by the taker too, never proven.
    const { owner: squatter } = await registerUnverified({ email: original });

    const undone = await api(t).post('/api/email/undo', { token: undoOfOriginal }, { remoteAddress: freshAddress() });
    expect(undone.status).toBe(200);
    expect(undone.json.message).toContain(`contul folosește din nou adresa ${original}`);
    expect((await api(t).as(taker).get('/api/user')).status).toBe(401);
    expect((await api(t).as(squatter).get('/api/user')).status).toBe(401);
    const back = await signIn(t, original, PASSWORD);
    expect((await api(t).as(back).get('/api/user')).json.email).toBe(original);
    // The later undo link (to the taker's address) is void: the account stays with its owner.
    const retake = await api(t).post('/api/email/undo', { token: undoOfFirst }, { remoteAddress: freshAddress() });
    expect(retake.status).toBe(422);
    expect((await api(t).as(back).get('/api/user')).json.email).toBe(original);
    expect(t.mail.to(original).at(-1)?.subject).toBe('Schimbarea adresei a fost anulată: alege o parolă nouă');
  });

  test('an address an owner sets for a colleague is not proven: the colleague verifies it again', async () => {
    const company = await createCompany(t);
    const staff = await createUser(t, company, { role: 3 });
    const fresh = `coleg-${unique()}@firma.test`;
    const res = await api(t)
      .as(company.owner)
      .post(`/api/company/${company.id}/users/${staff.id}/update`, { email: fresh });
    expect(res.status).toBe(200);
    expect((await api(t).as(staff).get('/api/user')).json).toMatchObject({ email: fresh, email_verified: false });
    // A name change alone keeps the verification.
    await api(t).as(company.owner).post(`/api/company/${company.id}/users/${company.owner.id}/update`, { name: 'Ana' });
    expect((await api(t).as(company.owner).get('/api/user')).json.email_verified).toBe(true);
  });
});

describe('CUI claims', () => {
  test('a second registration of a CUI is created without it and claims it; the platform admin grants or refuses', async () => {
    const holder = await createCompany(t);
    const first = await registerUnverified({ cui: `RO ${holder.cui}` });
    expect(first.res.json.cui_claim).toEqual({ status: 'pending' });
    expect(first.res.json.message).toContain(
      'CUI-ul este deja folosit de altă companie din Dosar; am trimis cererea administratorului platformei, care o va verifica.',
    );
    expect(first.res.json.user.company.cui).toBeNull();
    await verifyEmail(t, first.email);

    const admin = await createAdmin(t);
    expect((await api(t).as(holder.owner).get('/api/admin/cui-claims')).status).toBe(403);
    const list = await api(t).as(admin).get('/api/admin/cui-claims?status=pending');
    expect(list.status).toBe(200);
    const claim = list.json.data.find((c: { claimant: { id: number } }) => c.claimant.id === first.companyId);
    expect(claim).toMatchObject({
      status: 'pending',
      claimant: { owner_email: first.email, cui: null },
      holder: { id: holder.id, owner_email: holder.owner.email, cui: holder.cui },
    });

    const granted = await api(t).as(admin).post(`/api/admin/cui-claims/${claim.id}/grant`);
    expect(granted.status).toBe(200);
    expect(granted.json.claim).toMatchObject({ status: 'granted', claimant: { cui: `RO${holder.cui}` } });
    expect((await api(t).as(holder.owner).get('/api/user')).json.company.cui).toBeNull();
    expect(t.mail.to(first.email).at(-1)?.subject).toContain('este acum al companiei');
    expect(t.mail.to(holder.owner.email).at(-1)?.subject).toContain('a fost mutat la altă companie');
    expect((await api(t).as(admin).post(`/api/admin/cui-claims/${claim.id}/refuse`)).status).toBe(409);

    // A claim on the CUI, now the first claimant's, refused: the claimant stays without one and is told.
    const second = await createCompany(t, { cui: holder.cui });
    const pending = await api(t).as(admin).get('/api/admin/cui-claims?status=pending');
    const claim2 = pending.json.data.find((c: { claimant: { id: number } }) => c.claimant.id === second.id);
    expect(claim2.holder.id).toBe(first.companyId);
    const refused = await api(t).as(admin).post(`/api/admin/cui-claims/${claim2.id}/refuse`);
    expect(refused.status).toBe(200);
    expect(refused.json.claim.status).toBe('refused');
    expect(t.mail.to(second.owner.email).at(-1)?.subject).toContain('a fost respinsă');
    expect((await api(t).as(second.owner).get('/api/user')).json.company.cui).toBeNull();
  });

  test('parallel registrations of one CUI: exactly one company holds it, the others claim it', async () => {
    const cui = uniqueCui();
    const answers = await Promise.all([1, 2, 3, 4].map(() => registerUnverified({ cui })));
    const holders = answers.filter((a) => a.res.json.cui_claim === null);
    expect(holders).toHaveLength(1);
    const companies = await t.ctx.db
      .selectFrom('companies')
      .select('id')
      .where('cui', '=', cui)
      .where('deleted_at', 'is', null)
      .execute();
    expect(companies).toHaveLength(1);
  });
});

describe('the invitation hijack (issue 16)', () => {
  test('an impostor who registered the firm’s address, name and CUI is retired; the real firm is created and linked', async () => {
    const world = await createCompany(t);
    const holding = await createHolding(t, world);
    const firm = { name: `Contabil Real ${unique()} SRL`, cui: uniqueCui(), email: `office-${unique()}@contabil.test` };
    // The impostor registers the firm first (it can't open the firm's mailbox, so it stays unverified).
    const impostor = await registerUnverified({ email: firm.email, cui: firm.cui, companyName: firm.name });
    expect(impostor.res.json.cui_claim).toBeNull();

    // The holding invites the firm; the real firm opens the link from its mailbox and confirms.
    const invited = await api(t)
      .as(holding.admin as Actor)
      .post(`/api/holding/${holding.id}/company-requests`, firm);
    expect(invited.status).toBe(201);
    const hash = mailedToken(t, firm.email, 'company-request');
    const confirmed = await api(t).post(`/api/confirm-company/${hash}`, {}, { remoteAddress: freshAddress() });
    expect(confirmed.status).toBe(200);
    const realCompanyId = confirmed.json.company.id as number;
    expect(realCompanyId).not.toBe(impostor.companyId);

    const links = await t.ctx.db
      .selectFrom('company_holding')
      .select('company_id')
      .where('holding_id', '=', holding.id)
      .execute();
    expect(links.map((l) => l.company_id)).toContain(realCompanyId);
    expect(links.map((l) => l.company_id)).not.toContain(impostor.companyId);
    // The impostor's session and company are gone; the real company has the CUI.
    expect((await api(t).as(impostor.owner).get('/api/user')).status).toBe(401);
    expect((await api(t).post('/api/login', { email: firm.email, password: PASSWORD })).status).toBe(401);
    const real = await t.ctx.db
      .selectFrom('companies')
      .select(['cui', 'deleted_at'])
      .where('id', 'in', [realCompanyId, impostor.companyId])
      .orderBy('id')
      .execute();
    expect(real[0].deleted_at).not.toBeNull();
    expect(real[1]).toMatchObject({ cui: firm.cui, deleted_at: null });
    const audit = await t.ctx.db
      .selectFrom('audit_events')
      .select('action')
      .where('user_id', '=', impostor.owner.id)
      .execute();
    expect(audit.map((a) => a.action)).toContain('account.squatter_retired');

    // The real firm's owner sets a password from the link (which verifies the address) and sees the holding's client.
    const owner = await acceptInvitation(t, firm.email);
    expect(owner.company_id).toBe(realCompanyId);
    expect((await api(t).as(owner).get('/api/user')).json.email_verified).toBe(true);
  });
});
