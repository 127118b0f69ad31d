// Test helpers for the front-end workspaces (jest + Testing Library), reached as
// '@dosar/shared/testing'. Never imported by application code: it pulls in jest and
// Testing Library, which no bundle carries.
import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { sessionRestored, sessionStarted } from '../session/session-slice';
import * as confirmModule from '../ui/confirm-dialog';
import { toast } from '../ui/toast';
import { createAppStore } from '../session/store';
import type { Paged, User } from '../types';

export interface RenderInSessionOptions {
  /** Signed in as this user; null renders anonymously. */
  user?: User | null;
  /** With a token the session starts as after a login; without, as restored from storage. */
  token?: string | null;
  /** The URL the router starts at. */
  route?: string;
  /** The route pattern `ui` is mounted on (to read params); default: every path. */
  path?: string;
  /** More <Route>s beside `ui` (e.g. a stand-in login page). */
  routes?: ReactNode;
}

/**
 * Renders `ui` inside the redux session and a router. When `ui` has its own `path`,
 * any URL no route takes shows `data-testid="elsewhere"` (to see a redirect).
 */
export function renderInSession(
  ui: ReactElement,
  { user = null, token = null, route = '/', path = '*', routes }: RenderInSessionOptions = {},
) {
  const store = createAppStore({ token: null });
  if (user) store.dispatch(token ? sessionStarted({ user, token }) : sessionRestored(user));
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Routes>
          <Route path={path} element={ui} />
          {routes}
          {path !== '*' && <Route path="*" element={<div data-testid="elsewhere" />} />}
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { ...result, store };
}

/** An axios-like answer for a mocked `http` call. */
export function axiosResponse<T>(
  data: T,
  { status = 200, headers = {} }: { status?: number; headers?: Record<string, string> } = {},
) {
  return { data, status, statusText: 'OK', headers, config: {} as never };
}

/** An axios-like error with a server answer, as the shared client rethrows it. */
export function httpError(status: number, data: unknown) {
  return Object.assign(new Error(`Request failed with status code ${status}`), {
    isAxiosError: true,
    response: { status, data, headers: {}, statusText: '', config: {} },
  });
}

/** A paged list answer ({data, meta}). */
export function paged<T>(data: T[], page = 1, perPage = 20, total = data.length): Paged<T> {
  return { data, meta: { page, per_page: perPage, total } };
}

/**
 * Fakes the browser's side of a file download (object URL + link click) and returns a
 * mock called with (blob, file name) for every file the page saves. Restored by
 * jest.restoreAllMocks().
 */
export function captureDownloads(): jest.Mock<void, [Blob | undefined, string]> {
  const saved = jest.fn<void, [Blob | undefined, string]>();
  const blobs = new Map<string, Blob>();
  const url = URL as unknown as { createObjectURL?: (blob: Blob) => string; revokeObjectURL?: (href: string) => void };
  url.createObjectURL ??= () => '';
  url.revokeObjectURL ??= () => undefined;
  jest.spyOn(url as Required<typeof url>, 'createObjectURL').mockImplementation((blob: Blob) => {
    const href = `blob:test/${blobs.size + 1}`;
    blobs.set(href, blob);
    return href;
  });
  jest.spyOn(url as Required<typeof url>, 'revokeObjectURL').mockImplementation(() => undefined);
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved(blobs.get(this.href), this.download);
  });
  return saved;
}

/**
 * Replaces the shared confirm dialog and toasts with jest mocks, wherever they are called
 * from: a remote's own screen or a view of @dosar/shared it renders (a jest.mock of
 * '@dosar/shared' only reaches the remote's own calls). Returns the confirm mock (answering
 * "no" unless told otherwise); `confirmDialog` and `toast` imported from '@dosar/shared'
 * are the mocks too. Restored by jest.restoreAllMocks().
 */
export function mockDialogs(): jest.SpiedFunction<typeof confirmModule.confirmDialog> {
  for (const kind of ['success', 'error', 'info', 'warning'] as const) {
    jest.spyOn(toast, kind).mockResolvedValue(undefined);
  }
  return jest.spyOn(confirmModule, 'confirmDialog').mockResolvedValue(false);
}
