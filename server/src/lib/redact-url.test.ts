import { redactUrl } from './redact-url.js';

test('secrets in paths and queries are masked; ids, words and months stay', () => {
  const hash = 'f3b1c9e2a7d44c0b9e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b';
  expect(redactUrl(`/api/company-requests/${hash}`)).toBe('/api/company-requests/***');
  expect(redactUrl(`/api/company-requests/${hash}/confirm`)).toBe('/api/company-requests/***/confirm');
  expect(redactUrl('/api/company/12/clients/345/media/6789')).toBe('/api/company/12/clients/345/media/6789');
  expect(redactUrl('/api/holding/3/utils?page=2&search=contract')).toBe('/api/holding/3/utils?page=2&search=contract');
  expect(redactUrl(`/reset-password/x?token=abc&email=a%40b.ro`)).toBe('/reset-password/x?token=***&email=a%40b.ro');
  expect(redactUrl(`/x?next=${hash}`)).toBe('/x?next=***');
});
