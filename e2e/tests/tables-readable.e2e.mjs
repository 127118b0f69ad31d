// Browser: every list screen of every area reads whole on a desktop (1366 px) and on a phone
// (360 px). No word inside a table (header, cell, caption) or a list row is broken across two
// lines: each word is measured with Range.getClientRects() and fails when its pieces sit on
// different lines. A table wider than the screen scrolls inside its own box, which the keyboard
// can reach (tabindex 0), which has a name (role region), and which shows that more lies beyond
// its edge. The screens are read from the apps' route tables (as the phone sweep does), each tab
// of a screen is opened, and every screen × width is saved to e2e/artifacts/tables/.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { artifacts } from '../lib/server.mjs';
import { AREA_ROUTES } from '../lib/routes.mjs';
import { test } from '../lib/runner.mjs';
import { DEMO_USERS, signInAs } from '../lib/ui.mjs';

const WIDTHS = [
  { width: 1366, height: 768 },
  { width: 360, height: 740 },
];
const SHOTS = path.join(artifacts, 'tables');

async function settle(page) {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  await page
    .locator('.spinner, [aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 6_000 })
    .catch(() => {});
  await page.waitForTimeout(150);
}

/**
 * Runs in the page: what is unreadable in its tables and list rows. Returns the count of tables
 * and rows looked at and a list of problems ("„Num|e” in a header").
 */
function inspectTables() {
  const content = document.querySelector('main') ?? document.body;
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 2 && box.height > 2 && window.getComputedStyle(el).visibility !== 'hidden';
  };
  const cells = [...content.querySelectorAll('table th, table td, table caption, li')].filter(
    (el) => visible(el) && !el.closest('nav, [role="tablist"], .pagination'),
  );
  // An e-mail or a long file name may wrap inside its own cell; an ordinary word, a date, a
  // label never.
  const longValue = (word) => word.includes('@') || word.length >= 25;
  const lineOf = (rect) => Math.round(rect.top + rect.height / 2);
  const problems = new Set();
  const seen = new Set();
  for (const cell of cells) {
    const walker = document.createTreeWalker(cell, window.NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (seen.has(node)) continue;
      seen.add(node);
      const holder = node.parentElement;
      if (!holder || !visible(holder) || holder.closest('.sr-only')) continue;
      for (const match of node.data.matchAll(/\S+/g)) {
        const word = match[0];
        if (word.length < 2 || longValue(word)) continue;
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + word.length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map(lineOf));
        if (lines.size < 2) continue;
        // Where it breaks: the word's letters grouped by the line each sits on.
        const pieces = [];
        let last = null;
        for (let i = 0; i < word.length; i += 1) {
          range.setStart(node, match.index + i);
          range.setEnd(node, match.index + i + 1);
          const rect = [...range.getClientRects()].find((r) => r.width > 0);
          const line = rect ? lineOf(rect) : last;
          if (line !== last || pieces.length === 0) pieces.push('');
          pieces[pieces.length - 1] += word[i];
          last = line;
        }
        const where = cell.tagName === 'TH' ? 'a header' : cell.tagName === 'LI' ? 'a list row' : 'a cell';
        problems.add(`„${pieces.join('|')}” in ${where}`);
      }
    }
  }

  // A table wider than its box scrolls there, is reachable by keyboard, named, and shows it.
  const tables = [...content.querySelectorAll('table')].filter(visible);
  for (const table of tables) {
    let box = table.parentElement;
    while (box && box !== content && !['auto', 'scroll'].includes(window.getComputedStyle(box).overflowX))
      box = box.parentElement;
    const label = table.querySelector('caption')?.textContent?.trim().slice(0, 40) || 'a table';
    if (!box || box === content) {
      if (table.getBoundingClientRect().right > window.innerWidth + 1)
        problems.add(`${label}: wider than the screen with no scrolling box`);
      continue;
    }
    if (box.scrollWidth <= box.clientWidth + 1) continue;
    if (box.tabIndex < 0) problems.add(`${label}: scrolls sideways but the keyboard cannot reach it`);
    const named =
      box.getAttribute('role') === 'region' &&
      (box.getAttribute('aria-label') ||
        (box.getAttribute('aria-labelledby') ?? '')
          .split(/\s+/)
          .some((id) => document.getElementById(id)?.textContent?.trim()));
    if (!named) problems.add(`${label}: its scrolling box is not a named region`);
    const cue = window.getComputedStyle(box.parentElement, '::after');
    if (box.scrollLeft === 0 && (cue.content === 'none' || Number(cue.opacity) === 0))
      problems.add(`${label}: nothing shows that it scrolls sideways`);
  }
  return { tables: tables.length, rows: cells.filter((c) => c.tagName === 'LI').length, problems: [...problems] };
}

const slug = (text) =>
  text
    .normalize('NFKD')
    .replace(/[^\w]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

/** Checks the screen shown (and each of its tabs) at both widths; adds to `report`. */
async function checkScreen(page, who, screen, report) {
  const tabs = page.locator('main [role="tab"]');
  const tabNames = (await tabs.count()) > 0 ? await tabs.allInnerTexts() : [null];
  for (const [i, tab] of tabNames.entries()) {
    if (tab !== null) {
      await page.setViewportSize(WIDTHS[0]);
      await tabs.nth(i).click();
      await settle(page);
    }
    const name = tab === null ? screen : `${screen} › ${tab.trim()}`;
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(120);
      const found = await page.evaluate(inspectTables);
      const file = `${slug(who)}-${slug(name) || 'home'}-${viewport.width}.png`;
      await page.screenshot({ path: path.join(SHOTS, file), fullPage: true, timeout: 10_000 });
      report.push({ screen: name, width: viewport.width, ...found, file });
    }
  }
}

/** Visits each screen of the user; a screen with a parameter through the first link that fits it. */
async function sweep(page, who, paths) {
  const report = [];
  const seenLinks = new Set();
  const ordered = [...paths.filter((p) => !p.includes(':')), ...paths.filter((p) => p.includes(':'))];
  for (const route of ordered) {
    let target = route;
    if (route.includes(':')) {
      const pattern = new RegExp(`^${route.replace(/:\w+/g, '[^/?#]+')}$`);
      target = [...seenLinks].find((href) => pattern.test(href) && !paths.includes(href));
      if (!target) {
        report.push({ screen: route, width: 0, problems: ['no link to such a page on the screens before it'] });
        continue;
      }
    }
    await page.setViewportSize(WIDTHS[0]);
    await page.goto(target);
    // Resizing from 1366 to 360 px slides the menu away; without transitions the screenshot shows
    // the phone layout itself, not the slide.
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
    await settle(page);
    const hrefs = await page.$$eval('a[href]', (links) => links.map((a) => new URL(a.href).pathname));
    for (const href of hrefs) seenLinks.add(href);
    await checkScreen(page, who, target, report);
  }
  return report;
}

/** The company and client areas are each swept with both of their roles; staff and the holding user see fewer screens. */
for (const user of DEMO_USERS) {
  test(
    `tables: every list screen of ${user.email} reads whole at 1366 and 360 px`,
    async ({ page }) => {
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.setViewportSize(WIDTHS[0]);
      await signInAs(page, user);
      const mine = AREA_ROUTES.filter((r) => r.roles.includes(user.role)).map((r) => r.path);
      const report = await sweep(page, user.email.split('@')[0], mine);
      const lines = report.map(
        (r) =>
          `${r.screen} @ ${r.width} px: ${r.tables ?? 0} table(s), ${r.rows ?? 0} list row(s)` +
          (r.file ? ` [${r.file}]` : '') +
          (r.problems.length ? ` — ${r.problems.join('; ')}` : ' — whole'),
      );
      fs.writeFileSync(path.join(SHOTS, `${slug(user.email.split('@')[0])}.txt`), `${lines.join('\n')}\n`);
      const failures = lines.filter((line) => !line.endsWith(' — whole'));
      assert.ok(
        report.some((r) => r.tables > 0),
        `no table found on the screens of ${user.email}`,
      );
      assert.deepEqual(failures, [], `words broken or tables unreadable:\n  ${failures.join('\n  ')}`);
    },
    { timeout: 120_000 },
  );
}
