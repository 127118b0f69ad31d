/** The holding door: every call of the client area lives under /api/holding/{holdingId}. */
export function holdingBase(holdingId: number): string {
  return `/api/holding/${holdingId}`;
}

/** '/api/holding/1/clients/2': a path on the holding door. */
export function holdingUrl(holdingId: number, path: string): string {
  return `${holdingBase(holdingId)}/${path.replace(/^\//, '')}`;
}
