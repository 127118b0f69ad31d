import { isEmail } from './policy.js';

test('one e-mail rule: plain addresses pass; look-alikes and malformed ones are refused', () => {
  for (const ok of ['ana@firma.ro', 'Ana.Pop+dosar@sub.firma-mea.ro', "o'neil@firma.ro"]) {
    expect([ok, isEmail(ok)]).toEqual([ok, true]);
  }
  for (const bad of [
    'аna@firma.ro', // Cyrillic а
    'ana@fіrma.ro', // Cyrillic і
    'ana\u200b@firma.ro', // zero-width space
    'ana@firma.ro\u200d',
    'ana@firma',
    'ana@@firma.ro',
    'ana firma@firma.ro',
    '@firma.ro',
    `${'a'.repeat(250)}@firma.ro`,
  ]) {
    expect([bad, isEmail(bad)]).toEqual([bad, false]);
  }
});
