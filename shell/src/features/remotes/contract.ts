import { satisfy } from '@module-federation/runtime-core';
import type { Area, RemoteDescriptor } from './remotes-config';

/**
 * A remote's declared contract (dosar-remote.json beside its remoteEntry.js, written by its build:
 * @dosar/build-preset/contract.js). The shell checks it before loading the remote (docs/remotes.md).
 */
export interface RemoteContract {
  contract: number;
  name: string;
  exposes: string[];
  /** {package: semver range} of the shared packages the remote requires from its host. */
  requires: Record<string, string>;
}

export interface ContractProblem {
  package: string;
  required: string;
  /** The version the shell provides; null when it provides none. */
  provided: string | null;
}

/** {package: version} this shell provides (set by its build; empty under jest). */
export function shellProvides(): Record<string, string> {
  const raw = process.env.DOSAR_SHELL_PROVIDES;
  return raw ? (JSON.parse(raw) as Record<string, string>) : {};
}

/** The requirements of `contract` this shell does not meet. */
export function contractProblems(contract: RemoteContract, provides: Record<string, string>): ContractProblem[] {
  return Object.entries(contract.requires ?? {})
    .filter(([pkg, range]) => !provides[pkg] || !satisfy(provides[pkg], range))
    .map(([pkg, range]) => ({ package: pkg, required: range, provided: provides[pkg] ?? null }));
}

export class RemoteIncompatibleError extends Error {
  constructor(
    readonly area: Area,
    readonly problems: ContractProblem[],
  ) {
    super(`Zona „${area}” nu este compatibilă: ${problems.map(describeProblem).join('; ')}`);
    this.name = 'RemoteIncompatibleError';
  }
}

/** „cere @dosar/shared ^2.0.0, aplicația are 1.0.0” */
export function describeProblem(problem: ContractProblem): string {
  const provided = problem.provided ? `aplicația are ${problem.provided}` : 'aplicația nu îl oferă';
  return `cere ${problem.package} ${problem.required}, ${provided}`;
}

/** Where a remote's contract is: `contract` in /remotes.json, else beside its remoteEntry.js. */
export function contractUrl(remote: RemoteDescriptor, base = window.location.href): string {
  return remote.contract ?? new URL('dosar-remote.json', new URL(remote.entry, base)).href;
}

/**
 * The remote's contract could not be read although its host answers: most often the host does not allow
 * this shell's origin (CORS), or it serves no contract. Its code is not run unchecked.
 */
export class RemoteContractUnreadableError extends Error {
  constructor(
    readonly area: Area,
    /** The host the contract was asked from (https://remote.example.ro). */
    readonly host: string,
    /** This shell's origin, which that host must allow. */
    readonly origin: string,
    readonly detail: string,
  ) {
    super(`Contractul zonei „${area}” nu poate fi citit de la ${host}: ${detail}`);
    this.name = 'RemoteContractUnreadableError';
  }
}

/** The host answers at all (any response, even one this page may not read): the network is not the cause. */
async function reachable(url: string, fetchImpl: typeof fetch): Promise<boolean> {
  try {
    await fetchImpl(url, { mode: 'no-cors', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads and checks a remote's contract before any of its code runs: throws RemoteIncompatibleError when
 * this shell does not provide what it requires, and RemoteContractUnreadableError when the contract can't
 * be read from a host that answers (not allowed to this origin, missing, not a contract). When the host
 * does not answer at all, `unreachable` is thrown (the usual network fallback).
 */
export async function checkRemoteContract(
  area: Area,
  remote: RemoteDescriptor,
  unreachable: (cause: unknown) => Error,
  provides = shellProvides(),
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  const url = contractUrl(remote);
  const { origin: host } = new URL(url);
  const unreadable = (detail: string) => new RemoteContractUnreadableError(area, host, window.location.origin, detail);
  let response: Response;
  try {
    response = await fetchImpl(url, { cache: 'no-cache', headers: { Accept: 'application/json' } });
  } catch (error) {
    // A browser tells a refused cross-origin read from a network failure only by asking again without reading.
    if (await reachable(url, fetchImpl)) throw unreadable('gazda nu permite citirea de pe această adresă');
    throw unreachable(error);
  }
  if (!response.ok) throw unreadable(`gazda a răspuns ${response.status}`);
  let contract: RemoteContract;
  try {
    contract = (await response.json()) as RemoteContract;
  } catch {
    throw unreadable('răspunsul nu este un contract');
  }
  if (!contract || typeof contract.requires !== 'object' || contract.requires === null) {
    throw unreadable('răspunsul nu este un contract');
  }
  const problems = contractProblems(contract, provides);
  if (problems.length) throw new RemoteIncompatibleError(area, problems);
}
