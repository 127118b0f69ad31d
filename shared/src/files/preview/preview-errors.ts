/** A Romanian sentence for a preview that failed: what the server said, else why. */
export function previewError(error: unknown): string {
  const e = error as { response?: { status?: number; data?: unknown }; name?: string; message?: string };
  const status = e?.response?.status;
  if (status === 404) return 'Fișierul nu a mai fost găsit. Poate a fost șters între timp.';
  if (status === 401) return 'Sesiunea a expirat. Autentifică-te din nou.';
  if (status === 403) return 'Nu ai acces la acest fișier.';
  if (status === 416) return 'Fișierul este gol.';
  if (status !== undefined && status >= 500) return 'Serverul nu a putut trimite fișierul. Încearcă din nou.';
  if (status === undefined && !e?.name?.includes('Pdf') && /network/i.test(String(e?.message)))
    return 'Nu s-a putut contacta serverul. Verifică conexiunea și încearcă din nou.';
  if (e?.name === 'InvalidPDFException') return 'Fișierul nu este un PDF valid și nu poate fi afișat.';
  if (e?.name === 'PasswordException') return 'PDF-ul este protejat cu parolă și nu poate fi afișat aici. Descarcă-l.';
  return 'Previzualizarea nu a reușit. Poți descărca fișierul.';
}

/** Whether a failure is only the preview being closed (nothing to show). */
export function isCancel(error: unknown): boolean {
  const e = error as { name?: string; code?: string };
  return (
    e?.name === 'CanceledError' ||
    e?.code === 'ERR_CANCELED' ||
    e?.name === 'AbortError' ||
    e?.name === 'RenderingCancelledException'
  );
}
