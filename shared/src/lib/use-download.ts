import { useCallback, useEffect, useRef, useState } from 'react';
import { saveBlob } from './download';
import type { DownloadOptions, DownloadedFile } from './post-for-blob';

export interface DownloadProgress {
  label: string;
  loaded: number;
  /** Unknown when the server streams without Content-Length (the zip). */
  total: number | undefined;
}

/**
 * One download at a time, with progress and cancel; the blob is saved under the name
 * its Content-Disposition carries (or `fallbackName`). Errors were already toasted by
 * the shared HTTP client; a cancel shows nothing. `run` resolves true once saved.
 */
export function useDownload() {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const run = useCallback(
    async (
      label: string,
      fallbackName: string,
      fetcher: (options: DownloadOptions) => Promise<DownloadedFile>,
    ): Promise<boolean> => {
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      setProgress({ label, loaded: 0, total: undefined });
      try {
        const { blob, filename } = await fetcher({
          signal: controller.signal,
          onProgress: (loaded, total) => setProgress({ label, loaded, total: total || undefined }),
        });
        saveBlob(blob, filename ?? fallbackName);
        return true;
      } catch {
        return false;
      } finally {
        if (controllerRef.current === controller) {
          controllerRef.current = null;
          setProgress(null);
        }
      }
    },
    [],
  );

  const cancel = useCallback(() => controllerRef.current?.abort(), []);
  return { progress, run, cancel };
}
