import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_SITE_SETTINGS } from '@team/contracts';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { SiteSettingsForm } from './SiteSettingsForm';

const SESSION = { keyId: 'k1', name: 'Eddie', role: 'editor' as const, expiresAt: null };

function renderForm() {
  const { requests } = mockFetch({
    'GET /api/admin/site': { body: DEFAULT_SITE_SETTINGS },
    'GET /api/pages': { body: [{ id: 4, slug: 'tryouts', title: 'Tryouts', isSystem: false }] },
    'PUT /api/admin/site': (request) => ({ body: { ...DEFAULT_SITE_SETTINGS, ...(request.body as object) } }),
  });
  renderWithProviders(<SiteSettingsForm onLogout={() => {}} handleAdminError={() => false} />, { adminSession: SESSION });
  return requests;
}

describe('SiteSettingsForm', () => {
  it('says why an accent colour is refused, and will not save it', async () => {
    renderForm();
    const accent = await screen.findByLabelText('Accent colour');
    await userEvent.clear(accent);
    await userEvent.type(accent, '#fde047');
    expect(await screen.findByRole('alert')).toHaveTextContent(/too light: white text on it has a contrast of 1\.\d\d:1/);
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  });

  it('sends only the fields that changed: the name and a navigation with an added page and link', async () => {
    const requests = renderForm();
    const name = await screen.findByLabelText('Team name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Nova Esports');
    await userEvent.click(screen.getByRole('combobox', { name: 'Page to add' }));
    await userEvent.click(await screen.findByText('Tryouts (/tryouts)'));
    await userEvent.click(screen.getByRole('button', { name: 'Add page' }));
    await userEvent.type(screen.getByLabelText('Link label'), 'Shop');
    await userEvent.type(screen.getByLabelText('Link address'), 'https://shop.example');
    await userEvent.click(screen.getByRole('button', { name: 'Add link' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Show About' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    const body = requests.find((request) => request.method === 'PUT')!.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['navigation', 'teamName']);
    expect(body.teamName).toBe('Nova Esports');
    expect(body.navigation).toEqual([
      ...DEFAULT_SITE_SETTINGS.navigation.map((entry) => (entry.kind === 'builtin' && entry.id === 'about' ? { ...entry, hidden: true } : entry)),
      { kind: 'page', slug: 'tryouts', label: 'Tryouts', hidden: false },
      { kind: 'link', url: 'https://shop.example', label: 'Shop', hidden: false },
    ]);
    const entries = screen.getByRole('list', { name: 'Navigation entries' });
    expect(within(entries).getAllByRole('listitem')).toHaveLength(DEFAULT_SITE_SETTINGS.navigation.length + 2);
  });
});
