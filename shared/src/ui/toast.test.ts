import Swal from 'sweetalert2';

const fire = jest.fn(() => Promise.resolve({ isConfirmed: false }));
jest.mock('sweetalert2', () => ({
  __esModule: true,
  default: { mixin: jest.fn(() => ({ fire })), fire: jest.fn(() => Promise.resolve({ isConfirmed: true })) },
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
