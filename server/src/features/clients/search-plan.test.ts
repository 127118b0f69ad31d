import { fold } from '../../lib/search-text.js';
import { cuiDigits, planSearch, type ClientSample } from './search-plan.js';

// A sample as pg_stats keeps it for 100,000 clients named as in dosar_scale: "client", "scalare" and
// "srl" in every name, each number in one.
const scale: ClientSample = {
  names: Array.from({ length: 101 }, (_, i) => fold(`Client Scalare ${String(i * 1000 + 1).padStart(7, '0')} SRL`)),
  cuis: Array.from({ length: 101 }, (_, i) => String(10000001 + i * 1000)),
};

describe('planSearch: the word the trigram index looks up', () => {
  test.each([
    ['scalare 00042', '00042'],
    ['client scalare 0004213', '0004213'],
    ['scalare 0004213 srl', '0004213'],
    // Every word is in every sampled name: the index could not narrow anything, the whole term it is.
    ['client scalare', null],
    ['scalare srl', null],
    // Words without three letters or digits in a row give the index no trigram.
    ['ab 00042', '00042'],
    ['ab cd', null],
    ['s.r.l. scalare', null],
    ['s.r.l. 00042', '00042'],
    // Equally rare: the longest.
    ['alfa omega', 'omega'],
    ['omega alfa', 'omega'],
    ['xyz123 abc', 'xyz123'],
    // Repeated words count once; still a word of the term.
    ['00042 00042', '00042'],
    // One word: always the whole term.
    ['00042', null],
    ['srl', null],
  ])('%s → %s', (term, word) => {
    expect(planSearch(term, scale).indexWord).toBe(word);
  });

  test('the rarest word wins over a longer, commoner one, while it is in at most a tenth of the sample', () => {
    const names = ['ionescu impex', 'ionescu trans', 'popa impex', 'ionescu agro'];
    const sample = (fillers: number): ClientSample => ({
      names: [...names, ...Array.from({ length: fillers }, (_, i) => `firma ${i}`)],
      cuis: [],
    });
    expect(planSearch('ionescu impex', sample(96)).indexWord).toBe('impex');
    expect(planSearch('ionescu agro', sample(96)).indexWord).toBe('agro');
    // impex in 2 of 16 sampled names: too common to look up alone.
    expect(planSearch('ionescu impex', sample(12)).indexWord).toBe(null);
    expect(planSearch('ionescu agro', sample(12)).indexWord).toBe('agro');
  });

  test('without a sample, the whole term and a separate count, as before', () => {
    expect(planSearch('scalare 00042', undefined)).toEqual({ indexWord: null, fewMatches: false });
    expect(planSearch('00042', undefined)).toEqual({ indexWord: null, fewMatches: false });
  });
});

describe('planSearch: few matches (the page query counts them)', () => {
  test.each([
    ['scalare 00042', true],
    ['client scalare 0004213', true],
    ['00042', true],
    ['srl', false],
    ['client scalare', false],
    // What the index looks up is in a sampled name: many matches are likely.
    ['scalare 0001001', false],
    // A CUI search also matches on CUI: every sampled CUI starts with 100.
    ['1000', false],
    ['ro 10001001', false],
  ])('%s → %s', (term, few) => {
    expect(planSearch(term, scale).fewMatches).toBe(few);
  });
});

test.each([
  ['12345678', '12345678'],
  ['ro12345678', '12345678'],
  ['ro 123 456', '123456'],
  ['1', null],
  ['srl', null],
  ['12a', null],
])('cuiDigits(%s) → %s', (search, digits) => {
  expect(cuiDigits(search)).toBe(digits);
});
