import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EarlyRoute } from '../../http/early-routes.js';
import { sendView } from '../../http/send-view.js';
import type { RankedBoard } from '../read-side/ranked-board.js';
import { GetLeaderboardQuery, type GetLeaderboardHandler } from './get-leaderboard.query.js';
import { modeParam } from './mode-param.js';
import type { BoardPage } from './page-params.js';

export const LEADERBOARD_PATH = '/api/players/leaderboard';

/**
 * The leaderboard's JSON as one cached view of a ranked board (serialised once per position):
 * the whole board, or with `page` that slice of it and the board's size in X-Total-Count.
 */
export function sendLeaderboard(request: IncomingMessage, response: ServerResponse, board: RankedBoard, page: BoardPage | null = null): void {
  if (!page) return sendView(request, response, board.view('leaderboard', (board) => board.entries()));
  const { offset, limit } = page;
  response.setHeader('X-Total-Count', board.size);
  const name = `leaderboard-o${offset}${limit === null ? '' : `-l${limit}`}`;
  sendView(request, response, board.pageView(name, (ranked) => ranked.slice(offset, limit === null ? undefined : offset + limit)));
}

/**
 * The pool a plain leaderboard address asks for: null for the overall board, a mode id, or
 * undefined when the address is not a plain one. Plain is the exact path with no query or a
 * single valid `mode` and nothing else; `asOf`, other parameters, a trailing slash or an invalid
 * mode are left to the controller and its checks (which answer a bad mode with its 400).
 */
export function plainLeaderboardPool(url: string | undefined): number | null | undefined {
  if (!url?.startsWith(LEADERBOARD_PATH)) return undefined;
  if (url.length === LEADERBOARD_PATH.length) return null;
  if (url[LEADERBOARD_PATH.length] !== '?') return undefined;
  const params = new URLSearchParams(url.slice(LEADERBOARD_PATH.length + 1));
  const modes = params.getAll('mode');
  if (modes.length !== 1 || params.size !== 1) return undefined;
  try {
    return modeParam(modes[0]);
  } catch {
    return undefined;
  }
}

/**
 * GET /api/players/leaderboard[?mode={id}] answered from the ranking cache ahead of Express
 * (see serveEarlyRoute): the most read address of the site, whose answer stays the same
 * bytes until the projector moves on, so what ran around it was most of its cost. Logged and
 * given the security headers as any API answer; an unknown mode, or a board that cannot be
 * loaded, goes to the controller, which answers it as before (404, 503).
 */
export function cachedLeaderboard(handler: GetLeaderboardHandler): EarlyRoute {
  return (request, response, answer) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const pool = plainLeaderboardPool(request.url);
    if (pool === undefined) return false;
    let board: Promise<RankedBoard>;
    try {
      board = handler.execute(new GetLeaderboardQuery(pool));
    } catch {
      return false;
    }
    board.then((ready) => {
      answer.begin();
      sendLeaderboard(request, response, ready);
    }, answer.fallBack);
    return true;
  };
}
