/**
 * Recognisable strings, one per tenant, that the isolation tests put into their own worlds
 * (client notes, file names) to look for leaks. The demo data (src/seed.ts) carries none.
 */
export const CANARY = { demo: 'CANARY-DEMO-7f3a', other: 'CANARY-ALT-9c2e' } as const;
