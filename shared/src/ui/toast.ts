import type { SweetAlertOptions } from 'sweetalert2';

/** Every toast of the product: top-right, 3000 ms, progress bar, no confirm button. */
export const TOAST_OPTIONS = {
  toast: true,
  position: 'top-end',
  timer: 3000,
  timerProgressBar: true,
  showConfirmButton: false,
} as const satisfies SweetAlertOptions;

type Swal = typeof import('sweetalert2').default;

// sweetalert2 loads on the first toast or dialog, not with the page.
let swalPromise: Promise<Swal> | null = null;
export function loadSwal(): Promise<Swal> {
  swalPromise ??= import('sweetalert2').then((m) => m.default);
  return swalPromise;
}

let Toast: Swal | null = null;

/**
 * Resolves once no dialog (a confirmation, a message) is open: a toast fired meanwhile would take its
 * place (sweetalert2 shows one popup at a time) and answer the question for the user.
 */
function modalClosed(Swal: Swal): Promise<void> {
  const open = () => Swal.isVisible() && !Swal.getPopup()?.classList.contains('swal2-toast');
  if (!open()) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      if (open()) return;
      clearInterval(timer);
      resolve();
    }, 150);
  });
}

// sweetalert2 shows one popup at a time: toasts fired together (one per error) wait their turn.
let queue: Promise<unknown> = Promise.resolve();

function show(icon: 'success' | 'error' | 'info' | 'warning', title: string): Promise<void> {
  queue = queue
    .catch(() => undefined)
    .then(async () => {
      const Swal = await loadSwal();
      await modalClosed(Swal);
      Toast ??= Swal.mixin(TOAST_OPTIONS);
      return Toast.fire({ icon, title });
    });
  return queue.then(
    () => undefined,
    () => undefined,
  );
}

export const toast = {
  success: (message: string): Promise<void> => show('success', message),
  error: (message: string): Promise<void> => show('error', message),
  info: (message: string): Promise<void> => show('info', message),
  warning: (message: string): Promise<void> => show('warning', message),
};
