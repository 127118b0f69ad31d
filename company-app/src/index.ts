// Async boundary: shared modules (react, @dosar/shared…) are negotiated before bootstrap runs.
void import('./bootstrap');

export {};
