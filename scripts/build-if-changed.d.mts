// Types of scripts/build-if-changed.mjs for the TypeScript that tests it (server/test/build-if-changed.test.ts).
export interface BuildPackage {
  workspace: string;
  inputs: string[];
  output: string;
  entry: string;
}
export interface BuildResult {
  built: string[];
  skipped: string[];
  failed: string[];
}
export const ROOT: string;
export const PACKAGES: BuildPackage[];
export function fingerprint(root: string, pkg: BuildPackage, env?: NodeJS.ProcessEnv): Record<string, string>;
export function outputSnapshot(root: string, pkg: BuildPackage): Record<string, string>;
export function readStamp(
  root: string,
  pkg: BuildPackage,
): { inputs: Record<string, string>; outputs: Record<string, string> } | null;
export function staleReason(root: string, pkg: BuildPackage, inputs: Record<string, string>): string | null;
export function npmBuild(root: string, pkg: BuildPackage): Promise<boolean>;
export function buildIfChanged(options?: {
  root?: string;
  packages?: BuildPackage[];
  build?: (root: string, pkg: BuildPackage) => Promise<boolean> | boolean;
  log?: (line: string) => void;
  dryRun?: boolean;
  env?: NodeJS.ProcessEnv;
}): Promise<BuildResult>;
