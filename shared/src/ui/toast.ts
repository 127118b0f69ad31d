import Swal, { type SweetAlertOptions } from 'sweetalert2';

/** SPEC §9: top-right, 3000 ms, progress bar, no confirm button. */
export const TOAST_OPTIONS = {
  toast: true,
  position: 'top-end',
  timer: 3000,
  timerProgressBar: true,
  showConfirmButton: false,
} as const satisfies SweetAlertOptions;

let Toast: typeof Swal | null = null;
const toastMixin = (): typeof Swal => (Toast ??= Swal.mixin(TOAST_OPTIONS));

// sweetalert2 shows one popup at a time: toasts fired together (one per error) wait their turn.
let queue: Promise<unknown> = Promise.resolve();

function show(icon: 'success' | 'error' | 'info' | 'warning', title: string): Promise<void> {
  queue = queue
    .catch(() => undefined)
    .then(() => toastMixin().fire({ icon, title }));
  return queue.then(() => undefined, () => undefined);
}

export const toast = {
  success: (message: string): Promise<void> => show('success', message),
  error: (message: string): Promise<void> => show('error', message),
  info: (message: string): Promise<void> => show('info', message),
  warning: (message: string): Promise<void> => show('warning', message),
};
