import { Readable } from 'node:stream';
import type { AppContext } from '../../infra/context.js';
import type { JobDefinition } from '../../infra/job-definition.js';
import { anafOf, AnafError } from '../../infra/anaf/index.js';
import { isValidCui } from '../../lib/cui.js';
import { countOf } from '../../lib/plural.js';
import { todayInRomania } from '../../lib/ro-calendar.js';
import { recordActivity } from '../activity/index.js';
import { cuiDigits } from './lookup-service.js';
import * as repo from './spv-repository.js';
import { accessTokenFor } from './spv-service.js';
import { importSpvFiles, type SpvImport } from './spv-import.js';

/**
 * The SPV sync (docs/PRODUCT.md, "Facturi din SPV"): for each client a firm enabled, the messages of its
 * CUI in the last 60 days (ANAF's window, pages of 500), each new message's zip downloaded once and kept
 * in storage, then handed to the invoice import. ANAF's daily limits are counted per CUI and day in the
 * database before each call (1,500 list calls, 10 downloads a message), so a limit is never crossed,
 * whatever runs when. Every outcome is kept on the client as the last sync status, in Romanian.
 */

const DAY_MS = 86_400_000;
/** ANAF refuses a start older than 60 days; an hour's margin for clocks that differ. */
const WINDOW_MS = 60 * DAY_MS - 3600_000;
export const LIST_CALLS_PER_DAY = 1500;
export const DOWNLOADS_PER_MESSAGE = 10;

/** Who the history names for the sync: no user. */
const SPV_SYNC = { actor: { id: null, name: 'Sincronizare SPV', role: null } };

const LIST_LIMIT = 'Limita zilnică de interogări SPV pentru acest CUI a fost atinsă; sincronizarea continuă mâine.';

interface Outcome {
  status: 'ok' | 'error';
  message: string;
}

async function listAll(
  ctx: AppContext,
  token: string,
  client: repo.ClientToSync,
  cif: string,
  day: string,
): Promise<Outcome | null> {
  const now = ctx.clock.now().getTime();
  for (let page = 1, pages = 1; page <= pages; page += 1) {
    if (!(await repo.spendCall(ctx.db, cif, day, 'list', LIST_CALLS_PER_DAY)))
      return { status: 'error', message: LIST_LIMIT };
    const answer = await anafOf(ctx).listMessages(token, { cif, startTime: now - WINDOW_MS, endTime: now, page });
    pages = answer.totalPages;
    await repo.rememberMessages(
      ctx.db,
      answer.messages.map((m) => ({
        client_id: client.client_id,
        company_id: client.company_id,
        message_id: m.id,
        cif,
        kind: m.kind,
        details: m.details,
        created_text: m.created,
      })),
    );
  }
  return null;
}

/** Downloads what is not downloaded yet and imports what is not imported yet; answers how many were imported. */
async function downloadAndImport(
  ctx: AppContext,
  token: string,
  client: repo.ClientToSync,
  cif: string,
  day: string,
  importer: SpvImport,
): Promise<{ imported: number; refused: string[]; skipped: number; importError: string | null }> {
  const pending = await repo.pendingMessages(ctx.db, client.client_id);
  const files: { id: string; name: string; bytes: Buffer }[] = [];
  let skipped = 0;
  for (const message of pending) {
    let key = message.storage_key;
    if (!key) {
      if (!(await repo.spendCall(ctx.db, cif, day, `download:${message.message_id}`, DOWNLOADS_PER_MESSAGE))) {
        skipped += 1;
        continue;
      }
      const bytes = await anafOf(ctx).download(token, message.message_id);
      key = `spv/${client.company_id}/${client.client_id}/${message.message_id}`;
      await ctx.storage.put(key, Readable.from([bytes]));
      await repo.markDownloaded(ctx.db, client.client_id, message.message_id, key, ctx.clock.now());
      files.push({ id: message.message_id, name: `${message.message_id}.zip`, bytes });
    } else {
      files.push({
        id: message.message_id,
        name: `${message.message_id}.zip`,
        bytes: await readAll(await ctx.storage.get(key)),
      });
    }
  }
  if (files.length === 0) return { imported: 0, refused: [], skipped, importError: null };
  const ids = files.map((file) => file.id);
  try {
    const result = await importer(
      ctx,
      { companyId: client.company_id, clientId: client.client_id },
      files.map(({ name, bytes }) => ({ name, bytes })),
    );
    await repo.markImported(ctx.db, client.client_id, ids, ctx.clock.now(), null);
    await recordActivity(
      ctx.db,
      SPV_SYNC,
      { ip: null, userAgent: null },
      {
        action: 'client.spv_import',
        companyId: client.company_id,
        clientId: client.client_id,
        details: { files: files.length, filed: result.filed, refused: result.refused.length },
      },
    );
    return { imported: result.filed, refused: result.refused, skipped, importError: null };
  } catch (error) {
    // Kept pending (the zips stay in storage): the next run imports them again.
    const text = error instanceof Error ? error.message : String(error);
    await repo.markImported(ctx.db, client.client_id, ids, ctx.clock.now(), text.slice(0, 1000));
    return { imported: 0, refused: [], skipped, importError: text };
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const invoicesText = (n: number) => (n === 1 ? 'o factură nouă' : countOf(n, 'factură nouă', 'facturi noi'));

async function syncClient(
  ctx: AppContext,
  token: string,
  client: repo.ClientToSync,
  importer: SpvImport,
): Promise<Outcome> {
  const cif = cuiDigits(client.cui);
  const day = todayInRomania(ctx.clock.now());
  const listed = await listAll(ctx, token, client, cif, day);
  const result = await downloadAndImport(ctx, token, client, cif, day, importer);
  if (result.importError)
    return { status: 'error', message: `Facturile descărcate din SPV nu au putut fi importate: ${result.importError}` };
  if (listed) return listed;
  const parts = [
    result.imported === 0
      ? 'Sincronizat: nicio factură nouă în SPV.'
      : `Sincronizat: ${invoicesText(result.imported)} din SPV.`,
  ];
  if (result.refused.length > 0) {
    parts.push(
      `${countOf(result.refused.length, 'fișier refuzat', 'fișiere refuzate')}: ${result.refused.join(' | ')}`,
    );
  }
  if (result.skipped > 0) {
    parts.push(
      `${countOf(result.skipped, 'mesaj a atins', 'mesaje au atins')} limita zilnică de descărcări; se aduc mâine.`,
    );
  }
  return { status: 'ok', message: parts.join(' ').slice(0, 2000) };
}

const failureText = (error: AnafError): string =>
  error.kind === 'unauthorized'
    ? 'ANAF nu mai acceptă autorizarea SPV a firmei: autorizează din nou din pagina ANAF și SPV.'
    : error.kind === 'unreachable' || error.kind === 'throttled'
      ? 'ANAF nu a răspuns la sincronizare; se reîncearcă la următoarea rulare.'
      : `ANAF a refuzat sincronizarea: ${error.message.replace(/^ANAF: /, '')}`;

/** Syncs every enabled client of every firm that authorised SPV. */
export async function runSpvSync(ctx: AppContext, importer: SpvImport = importSpvFiles): Promise<void> {
  const clients = await repo.clientsToSync(ctx.db);
  const tokens = new Map<number, string | AnafError>();
  for (const client of clients) {
    if (!isValidCui(client.cui)) continue;
    let token = tokens.get(client.company_id);
    if (token === undefined) {
      token = await accessTokenFor(ctx, client.company_id).catch((error: unknown) => {
        if (error instanceof AnafError) return error;
        throw error;
      });
      tokens.set(client.company_id, token);
    }
    let outcome: Outcome;
    try {
      if (token instanceof AnafError) throw token;
      outcome = await syncClient(ctx, token, client, importer);
    } catch (error) {
      if (!(error instanceof AnafError)) throw error;
      outcome = { status: 'error', message: failureText(error) };
    }
    await repo.setSyncOutcome(ctx.db, client.client_id, ctx.clock.now(), outcome.status, outcome.message);
  }
}

export const spvSyncJob: JobDefinition = {
  name: 'spv-sync',
  // Every hour at :20 (Romanian time): ~24 list calls a CUI a day, far under ANAF's 1,500.
  cron: '20 * * * *',
  run: (ctx) => runSpvSync(ctx),
};
