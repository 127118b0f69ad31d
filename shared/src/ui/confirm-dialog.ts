import { loadSwal } from './toast';

export interface ConfirmDialogOptions {
  title: string;
  text?: string;
  /** Defaults to 'OK'. */
  confirmButtonText?: string;
  /** Defaults to 'Cancel'. */
  cancelButtonText?: string;
  /** Colours the confirm button as destructive. */
  danger?: boolean;
  icon?: 'warning' | 'question' | 'info' | 'error' | 'success';
}

/** A modal OK / Cancel question; resolves true only when confirmed. */
export async function confirmDialog(options: ConfirmDialogOptions): Promise<boolean> {
  const Swal = await loadSwal();
  const result = await Swal.fire({
    title: options.title,
    text: options.text,
    icon: options.icon ?? 'warning',
    showCancelButton: true,
    confirmButtonText: options.confirmButtonText ?? 'OK',
    cancelButtonText: options.cancelButtonText ?? 'Cancel',
    focusCancel: true,
    reverseButtons: true,
    confirmButtonColor: options.danger ? '#c62828' : '#1d4ed8',
  });
  return result.isConfirmed === true;
}
