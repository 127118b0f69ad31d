import { createRoot } from 'react-dom/client';
import { UploadLinkView } from './features/upload-link/UploadLinkPage';

/**
 * The light page's entry (incarcare.html, served for GET /incarcare/{token}): React and the upload
 * link's page only: no module federation, no session, no router, so a client on a slow phone waits for
 * one small bundle (its data was already asked for by the page's inline script: early.ts). The token
 * is the path's last segment; anything else shows the page's own "invalid link" answer from the server.
 */
function tokenOf(pathname: string): string {
  const raw = /^\/incarcare\/([^/]+)\/?$/.exec(pathname)?.[1] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<UploadLinkView token={tokenOf(window.location.pathname)} />);
