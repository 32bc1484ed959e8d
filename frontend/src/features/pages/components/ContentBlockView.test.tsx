import { screen } from '@testing-library/react';
import type { ContentBlock, PageWithBlocks } from '@team/contracts';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { BlockGrid } from './BlockGrid';
import { DynamicPage } from './DynamicPage';

let nextId = 1;
function block(overrides: Partial<ContentBlock>): ContentBlock {
  const id = nextId++;
  return {
    id,
    pageId: 1,
    blockType: 'text',
    layout: 'full',
    order: id,
    padding: 'medium',
    textAlign: 'left',
    title: null,
    content: null,
    videoUrl: null,
    imageUrl: null,
    buttonText: null,
    buttonUrl: null,
    buttonStyle: null,
    ...overrides,
  };
}

function renderBlocks(blocks: ContentBlock[]) {
  return renderWithProviders(<BlockGrid blocks={blocks} />);
}

describe('video blocks', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
  ])('embeds the YouTube link %s', (videoUrl, src) => {
    renderBlocks([block({ blockType: 'video', videoUrl, title: 'Highlights' })]);
    expect(screen.getByTitle('Highlights')).toHaveAttribute('src', src);
  });

  it('embeds Twitch videos with this site as parent', () => {
    renderBlocks([block({ blockType: 'video', videoUrl: 'https://www.twitch.tv/videos/123456', title: 'VOD' })]);
    expect(screen.getByTitle('VOD').getAttribute('src')).toBe('https://player.twitch.tv/?video=123456&parent=localhost');
  });

  it.each(['https://cdn.example.com/clip.mp4', 'https://cdn.example.com/clip.webm', '/media/clip.ogg'])(
    'plays the video file %s in a video element',
    (videoUrl) => {
      const { container } = renderBlocks([block({ blockType: 'video', videoUrl })]);
      expect(container.querySelector('video')).toHaveAttribute('src', videoUrl);
    },
  );

  it('shows the fallback with a link for a video it cannot embed', () => {
    renderBlocks([block({ blockType: 'video', videoUrl: 'https://vimeo.com/12345' })]);
    expect(screen.getByText('Unable to embed video. Watch here.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Unable to embed video. Watch here.' })).toHaveAttribute('href', 'https://vimeo.com/12345');
  });

  it('does not link an unsafe video URL', () => {
    renderBlocks([block({ blockType: 'video', videoUrl: 'javascript:alert(1)' })]);
    expect(screen.getByText('Unable to embed video. Watch here.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('renders nothing without a URL', () => {
    const { container } = renderBlocks([block({ blockType: 'video', videoUrl: '', title: 'Empty' })]);
    expect(container.querySelector('.block-cell')).toBeNull();
  });
});

describe('image and button blocks', () => {
  it('renders an image only with its URL', () => {
    const { container } = renderBlocks([
      block({ blockType: 'image', imageUrl: 'https://cdn.example.com/team.png', title: 'Team photo' }),
      block({ blockType: 'image', imageUrl: null, title: 'Missing' }),
    ]);
    expect(screen.getByRole('img', { name: 'Team photo' })).toHaveAttribute('src', 'https://cdn.example.com/team.png');
    expect(screen.queryByText('Missing')).not.toBeInTheDocument();
    expect(container.querySelectorAll('.block-cell')).toHaveLength(1);
  });

  it('renders a button only with both text and URL', () => {
    renderBlocks([
      block({ blockType: 'button', buttonText: 'Join us', buttonUrl: '/roster' }),
      block({ blockType: 'button', buttonText: 'No link', buttonUrl: '' }),
      block({ blockType: 'button', buttonText: '', buttonUrl: '/about' }),
    ]);
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Join us' })).toHaveAttribute('href', '/roster');
    expect(screen.getByRole('link', { name: 'Join us' })).not.toHaveAttribute('target');
  });

  it('opens http button URLs in a new tab', () => {
    renderBlocks([block({ blockType: 'button', buttonText: 'Discord', buttonUrl: 'https://discord.gg/team' })]);
    const link = screen.getByRole('link', { name: 'Discord' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});

describe('text, html, spacer and layout', () => {
  it('sanitises rich text content', () => {
    const { container } = renderBlocks([
      block({ content: '<p>Hello <strong>team</strong><img src="x" onerror="alert(1)"></p><script>alert(2)</script>' }),
    ]);
    expect(screen.getByText('team').tagName).toBe('STRONG');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).not.toHaveAttribute('onerror');
  });

  it('isolates HTML blocks in a sandboxed frame without same-origin access', () => {
    renderBlocks([block({ blockType: 'html', content: '<b>Widget</b><script>localStorage.admin_key</script>', title: 'Widget' })]);
    const frame = screen.getByTitle('Widget');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
    expect(frame.getAttribute('srcdoc')).toContain('<b>Widget</b>');
  });

  it('sizes spacers from the spacer heights and lays blocks out on a 12-column grid', () => {
    const { container } = renderBlocks([
      block({ blockType: 'spacer', padding: 'large' }),
      block({ content: 'Half', layout: 'half', textAlign: 'center' }),
      block({ content: 'Third', layout: 'third' }),
      block({ content: 'Two thirds', layout: 'two-thirds' }),
    ]);
    const cells = container.querySelectorAll<HTMLElement>('.block-cell');
    expect(cells[0]!.firstElementChild).toHaveStyle({ height: '8rem' });
    expect(cells[1]).toHaveStyle({ gridColumn: 'span 6', textAlign: 'center' });
    expect(cells[2]).toHaveStyle({ gridColumn: 'span 4' });
    expect(cells[3]).toHaveStyle({ gridColumn: 'span 8' });
  });

  it('orders blocks by their order field', () => {
    renderBlocks([block({ content: 'Second', order: 2 }), block({ content: 'First', order: 1 })]);
    const texts = screen.getAllByText(/First|Second/).map((node) => node.textContent);
    expect(texts).toEqual(['First', 'Second']);
  });
});

describe('DynamicPage', () => {
  const page: PageWithBlocks = {
    id: 7,
    slug: 'tryouts',
    title: 'Tryouts',
    isSystem: false,
    contentBlocks: [block({ title: 'Tryouts are open', content: 'Sign up below.' })],
  };

  it('shows Loading... and then the blocks', async () => {
    mockFetch({ 'GET /api/pages/tryouts': { body: page } });
    renderWithProviders(<DynamicPage slug="tryouts" />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Tryouts are open')).toBeInTheDocument();
  });

  it('shows the 404 screen when the page does not exist', async () => {
    mockFetch({ 'GET /api/pages/nope': { status: 404, body: { error: 'Page not found' } } });
    renderWithProviders(<DynamicPage slug="nope" />);
    expect(await screen.findByText('404 Page Not Found')).toBeInTheDocument();
  });
});
