import { useEffect } from 'react';

/** The product's name after every screen's own title in the browser tab. */
export const PRODUCT_NAME = 'Dosar';

/** "Clienți" → "Clienți — Dosar"; no title → "Dosar". */
export function pageTitle(title?: string | null): string {
  const own = title?.trim();
  return own ? `${own} — ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/**
 * Sets the browser tab's title (document.title) while the screen is shown, e.g. "Clienți — Dosar".
 * Every route sets one: areas through AreaRoute's `title` (or its menu label), the shell's public
 * pages through this hook.
 */
export function usePageTitle(title?: string | null): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
