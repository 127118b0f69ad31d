import type { ReactNode } from 'react';
import { errorMessage } from '../lib/errors';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';
import { Spinner } from './Spinner';

/** What a list screen reads of its request (RequestState of useRequest fits). */
export interface ListRequest<D> {
  data: D | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

export interface ListStatesProps<D extends { data: unknown[] }> {
  list: ListRequest<D>;
  /** Shown when the list could not be loaded (with a retry button). */
  errorText: string;
  /** Prefer the server's own message to errorText (errorText stays the fallback). */
  serverError?: boolean;
  /** A failed reload keeps the rows already shown; otherwise the error replaces them. */
  keepRowsOnError?: boolean;
  /** The spinner's text (Spinner's own default when absent). */
  loadingLabel?: string;
  /** What an empty answer shows: an EmptyState's title, or the whole node. */
  empty: ReactNode;
  /** The rows, when there are some. */
  children: (rows: D['data'], data: D) => ReactNode;
}

/**
 * The four states of a list screen: loading (spinner), failed (error with retry),
 * empty, rows. Presentation only: the request is the caller's.
 */
export function ListStates<D extends { data: unknown[] }>({
  list,
  errorText,
  serverError = false,
  keepRowsOnError = false,
  loadingLabel,
  empty,
  children,
}: ListStatesProps<D>) {
  if (list.error && !(keepRowsOnError && list.data)) {
    return <ErrorState message={serverError ? errorMessage(list.error, errorText) : errorText} onRetry={list.reload} />;
  }
  if (!list.data) return <Spinner label={loadingLabel} />;
  if (list.data.data.length === 0) return typeof empty === 'string' ? <EmptyState title={empty} /> : <>{empty}</>;
  return <>{children(list.data.data, list.data)}</>;
}
