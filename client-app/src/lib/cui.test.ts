import { isValidCui, normalizeCui } from './cui';

describe('isValidCui', () => {
  it.each(['RO12345674', '12345674', 'ro 23456783', '34567892', '45678900', ' 56789016 '])('accepts %s', (cui) => {
    expect(isValidCui(cui)).toBe(true);
  });
  it.each(['RO12345675', '12345670', '1', 'ABC', '', '12345678901', 'RO'])('refuses %s', (cui) => {
    expect(isValidCui(cui)).toBe(false);
  });
  it('normalises prefix and spaces', () => {
    expect(normalizeCui(' ro 1234 5674 ')).toBe('12345674');
  });
});
