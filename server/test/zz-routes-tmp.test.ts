import { createTestApp } from './helpers';
test('routes', async () => {
  const t = await createTestApp();
  const out: string[] = [];
  // eslint-disable-next-line
  process.stdout.write(t.app.printRoutes({ commonPrefix: false }));
  await t.close();
});
