import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendError } from '../../infra/error-handler.js';
import { errors } from '../../infra/errors.js';
import { sendLightPage } from './light-page.js';
import { RemoteBuilds } from './remote-builds.js';

const AREAS = { admin: 'admin-app', company: 'company-app', client: 'client-app' } as const;
/**
 * A file whose name carries its content hash (`main.1a2b3c4d.js`, its `.map`, its `.br`/`.gz` copy) never
 * changes: cached a year. Anything else (remoteEntry.js, its map, manifests, index.html) may change on the next
 * deploy: `no-cache` (revalidated each time). Contract: docs/remotes.md.
 */
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+(\.map)?(\.(br|gz))?$/i;

export function cacheControlFor(filePath: string): string {
  return HASHED.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function cacheHeaders(reply: FastifyReply, filePath: string): void {
  reply.header('Cache-Control', cacheControlFor(filePath));
}

const CONTAINERS = { admin: 'admin_app', company: 'company_app', client: 'client_app' } as const;
type Area = keyof typeof AREAS;

/**
 * Hosts the built front end: the shell at /, each remote at /remotes/<area>/<build>/ (a versioned,
 * immutable copy of each build it served: remote-builds.ts), and /remotes.json telling the shell where
 * each remote's current build lives (module federation; docs/remotes.md).
 */
export async function webRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.ctx;
  const builds = new RemoteBuilds(path.join(config.dataDir, 'remote-builds'), config.remoteBuildsKeepHours * 3_600_000);
  const distOf = (area: Area): string => path.join(config.staticRoot, AREAS[area], 'dist');
  /** A remote this server hosts (the default URL) is served from its current build's folder. */
  const hosted = (area: Area): boolean => config.remotes[area] === `/remotes/${area}/`;
  const entryOf = async (area: Area): Promise<string> => {
    const id = hosted(area) ? await builds.current(area, distOf(area)).catch(() => null) : null;
    return `${config.remotes[area]}${id ? `${id}/` : ''}remoteEntry.js`;
  };
  app.get('/remotes.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    const areas = Object.keys(AREAS) as Area[];
    const entries = await Promise.all(areas.map(entryOf));
    return Object.fromEntries(areas.map((area, i) => [area, { name: CONTAINERS[area], entry: entries[i] }]));
  });

  // Source maps are built for error tracking, never served in production (they hand out the source).
  const allowedPath = (pathName: string): boolean => config.env !== 'production' || !pathName.endsWith('.map');

  for (const area of Object.keys(AREAS) as Area[]) {
    const root = distOf(area);
    if (!fs.existsSync(root)) continue;
    // Taken into the archive at start, so the build open pages hold is kept even if no page asks before a deploy.
    if (hosted(area)) await builds.current(area, root).catch(() => null);
    fs.mkdirSync(builds.areaDir(area), { recursive: true });
    await app.register(fastifyStatic, {
      // /remotes/<area>/<build>/… from the archive; /remotes/<area>/… (unversioned) from dist/.
      root: [builds.areaDir(area), root],
      dotfiles: 'ignore', // the archive's .retired markers
      prefix: `/remotes/${area}/`,
      decorateReply: false,
      index: false,
      // The build writes x.br and x.gz beside each text asset: picked by Accept-Encoding, with Vary.
      preCompressed: true,
      allowedPath,
      setHeaders: cacheHeaders,
    });
  }

  const shellRoot = path.join(config.staticRoot, 'shell', 'dist');
  const shellIndex = path.join(shellRoot, 'index.html');
  const hasShell = fs.existsSync(shellIndex);
  if (hasShell) {
    await app.register(fastifyStatic, {
      root: shellRoot,
      prefix: '/',
      index: false,
      wildcard: false,
      preCompressed: true,
      allowedPath,
      setHeaders: cacheHeaders,
    });
  }

  // The upload link's light page (React and the page, no shell start-up), when the build has it.
  const uploadPage = path.join(shellRoot, 'incarcare.html');
  const hasUploadPage = fs.existsSync(uploadPage);

  const sendShell = (reply: FastifyReply): FastifyReply => {
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html; charset=utf-8').send(fs.createReadStream(shellIndex));
  };

  // Every other GET (or HEAD, which answers the same without the body) that is not an API call or an asset
  // is a route of the single-page app.
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      !url.startsWith('/remotes/') &&
      !path.extname(url);
    if (isPage && hasUploadPage && /^\/incarcare\/[^/]+\/?$/.test(url)) {
      return sendLightPage(request, reply, uploadPage);
    }
    if (isPage && hasShell) return sendShell(reply);
    return sendError(reply, errors.notFound('Pagina'));
  });
}
