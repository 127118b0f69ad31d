// Every signed-in route of the three areas, read from each remote's route table, for the sweeps that
// visit every screen (phone widths, readable tables).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './server.mjs';

/** `{ path: 'dashboard', roles: [2, 3], … }` lines of an AreaApp route table. */
function areaRoutes(app, base) {
  const source = fs.readFileSync(path.join(root, app, 'src', 'App.tsx'), 'utf8');
  const routes = [...source.matchAll(/\{\s*path:\s*'([^']+)',\s*roles:\s*\[([\d,\s]+)\]/g)].map((m) => ({
    path: `${base}/${m[1]}`,
    roles: m[2].split(',').map((r) => Number(r.trim())),
  }));
  assert.ok(routes.length > 2, `no routes read from ${app}/src/App.tsx`);
  return routes;
}

/** {path, roles} of every route of the admin, company and client areas. */
export const AREA_ROUTES = [
  ...areaRoutes('admin-app', '/admin'),
  ...areaRoutes('company-app', '/company'),
  ...areaRoutes('client-app', '/client'),
];
