import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MediaItem } from '@team/contracts';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { MediaLibrary } from './MediaLibrary';

const SESSION = { keyId: 'k1', name: 'Eddie', role: 'editor' as const, expiresAt: null };
const HASH = 'a'.repeat(64);
const LOGO: MediaItem = {
  id: 'm0123456789abcdef',
  url: `/media/${HASH}.png`,
  width: 900,
  height: 400,
  alt: 'Nova logo',
  srcset: `/media/${HASH}-320.webp 320w, /media/${HASH}-640.webp 640w`,
  contentType: 'image/png',
  fileName: 'logo.png',
  bytes: 20_480,
  uploadedAt: '2026-03-01T10:00:00.000Z',
  usedBy: ['Site logo', 'Home page: section hero'],
};

describe('MediaLibrary', () => {
  it('shows each image with its size, srcset and alt, and names the places that use it before deleting', async () => {
    const { requests } = mockFetch({
      'GET /api/admin/media': { body: { items: [LOGO], total: 1, page: 1, pageSize: 24 } },
      [`DELETE /api/admin/media/${LOGO.id}`]: { status: 204 },
    });
    renderWithProviders(<MediaLibrary onLogout={() => {}} handleAdminError={() => false} />, { adminSession: SESSION });
    const image = await screen.findByRole('img', { name: 'Nova logo' });
    expect(image).toHaveAttribute('srcset', LOGO.srcset);
    expect(image).toHaveAttribute('width', '900');
    expect(image).toHaveAttribute('height', '400');
    await userEvent.click(screen.getByRole('button', { name: 'Delete logo.png' }));
    expect(await screen.findByText('logo.png is used by: Site logo; Home page: section hero. Those places will show no image.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(requests.some((request) => request.method === 'DELETE' && request.url === `/api/admin/media/${LOGO.id}`)).toBe(true));
  });

  it('uploads a dropped file as multipart form data with its alt text, and refuses one over 10 MB without sending it', async () => {
    mockFetch({
      'GET /api/admin/media': { body: { items: [], total: 0, page: 1, pageSize: 24 } },
      'POST /api/admin/media': () => ({ status: 201, body: { ...LOGO, usedBy: undefined } }),
    });
    const fetchMock = globalThis.fetch as unknown as { mock: { calls: [string, RequestInit][] } };
    renderWithProviders(<MediaLibrary onLogout={() => {}} handleAdminError={() => false} />, { adminSession: SESSION });
    await userEvent.type(await screen.findByLabelText('Alt text'), 'Nova logo');
    const zone = screen.getByRole('group', { name: 'Upload an image' });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/admin/media' && init.method === 'POST')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url, request]) => url === '/api/admin/media' && request.method === 'POST')!;
    const body = init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('logo.png');
    expect(body.get('alt')).toBe('Nova logo');
    expect(new Headers(init.headers).get('content-type')).toBeNull();

    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.drop(zone, { dataTransfer: { files: [big] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('big.png is larger than 10 MB.');
    expect(fetchMock.mock.calls.filter(([, request]) => request.method === 'POST')).toHaveLength(1);
  });

  it("edits an image's alt text after the upload: PATCH with the new text, and refuses a control character without sending it", async () => {
    let alt = LOGO.alt;
    const { requests } = mockFetch({
      'GET /api/admin/media': () => ({ body: { items: [{ ...LOGO, alt }], total: 1, page: 1, pageSize: 24 } }),
      [`PATCH /api/admin/media/${LOGO.id}`]: (request) => {
        alt = (request.body as { alt: string }).alt;
        return { body: { ...LOGO, alt, usedBy: undefined } };
      },
    });
    renderWithProviders(<MediaLibrary onLogout={() => {}} handleAdminError={() => false} />, { adminSession: SESSION });
    expect(await screen.findByText('Alt: Nova logo')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit the alt text of logo.png' }));
    const field = screen.getByLabelText('Alt text of logo.png');
    expect(field).toHaveValue('Nova logo');

    fireEvent.change(field, { target: { value: 'Nova\u0007logo' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('alt: must not contain control characters.');
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);

    await userEvent.clear(field);
    await userEvent.type(field, 'Nova crest, red on white');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({ alt: 'Nova crest, red on white' }));
    expect(await screen.findByText('Alt: Nova crest, red on white')).toBeInTheDocument();
    expect(screen.queryByLabelText('Alt text of logo.png')).not.toBeInTheDocument();
  });
});
