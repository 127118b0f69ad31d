import { isEmail } from './email';

describe('isEmail', () => {
  it.each(['ion@demo.ro', ' owner@demo.ro ', 'a.b+c@sub.firma.com', 'contabilitate@alfa-distributie.ro'])(
    'accepts %p',
    (value) => expect(isEmail(value)).toBe(true),
  );

  it.each(['', '   ', 'ion', 'ion@', '@demo.ro', 'ion@demo', 'ion@demo.r', 'ion @demo.ro', 'ion@@demo.ro'])(
    'refuses %p',
    (value) => expect(isEmail(value)).toBe(false),
  );

  it('refuses an address longer than the server accepts', () => {
    expect(isEmail(`${'a'.repeat(250)}@demo.ro`)).toBe(false);
  });
});
