import { confirmDialog, type ConfirmDialogOptions } from '../ui/confirm-dialog';
import { toast } from '../ui/toast';

export interface ConfirmDeleteOptions<R> extends ConfirmDialogOptions {
  /** The call, made only once the user confirmed. */
  run: () => Promise<R>;
  /** The success toast when the server's answer carries no message of its own. */
  success: string;
  /** After the toast: reload the list, close what showed the deleted row, … */
  onDone?: (result: R) => void;
  /** When the call fails. By default nothing: the shared HTTP client already showed the server's message. */
  onError?: (error: unknown) => void;
  /** true while the call runs, false once it ended either way (disables the row's buttons). */
  onBusy?: (busy: boolean) => void;
}

/**
 * The list screens' delete (or remove): a destructive confirm ("Șterge" / "Renunță" unless
 * told otherwise), then the call, then a success toast with the server's message.
 * Resolves true when the call succeeded.
 */
export async function confirmDelete<R extends { message?: string } | null | undefined | void>({
  run,
  success,
  onDone,
  onError,
  onBusy,
  ...question
}: ConfirmDeleteOptions<R>): Promise<boolean> {
  const confirmed = await confirmDialog({
    confirmButtonText: 'Șterge',
    cancelButtonText: 'Renunță',
    danger: true,
    ...question,
  });
  if (!confirmed) return false;
  onBusy?.(true);
  try {
    const result = await run();
    void toast.success((result as { message?: string } | null | undefined)?.message ?? success);
    onDone?.(result);
    return true;
  } catch (error) {
    onError?.(error);
    return false;
  } finally {
    onBusy?.(false);
  }
}
