/** '/api/holding/1/clients/2': every holding call (SPEC §7) is built here. */
export function holdingUrl(holdingId: number, path: string): string {
  return `/api/holding/${holdingId}/${path.replace(/^\//, '')}`;
}
