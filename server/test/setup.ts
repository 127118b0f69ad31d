// Each API test file clones the run's template database (about a second) or, without one, boots and
// migrates its own (several seconds on a busy machine); factories add a few HTTP calls per tenant.
jest.setTimeout(60_000);
