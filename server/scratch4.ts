import { createTestApp, bearer } from './test/helpers.js';
import { tinyPdf } from './src/seed.js';
const t = await createTestApp({ config: { uploadMaxBytes: 1024 * 1024 } });
const token = await t.login('owner@demo.ro');
const holding = await t.login('holding@demo.ro');
const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
const big = Buffer.concat([tinyPdf('x'), Buffer.alloc(5 * 1024 * 1024, 0x20)]);
for (let i = 0; i < 3; i++) {
  for (const [label, tok] of [['413', token], ['403', holding]] as const) {
    const fd = new FormData();
    fd.append('period', '2026-01');
    fd.append('files[]', new Blob([tinyPdf('ok')]), 'ok.pdf');
    fd.append('files[]', new Blob([big]), 'mare.pdf');
    try {
      const res = await fetch(`${address}/api/company/1/clients/1/storeFiles`, { method: 'POST', headers: bearer(tok), body: fd });
      console.log(label, res.status);
    } catch (e) { console.log(label, 'FAILED', ((e as Error).cause as Error)?.message); }
  }
}
await t.close();
