/** A company's category sets (company door), and the set a client's documents are filed under (any door). */
export { filesUnder, findOrCreateCategory } from './service.js';
export { categorySchema, presentCategory } from './presenter.js';
export { effectiveSetQuery, inheritedSet } from './repository.js';
export type { CategoryRecord } from './repository.js';
