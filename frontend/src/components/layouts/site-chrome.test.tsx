import { screen, within } from '@testing-library/react';
import type { PublicSite } from '@team/contracts';
import { Route, Routes } from 'react-router-dom';
import { FALLBACK_SITE } from '@/lib/site';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { PublicLayout } from './PublicLayout';

const NOVA: PublicSite = {
  ...FALLBACK_SITE,
  teamName: 'Nova Esports',
  logoUrl: '/media/abc-320.webp',
  accentColor: '#2563eb',
  footerText: 'Since 2019.',
  socials: { discord: 'https://discord.gg/nova', x: 'https://x.com/nova' },
  navigation: [
    { label: 'Roster', href: '/roster', external: false, activeWhen: 'prefix' },
    { label: 'Home', href: '/', external: false, activeWhen: 'exact' },
    { label: 'Tryouts', href: '/tryouts', external: false, activeWhen: 'prefix' },
    { label: 'Shop', href: 'https://shop.example', external: true, activeWhen: 'never' },
  ],
};

function renderAt(route: string) {
  mockFetch({ 'GET /api/site': { body: NOVA } });
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<PublicLayout />}>
        <Route path="*" element={<p>screen</p>} />
        <Route index element={<p>home</p>} />
      </Route>
    </Routes>,
    { route },
  );
}

describe('the site chrome from the settings', () => {
  afterEach(() => document.documentElement.removeAttribute('style'));

  it("shows the team's name and logo, the navigation in the settings' order, and an external link in a new tab", async () => {
    renderAt('/tryouts');
    const home = await screen.findByRole('link', { name: 'Nova Esports home' });
    expect(home.querySelector('img')).toHaveAttribute('src', '/media/abc-320.webp');
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getAllByRole('link').map((link) => link.textContent)).toEqual(['Roster', 'Home', 'Tryouts', 'Shop (opens in a new tab)']);
    expect(within(main).getByRole('link', { name: 'Tryouts' })).toHaveAttribute('aria-current', 'page');
    expect(within(main).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    const shop = within(main).getByRole('link', { name: /Shop/ });
    expect(shop).toHaveAttribute('href', 'https://shop.example');
    expect(shop).toHaveAttribute('target', '_blank');
    expect(shop).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('puts the footer text, the social links and the same navigation in the footer', async () => {
    renderAt('/');
    const footer = await screen.findByRole('contentinfo');
    await within(footer).findByText('Nova Esports');
    expect(within(footer).getByText('Since 2019.')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: /Discord/ })).toHaveAttribute('href', 'https://discord.gg/nova');
    expect(within(footer).getByRole('link', { name: /^X/ })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(within(footer).getByRole('navigation', { name: 'Footer' })).getAllByRole('link')).toHaveLength(4);
  });

  it('sets the accent variables for a colour of its own', async () => {
    renderAt('/');
    await screen.findByRole('link', { name: 'Nova Esports home' });
    await vi.waitFor(() => expect(document.documentElement.style.getPropertyValue('--accent')).toBe('#2563eb'));
    expect(document.documentElement.style.getPropertyValue('--accent-text')).toMatch(/^#[0-9a-f]{6}$/);
  });
});
