import { compareRank, rankedEntry, type LeaderboardEntry, type Player } from '@team/contracts';
import { CachedView } from '../../http/send-view.js';

/** Page views kept per board and position: a paging client's pages, not every offset anyone can name. */
const PAGE_VIEWS_KEPT = 64;

/**
 * A ranked board and the views derived from it, as of one projector position (or one point of
 * time travel). It holds the players in rank order (contracts' compareRank), not entries: a
 * player's rank is its place, so the board after a match is the board before with that match's
 * players moved (withPlayersReplaced), however many players the match moved past. An entry (rank
 * and tier) is made when a view or a lookup asks for it, and not kept.
 */
export class RankedBoard {
  /** Each place's player id, for lookups and moves that read no player object. */
  readonly ids: Int32Array;
  private readonly views = new Map<string, CachedView>();
  /** Views of slices a client asked for (the leaderboard's pages): a few kept, any others made for the one request. */
  private readonly pageViews = new Map<string, CachedView>();

  constructor(
    readonly pool: string,
    readonly position: number,
    /** In rank order (see rankOrder): the board trusts it, and never sorts. */
    readonly players: readonly Player[],
    /** What names the board's state in its views' ETags: the projector position, unless given. */
    private readonly version = String(position),
    ids?: Int32Array,
  ) {
    this.ids = ids ?? Int32Array.from(players, (player) => player.id);
  }

  get size(): number {
    return this.players.length;
  }

  /**
   * Every entry in rank order, with its rank and tier, made for this call alone: the views that
   * read them keep their bytes (serialised once per position), and kept entries would be 28 MB
   * beside them at 100,000 players (docs/performance.md, "Scale curve").
   */
  entries(): LeaderboardEntry[] {
    return this.players.map(rankedEntry);
  }

  /** The entries from place `start` (0-based) up to `end`, made for this call alone. */
  slice(start: number, end?: number): LeaderboardEntry[] {
    return this.players.slice(start, end).map((player, k) => rankedEntry(player, start + k));
  }

  /** The entry of player `id`, or undefined when the board does not list it. */
  entryOf(id: number): LeaderboardEntry | undefined {
    const place = this.ids.indexOf(id);
    return place < 0 ? undefined : rankedEntry(this.players[place]!, place);
  }

  /** A JSON view of the board, serialised (and compressed, on demand) once per position. */
  view(name: string, build: (board: RankedBoard) => unknown): CachedView {
    let view = this.views.get(name);
    if (!view) {
      view = new CachedView(`"${name}-${this.pool}-${this.version}"`, build(this));
      this.views.set(name, view);
    }
    return view;
  }

  /**
   * A view of part of the board (`name` says which part, e.g. the page's offset and limit).
   * Its parameters come from the client, so at most PAGE_VIEWS_KEPT are kept per position.
   */
  pageView(name: string, build: (board: RankedBoard) => unknown): CachedView {
    let view = this.pageViews.get(name);
    if (!view) {
      view = new CachedView(`"${name}-${this.pool}-${this.version}"`, build(this));
      if (this.pageViews.size < PAGE_VIEWS_KEPT) this.pageViews.set(name, view);
    }
    return view;
  }

  /**
   * This board at `position` with the players `replaced` names taken out and `fresh` put where
   * they now rank; `replaced` must name every fresh player's id. The places are found in the ids
   * and by binary search, and the rest is a copy of references: no other player is read, and no
   * entry is made (issue 44: ranking 100,000 players again after each match took 118 ms).
   */
  withPlayersReplaced(position: number, replaced: ReadonlySet<number>, fresh: readonly Player[]): RankedBoard {
    // Nothing moved (events the players read model leaves alone): the same players, shared.
    if (replaced.size === 0) return new RankedBoard(this.pool, position, this.players, String(position), this.ids);
    const gone = new Uint8Array(this.size);
    let goneCount = 0;
    for (const id of replaced) {
      const place = this.ids.indexOf(id);
      if (place >= 0) {
        gone[place] = 1;
        goneCount++;
      }
    }
    // Where each fresh player goes: before the first player of this board it outranks.
    const arrivals = [...fresh].sort(compareRank).map((player) => ({ player, before: this.placeOf(player) }));
    const players: Player[] = new Array(this.size - goneCount + arrivals.length);
    const ids = new Int32Array(players.length);
    let out = 0;
    let next = 0;
    for (let place = 0; place <= this.size; place++) {
      for (; next < arrivals.length && arrivals[next]!.before === place; next++) {
        players[out] = arrivals[next]!.player;
        ids[out++] = arrivals[next]!.player.id;
      }
      if (place < this.size && !gone[place]) {
        players[out] = this.players[place]!;
        ids[out++] = this.ids[place]!;
      }
    }
    return new RankedBoard(this.pool, position, players, String(position), ids);
  }

  /** How many of this board's players rank before `player` (binary search on compareRank). */
  private placeOf(player: Player): number {
    let low = 0;
    let high = this.size;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareRank(this.players[middle]!, player) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
