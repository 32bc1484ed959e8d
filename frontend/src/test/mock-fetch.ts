import { vi } from 'vitest';

export interface MockAnswer {
  status?: number;
  /** JSON (a string is sent as it is); a ReadableStream of bytes is streamed as the handler feeds it. */
  body?: unknown;
  /** Headers besides Content-Type (`X-Total-Count` of a page). */
  headers?: Record<string, string>;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

type Handler = (request: RecordedRequest) => MockAnswer | Promise<MockAnswer>;

/**
 * Stubs global fetch for component tests. Routes are "METHOD /path" (query string
 * included when given); unknown routes answer 404. Returns the recorded requests.
 */
export function mockFetch(routes: Record<string, MockAnswer | Handler>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init.method ?? 'GET';
    const request: RecordedRequest = {
      method,
      url,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const route = routes[`${method} ${url}`] ?? routes[`${method} ${url.split('?')[0]}`];
    const answer = typeof route === 'function' ? await route(request) : (route ?? { status: 404, body: { error: 'Not found' } });
    const text =
      answer.body instanceof ReadableStream ? answer.body
      : answer.body === undefined ? ''
      : typeof answer.body === 'string' ? answer.body
      : JSON.stringify(answer.body);
    return new Response(text, { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json', ...answer.headers } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}
