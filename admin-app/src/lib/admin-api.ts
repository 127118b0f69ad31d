/** Every admin call lives under /api/admin. */
export function adminUrl(path: string): string {
  return `/api/admin/${path}`;
}
