import { countOf } from './plural';

test.each([
  [0, '0 documente'],
  [1, '1 document'],
  [3, '3 documente'],
  [19, '19 documente'],
  [20, '20 de documente'],
  [101, '101 documente'],
  [120, '120 de documente'],
])('%i → %s', (n, text) => {
  expect(countOf(n, 'document', 'documente')).toBe(text);
});
