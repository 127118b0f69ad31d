import type { AxiosResponse } from 'axios';
import { toast } from '../ui/toast';
import { http, loadHttpClient } from './http';

// axios is a shared singleton the shell's start-up does without: it loads on the first call.
const mockAxiosLoads = jest.fn();
let mockAxiosUnavailable = false;
jest.mock('axios', () => {
  mockAxiosLoads();
  if (mockAxiosUnavailable) throw new Error('Loading chunk axios failed.');
  return jest.requireActual('axios');
});
jest.mock('../ui/toast', () => ({
  toast: { error: jest.fn(() => Promise.resolve()), success: jest.fn(() => Promise.resolve()) },
}));

const toastError = toast.error as jest.Mock;

it('loads axios on the first call only; axios that cannot load is a network error', async () => {
  expect(mockAxiosLoads).not.toHaveBeenCalled();
  expect(() => http.interceptors).toThrow(/not loaded yet/);

  mockAxiosUnavailable = true;
  await expect(http.get('/api/user')).rejects.toThrow('Loading chunk axios failed.');
  expect(toastError.mock.calls).toEqual([
    ['Network error: Please check your internet connection or wait until servers are back online'],
  ]);
  await expect(http.get('/api/user', { silent: true })).rejects.toThrow();
  expect(toastError).toHaveBeenCalledTimes(1);

  mockAxiosUnavailable = false;
  // Defaults written before axios loaded (a test adapter) apply once it has.
  http.defaults.adapter = (config) =>
    Promise.resolve({ data: { url: config.url }, status: 200, statusText: 'OK', headers: {}, config } as AxiosResponse);
  const { data } = await http.get<{ url: string }>('company/1');
  expect(data).toEqual({ url: '/api/company/1' });
  await http.post('/api/logout');
  const loadsAfterCalls = mockAxiosLoads.mock.calls.length;
  expect(await loadHttpClient()).toBe(await loadHttpClient());
  expect(mockAxiosLoads).toHaveBeenCalledTimes(loadsAfterCalls);
  expect(http.interceptors.response).toBeDefined();
});
