/**
 * The declaration calendar (docs/PRODUCT.md, "Declarations"): each client's obligations from its fiscal
 * profile and the dated rules table, their due dates on the Romanian calendar, and their filings. Other
 * features use its arithmetic only.
 */
export { dueDateOf, owedFor, periodLabel, rulesInForce } from './calendar.js';
export type { Owed, Rule } from './calendar.js';
