// Matchers of @testing-library/jest-dom (loaded by jest.setup-dom.ts) for the type checker.
/// <reference types="@testing-library/jest-dom" />
