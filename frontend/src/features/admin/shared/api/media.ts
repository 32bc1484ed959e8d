import type { MediaPage, UpdateMediaRequest, UploadedMedia } from '@team/contracts';
import { api } from '@/lib/api';

export const mediaApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/admin/media?page=: newest first, each image with the places that show it. */
    getMedia: build.query<MediaPage, number>({
      query: (page) => ({ url: `/api/admin/media?page=${page}`, admin: true }),
      providesTags: ['Media'],
    }),
    /** POST /api/admin/media (multipart/form-data: file, alt; MediaUploaded). */
    uploadMedia: build.mutation<UploadedMedia, { file: File; alt: string }>({
      query: ({ file, alt }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        body.append('alt', alt);
        return { url: '/api/admin/media', method: 'POST', body, admin: true };
      },
      invalidatesTags: (_result, error) => (error ? [] : ['Media']),
    }),
    /** PATCH /api/admin/media/{id} with `{ alt }` (MediaAltChanged): the library screen edits with it, the audit log puts one back. */
    updateMedia: build.mutation<UploadedMedia, { id: string } & UpdateMediaRequest>({
      query: ({ id, ...body }) => ({ url: `/api/admin/media/${id}`, method: 'PATCH', body, admin: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['Media']),
    }),
    /** DELETE /api/admin/media/{id} (MediaDeleted). */
    deleteMedia: build.mutation<void, string>({
      query: (id) => ({ url: `/api/admin/media/${id}`, method: 'DELETE', admin: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['Media']),
    }),
  }),
});

export const { useGetMediaQuery, useUploadMediaMutation, useUpdateMediaMutation, useDeleteMediaMutation } = mediaApi;
