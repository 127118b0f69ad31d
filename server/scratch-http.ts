import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { createTestApp, bearer } from './test/helpers.js';
import { tinyPdf } from './src/seed.js';

const walk = (dir: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)) : []);

const t = await createTestApp({ config: { uploadMaxBytes: 1024 * 1024 } });
const token = await t.login('owner@demo.ro');
const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
const before = walk(path.join(t.dataDir, 'files')).length;
const big = Buffer.concat([tinyPdf('x'), Buffer.alloc(5 * 1024 * 1024, 0x20)]);
const fd = new FormData();
fd.append('period', '2026-01');
fd.append('files[]', new Blob([tinyPdf('ok')]), 'ok.pdf');
fd.append('files[]', new Blob([big]), 'mare.pdf');
let t0 = Date.now();
const res = await fetch(`${address}/api/company/1/clients/1/storeFiles`, { method: 'POST', headers: bearer(token), body: fd });
console.log('413 case:', res.status, await res.text(), Date.now() - t0, 'ms', 'files', walk(path.join(t.dataDir, 'files')).length - before);

const fd2 = new FormData();
fd2.append('files[]', new Blob([big]), 'mare.pdf');
const tokenStaff = await t.login('holding@demo.ro');
t0 = Date.now();
const res2 = await fetch(`${address}/api/company/1/clients/1/storeFiles`, { method: 'POST', headers: bearer(tokenStaff), body: fd2 });
console.log('403 case:', res2.status, await res2.text(), Date.now() - t0, 'ms');

// Aborted mid-upload by the client.
await new Promise<void>((resolve) => {
  const url = new URL(`${address}/api/company/1/clients/1/storeFiles`);
  const boundary = 'XyZ';
  const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(600000) } });
  req.on('error', () => resolve());
  req.write(`--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  req.write(tinyPdf('a'));
  req.write(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="b.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  req.write(Buffer.concat([tinyPdf('b'), Buffer.alloc(200000, 0x20)]));
  setTimeout(() => { req.destroy(); setTimeout(resolve, 500); }, 300);
});
const rows = await t.ctx.db.selectFrom('media').select('id').where('original_name', 'in', ['a.pdf', 'b.pdf', 'ok.pdf']).execute();
console.log('aborted: files', walk(path.join(t.dataDir, 'files')).length - before, 'rows', rows.length, 'partials', walk(path.join(t.dataDir, 'files')).filter((f) => f.includes('.partial')).length);
await t.close();
