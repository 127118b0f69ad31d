import { decideGuard, homeForRole, nextPathFor, type RouteAccess } from './decide-guard';

const FORBIDDEN = 'Nu esti autorizat sa accesezi aceasta pagina';
const user = (role: number) => ({ role }) as { role: 1 | 2 | 3 | 4 | 5 };

describe('decideGuard', () => {
  it('lets anyone open a public route', () => {
    expect(decideGuard({ user: null, access: 'public' })).toEqual({ action: 'allow' });
    for (const role of [1, 2, 3, 4, 5])
      expect(decideGuard({ user: user(role), access: 'public' })).toEqual({ action: 'allow' });
  });

  it('rule 1: a protected route without a login sends to /login, without the toast', () => {
    expect(decideGuard({ user: null, access: { roles: [2, 3] } })).toEqual({ action: 'redirect', to: '/login' });
    expect(decideGuard({ user: null, access: { roles: [1] } })).toEqual({ action: 'redirect', to: '/login' });
  });

  it('lets a signed-out visitor open a guest-only route', () => {
    expect(decideGuard({ user: null, access: 'guest' })).toEqual({ action: 'allow' });
  });

  it.each([
    [1, '/admin'],
    [2, '/company'],
    [3, '/company'],
    [4, '/client'],
    [5, '/client'],
  ])('rule 2: role %i on a guest-only route goes to %s', (role, to) => {
    expect(decideGuard({ user: user(role), access: 'guest' })).toEqual({ action: 'redirect', to });
    expect(homeForRole(role)).toBe(to);
  });

  const table: [RouteAccess, number[], number[]][] = [
    [{ roles: [1] }, [1], [2, 3, 4, 5]],
    [{ roles: [2, 3] }, [2, 3], [1, 4, 5]],
    [{ roles: [2] }, [2], [1, 3, 4, 5]],
    [{ roles: [4, 5] }, [4, 5], [1, 2, 3]],
    [{ roles: [4] }, [4], [1, 2, 3, 5]],
  ];

  it.each(table)('rule 3: %j allows %j and refuses %j with the toast and /login', (access, allowed, refused) => {
    for (const role of allowed) expect(decideGuard({ user: user(role), access })).toEqual({ action: 'allow' });
    for (const role of refused) {
      expect(decideGuard({ user: user(role), access })).toEqual({ action: 'redirect', to: '/login', toast: FORBIDDEN });
    }
  });

  it('a refused user then lands on their own area from /login (rule 2 after rule 3)', () => {
    const first = decideGuard({ user: user(3), access: { roles: [2] } });
    expect(first).toMatchObject({ to: '/login', toast: FORBIDDEN });
    expect(decideGuard({ user: user(3), access: 'guest' })).toEqual({ action: 'redirect', to: '/company' });
  });

  it('a page asked for while signed out is remembered in /login?next= and opened after sign-in', () => {
    const asked = '/client/12?tab=luna&period=2026-11&item=55';
    const toLogin = decideGuard({ user: null, access: { roles: [4, 5] }, requested: asked });
    expect(toLogin).toEqual({ action: 'redirect', to: `/login?next=${encodeURIComponent(asked)}` });
    const next = new URL(`http://x${(toLogin as { to: string }).to}`).searchParams.get('next');
    expect(decideGuard({ user: user(5), access: 'guest', next })).toEqual({ action: 'redirect', to: asked });
    expect(decideGuard({ user: user(4), access: 'guest', next: '/client/de-trimis' })).toEqual({
      action: 'redirect',
      to: '/client/de-trimis',
    });
  });

  it.each([
    ['another site', '//evil.example/client'],
    ['another site, backslash', '/\\evil.example/client'],
    ['a scheme', 'https://evil.example/client/x'],
    ['javascript', 'javascript:alert(1)'],
    ['a relative path', 'client/de-trimis'],
    ['another area', '/company/dashboard'],
    ['a look-alike area', '/clientele'],
    ['a control character', '/client/\nx'],
    ['a tab a URL parser drops', '/\t/evil.example/client'],
    ['a dot-dot out of the area', '/client/../company/users'],
  ])('a remembered page that is %s is ignored: the user lands on their area', (_, next) => {
    expect(nextPathFor(next, 4)).toBeNull();
    expect(decideGuard({ user: user(4), access: 'guest', next })).toEqual({ action: 'redirect', to: '/client' });
  });
});
