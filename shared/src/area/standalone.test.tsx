import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInSession } from '../testing';
import type { User } from '../types';
import { DevApiNotice, StandaloneLogin } from './standalone';

const user = (role: number, email: string) => ({ id: 1, role, email, name: 'X' }) as unknown as User;

describe('a remote running alone (dev)', () => {
  it('an account of another area is told so once, not sent round in a loop', async () => {
    const { store } = renderInSession(<StandaloneLogin basePath="/company" />, {
      user: user(1, 'admin@demo.ro'),
      token: 't',
      route: '/login',
      path: '/login',
    });
    expect(screen.getByRole('heading', { name: 'Cont din altă zonă' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Contul admin@demo.ro se deschide la /admin, pe care');
    expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Deconectare' }));
    expect(store.getState().session.user).toBeNull();
  });

  it('an account of this area goes on to its home', () => {
    renderInSession(<StandaloneLogin basePath="/company" />, {
      user: user(2, 'owner@demo.ro'),
      token: 't',
      route: '/login',
      path: '/login',
    });
    expect(screen.getByTestId('elsewhere')).toBeInTheDocument();
  });

  it('says the API is needed, and how to start it, when it does not answer', async () => {
    render(<DevApiNotice check={async () => false} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('npm run dev -w server');
  });
});
