import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errors, sendError } from '../../infra/errors.js';

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

/**
 * Hosts the built front end: the shell at /, each remote at /remotes/<area>/,
 * and /remotes.json telling the shell where each remote lives (module federation).
 */
export async function webRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.ctx;
  const remotesJson = {
    admin: { name: 'admin_app', entry: `${config.remotes.admin}remoteEntry.js` },
    company: { name: 'company_app', entry: `${config.remotes.company}remoteEntry.js` },
    client: { name: 'client_app', entry: `${config.remotes.client}remoteEntry.js` },
  };
  app.get('/remotes.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return remotesJson;
  });

  // Source maps are built for error tracking, never served in production (they hand out the source).
  const allowedPath = (pathName: string): boolean => config.env !== 'production' || !pathName.endsWith('.map');

  for (const [area, dir] of Object.entries(AREAS)) {
    const root = path.join(config.staticRoot, dir, 'dist');
    if (!fs.existsSync(root)) continue;
    await app.register(fastifyStatic, {
      root,
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

  const sendShell = (reply: FastifyReply): FastifyReply => {
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html; charset=utf-8').send(fs.createReadStream(shellIndex));
  };

  // Every other GET that is not an API call or an asset is a route of the single-page app.
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isPage =
      request.method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/remotes/') && !path.extname(url);
    if (isPage && hasShell) return sendShell(reply);
    return sendError(reply, errors.notFound('Pagina'));
  });
}
