/**
 * What an error the client may see is (errors.ts holds the catalogue of them): its status, stable code
 * and Romanian text; an AddressedError's text depends on who reads it.
 */

export type FieldErrors = Record<string, string[]>;

/** An error the client may see: status, stable code and a Romanian message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldErrors,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }

  /** The message as the caller (its role, null when signed out) reads it: the same for everyone here. */
  messageFor(_role: number | null): string {
    return this.message;
  }
}

/** Who reads an answer: the firm's owner (role 2), its staff (3), the client's people (4, 5). */
export type Reader = 'owner' | 'staff' | 'client';

export function readerOf(role: number | null): Reader | null {
  if (role === 2) return 'owner';
  if (role === 3) return 'staff';
  return role === 4 || role === 5 ? 'client' : null;
}

/**
 * An error whose message depends on who reads it (docs/PRODUCT.md, "Messages addressed to their reader"):
 * the firm is never told what "the accounting firm" may do. Raised where the reader is unknown (a guard
 * deep in a write); error-handler.ts picks the text by the caller's role. `message` is the client's text
 * (also the one for anyone else).
 */
export class AddressedError extends AppError {
  constructor(
    statusCode: number,
    code: string,
    readonly texts: Record<Reader, string>,
  ) {
    super(statusCode, code, texts.client);
  }

  override messageFor(role: number | null): string {
    const reader = readerOf(role);
    return reader ? this.texts[reader] : this.message;
  }
}
