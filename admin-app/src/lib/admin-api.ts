/** Every admin call lives under /api/admin (DESIGN §3). */
export function adminUrl(path: string): string {
  return `/api/admin/${path}`;
}
