import type { HealthResponse, OperationsStatus, RebuildStatus, SetAsideEntry, SetAsideEventRequest, SetAsideEventResponse } from '@team/contracts';
import { api } from '@/lib/api';

/** A health answer: 503 (degraded, unavailable) carries one too, and is what an outage shows. */
function isHealthAnswer(value: unknown): value is HealthResponse {
  return typeof value === 'object' && value !== null && 'status' in value && 'database' in value;
}

const operationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/health, read by the Operations screen for the disk's state: public, and still
     * answering while the database (and so /api/admin/operations) is down.
     */
    getHealth: build.query<HealthResponse, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('/api/health');
        if (result.error) return result.error.status === 503 && isHealthAnswer(result.error.data) ? { data: result.error.data } : { error: result.error };
        return { data: result.data as HealthResponse };
      },
      keepUnusedDataFor: 0,
    }),
    /** GET /api/admin/operations. */
    getOperations: build.query<OperationsStatus, void>({
      query: () => ({ url: '/api/admin/operations', admin: true }),
      keepUnusedDataFor: 0,
    }),
    /**
     * POST /api/admin/projections/rebuild: 202 with the rebuild status, 409 when one is
     * running. The answer goes straight into the operations status so polling starts at once.
     */
    rebuildReadModels: build.mutation<RebuildStatus, void>({
      query: () => ({ url: '/api/admin/projections/rebuild', method: 'POST', admin: true }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            operationsApi.util.updateQueryData('getOperations', undefined, (status) => {
              status.rebuild = data;
            }),
          );
        } catch {
          // The caller shows the failure.
        }
      },
    }),
  }),
});

/** Puts the list a set-aside call answers into the operations status; the caller refetches the rest. */
function updateSetAside(dispatch: (action: unknown) => unknown, setAside: SetAsideEntry[]) {
  dispatch(
    operationsApi.util.updateQueryData('getOperations', undefined, (status) => {
      status.setAside = setAside;
    }),
  );
}

const setAsideApi = operationsApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/admin/projections/set-aside: the projector and every later rebuild skip the event. */
    setAsideEvent: build.mutation<SetAsideEventResponse, SetAsideEventRequest>({
      query: (body) => ({ url: '/api/admin/projections/set-aside', method: 'POST', body, admin: true }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          updateSetAside(dispatch, (await queryFulfilled).data.setAside);
        } catch {
          // The caller shows the failure.
        }
      },
    }),
    /** POST /api/admin/projections/set-aside/{position}/undo: later rebuilds apply the event again. */
    undoSetAsideEvent: build.mutation<SetAsideEventResponse, number>({
      query: (position) => ({ url: `/api/admin/projections/set-aside/${position}/undo`, method: 'POST', admin: true }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          updateSetAside(dispatch, (await queryFulfilled).data.setAside);
        } catch {
          // The caller shows the failure.
        }
      },
    }),
  }),
});

export const { useGetHealthQuery, useGetOperationsQuery, useRebuildReadModelsMutation } = operationsApi;
export const { useSetAsideEventMutation, useUndoSetAsideEventMutation } = setAsideApi;
