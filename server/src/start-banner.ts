import type { DemoAccount } from './seed-accounts.js';

const ROLE_LABELS: Record<number, string> = {
  1: 'administrator platformă',
  2: 'proprietar',
  3: 'angajat',
  4: 'administrator holding',
  5: 'utilizator holding',
};

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

export interface BannerInput {
  /** Where a browser opens the product (config.publicUrl). */
  url: string;
  /** The interface the server listens on (config.host). */
  host: string;
  demoAccounts: DemoAccount[];
  demoPassword: string;
}

/** What the terminal shows once the server listens: where to open it and, with the demo data, who to sign in as. */
export function startBanner({ url, host, demoAccounts, demoPassword }: BannerInput): string {
  const lines = ['', `  Dosar rulează: deschideți ${url}`];
  if (LOCAL_HOSTS.has(host)) {
    lines.push(`  Ascultă doar pe ${host} (această mașină); HOST=0.0.0.0 îl deschide rețelei.`);
  } else {
    lines.push(`  Ascultă pe ${host === '0.0.0.0' || host === '::' ? 'toate interfețele' : host}.`);
  }
  if (demoAccounts.length) {
    const width = Math.max(...demoAccounts.map((account) => account.email.length));
    lines.push('', `  Conturi demo, parola tuturor: ${demoPassword}`);
    for (const account of demoAccounts) {
      const role = ROLE_LABELS[account.role] ?? `rol ${account.role}`;
      lines.push(`    ${account.email.padEnd(width)}  ${role}${account.tenant ? ` · ${account.tenant}` : ''}`);
    }
  }
  lines.push('', '  Oprire: Ctrl+C', '');
  return `${lines.join('\n')}\n`;
}
