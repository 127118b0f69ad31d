import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, isCancelled, rejectReason, storeFile } from '@dosar/shared';

export type ItemFileStatus = 'uploading' | 'queued' | 'done' | 'error' | 'cancelled';

export interface ItemFile {
  key: string;
  name: string;
  status: ItemFileStatus;
  /** 0..1 */
  progress: number;
  error?: string;
}

let sequence = 0;

/**
 * Files sent straight into one checklist item (storeFiles with `item_id`: the server takes the
 * item's category and month, docs/api/month.md), one call per file with its own progress.
 * Cancel aborts the file in flight and skips the rest. Resolves with how many were saved.
 */
export function useItemUpload(clientUrl: string, itemId: number, period: string) {
  const [files, setFiles] = useState<ItemFile[]>([]);
  const [running, setRunning] = useState(false);
  const controllerRef = useRef<AbortController | null>(null);
  const cancelledRef = useRef(false);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const patch = (key: string, change: Partial<ItemFile>) =>
    setFiles((list) => list.map((f) => (f.key === key ? { ...f, ...change } : f)));

  const send = useCallback(
    async (picked: File[]): Promise<number> => {
      if (picked.length === 0) return 0;
      const queue = picked.map((file) => {
        sequence += 1;
        const reason = rejectReason(file, undefined);
        return {
          file,
          entry: {
            key: `i${sequence}`,
            name: file.name,
            progress: 0,
            ...(reason ? { status: 'error' as const, error: reason } : { status: 'queued' as const }),
          },
        };
      });
      setFiles((list) => [...list.filter((f) => f.status === 'error'), ...queue.map((q) => q.entry)]);
      cancelledRef.current = false;
      setRunning(true);
      let saved = 0;
      for (const { file, entry } of queue) {
        if (entry.status === 'error') continue;
        if (cancelledRef.current) {
          patch(entry.key, { status: 'cancelled' });
          continue;
        }
        const controller = new AbortController();
        controllerRef.current = controller;
        patch(entry.key, { status: 'uploading' });
        try {
          await storeFile(
            clientUrl,
            { file, category_id: null, period, item_id: itemId },
            {
              signal: controller.signal,
              onProgress: (loaded, total) =>
                patch(entry.key, { progress: total > 0 ? Math.min(1, loaded / total) : 0 }),
            },
          );
          saved += 1;
          patch(entry.key, { status: 'done', progress: 1 });
        } catch (err) {
          if (isCancelled(err) || cancelledRef.current) patch(entry.key, { status: 'cancelled', progress: 0 });
          else patch(entry.key, { status: 'error', error: errorMessage(err, 'Fișierul nu a putut fi încărcat.') });
        }
      }
      controllerRef.current = null;
      setRunning(false);
      return saved;
    },
    [clientUrl, itemId, period],
  );

  const cancel = useCallback(() => {
    cancelledRef.current = true;
    controllerRef.current?.abort();
  }, []);

  /** Forgets the files already sent (the refreshed item lists them as its documents). */
  const clearDone = useCallback(() => setFiles((list) => list.filter((f) => f.status !== 'done')), []);
  const clear = useCallback(() => setFiles([]), []);

  return { files, running, send, cancel, clearDone, clear };
}
