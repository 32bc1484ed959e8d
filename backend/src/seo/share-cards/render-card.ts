import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { renderAsync } from '@resvg/resvg-js';
import satori, { type Font } from 'satori';
import { CARD_HEIGHT, CARD_WIDTH } from './card-size.js';

/** An element in satori's object syntax (what JSX would compile to): a tag, its style and children. */
export interface CardNode {
  type: 'div' | 'span';
  props: { style?: Record<string, string | number>; children?: CardChild | CardChild[] };
}
export type CardChild = CardNode | string;

/**
 * Inter from @fontsource/inter, shipped in node_modules: no font is fetched at run time. Each
 * script's subset is its own font, so a name in Cyrillic, Greek or Vietnamese finds its glyphs
 * (satori falls back through every font it is given); a script none covers shows a box.
 */
const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'] as const;
const WEIGHTS = [400, 700] as const;

const require = createRequire(import.meta.url);
let fonts: Promise<Font[]> | null = null;

/** Loaded on the first render and kept: satori keeps its parsed copy per array, so it is always the same one. */
function cardFonts(): Promise<Font[]> {
  fonts ??= Promise.all(
    SUBSETS.flatMap((subset) =>
      WEIGHTS.map(async (weight): Promise<Font> => ({
        name: `Inter ${subset}`,
        // WOFF, not WOFF2: satori reads TTF, OTF and WOFF.
        data: await readFile(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
        weight,
        style: 'normal',
      })),
    ),
  );
  fonts.catch(() => (fonts = null));
  return fonts;
}

/**
 * A card as a 1200×630 PNG: satori lays it out into SVG (text as paths), resvg rasterises it on
 * libuv's thread pool (renderAsync), so the event loop only carries the layout.
 */
export async function renderCard(card: CardNode): Promise<Buffer> {
  const svg = await satori(card as unknown as Parameters<typeof satori>[0], { width: CARD_WIDTH, height: CARD_HEIGHT, fonts: await cardFonts() });
  const image = await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
  return image.asPng();
}
