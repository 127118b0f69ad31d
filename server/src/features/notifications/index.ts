/**
 * What the firm hears back (docs/PRODUCT.md, "Ce află firma"): its in-app notifications and the daily
 * digest its owners and staff get by e-mail. Other code uses the digest's job (features/jobs.ts).
 */
export { firmDigestJob } from './digest.js';
