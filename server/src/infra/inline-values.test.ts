import { inlineValues } from './inline-values.js';

test('each $n becomes its value quoted as pg quotes a literal', () => {
  expect(inlineValues('select $1, $2, $10', ['a', 7, 0, 0, 0, 0, 0, 0, 0, null])).toBe("select 'a', '7', null");
  expect(inlineValues('x = $1', ["O'Brien"])).toBe("x = 'O''Brien'");
  // escapeLiteral writes a backslash's literal as E'…', with a space before it.
  expect(inlineValues('x = $1', ['a\\b'])).toBe("x =  E'a\\\\b'");
  expect(inlineValues('x = $1', [true])).toBe("x = 'true'");
  expect(inlineValues('x = $1', [[1, 2]])).toBe('x = \'{"1","2"}\'');
  expect(inlineValues('x = $1', [new Date('2026-11-26T05:00:00.000Z')])).toMatch(
    /^x = '2026-11-26T0\d:00:00\.000[+-]\d\d:\d\d'$/,
  );
});

test('a value cannot end its literal: an injection stays one string', () => {
  const out = inlineValues('select * from t where name = $1', ["x' or '1'='1"]);
  expect(out).toBe("select * from t where name = 'x'' or ''1''=''1'");
});

test('$n inside quotes, quoted names and comments is left alone', () => {
  const text = `select '$1', 'it''s $2', "col$1", $1 -- $2 here
  /* $2 there */ from t where a = $2`;
  expect(inlineValues(text, ['v', 'w'])).toBe(`select '$1', 'it''s $2', "col$1", 'v' -- $2 here
  /* $2 there */ from t where a = 'w'`);
});

test('a missing value, a value with no text form and dollar quoting are refused', () => {
  expect(() => inlineValues('select $2', ['a'])).toThrow('$2');
  expect(() => inlineValues('select $1', [Buffer.from('x')])).toThrow('$1');
  expect(() => inlineValues('select $$x$$', [])).toThrow();
});
