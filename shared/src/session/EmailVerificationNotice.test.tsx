import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from '../http/http';
import { axiosResponse, renderInSession } from '../testing';
import type { User } from '../types';
import { toast } from '../ui/toast';
import { EmailVerificationNotice } from './EmailVerificationNotice';

const user: User = { id: 5, name: 'Ana Pop', email: 'ana@firma.ro', role: 2, company_id: 1 };

beforeEach(() => jest.spyOn(toast, 'success').mockResolvedValue(undefined));
afterEach(() => jest.restoreAllMocks());

test('an unverified user sees the notice and resends the link', async () => {
  const post = jest
    .spyOn(http, 'post')
    .mockResolvedValue(axiosResponse({ message: 'Ți-am trimis un nou link de confirmare la ana@firma.ro.' }));
  renderInSession(<EmailVerificationNotice />, { user: { ...user, email_verified: false } });
  expect(screen.getByTestId('email-verification-notice')).toHaveTextContent('Ți-am trimis un link la ana@firma.ro.');
  fireEvent.click(screen.getByRole('button', { name: 'Retrimite linkul' }));
  await waitFor(() => expect(post).toHaveBeenCalledWith('/api/email/verification-notification'));
  expect(await screen.findByText(/Ți-am trimis un nou link de confirmare/)).toBeInTheDocument();
});

test('a verified user (or a server that does not say) sees nothing', () => {
  const { container } = renderInSession(<EmailVerificationNotice />, { user: { ...user, email_verified: true } });
  expect(container).toBeEmptyDOMElement();
  renderInSession(<EmailVerificationNotice />, { user });
  expect(screen.queryByTestId('email-verification-notice')).not.toBeInTheDocument();
});
