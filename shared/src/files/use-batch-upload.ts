import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, isCancelled } from '../lib/errors';
import { formatBytes } from '../lib/format';
import { storeFile } from './api/store-file';
import type { UploadLimits } from './types';

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'error' | 'cancelled' | 'rejected';

export interface QueuedFile {
  key: string;
  file: File;
  status: UploadStatus;
  /** 0..1 */
  progress: number;
  error?: string;
  /** This file's own category and month; absent: the batch's. */
  target?: BatchTarget;
}

export interface BatchTarget {
  category_id: number | null;
  /** YYYY-MM */
  period: string;
}

let sequence = 0;

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Why a file can't be sent (the server checks again, by content), or null. */
export function rejectReason(file: File, limits: UploadLimits | undefined): string | null {
  if (file.size === 0) return 'Fișierul este gol.';
  if (limits?.max_bytes && file.size > limits.max_bytes) return `Depășește limita de ${formatBytes(limits.max_bytes)}.`;
  const allowed = limits?.allowed_types ?? [];
  if (allowed.length > 0 && !allowed.includes(extensionOf(file.name))) return 'Tipul fișierului nu este acceptat.';
  return null;
}

/**
 * A batch of files for one client (`clientUrl`, e.g. /api/company/1/clients/7): queued
 * (limits checked up front), each with the batch's category and month or its own, then sent
 * one by one (one storeFiles call each) with per-file and total progress.
 * Cancel aborts the file in flight and skips the rest; files already sent stay saved
 * (each upload is all-or-nothing on the server).
 */
export function useBatchUpload(clientUrl: string, limits: UploadLimits | undefined) {
  const [files, setFiles] = useState<QueuedFile[]>([]);
  const [running, setRunning] = useState(false);
  const controllerRef = useRef<AbortController | null>(null);
  const cancelledRef = useRef(false);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const patch = (key: string, change: Partial<QueuedFile>) =>
    setFiles((list) => list.map((f) => (f.key === key ? { ...f, ...change } : f)));

  const add = useCallback(
    (incoming: File[]) => {
      const queued = incoming.map((file): QueuedFile => {
        const reason = rejectReason(file, limits);
        sequence += 1;
        return {
          key: `f${sequence}`,
          file,
          status: reason ? 'rejected' : 'queued',
          progress: 0,
          error: reason ?? undefined,
        };
      });
      setFiles((list) => [...list.filter((f) => f.status !== 'done'), ...queued]);
    },
    [limits],
  );

  const remove = useCallback((key: string) => setFiles((list) => list.filter((f) => f.key !== key)), []);
  /** Gives one file its own category and month (the rest keep the batch's). */
  const retarget = useCallback(
    (key: string, target: BatchTarget) => setFiles((list) => list.map((f) => (f.key === key ? { ...f, target } : f))),
    [],
  );
  const clear = useCallback(() => setFiles([]), []);

  /** Sends the queued (or failed/cancelled) files; resolves with how many were saved. */
  const start = useCallback(
    async (target: BatchTarget, queue: QueuedFile[]): Promise<number> => {
      const pending = queue.filter((f) => f.status === 'queued' || f.status === 'error' || f.status === 'cancelled');
      if (pending.length === 0) return 0;
      cancelledRef.current = false;
      setRunning(true);
      const pendingKeys = new Set(pending.map((p) => p.key));
      setFiles((list) =>
        list.map((f) => (pendingKeys.has(f.key) ? { ...f, status: 'queued', progress: 0, error: undefined } : f)),
      );
      let saved = 0;
      for (const item of pending) {
        if (cancelledRef.current) {
          patch(item.key, { status: 'cancelled' });
          continue;
        }
        const controller = new AbortController();
        controllerRef.current = controller;
        patch(item.key, { status: 'uploading', progress: 0 });
        try {
          await storeFile(
            clientUrl,
            {
              file: item.file,
              category_id: (item.target ?? target).category_id,
              period: (item.target ?? target).period,
            },
            {
              signal: controller.signal,
              onProgress: (loaded, total) => patch(item.key, { progress: total > 0 ? Math.min(1, loaded / total) : 0 }),
            },
          );
          saved += 1;
          patch(item.key, { status: 'done', progress: 1 });
        } catch (err) {
          if (isCancelled(err) || cancelledRef.current) patch(item.key, { status: 'cancelled', progress: 0 });
          else patch(item.key, { status: 'error', error: errorMessage(err, 'Fișierul nu a putut fi încărcat.') });
        }
      }
      controllerRef.current = null;
      setRunning(false);
      return saved;
    },
    [clientUrl],
  );

  const cancel = useCallback(() => {
    cancelledRef.current = true;
    controllerRef.current?.abort();
  }, []);

  const sendable = files.filter((f) => f.status !== 'rejected');
  const totalBytes = sendable.reduce((sum, f) => sum + f.file.size, 0);
  const sentBytes = sendable.reduce((sum, f) => sum + f.file.size * f.progress, 0);
  const totalProgress = totalBytes > 0 ? sentBytes / totalBytes : 0;

  return { files, running, totalProgress, totalBytes, add, remove, retarget, clear, start, cancel };
}
