import Swal from 'sweetalert2';

const fire = jest.fn(() => Promise.resolve({ isConfirmed: false }));
jest.mock('sweetalert2', () => ({
  __esModule: true,
  default: {
    mixin: jest.fn(() => ({ fire })),
    fire: jest.fn(() => Promise.resolve({ isConfirmed: true })),
    isVisible: jest.fn(() => false),
    getPopup: jest.fn(() => null),
  },
}));

import { TOAST_OPTIONS, toast } from './toast';
import { confirmDialog } from './confirm-dialog';

describe('toast', () => {
  it('is a sweetalert2 toast: top-right, 3000 ms, progress bar, no confirm button', async () => {
    expect(TOAST_OPTIONS).toEqual({
      toast: true,
      position: 'top-end',
      timer: 3000,
      timerProgressBar: true,
      showConfirmButton: false,
    });
    await toast.error('A aparut o eroare');
    expect(Swal.mixin).toHaveBeenCalledWith(TOAST_OPTIONS);
    expect(fire).toHaveBeenCalledWith({ icon: 'error', title: 'A aparut o eroare' });
  });

  it('shows toasts fired together one after another', async () => {
    fire.mockClear();
    await Promise.all([toast.error('unu'), toast.error('doi'), toast.success('trei')]);
    expect(fire.mock.calls).toEqual([
      [{ icon: 'error', title: 'unu' }],
      [{ icon: 'error', title: 'doi' }],
      [{ icon: 'success', title: 'trei' }],
    ]);
  });

  it('waits while a dialog is open instead of taking its place', async () => {
    jest.useFakeTimers();
    try {
      fire.mockClear();
      const popup = document.createElement('div');
      (Swal.isVisible as jest.Mock).mockReturnValue(true);
      (Swal.getPopup as jest.Mock).mockReturnValue(popup);
      const shown = toast.success('Încărcat');
      await jest.advanceTimersByTimeAsync(1000);
      expect(fire).not.toHaveBeenCalled();
      // The question is answered: the dialog closes, the toast follows.
      (Swal.isVisible as jest.Mock).mockReturnValue(false);
      await jest.advanceTimersByTimeAsync(200);
      await shown;
      expect(fire).toHaveBeenCalledWith({ icon: 'success', title: 'Încărcat' });
      // A toast on screen is no dialog: the next one does not wait for it.
      (Swal.isVisible as jest.Mock).mockReturnValue(true);
      popup.classList.add('swal2-toast');
      await toast.success('Al doilea');
      expect(fire).toHaveBeenLastCalledWith({ icon: 'success', title: 'Al doilea' });
    } finally {
      (Swal.isVisible as jest.Mock).mockReturnValue(false);
      jest.useRealTimers();
    }
  });
});

describe('confirmDialog', () => {
  it('asks with OK / Cancel by default and resolves to the choice', async () => {
    await expect(confirmDialog({ title: 'Ștergi clientul?' })).resolves.toBe(true);
    expect(Swal.fire).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Ștergi clientul?',
        showCancelButton: true,
        confirmButtonText: 'OK',
        cancelButtonText: 'Cancel',
      }),
    );
    (Swal.fire as jest.Mock).mockResolvedValueOnce({ isConfirmed: false, isDismissed: true });
    await expect(confirmDialog({ title: 'Sigur?', confirmButtonText: 'Șterge' })).resolves.toBe(false);
  });
});
