// Each API test file boots its own database (PGlite takes a few seconds to start).
jest.setTimeout(60_000);
