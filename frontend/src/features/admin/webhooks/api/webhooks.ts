import type { CreatedWebhook, CreateWebhookRequest, QueuedDelivery, UpdateWebhookRequest, Webhook, WebhookDeliveryList, WebhookList } from '@team/contracts';
import { api } from '@/lib/api';

const webhooksApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/admin/webhooks (owner): never a secret. */
    getWebhooks: build.query<WebhookList, void>({
      query: () => ({ url: '/api/admin/webhooks', admin: true }),
      providesTags: ['Webhooks'],
    }),
    /** POST /api/admin/webhooks: 201 with the secret (generic kind), the only time it is shown. */
    createWebhook: build.mutation<CreatedWebhook, CreateWebhookRequest>({
      query: (body) => ({ url: '/api/admin/webhooks', method: 'POST', body, admin: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['Webhooks']),
    }),
    /** PUT /api/admin/webhooks/{id}: change the URL or events, pause or resume. */
    updateWebhook: build.mutation<Webhook, { id: string; change: UpdateWebhookRequest }>({
      query: ({ id, change }) => ({ url: `/api/admin/webhooks/${encodeURIComponent(id)}`, method: 'PUT', body: change, admin: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['Webhooks']),
    }),
    deleteWebhook: build.mutation<null, string>({
      query: (id) => ({ url: `/api/admin/webhooks/${encodeURIComponent(id)}`, method: 'DELETE', admin: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['Webhooks']),
    }),
    /** POST /api/admin/webhooks/{id}/test: a test delivery, queued now. */
    testWebhook: build.mutation<QueuedDelivery, string>({
      query: (id) => ({ url: `/api/admin/webhooks/${encodeURIComponent(id)}/test`, method: 'POST', admin: true }),
      invalidatesTags: (_result, error, id) => (error ? [] : [{ type: 'Webhooks', id: `deliveries-${id}` }]),
    }),
    /** GET /api/admin/webhooks/{id}/deliveries: the latest deliveries with their attempts. */
    getDeliveries: build.query<WebhookDeliveryList, string>({
      query: (id) => ({ url: `/api/admin/webhooks/${encodeURIComponent(id)}/deliveries`, admin: true }),
      providesTags: (_result, _error, id) => [{ type: 'Webhooks', id: `deliveries-${id}` }],
      keepUnusedDataFor: 0,
    }),
    redeliver: build.mutation<QueuedDelivery, { webhookId: string; deliveryId: string }>({
      query: ({ webhookId, deliveryId }) => ({
        url: `/api/admin/webhooks/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
        method: 'POST',
        admin: true,
      }),
      invalidatesTags: (_result, error, { webhookId }) => (error ? [] : [{ type: 'Webhooks', id: `deliveries-${webhookId}` }]),
    }),
  }),
});

export const {
  useGetWebhooksQuery,
  useCreateWebhookMutation,
  useUpdateWebhookMutation,
  useDeleteWebhookMutation,
  useTestWebhookMutation,
  useGetDeliveriesQuery,
  useRedeliverMutation,
} = webhooksApi;
