import { describeDetails, labelOf, localTime, sideOf } from './labels.js';

// What the export's „Detalii”, „Acțiune” and „Data” columns say for each kind of event.
test('details read as one Romanian line per kind of event', () => {
  expect(describeDetails('document.upload', { name: 'a.pdf', category: 'Facturi primite' })).toBe(
    'Categoria: Facturi primite',
  );
  expect(describeDetails('document.upload', { name: 'a.pdf', category: null })).toBe('Categoria: —');
  expect(
    describeDetails('document.move', {
      from: { category_id: 1, category: 'Facturi', period: '2026-09' },
      to: { category_id: 2, category: 'Extrase', period: '2026-09' },
    }),
  ).toBe('Categoria: Facturi → Extrase');
  expect(
    describeDetails('document.move', {
      from: { category_id: 1, category: 'Facturi', period: '2026-09' },
      to: { category_id: 1, category: 'Facturi', period: '2026-10' },
    }),
  ).toBe('Luna: 2026-09 → 2026-10');
  expect(describeDetails('document.rename', { old_name: 'a.pdf', new_name: 'b.pdf' })).toBe('„a.pdf” → „b.pdf”');
  expect(
    describeDetails('document.zip', { filter: { period: '2026-10', category: 'Facturi', ids: 3 }, count: 3 }),
  ).toBe('3 documente; luna 2026-10; categoria Facturi; 3 alese');
  expect(describeDetails('document.reject', { name: 'a.pdf', reason: 'Document ilizibil' })).toBe(
    'Motiv: Document ilizibil',
  );
  expect(describeDetails('item.not_applicable', { item_id: 1, requirement_id: 2, note: 'Fără angajați' })).toBe(
    'Notă: Fără angajați',
  );
  expect(describeDetails('period.handover', { documents: 12, not_applicable: 1 })).toBe(
    '12 documente; 1 «Nu se aplică»',
  );
  expect(describeDetails('document.download', { name: 'a.pdf' })).toBe('');
  expect(describeDetails('period.close', null)).toBe('');
  expect(describeDetails('something.new', { name: 'x', reason: 'y' })).toBe('reason: y');
});

test('labels, sides and Romanian local time', () => {
  expect(labelOf('period.handover')).toBe('a descărcat procesul-verbal');
  expect(labelOf('unknown.action')).toBe('unknown.action');
  expect([2, 3, 4, 5, 1, null].map((role) => sideOf(role))).toEqual([
    'company',
    'company',
    'holding',
    'holding',
    null,
    null,
  ]);
  // Winter (UTC+2) and summer (UTC+3) time in Romania.
  expect(localTime('2026-01-15T22:30:05Z')).toBe('2026-01-16 00:30:05');
  expect(localTime('2026-07-15T20:00:00Z')).toBe('2026-07-15 23:00:00');
});
