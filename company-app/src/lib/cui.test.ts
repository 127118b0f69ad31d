import { isValidCui } from './cui';

describe('isValidCui', () => {
  it.each(['RO12345674', '12345674', 'ro 23456783', '34567892', '45678900', ' 56789016 '])('accepts %s', (cui) => {
    expect(isValidCui(cui)).toBe(true);
  });
  it.each(['', 'RO', '12345675', '1', '12345678901', 'RO1234567A', '34567893'])('refuses %s', (cui) => {
    expect(isValidCui(cui)).toBe(false);
  });
});
