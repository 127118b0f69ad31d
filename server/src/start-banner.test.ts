import { createTestApp, type TestApp } from '../test/helpers.js';
import { hashPassword } from './infra/passwords.js';
import { DEMO_PASSWORD } from './seed.js';
import { demoAccountsInUse } from './seed-accounts.js';
import { startBanner } from './start-banner.js';

describe('start banner', () => {
  it('says where to open the product and, with the demo data, every demo account and the password', () => {
    const banner = startBanner({
      url: 'http://localhost:8080/',
      host: '127.0.0.1',
      demoPassword: DEMO_PASSWORD,
      demoAccounts: [
        { email: 'admin@demo.ro', role: 1, tenant: null },
        { email: 'owner@demo.ro', role: 2, tenant: 'Contabil Demo SRL' },
        { email: 'client@demo.ro', role: 5, tenant: 'Grup Demo' },
      ],
    });
    expect(banner).toContain('deschideți http://localhost:8080/');
    expect(banner).toContain('doar pe 127.0.0.1');
    expect(banner).toContain(`parola tuturor: ${DEMO_PASSWORD}`);
    expect(banner).toMatch(/admin@demo\.ro\s+administrator platformă\n/);
    expect(banner).toMatch(/owner@demo\.ro\s+proprietar · Contabil Demo SRL\n/);
    expect(banner).toMatch(/client@demo\.ro\s+utilizator holding · Grup Demo\n/);
  });

  it('without demo data: the address only, no password', () => {
    const banner = startBanner({
      url: 'https://dosar.example.ro/',
      host: '0.0.0.0',
      demoPassword: DEMO_PASSWORD,
      demoAccounts: [],
    });
    expect(banner).toContain('deschideți https://dosar.example.ro/');
    expect(banner).toContain('toate interfețele');
    expect(banner).not.toContain(DEMO_PASSWORD);
    expect(banner).not.toContain('demo');
  });
});

describe('demo accounts the banner lists', () => {
  let seeded: TestApp;
  let empty: TestApp;
  beforeAll(async () => {
    seeded = await createTestApp();
    empty = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await seeded.close();
    await empty.close();
  });

  it('none on a database without the demo world', async () => {
    expect(await demoAccountsInUse(empty.ctx.db)).toEqual([]);
  });

  it('the seeded ones, each with its firm or holding, minus one whose password was changed', async () => {
    const before = await demoAccountsInUse(seeded.ctx.db);
    expect(before.map((account) => account.email)).toEqual(
      expect.arrayContaining(['admin@demo.ro', 'owner@demo.ro', 'staff@demo.ro', 'holding@demo.ro', 'client@demo.ro']),
    );
    expect(before.find((account) => account.email === 'owner@demo.ro')).toEqual({
      email: 'owner@demo.ro',
      role: 2,
      tenant: 'Contabil Demo SRL',
    });
    await seeded.ctx.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('Alta-parola-1') })
      .where('email', '=', 'staff@demo.ro')
      .execute();
    const after = await demoAccountsInUse(seeded.ctx.db);
    expect(after.map((account) => account.email)).not.toContain('staff@demo.ro');
    expect(after).toHaveLength(before.length - 1);
  });
});
