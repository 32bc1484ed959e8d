import type { Knex } from 'knex';
import { FIXTURES_TABLE, PLAYER_PROFILES_TABLE, PLAYERS_TABLE, siteSettings } from '@team/projections';

// Where the library's images are shown: the places an admin is told of before deleting one.

interface Place {
  label: string;
  text: string;
}

/** Every place that can show an image, with the text its address would be in. */
async function placesWithImages(knex: Knex): Promise<Place[]> {
  const [sections, blocks, settings, avatars, logos] = await Promise.all([
    knex('content_sections').select<{ page: string; section: string; title: string; content: string; image_url: string | null }[]>('page', 'section', 'title', 'content', 'image_url'),
    knex('content_blocks')
      .leftJoin('pages', 'pages.id', 'content_blocks.page_id')
      .select<{ page_id: number; slug: string | null; content: string | null; image_url: string | null }[]>('content_blocks.page_id', 'pages.slug', 'content_blocks.content', 'content_blocks.image_url'),
    siteSettings(knex),
    // Only the few rows that name a library file: a ladder has thousands of players.
    knex(`${PLAYER_PROFILES_TABLE} as profile`)
      .join(`${PLAYERS_TABLE} as player`, 'player.id', 'profile.player_id')
      .whereLike('profile.avatar_url', '%/media/%')
      .select<{ id: number; username: string; avatar_url: string }[]>('player.id', 'player.username', 'profile.avatar_url'),
    knex(FIXTURES_TABLE)
      .whereLike('opponent_logo_url', '%/media/%')
      .orderBy('id')
      .select<{ opponent: string; opponent_logo_url: string }[]>('opponent', 'opponent_logo_url'),
  ]);
  const SYSTEM_SLUGS: Record<number, string> = { 1: 'home', 2: 'about', 3: 'roster' };
  return [
    ...sections.map((row) => ({ label: `${row.page[0]!.toUpperCase()}${row.page.slice(1)} page: section ${row.section}`, text: `${row.image_url ?? ''} ${row.title} ${row.content}` })),
    ...blocks.map((row) => ({ label: `Page /${row.slug ?? SYSTEM_SLUGS[row.page_id] ?? row.page_id}`, text: `${row.image_url ?? ''} ${row.content ?? ''}` })),
    { label: 'Site logo', text: settings.logoUrl ?? '' },
    { label: 'Site favicon', text: settings.faviconUrl ?? '' },
    ...avatars.map((row) => ({ label: `Player ${row.username} (ID ${row.id}): avatar`, text: row.avatar_url })),
    ...logos.map((row) => ({ label: `Fixture against ${row.opponent}: opponent logo`, text: row.opponent_logo_url })),
  ];
}

/** For each content hash, the places whose text names one of its files (`/media/{hash}…`), each once. */
export async function mediaUsage(knex: Knex, hashes: readonly string[]): Promise<Map<string, string[]>> {
  const usage = new Map<string, string[]>(hashes.map((hash) => [hash, []]));
  if (hashes.length === 0) return usage;
  for (const place of await placesWithImages(knex)) {
    if (!place.text.includes('/media/')) continue;
    for (const hash of hashes) {
      const list = usage.get(hash)!;
      if (place.text.includes(`/media/${hash}`) && !list.includes(place.label)) list.push(place.label);
    }
  }
  return usage;
}
