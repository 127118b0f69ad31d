import { fold } from '../lib/search-text.js';
import { cuiDigits, planSearch, type ClientSample } from './client-search-plan.js';

// A sample as pg_stats keeps it for 100,000 clients named as in dosar_scale: "client", "scalare" and
// "srl" in every name, each number in one.
const scale: ClientSample = {
  names: Array.from({ length: 101 }, (_, i) => fold(`Client Scalare ${String(i * 1000 + 1).padStart(7, '0')} SRL`)),
  cuis: Array.from({ length: 101 }, (_, i) => String(10000001 + i * 1000)),
};

describe('planSearch: what the trigram index looks up', () => {
  test.each([
    // The rarest word, then only its rare trigrams: every sampled number holds "000" or "004" more often
    // than one in ten, so "00042" is looked up as "042" and "0004213" as "04213".
    ['scalare 00042', '042'],
    ['client scalare 0004213', '04213'],
    ['scalare 0004213 srl', '04213'],
    // Every word is in every sampled name: the index could not narrow anything, the whole term it is.
    ['client scalare', null],
    ['scalare srl', null],
    // Words without three letters or digits in a row give the index no trigram.
    ['ab 00042', '042'],
    ['ab cd', null],
    ['s.r.l. scalare', null],
    ['s.r.l. 00042', '042'],
    // Equally rare: the longest; no trigram of it is common, so the whole word.
    ['alfa omega', 'omega'],
    ['omega alfa', 'omega'],
    ['xyz123 abc', 'xyz123'],
    // Repeated words count once; still a word of the term.
    ['00042 00042', '042'],
    // One word: the whole term, unless a part of it is rarer.
    ['00042', '042'],
    ['omega', null],
    ['srl', null],
  ])('%s → %s', (term, part) => {
    expect(planSearch(term, scale).indexPart).toBe(part);
  });

  test('the rarest word wins over a longer, commoner one, while it is in at most a tenth of the sample', () => {
    const names = ['ionescu impex', 'ionescu trans', 'popa impex', 'ionescu agro'];
    const sample = (fillers: number): ClientSample => ({
      names: [...names, ...Array.from({ length: fillers }, (_, i) => `firma ${i}`)],
      cuis: [],
    });
    expect(planSearch('ionescu impex', sample(96)).indexPart).toBe('impex');
    expect(planSearch('ionescu agro', sample(96)).indexPart).toBe('agro');
    // impex in 2 of 16 sampled names: too common to look up alone.
    expect(planSearch('ionescu impex', sample(12)).indexPart).toBe(null);
    expect(planSearch('ionescu agro', sample(12)).indexPart).toBe('agro');
  });

  test('without a sample, the whole term and a separate count, as before', () => {
    expect(planSearch('scalare 00042', undefined)).toEqual({ indexPart: null, cuiPart: null, fewMatches: false });
    expect(planSearch('00042', undefined)).toEqual({ indexPart: null, cuiPart: null, fewMatches: false });
  });
});

describe('planSearch: a word narrowed to its rare trigrams', () => {
  // "abc" in 20 of 100 sampled names, "xyz" in 11, "pqr" in 10 (at most a tenth: rare), the rest in none.
  const names = [
    ...Array.from({ length: 20 }, (_, i) => `abc ${i}`),
    ...Array.from({ length: 11 }, (_, i) => `xyz ${i}`),
    ...Array.from({ length: 10 }, (_, i) => `pqr ${i}`),
    ...Array.from({ length: 59 }, (_, i) => `firma ${i}`),
  ];
  const sample: ClientSample = { names, cuis: [] };
  test.each([
    // The common trigram at the start is dropped: "abcdef" is looked up as "bcdef".
    ['abcdef', 'bcdef'],
    // At the end.
    ['defabc', 'defab'],
    // In the middle: the longer side.
    ['deabcfgh', 'bcfgh'],
    ['defgabch', 'defgab'],
    // Sides of one length: the one fewer sampled names hold ("pqr" is rare, but in ten).
    ['pqrsabcdefg', 'bcdefg'],
    // In exactly a tenth of the sample: rare enough to keep.
    ['pqrs', null],
    // Just over a tenth: dropped.
    ['xyzw', 'yzw'],
    // No common trigram: the whole word.
    ['defghi', null],
    // pg_trgm splits at anything but letters and digits: such a word is looked up whole.
    ['abc-def', null],
    // Narrowed by letters, not UTF-16 units (𝒜 is one letter of two).
    ['abc𝒜de', 'bc𝒜de'],
  ])('%s → %s', (term, part) => {
    expect(planSearch(term, sample).indexPart).toBe(part);
  });

  test('every trigram common, the word rare: nothing to narrow to, the whole word', () => {
    const overlapping: ClientSample = {
      names: [...names.slice(41), ...Array.from({ length: 20 }, (_, i) => `bcde ${i}`), ...names.slice(0, 21)],
      cuis: [],
    };
    // "abc" in 20 names, "bcd" and "cde" in 20, "abcde" in none.
    expect(planSearch('abcde', overlapping)).toEqual({ indexPart: null, cuiPart: null, fewMatches: true });
  });

  test('the rarest word of several is narrowed too', () => {
    expect(planSearch('firma abcdef', sample).indexPart).toBe('bcdef');
  });

  test("a CUI's digits are narrowed on the sampled CUIs, the name on the names", () => {
    // Every sampled CUI starts with "1000": "0004213" is looked up among CUIs as "04213"; among names,
    // where no trigram of it is common, whole.
    const cuis = Array.from({ length: 100 }, (_, i) => String(10000001 + i * 97));
    expect(planSearch('0004213', { names: [], cuis })).toEqual({
      indexPart: null,
      cuiPart: '04213',
      fewMatches: true,
    });
    expect(planSearch('ro 55512', { names: [], cuis })).toMatchObject({ cuiPart: null });
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
