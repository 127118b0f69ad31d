/**
 * File attacks, through every upload and download route of both
 * areas: oversize → 413 with nothing left behind; disguised types → 422;
 * hostile names sanitised; markup never served inline; a client's zip holds
 * exactly that client's files. After each refused upload the storage
 * directory and the media rows are compared with what they were.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../helpers.js';
import { field, file, multipart, type MultipartPart } from '../multipart.js';
import { readZip } from '../zip-reader.js';
import { tinyPdf } from '../../src/seed.js';
import {
  answerProblems,
  auth,
  bootWithRoutes,
  CaseLog,
  buildWorld,
  signInAll,
  type Caller,
  type CallerName,
  type World,
} from './harness.js';

const MAX = 64 * 1024;
let t: TestApp;
let world: World;
let callers: Record<CallerName, Caller>;
const log = new CaseLog('files');

const sha = (b: Buffer): string => crypto.createHash('sha256').update(b).digest('hex');
const pdfOf = (text: string, bytes = 0): Buffer => {
  const pdf = tinyPdf(text);
  return bytes > pdf.length ? Buffer.concat([pdf, Buffer.from(`%${'x'.repeat(bytes - pdf.length - 2)}\n`)]) : pdf;
};

beforeAll(async () => {
  ({ t } = await bootWithRoutes({ uploadMaxBytes: MAX }));
  world = await buildWorld(t);
  callers = await signInAll(t);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

function storedFiles(): string[] {
  const root = path.join(t.dataDir, 'files');
  const out: string[] = [];
  const walk = (dir: string): void => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else out.push(path.relative(root, p).split(path.sep).join('/'));
    }
  };
  walk(root);
  return out.sort();
}

async function mediaRows(): Promise<{ id: number; storage_key: string; deleted_at: Date | null }[]> {
  return t.ctx.db.selectFrom('media').select(['id', 'storage_key', 'deleted_at']).orderBy('id').execute();
}

interface UploadTarget {
  label: string;
  caller: () => Caller;
  url: () => string;
  /** Extra form fields the route wants (a utility file needs a title). */
  fields: MultipartPart[];
}

const TARGETS: UploadTarget[] = [
  {
    label: 'company storeFiles',
    caller: () => callers.owner,
    url: () => `/api/company/${world.tenants[1].company}/clients/${world.tenants[1].client}/storeFiles`,
    fields: [field('period', '2026-01')],
  },
  {
    label: 'holding storeFiles',
    caller: () => callers.client,
    url: () => `/api/holding/${world.tenants[1].holding}/clients/${world.tenants[1].client}/storeFiles`,
    fields: [field('period', '2026-01')],
  },
  {
    label: 'company storeUtil',
    caller: () => callers.owner,
    url: () => `/api/company/${world.tenants[1].company}/storeUtil`,
    fields: [field('title', 'Model'), field('description', 'd')],
  },
  {
    label: 'company utils update',
    caller: () => callers.owner,
    url: () => `/api/company/${world.tenants[1].company}/utils/${world.tenants[1].util}/update`,
    fields: [field('title', 'Model nou')],
  },
];

async function upload(target: UploadTarget, parts: MultipartPart[]): Promise<LightMyRequestResponse> {
  const body = multipart([...target.fields, ...parts]);
  return t.app.inject({
    method: 'POST',
    url: target.url(),
    headers: { ...auth(target.caller()), ...body.headers },
    payload: body.payload,
  });
}

/** Runs a refused upload and checks: the status, a Romanian message, no new file, no new row. */
async function expectRefused(
  target: UploadTarget,
  label: string,
  parts: MultipartPart[],
  statuses: number[],
): Promise<void> {
  const before = { files: storedFiles(), rows: await mediaRows() };
  const res = await upload(target, parts);
  const after = { files: storedFiles(), rows: await mediaRows() };
  const problems = answerProblems(res, world, { tenant: 1, anonymous: false });
  if (!statuses.includes(res.statusCode)) problems.unshift(`expected ${statuses.join('/')}, got ${res.statusCode}`);
  const newFiles = after.files.filter((f) => !before.files.includes(f));
  if (newFiles.length) problems.push(`files left behind: ${newFiles.join(', ')}`);
  if (after.rows.length !== before.rows.length)
    problems.push(`media rows ${before.rows.length} → ${after.rows.length}`);
  log.check(
    problems.length === 0,
    () => `${target.label} [${label}]: ${problems.join('; ')} ${res.body.slice(0, 160)}`,
  );
}

const HTML = Buffer.from('<!DOCTYPE html><html><body><script>fetch("/api/user")</script></body></html>');
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
);
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00', 'latin1'), crypto.randomBytes(2000)]);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), crypto.randomBytes(1000)]);
const JAR = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), crypto.randomBytes(500)]);
const MSI = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), crypto.randomBytes(600)]);
const XHTML = Buffer.from(
  '<?xml version="1.0"?>\n<!-- c -->\n<html xmlns="http://www.w3.org/1999/xhtml"><body onload="alert(1)"/></html>',
);

describe('refused uploads leave nothing behind', () => {
  test('oversize files → 413, alone or after an accepted one, for every upload route', async () => {
    for (const target of TARGETS) {
      await expectRefused(
        target,
        'one file just over',
        [file('files[]', 'mare.pdf', pdfOf('mare', MAX + 1), 'application/pdf')],
        [413],
      );
      await expectRefused(
        target,
        'one file 4x over',
        [file('files[]', 'mare.pdf', pdfOf('mare', MAX * 4), 'application/pdf')],
        [413],
      );
      if (target.label.includes('storeFiles')) {
        await expectRefused(
          target,
          'good file, then an oversize one',
          [
            file('files[]', 'bun.pdf', pdfOf('bun'), 'application/pdf'),
            file('files[]', 'mare.pdf', pdfOf('mare', MAX * 2), 'application/pdf'),
          ],
          [413],
        );
        await expectRefused(
          target,
          'two good files, then an oversize one',
          [
            file('files[]', 'a.pdf', pdfOf('a', MAX - 100)),
            file('files[]', 'b.pdf', pdfOf('b', MAX - 100)),
            file('files[]', 'c.pdf', pdfOf('c', MAX + 5000)),
          ],
          [413],
        );
      }
      const res = await upload(target, [file('files[]', 'mare.pdf', pdfOf('mare', MAX + 1))]);
      log.check(
        res.statusCode === 413 && /[ăâîșț]/.test(String(res.json().message)),
        () => `${target.label}: 413 message not Romanian: ${res.body}`,
      );
    }
  });

  test('disguised types → 422: HTML, SVG, XHTML, EXE, ELF, JAR, MSI named as documents', async () => {
    const disguises: [string, string, Buffer][] = [
      ['HTML as .pdf', 'factura.pdf', HTML],
      ['HTML as .txt', 'nota.txt', HTML],
      ['HTML as .csv', 'date.csv', HTML],
      ['SVG as .png', 'logo.png', SVG],
      ['SVG as .xml', 'date.xml', SVG],
      ['XHTML as .xml', 'date.xml', XHTML],
      ['EXE as .pdf', 'factura.pdf', EXE],
      ['EXE as .docx', 'contract.docx', EXE],
      ['ELF as .jpg', 'poza.jpg', ELF],
      ['JAR as .zip-less name', 'arhiva.jar', JAR],
      ['JAR as .pdf', 'arhiva.pdf', JAR],
      ['MSI as .pdf', 'setup.pdf', MSI],
      ['HTML behind a BOM', 'a.txt', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), HTML])],
      ['HTML after 50 spaces', 'a.txt', Buffer.concat([Buffer.from(' '.repeat(50)), HTML])],
      [
        'HTML in UTF-16',
        'a.txt',
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(HTML.toString('latin1'), 'utf16le')]),
      ],
    ];
    for (const target of TARGETS) {
      for (const [label, name, bytes] of disguises) {
        await expectRefused(target, label, [file('files[]', name, bytes, 'application/pdf')], [422]);
      }
      // A disguised file after a good one: the good one is not kept either.
      await expectRefused(
        target,
        'good, then HTML',
        [file('files[]', 'a.pdf', pdfOf('a')), file('files[]', 'b.pdf', HTML)],
        [422],
      );
    }
  });

  test('an upload that declares the wrong type keeps the detected one', async () => {
    const target = TARGETS[0];
    const res = await upload(target, [file('files[]', 'scan.pdf', pdfOf('scan'), 'text/html')]);
    log.check(
      res.statusCode === 201 && res.json().data[0].mime === 'application/pdf',
      () => `declared text/html: ${res.statusCode} ${res.body.slice(0, 200)}`,
    );
  });
});

describe('hostile names', () => {
  const NAMES: [string, string][] = [
    ['unix traversal', '../../../etc/passwd'],
    ['windows traversal', '..\\..\\windows\\win.ini'],
    ['absolute path', '/etc/shadow.pdf'],
    ['NUL', 'factura\u0000.pdf.exe'],
    ['NUL before extension', 'a.exe\u0000.pdf'],
    ['300 characters', `${'ș'.repeat(300)}.pdf`],
    ['300 characters no extension', 'x'.repeat(300)],
    ['RTL override', 'factura\u202Efdp.exe'],
    ['RTL isolate', '\u2067invoice\u2069.pdf'],
    ['zero-width', 'fa\u200Bctu\u200Dra\uFEFF.pdf'],
    ['CR LF', 'a\r\nContent-Type: text/html\r\n.pdf'],
    ['quotes', 'a"; filename="evil.html'],
    ['semicolon', 'a;b=c.pdf'],
    ['percent', '%2e%2e%2fx.pdf'],
    ['only dots', '....'],
    ['reserved', 'con<>:"|?*.pdf'],
    ['unicode slash', 'a\u2215b\uFF0Fc.pdf'],
    ['html', '<img src=x onerror=alert(1)>.pdf'],
  ];

  test('names are stored and sent back without paths, controls, direction marks or over 200 characters', async () => {
    for (const target of TARGETS.slice(0, 2)) {
      for (const [label, name] of NAMES) {
        const res = await upload(target, [file('files[]', name, pdfOf(label), 'application/pdf')]);
        const problems = answerProblems(res, world, { tenant: 1, anonymous: false });
        if (res.statusCode !== 201) {
          log.check(false, () => `${target.label} [${label}]: ${res.statusCode} ${res.body.slice(0, 160)}`);
          continue;
        }
        const stored = res.json().data[0] as { id: number; name: string };
        const saved = stored.name;
        if (/[/\\]/.test(saved)) problems.push(`path separator kept: ${JSON.stringify(saved)}`);
        if (/[\u0000-\u001f\u007f-\u009f]/.test(saved))
          problems.push(`control character kept: ${JSON.stringify(saved)}`);
        if (/[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/.test(saved))
          problems.push(`direction/zero-width mark kept: ${JSON.stringify(saved)}`);
        if (Array.from(saved).length > 200) problems.push(`name of ${Array.from(saved).length} characters`);
        if (!saved.toLowerCase().endsWith('.pdf')) problems.push(`a PDF saved without .pdf: ${JSON.stringify(saved)}`);
        if (/^\.+$|^$/.test(saved)) problems.push(`empty or dot name: ${JSON.stringify(saved)}`);
        const row = await t.ctx.db
          .selectFrom('media')
          .select(['storage_key', 'original_name'])
          .where('id', '=', stored.id)
          .executeTakeFirstOrThrow();
        if (!/^company-\d+\/client-\d+\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/.test(row.storage_key))
          problems.push(`storage key from user input: ${row.storage_key}`);
        // the download's headers stay one safe line
        const dl = await t.app.inject({
          method: 'POST',
          url: `/api/company/${world.tenants[1].company}/clients/${world.tenants[1].client}/media/${stored.id}`,
          headers: auth(callers.owner),
        });
        const disposition = String(dl.headers['content-disposition'] ?? '');
        if (dl.statusCode !== 200) problems.push(`download ${dl.statusCode}`);
        if (!disposition.startsWith('attachment;')) problems.push(`disposition ${disposition}`);
        if (/[\r\n]/.test(disposition) || (disposition.match(/"/g) ?? []).length !== 2)
          problems.push(`unsafe disposition ${JSON.stringify(disposition)}`);
        if (dl.headers['content-type'] !== 'application/pdf')
          problems.push(`content-type ${String(dl.headers['content-type'])}`);
        log.check(
          problems.length === 0,
          () => `${target.label} [${label}] ${JSON.stringify(name).slice(0, 60)}: ${problems.join('; ')}`,
        );
      }
    }
  });
});

describe('markup is never served inline', () => {
  test('HTML, SVG, XHTML and XML rows (legacy or imported) download as attachments with a neutral type and nosniff', async () => {
    const w = world.tenants[1];
    const kinds: [string, string, Buffer][] = [
      ['text/html', 'pagina.html', HTML],
      ['image/svg+xml', 'logo.svg', SVG],
      ['application/xhtml+xml', 'pagina.xhtml', XHTML],
      ['text/xml', 'date.xml', SVG],
      ['application/xml', 'date.xml', SVG],
      ['text/html; charset=utf-8', 'pagina.htm', HTML],
      ['TEXT/HTML', 'PAGINA.HTML', HTML],
      ['', 'fara-tip', HTML],
    ];
    for (const [mime, name, bytes] of kinds) {
      const key = `company-${w.company}/client-${w.client}/legacy/${crypto.randomUUID()}`;
      await t.ctx.storage.put(key, Readable.from(bytes));
      const media = await t.ctx.db
        .insertInto('media')
        .values({
          company_id: w.company,
          client_id: w.client,
          original_name: name,
          mime,
          size: bytes.length,
          sha256: sha(bytes),
          storage_key: key,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const utilKey = `company-${w.company}/utils/legacy-${crypto.randomUUID()}`;
      await t.ctx.storage.put(utilKey, Readable.from(bytes));
      const utilMedia = await t.ctx.db
        .insertInto('media')
        .values({
          company_id: w.company,
          client_id: null,
          original_name: name,
          mime,
          size: bytes.length,
          sha256: sha(bytes),
          storage_key: utilKey,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.ctx.db
        .insertInto('utility_files')
        .values({ company_id: w.company, media_id: utilMedia.id, title: `Legacy ${name}` })
        .execute();
      const downloads: [string, Caller, string][] = [
        ['company media', callers.staff, `/api/company/${w.company}/clients/${w.client}/media/${media.id}`],
        ['holding media', callers.client, `/api/holding/${w.holding}/clients/${w.client}/media/${media.id}`],
        ['company util', callers.staff, `/api/company/${w.company}/utils/${utilMedia.id}`],
        ['holding util', callers.client, `/api/holding/${w.holding}/utils/${utilMedia.id}`],
      ];
      // Asking for an inline preview (`?inline=1`), a range of the file, or both changes nothing of the above.
      const variants = downloads.flatMap(([label, caller, url]): [string, Caller, string, Record<string, string>][] => [
        [label, caller, url, {}],
        [`${label} ?inline=1`, caller, `${url}?inline=1`, {}],
        [`${label} ?inline=1 + Range`, caller, `${url}?inline=1`, { range: 'bytes=0-15' }],
      ]);
      for (const [label, caller, url, extra] of variants) {
        const res = await t.app.inject({ method: 'POST', url, headers: { ...auth(caller), ...extra } });
        const type = String(res.headers['content-type'] ?? '');
        const problems: string[] = [];
        if (res.statusCode !== (extra.range ? 206 : 200))
          problems.push(`status ${res.statusCode} ${res.body.slice(0, 100)}`);
        if (/html|svg|xml|javascript/i.test(type)) problems.push(`served as ${type}`);
        if (!String(res.headers['content-disposition'] ?? '').startsWith('attachment;'))
          problems.push(`disposition ${String(res.headers['content-disposition'])}`);
        if (res.headers['x-content-type-options'] !== 'nosniff') problems.push('no nosniff');
        if (!String(res.headers['content-security-policy'] ?? '').includes("default-src 'none'"))
          problems.push('no CSP');
        log.check(problems.length === 0, () => `${label} ${mime || '(empty)'}: ${problems.join('; ')}`);
      }
      await t.ctx.db.updateTable('media').set({ deleted_at: new Date() }).where('id', 'in', [media.id]).execute();
    }
  });

  test('zips go out as attachments with nosniff', async () => {
    const w = world.tenants[1];
    for (const [caller, url] of [
      [callers.owner, `/api/company/${w.company}/clients/${w.client}/collection`],
      [callers.client, `/api/holding/${w.holding}/clients/${w.client}/collection`],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: auth(caller), payload: {} });
      log.check(
        res.statusCode === 200 &&
          res.headers['content-type'] === 'application/zip' &&
          String(res.headers['content-disposition']).startsWith('attachment;') &&
          res.headers['x-content-type-options'] === 'nosniff',
        () => `zip headers ${url}: ${res.statusCode} ${JSON.stringify(res.headers)}`,
      );
    }
  });
});

describe('zips hold exactly the client’s own files', () => {
  test('every client of both tenants: entries match that client’s live documents byte for byte', async () => {
    // Same names in several clients, so a mix-up would show.
    const w1 = world.tenants[1];
    for (const clientId of [w1.client, w1.clientOutside]) {
      const body = multipart([
        field('period', '2026-05'),
        file('files[]', 'comun.pdf', pdfOf(`client ${clientId}`)),
        file('files[]', 'comun.pdf', pdfOf(`client ${clientId} bis`)),
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/company/${w1.company}/clients/${clientId}/storeFiles`,
        headers: { ...auth(callers.owner), ...body.headers },
        payload: body.payload,
      });
      log.check(res.statusCode === 201, () => `upload for zip test: ${res.statusCode} ${res.body}`);
    }
    const clients = await t.ctx.db
      .selectFrom('clients')
      .select(['id', 'company_id', 'holding_id'])
      .where('deleted_at', 'is', null)
      .execute();
    for (const client of clients) {
      const tenant =
        client.company_id === world.tenants[1].company ? 1 : client.company_id === world.tenants[2].company ? 2 : null;
      if (!tenant) continue;
      const w = world.tenants[tenant];
      const own = await t.ctx.db
        .selectFrom('media')
        .select(['sha256'])
        .where('client_id', '=', client.id)
        .where('deleted_at', 'is', null)
        .execute();
      const expected = own.map((m) => m.sha256).sort();
      const viewers: [string, Caller, string][] = [
        [
          `company (tenant ${tenant})`,
          tenant === 1 ? callers.owner : callers.owner2,
          `/api/company/${w.company}/clients/${client.id}/collection`,
        ],
      ];
      if (client.holding_id === w.holding)
        viewers.push([
          `holding (tenant ${tenant})`,
          tenant === 1 ? callers.client : callers.holding2,
          `/api/holding/${w.holding}/clients/${client.id}/collection`,
        ]);
      for (const [label, caller, url] of viewers) {
        for (const payload of [
          {},
          { ids: (await t.ctx.db.selectFrom('media').select('id').execute()).map((m) => m.id).slice(0, 500) },
        ]) {
          const res = await t.app.inject({ method: 'POST', url, headers: auth(caller), payload });
          if (expected.length === 0) {
            log.check(
              res.statusCode === 404,
              () => `${label} client ${client.id}: empty collection answered ${res.statusCode}`,
            );
            continue;
          }
          if (
            !log.check(
              res.statusCode === 200,
              () => `${label} client ${client.id}: ${res.statusCode} ${res.body.slice(0, 120)}`,
            )
          )
            continue;
          const got = readZip(res.rawPayload)
            .map((e) => sha(e.data))
            .sort();
          log.check(
            JSON.stringify(got) === JSON.stringify(expected),
            () =>
              `${label} client ${client.id} ${JSON.stringify(payload).slice(0, 30)}: zip has ${got.length} entries, the client has ${expected.length} documents, or the bytes differ`,
          );
        }
      }
    }
    // A holding user never gets the zip of the linked company's client outside the holding.
    const outside = await t.app.inject({
      method: 'POST',
      url: `/api/holding/${w1.holding}/clients/${w1.clientOutside}/collection`,
      headers: auth(callers.holding),
      payload: {},
    });
    log.check(
      outside.statusCode === 404 && outside.headers['content-type'] !== 'application/zip',
      () => `outside client zip: ${outside.statusCode}`,
    );
  });
});

describe('storage and rows agree', () => {
  test('every stored file has a row, every row has its file, no partial file remains', async () => {
    const files = storedFiles();
    const rows = await mediaRows();
    const keys = new Set(rows.map((r) => r.storage_key));
    for (const f of files) log.check(keys.has(f), () => `orphan file in storage: ${f}`);
    for (const r of rows)
      log.check(files.includes(r.storage_key), () => `row ${r.id} without its file ${r.storage_key}`);
    log.check(!files.some((f) => f.includes('.partial')), () => 'a partial file remains');
  });
});

test('summary', () => {
  log.report();
  expect(log.failures).toEqual([]);
});
