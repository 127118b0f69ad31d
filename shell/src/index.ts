import { askEarly } from './features/upload-link/early';

// The upload link's page on a slow phone: its data is asked for now, not after the page's chunks.
askEarly(window.location.pathname);
// Async boundary: shared modules (react, @dosar/shared…) are negotiated before bootstrap runs.
void import('./bootstrap');

export {};
