import type { CategoryRecord } from './repository.js';

export const categorySchema = {
  type: 'object',
  required: ['id', 'name', 'position', 'holding_id'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    position: { type: 'integer' },
    holding_id: { type: ['integer', 'null'] },
  },
} as const;

export const presentCategory = (c: CategoryRecord) => ({
  id: c.id,
  name: c.name,
  position: c.position,
  holding_id: c.holding_id,
});
