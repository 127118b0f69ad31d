import { createTestApp, bearer } from './test/helpers.js';
import { tinyPdf } from './src/seed.js';
const t = await createTestApp({ config: { uploadMaxBytes: 32 * 1024 } });
const holding = await t.login('holding@demo.ro');
const owner = await t.login('owner@demo.ro');
const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
const big = Buffer.concat([tinyPdf('x'), Buffer.alloc(8 * 1024 * 1024, 0x20)]);
for (const [label, tok, client] of [['413', owner, 1], ['403', holding, 1], ['404', owner, 999], ['413', owner, 1], ['413', owner, 1], ['403', holding, 1]] as const) {
  const fd = new FormData();
  fd.append('files[]', new Blob([tinyPdf('m')]), 'mic.pdf');
  fd.append('files[]', new Blob([big]), 'mare.pdf');
  try {
    const res = await fetch(`${address}/api/company/1/clients/${client}/storeFiles`, { method: 'POST', headers: bearer(tok), body: fd });
    console.log(label, res.status);
  } catch (e) { console.log(label, 'FAILED', ((e as Error).cause as Error)?.message); }
}
const ok = await fetch(`${address}/api/company/1/clients`, { method: 'POST', headers: { ...bearer(owner), 'content-type': 'application/json' }, body: '{}' });
console.log('after', ok.status);
await t.close();
