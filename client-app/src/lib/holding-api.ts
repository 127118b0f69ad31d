/** '/api/holding/1/clients/2': every holding call (SPEC §7) is built here. */
export function holdingUrl(holdingId: number, path: string): string {
  return `/api/holding/${holdingId}/${path.replace(/^\//, '')}`;
}

/** The object without undefined, null or blank-string values (optional filters). */
export function compact<T extends object>(input: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(input) as [keyof T, T[keyof T]][]) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = value;
  }
  return out;
}
