import type * as Templates from './database-template.js';

export default async function globalTeardown(): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- see global-setup.cjs
  const { dropTemplates } = require('./global-setup.cjs').templates() as typeof Templates;
  await dropTemplates();
}
