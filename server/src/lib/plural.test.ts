import { waitFor } from './plural.js';

test('wait times read as Romanian: singular, plural, "de" from 20 on, minutes past 90 seconds', () => {
  expect([1, 5, 19, 20, 59, 90, 91, 120, 1200, 3600].map(waitFor)).toEqual([
    '1 secundă',
    '5 secunde',
    '19 secunde',
    '20 de secunde',
    '59 de secunde',
    '90 de secunde',
    '2 minute',
    '2 minute',
    '20 de minute',
    '60 de minute',
  ]);
  expect(waitFor(0.2)).toBe('1 secundă');
});
