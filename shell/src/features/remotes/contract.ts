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
 * Reads and checks a remote's contract: throws RemoteIncompatibleError when this shell does not provide
 * what it requires. A remote without a contract (404) or one that cannot be reached loads as before: its
 * remoteEntry.js then decides (and a network failure shows the usual fallback).
 */
export async function checkRemoteContract(
  area: Area,
  remote: RemoteDescriptor,
  provides = shellProvides(),
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  let contract: RemoteContract;
  try {
    const response = await fetchImpl(contractUrl(remote), {
      cache: 'no-cache',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return;
    contract = (await response.json()) as RemoteContract;
  } catch {
    return;
  }
  const problems = contractProblems(contract, provides);
  if (problems.length) throw new RemoteIncompatibleError(area, problems);
}
