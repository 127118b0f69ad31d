import { isValidCui, normalizeCui } from './cui';

describe('isValidCui', () => {
  it.each(['RO12345674', '12345674', 'ro 23456783', '34567892', '45678900', ' 56789016 '])('accepts %s', (cui) => {
    expect(isValidCui(cui)).toBe(true);
  });
  it.each(['', 'RO', '12345675', '1', '12345678901', 'RO1234567A', '34567893', 'RO12345675', '12345670', 'ABC'])(
    'refuses %s',
    (cui) => {
      expect(isValidCui(cui)).toBe(false);
    },
  );
  it('accepts a code typed with spaces once normalised', () => {
    expect(isValidCui(normalizeCui(' ro 1234 5674 '))).toBe(true);
  });
});

describe('normalizeCui', () => {
  it('normalises prefix and spaces', () => {
    expect(normalizeCui(' ro 1234 5674 ')).toBe('12345674');
  });
});
