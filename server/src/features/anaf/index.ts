/**
 * ANAF for other features and the job list: the registry lookup, the nightly portfolio check and the SPV
 * sync (docs/ARCHITECTURE.md, "ANAF"; docs/PRODUCT.md).
 */
export { anafPortfolioCheck, runPortfolioCheck } from './portfolio-check.js';
export { spvSyncJob, runSpvSync } from './spv-sync.js';
export type { SpvImport } from './spv-import.js';
export { lookupCompanies } from './lookup-service.js';
