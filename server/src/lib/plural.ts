/** "1 client", "3 clienți", "20 de clienți" (Romanian takes "de" from 20 on). */
export function countOf(n: number, one: string, many: string): string {
  if (n === 1) return `1 ${one}`;
  const de = n % 100 >= 20 || (n >= 100 && n % 100 === 0);
  return `${n}${de ? ' de' : ''} ${many}`;
}

/** How long to wait, in words: "45 de secunde", "1 minut", "17 minute" (minutes from 90 seconds up). */
export function waitFor(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  return s > 90 ? countOf(Math.ceil(s / 60), 'minut', 'minute') : countOf(s, 'secundă', 'secunde');
}
