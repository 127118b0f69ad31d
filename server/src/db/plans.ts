import { sql, type RawBuilder } from 'kysely';
import { PLANNED_EACH_TIME } from '../infra/prepared-statements.js';

/**
 * Put first in a statement: when `each` (a search, whose best plan depends on its term, which a prepared
 * statement's generic plan cannot know), the statement is planned for its values on every call.
 */
export const plannedEachTime = (each: boolean): RawBuilder<unknown> => sql.raw(each ? PLANNED_EACH_TIME : '');
