// Browser: every screen of every role, and every public page, at phone sizes (390×844 and
// 360×740). A page fails when it is wider than the viewport (document.documentElement.scrollWidth
// > innerWidth: the page scrolls sideways) or when a visible button or link ends beyond the right
// edge with no scrolling box around it (an action nobody can reach). The routes are read from the
// apps' own route tables (AreaApp routes in each App.tsx, the shell's routes.tsx), so a new screen
// is swept without touching this file.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { root } from '../lib/server.mjs';
import { AREA_ROUTES } from '../lib/routes.mjs';
import { test } from '../lib/runner.mjs';
import { DEMO_USERS, signInAs } from '../lib/ui.mjs';

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
];

const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');

/** The shell's public routes (`path={paths.x}` or `path="/…"`), a made-up token for each parameter. */
function publicRoutes() {
  const paths = read('shell/src/app/paths.ts');
  const named = Object.fromEntries([...paths.matchAll(/^\s*(\w+):\s*'([^']+)'/gm)].map((m) => [m[1], m[2]]));
  const source = read('shell/src/app/routes.tsx');
  const publicPart = source.slice(source.indexOf('<PublicLayout'), source.indexOf('</Route>'));
  const found = ['/'];
  for (const m of publicPart.matchAll(/<Route path=(?:\{paths\.(\w+)\}|"([^"]+)") element=\{([^\n]*)/g)) {
    const route = m[1] ? named[m[1]] : m[2];
    // Signed-in-only pages are swept with their role; '*' is the not-found page.
    if (!route || /guard\(\{/.test(m[3]) || route === '*') continue;
    found.push(route.replace(/:\w+/g, 'token-from-an-old-email'));
  }
  found.push('/no-such-page');
  assert.ok(found.length > 6, 'no public routes read from shell/src/app/routes.tsx');
  return found;
}

/** What is wrong with the page at this size: '' when nothing. */
async function overflowOf(page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const problems = [];
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > width) problems.push(`the page is ${pageWidth} px wide`);
    const scrolls = (el) => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        const overflow = window.getComputedStyle(p).overflowX;
        if (p !== document.documentElement && p !== document.body && (overflow === 'auto' || overflow === 'scroll'))
          return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll('button, a[href], input, select, textarea')) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || window.getComputedStyle(el).visibility === 'hidden') continue;
      if (el.closest('.area-sidebar, .sr-only')) continue;
      if (rect.right > width + 1 && !scrolls(el)) {
        const name = (el.innerText || el.getAttribute('aria-label') || el.getAttribute('name') || el.tagName).trim();
        problems.push(`"${name.slice(0, 40)}" ends at ${Math.round(rect.right)} px`);
      }
    }
    return problems.slice(0, 6).join('; ');
  });
}

async function settle(page) {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  await page
    .locator('.spinner, [aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 8_000 })
    .catch(() => {});
  await page.waitForTimeout(250);
}

/** Visits each path; for a path with a parameter, follows the first link seen so far that fits it. */
async function sweep(page, paths, staticPaths) {
  const failures = [];
  const seenLinks = new Set();
  const ordered = [...paths.filter((p) => !p.includes(':')), ...paths.filter((p) => p.includes(':'))];
  for (const route of ordered) {
    let target = route;
    if (route.includes(':')) {
      const pattern = new RegExp(`^${route.replace(/:\w+/g, '[^/?#]+')}$`);
      target = [...seenLinks].find((href) => pattern.test(href) && !staticPaths.includes(href));
      if (!target) {
        failures.push(`${route}: no link to such a page was found on the screens before it`);
        continue;
      }
    }
    await page.goto(target);
    await settle(page);
    const problem = await overflowOf(page);
    if (problem) failures.push(`${target} (${route}): ${problem}`);
    const hrefs = await page.$$eval('a[href]', (links) => links.map((a) => new URL(a.href).pathname));
    for (const href of hrefs) seenLinks.add(href);
  }
  return failures;
}

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}×${viewport.height}`;

  test(
    `phone ${size}: every public page fits the screen`,
    async ({ page }) => {
      await page.setViewportSize(viewport);
      const failures = await sweep(page, publicRoutes(), []);
      assert.deepEqual(failures, [], `wider than ${size}:\n  ${failures.join('\n  ')}`);
    },
    { timeout: 180_000 },
  );

  for (const user of DEMO_USERS) {
    test(
      `phone ${size}: every screen of ${user.email} (role ${user.role}) fits the screen`,
      async ({ page }) => {
        await page.setViewportSize(viewport);
        await signInAs(page, user);
        const mine = AREA_ROUTES.filter((r) => r.roles.includes(user.role)).map((r) => r.path);
        assert.ok(mine.length > 2, `no screens for role ${user.role}`);
        const failures = await sweep(page, mine, mine);
        assert.deepEqual(failures, [], `wider than ${size}:\n  ${failures.join('\n  ')}`);
      },
      { timeout: 240_000 },
    );
  }
}
