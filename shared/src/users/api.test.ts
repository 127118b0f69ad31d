import { http } from '../http/http';
import { axiosResponse, paged } from '../testing';
import { deleteTenantUser, listTenantUsers, storeTenantUser, updateTenantUser } from './api';

afterEach(() => jest.restoreAllMocks());

describe.each([
  { door: 'company', apiBase: '/api/company/1', role: 3 },
  { door: 'holding', apiBase: '/api/holding/1', role: 5 },
])('tenant users on the $door door', ({ apiBase, role }) => {
  it('lists with only the chosen query values', async () => {
    const user = { id: 9, name: 'Ion', email: 'ion@demo.ro', role, invited: true, last_seen_at: null };
    const get = jest.spyOn(http, 'get').mockResolvedValue(axiosResponse(paged([user])));
    const result = await listTenantUsers(apiBase, { page: 1, per_page: 20, search: '', sort: undefined });
    expect(get).toHaveBeenCalledWith(`${apiBase}/users`, { params: { page: 1, per_page: 20 }, signal: undefined });
    expect(result.data[0].invited).toBe(true);
  });

  it('creates, updates and deletes on its own door', async () => {
    const post = jest.spyOn(http, 'post').mockResolvedValue(axiosResponse({ message: 'ok' }));
    const input = { name: 'Ion', email: 'ion@demo.ro', role };
    await storeTenantUser(apiBase, input);
    await updateTenantUser(apiBase, 9, input);
    await deleteTenantUser(apiBase, 9);
    expect(post.mock.calls).toEqual([
      [`${apiBase}/storeUser`, input],
      [`${apiBase}/users/9/update`, input],
      [`${apiBase}/users/9/delete`],
    ]);
  });
});
