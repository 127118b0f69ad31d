import {
  Component,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { Spinner, type RemoteAppProps } from '@dosar/shared';
import {
  RemoteContractUnreadableError,
  RemoteIncompatibleError,
  describeProblem,
  type ContractProblem,
} from './contract';
import { loadRemoteApp, loadedEntry } from './load-remote-app';
import type { Area } from './remotes-config';

const AREA_NAMES: Record<Area, string> = {
  admin: 'Administrare',
  company: 'Companie',
  client: 'Client',
};

/** Why a remote's contract could not be read: the host that must let this shell read it. */
export interface UnreadableContract {
  host: string;
  origin: string;
  detail: string;
}

export function RemoteFallback({
  area,
  onRetry,
  retrying,
  problems,
  unreadable,
}: {
  area: Area;
  onRetry: () => void;
  retrying?: boolean;
  /** Set when the remote's contract does not match this shell (not a network failure). */
  problems?: ContractProblem[];
  /** Set when the remote's host answers but its contract can't be read (not a network failure either). */
  unreadable?: UnreadableContract;
}) {
  return (
    <div className="page">
      <div className="card fallback" role="alert">
        {unreadable ? (
          <>
            <h1>Secțiunea „{AREA_NAMES[area]}” nu poate fi verificată, așa că nu a fost pornită</h1>
            <p className="muted">
              Nu am putut citi contractul secțiunii de la {unreadable.host} ({unreadable.detail}). Gazda secțiunii
              trebuie să permită citirea de pe adresa aplicației, {unreadable.origin} (CORS), și să publice fișierul
              dosar-remote.json. Restul aplicației funcționează în continuare.
            </p>
          </>
        ) : problems ? (
          <>
            <h1>Secțiunea „{AREA_NAMES[area]}” nu este compatibilă cu această versiune a aplicației</h1>
            <p className="muted">
              Versiunea publicată a secțiunii „{AREA_NAMES[area]}” {problems.map(describeProblem).join('; ')}. Reîncarcă
              pagina în câteva minute, după ce aplicația se actualizează. Restul aplicației funcționează în continuare.
            </p>
          </>
        ) : (
          <>
            <h1>Secțiunea „{AREA_NAMES[area]}” nu poate fi încărcată acum</h1>
            <p className="muted">
              Nu am putut contacta această parte a aplicației. Verifică conexiunea la internet sau încearcă din nou în
              câteva momente. Restul aplicației funcționează în continuare.
            </p>
          </>
        )}
        <div className="form-actions" style={{ justifyContent: 'center' }}>
          <button type="button" className="btn btn-primary" onClick={onRetry} disabled={retrying}>
            {retrying ? 'Se reîncearcă…' : 'Reîncearcă'}
          </button>
          <a className="btn btn-ghost" href="/">
            Pagina principală
          </a>
        </div>
      </div>
    </div>
  );
}

interface BoundaryProps {
  area: Area;
  onRetry: () => void;
  /**
   * A chunk of the remote failed to load (its build was removed by a deploy): reload the area from the
   * current build. Answers false when that was tried already (then the fallback shows).
   */
  onStaleChunk?: () => boolean;
  children: ReactNode;
}

/** webpack's error for a chunk (JS or CSS) that could not be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'ChunkLoadError' || /Loading (CSS )?chunk \S+ failed/i.test(error.message))
  );
}

/** Catches a remote that loaded but fails while rendering: the shell keeps working. */
export class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    // An old build's chunk is gone: once, the area reloads from the current build instead (docs/remotes.md).
    if (isChunkLoadError(error) && this.props.onStaleChunk?.()) {
      console.warn(`[dosar] zona ${this.props.area}: o parte a versiunii vechi lipsește, se încarcă versiunea curentă`);
      return;
    }
    console.error(`[dosar] zona ${this.props.area} a eșuat`, error, info.componentStack);
  }

  private retry = (): void => {
    this.setState({ failed: false });
    this.props.onRetry();
  };

  render(): ReactNode {
    if (this.state.failed) return <RemoteFallback area={this.props.area} onRetry={this.retry} />;
    return this.props.children;
  }
}

type LoadState =
  | { status: 'loading'; retrying: boolean }
  | { status: 'ready'; App: ComponentType<RemoteAppProps> }
  | { status: 'failed'; problems?: ContractProblem[]; unreadable?: UnreadableContract };

/** Loads and renders one area's remote under its prefix; a Romanian fallback with retry if it can't. */
export function RemoteArea({ area, basePath }: { area: Area; basePath: string }) {
  const [state, setState] = useState<LoadState>({ status: 'loading', retrying: false });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    loadRemoteApp(area, { retry: attempt > 0 }).then(
      (App) => alive && setState({ status: 'ready', App }),
      (error: unknown) => {
        console.error(error);
        const problems = error instanceof RemoteIncompatibleError ? error.problems : undefined;
        const unreadable =
          error instanceof RemoteContractUnreadableError
            ? { host: error.host, origin: error.origin, detail: error.detail }
            : undefined;
        if (alive) setState({ status: 'failed', problems, unreadable });
      },
    );
    return () => {
      alive = false;
    };
  }, [area, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading', retrying: true });
    setAttempt((n) => n + 1);
  }, []);
  // Once per build: after each deploy the area reloads from the new one, as often as deploys happen; a
  // chunk missing again from the build just loaded is a broken deploy, shown instead of reloaded forever.
  const staleReloadedFrom = useRef<string | undefined>(undefined);
  const reloadCurrentBuild = useCallback(() => {
    const from = loadedEntry(area);
    if (from !== undefined && staleReloadedFrom.current === from) return false;
    staleReloadedFrom.current = from;
    retry();
    return true;
  }, [area, retry]);

  if (state.status === 'failed')
    return <RemoteFallback area={area} onRetry={retry} problems={state.problems} unreadable={state.unreadable} />;
  if (state.status === 'loading') return <Spinner label={`Se încarcă secțiunea „${AREA_NAMES[area]}”…`} />;
  const { App } = state;
  return (
    <RemoteErrorBoundary area={area} onRetry={retry} onStaleChunk={reloadCurrentBuild}>
      <App basePath={basePath} />
    </RemoteErrorBoundary>
  );
}
