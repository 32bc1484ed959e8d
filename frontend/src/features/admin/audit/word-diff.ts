/** One run of words in a diff: kept in both texts, only in the newer, or only in the older. */
export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * Readable text of stored rich HTML: tags become word breaks (so "<p>a</p><p>b</p>" is two
 * words, not "ab"), entities are decoded and white space collapsed. Never rendered as HTML.
 */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (entity, name: string) => {
      const lower = name.toLowerCase();
      if (lower in ENTITIES) return ENTITIES[lower]!;
      if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
      if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
      return entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/**
 * Above this many cells the LCS table is not built (a 2,000 by 2,000 word text); the
 * differing middle is then shown as removed and added as a whole.
 */
const MAX_TABLE_CELLS = 4_000_000;

function push(parts: DiffPart[], kind: DiffPart['kind'], word: string) {
  const last = parts[parts.length - 1];
  if (last && last.kind === kind) last.text += ` ${word}`;
  else parts.push({ kind, text: word });
}

/**
 * Word-level diff of two plain texts by longest common subsequence: the fewest words
 * marked as removed or added. Runs of one kind are joined with single spaces. Removals
 * come before additions where both replace the same spot.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = words(before);
  const b = words(after);

  // The common prefix and suffix need no table.
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }

  const parts: DiffPart[] = [];
  for (const word of a.slice(0, start)) push(parts, 'same', word);

  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const n = midA.length;
  const m = midB.length;
  if (n * m > MAX_TABLE_CELLS) {
    for (const word of midA) push(parts, 'removed', word);
    for (const word of midB) push(parts, 'added', word);
  } else if (n > 0 || m > 0) {
    // lcs[i][j]: length of the LCS of midA[i..] and midB[j..], in one flat array.
    const width = m + 1;
    const lcs = new Uint32Array((n + 1) * width);
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i * width + j] =
          midA[i] === midB[j]
            ? lcs[(i + 1) * width + j + 1]! + 1
            : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (midA[i] === midB[j]) {
        push(parts, 'same', midA[i]!);
        i++;
        j++;
      } else if (lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!) {
        push(parts, 'removed', midA[i]!);
        i++;
      } else {
        push(parts, 'added', midB[j]!);
        j++;
      }
    }
    for (; i < n; i++) push(parts, 'removed', midA[i]!);
    for (; j < m; j++) push(parts, 'added', midB[j]!);
  }

  for (const word of a.slice(endA)) push(parts, 'same', word);
  return parts;
}

/** True when the diff has any addition or removal. */
export const hasChanges = (parts: DiffPart[]) => parts.some((part) => part.kind !== 'same');
