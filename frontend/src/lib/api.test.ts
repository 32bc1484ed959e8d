import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/mock-fetch';
import { api, responseText, serverErrorMessage } from './api';

/** A store with the API slice alone (lib/ does not import app/'s store). */
function createStore() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probeRead: build.query<unknown, string>({ query: (url) => url }),
    probeAdminWrite: build.mutation<unknown, { id: number; title: string }>({
      query: ({ id, title }) => ({ url: `/api/content/${id}`, method: 'PUT', body: { title }, admin: true }),
    }),
    probeDelete: build.mutation<unknown, number>({
      query: (id) => ({ url: `/api/pages/${id}`, method: 'DELETE', admin: true }),
    }),
  }),
});

describe('api base query', () => {
  it('sends reads with credentials and without a body or content type', async () => {
    const { fetchMock } = mockFetch({ 'GET /api/stats/global': { body: { totalPlayers: 1 } } });
    const store = createStore();
    const result = await store.dispatch(probeApi.endpoints.probeRead.initiate('/api/stats/global'));
    expect(result.data).toEqual({ totalPlayers: 1 });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.credentials).toBe('include');
    expect(init.body).toBeUndefined();
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);
    expect(new Headers(init.headers).has('x-admin-key')).toBe(false);
  });

  it('sends JSON and the stored admin key on admin writes', async () => {
    localStorage.setItem('admin_key', 'secret-key');
    const { requests } = mockFetch({ 'PUT /api/content/3': { body: { ok: true } } });
    await createStore().dispatch(probeApi.endpoints.probeAdminWrite.initiate({ id: 3, title: 'Hi' }));
    expect(requests[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(requests[0]!.headers.get('x-admin-key')).toBe('secret-key');
    expect(requests[0]!.body).toEqual({ title: 'Hi' });
  });

  it('sends no content type when a write has no body', async () => {
    const { requests } = mockFetch({ 'DELETE /api/pages/4': { status: 200, body: '' } });
    const result = await createStore().dispatch(probeApi.endpoints.probeDelete.initiate(4));
    expect(result.data).toBeNull();
    expect(requests[0]!.headers.has('Content-Type')).toBe(false);
  });

  it('turns a non-OK answer into "{status}: {body}"', async () => {
    mockFetch({ 'GET /api/players/duplicates': { status: 401, body: { error: 'Invalid admin key' } } });
    const result = await createStore().dispatch(probeApi.endpoints.probeRead.initiate('/api/players/duplicates'));
    expect(result.error).toMatchObject({ status: 401, message: '401: {"error":"Invalid admin key"}' });
    expect(serverErrorMessage(result.error, 'fallback')).toBe('Invalid admin key');
  });

  it('uses the status text when the error body is empty', async () => {
    const { fetchMock } = mockFetch({});
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    const result = await createStore().dispatch(probeApi.endpoints.probeRead.initiate('/api/stats/global'));
    expect(result.error).toMatchObject({ message: '503: Service Unavailable' });
    expect(responseText(result.error)).toBe('Service Unavailable');
    expect(serverErrorMessage(result.error, 'Failed to record match')).toBe('Failed to record match');
  });

  it('does not retry failed reads', async () => {
    const { fetchMock } = mockFetch({ 'GET /api/modes': { status: 500, body: { error: 'boom' } } });
    await createStore().dispatch(probeApi.endpoints.probeRead.initiate('/api/modes'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
