// Moved: shared schemas live in lib/http-schemas.ts, paging in lib/paging.ts, search text in
// lib/search-text.ts and db/search.ts. This file re-exports them until every caller imports the new places.
import { idParam } from '../../lib/http-schemas.js';

export {
  idParam,
  errorResponses,
  errorSchema,
  messageSchema,
  binarySchema,
  periodPattern,
  pageMetaSchema,
  pagingProperties,
} from '../../lib/http-schemas.js';
export { paging, pageMeta, toIso, type Paging, type PagingInput } from '../../lib/paging.js';
export { likePattern, fold } from '../../lib/search-text.js';
export { foldedLike } from '../../db/search.js';

/** Params of a company route: companyId plus the named ids, all digits. */
export function companyParams(...names: string[]) {
  const properties: Record<string, typeof idParam> = { companyId: idParam };
  for (const name of names) properties[name] = idParam;
  return { type: 'object', required: ['companyId', ...names], properties } as const;
}

export interface CompanyParams {
  companyId: string;
}
