import { act, screen, waitFor } from '@testing-library/react';
import { http } from '@dosar/shared';
import { ok, renderSignedIn } from '../../../testing/render';
import { announceNotificationsRead } from '../api/notifications';
import { NotificationsBadge } from './notifications-badge';

afterEach(() => jest.restoreAllMocks());

function answer(...counts: number[]) {
  const post = jest.spyOn(http, 'post');
  for (const unread of counts) post.mockResolvedValueOnce(ok({ unread }) as never);
  return post;
}

it('shows how many notifications the user has not read, and asks again once they were read', async () => {
  const post = answer(3, 0);
  renderSignedIn(<NotificationsBadge />);
  expect(await screen.findByTitle('3 notificări necitite')).toHaveTextContent('3 notificări necitite');
  expect(post).toHaveBeenCalledWith('/api/company/1/notifications/unread', {}, expect.anything());
  act(() => announceNotificationsRead());
  await waitFor(() => expect(screen.queryByTitle(/necitit/)).not.toBeInTheDocument());
});

it('stops at 99+', async () => {
  answer(200);
  renderSignedIn(<NotificationsBadge />);
  const badge = await screen.findByTitle('200 de notificări necitite');
  expect(badge.textContent).toBe('99+ notificări necitite');
});

it('shows nothing when everything was read', async () => {
  const post = answer(0);
  const { container } = renderSignedIn(<NotificationsBadge />);
  await waitFor(() => expect(post).toHaveBeenCalled());
  await act(async () => undefined);
  expect(container).toBeEmptyDOMElement();
});
