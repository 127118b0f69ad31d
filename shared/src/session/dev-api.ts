/**
 * A remote running alone on its dev server reaches the API through that server's proxy
 * (DOSAR_API_URL, default http://localhost:8080): does it answer? (docs/remotes.md)
 */
export async function devApiAnswers(fetchImpl: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetchImpl('/api/health', { cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}
