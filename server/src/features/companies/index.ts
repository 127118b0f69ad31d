/** Companies: how a company is born, whichever way it comes (register, admin, a holding's invitation). */
export { provisionCompany, cuiTaken, DEFAULT_CATEGORIES, type NewCompany, type NewOwner } from './service.js';
