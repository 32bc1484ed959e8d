import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { TAG_TYPES } from './cache-tags';

/** Local-storage key of the shared admin key (docs/product.md#states-and-transitions). */
export const ADMIN_KEY_STORAGE_KEY = 'admin_key';

/**
 * What an endpoint hands to the base query. `url` is relative ('/api/...'): the
 * production server serves the front end on the same origin, and vite dev proxies /api.
 */
export interface ApiRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON (a FormData as multipart/form-data); when absent no body and no content type are sent (docs/product.md#api-calls). */
  body?: unknown;
  /** Adds the `x-admin-key` header from local storage (writes and the duplicates lookup). */
  admin?: boolean;
  headers?: Record<string, string>;
}

/**
 * Any non-OK answer (or a network failure). `message` follows docs/product.md#messages:
 * "{status}: {body text, or status text when the body is empty}".
 * `data` is the parsed JSON body when there is one ({ error, details? } from our server).
 */
export interface ApiRequestError {
  status: number | 'FETCH_ERROR';
  message: string;
  /** The answer's body text, or its status text when the body is empty; absent when no answer came. */
  body?: string;
  data?: unknown;
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * What an endpoint's `transformResponse(body, meta)` may read besides the body: the answer
 * itself, for its headers (a page's `X-Total-Count`). Absent when no answer came.
 */
export interface ApiResponseMeta {
  response?: Response;
}

const jsonFetchBaseQuery: BaseQueryFn<ApiRequest | string, unknown, ApiRequestError, object, ApiResponseMeta> = async (
  args,
  { signal },
) => {
  const request = typeof args === 'string' ? { url: args } : args;
  const headers = new Headers(request.headers);
  const hasBody = request.body !== undefined;
  // A file upload goes as the browser makes multipart/form-data (with its boundary); the rest as JSON.
  const form = typeof FormData !== 'undefined' && request.body instanceof FormData;
  if (hasBody && !form) headers.set('Content-Type', 'application/json');
  if (request.admin) {
    const key = localStorage.getItem(ADMIN_KEY_STORAGE_KEY);
    if (key) headers.set('x-admin-key', key);
  }

  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method ?? 'GET',
      credentials: 'include',
      headers,
      body: form ? (request.body as FormData) : hasBody ? JSON.stringify(request.body) : undefined,
      signal,
    });
  } catch (cause) {
    return { error: { status: 'FETCH_ERROR', message: cause instanceof Error ? cause.message : String(cause) } };
  }

  const text = await response.text();
  if (!response.ok) {
    const body = text || response.statusText;
    return { error: { status: response.status, message: `${response.status}: ${body}`, body, data: parseBody(text) }, meta: { response } };
  }
  return { data: parseBody(text), meta: { response } };
};

/**
 * The one API slice. Features add their endpoints with `api.injectEndpoints` in
 * `features/<feature>/api/*.ts` (mutations two features share live in lib/); cache tags
 * are named after the read models (./cache-tags.ts).
 * Reads never go stale on their own (docs/product.md#api-calls): no refetch on focus, reconnect or mount,
 * cache kept forever, no retries. Only tag invalidation after a write refreshes them.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: jsonFetchBaseQuery,
  tagTypes: TAG_TYPES,
  keepUnusedDataFor: Infinity,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});

function isApiRequestError(error: unknown): error is ApiRequestError {
  return typeof error === 'object' && error !== null && 'status' in error && 'message' in error;
}

/** What a failed answer said: its body text (status text when empty), or the error's message when no answer came. */
export function responseText(error: unknown): string {
  if (isApiRequestError(error)) return error.body ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The human message the server put in `{ "error": ... }`, or `fallback` when the
 * answer carried none (network failure, non-JSON body). For toasts such as
 * "Error / Failed to record match".
 */
export function serverErrorMessage(error: unknown, fallback: string): string {
  if (isApiRequestError(error)) {
    const data = error.data;
    if (typeof data === 'object' && data !== null && 'error' in data) {
      const message = (data as { error: unknown }).error;
      if (typeof message === 'string' && message.trim()) return message;
    }
  }
  return fallback;
}
