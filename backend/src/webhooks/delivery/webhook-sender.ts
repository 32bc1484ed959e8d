import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { guardedLookup, isNonPublicAddress, NonPublicAddressError, socketHost } from './address-guard.js';

/** The whole attempt, from connecting to the answer's last byte read. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** The most of an answer that is read; the rest is not waited for. */
export const MAX_ANSWER_BYTES = 64 * 1024;
/** What an attempt keeps of the answer. */
export const EXCERPT_CHARACTERS = 300;

export interface SendOutcome {
  /** The receiver's status; null when no answer came. */
  status: number | null;
  ms: number;
  /** Why the attempt failed without a usable answer; null on an answer (any status). */
  error: string | null;
  excerpt: string;
  /** The answer's Retry-After header as given, for a 429 or 503. */
  retryAfter: string | null;
}

export interface SendRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** WEBHOOK_ALLOW_PRIVATE: loopback and private addresses may be reached. */
  allowPrivate: boolean;
}

/**
 * One POST of a delivery with Node's http/https. The socket connects through the guarded
 * lookup (every connection checks where the name points now), redirects are not followed (a
 * 3xx is an answer like any other, and fails), the whole attempt has DELIVERY_TIMEOUT_MS, and
 * at most MAX_ANSWER_BYTES of the answer are read. Never throws: every failure is an outcome.
 */
export function sendDelivery(request: SendRequest, signal?: AbortSignal): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    /** Set once the request is under way: cleared when it ends. */
    const pending: { deadline?: NodeJS.Timeout; abort?: () => void } = {};
    const finish = (outcome: Omit<SendOutcome, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(pending.deadline);
      if (pending.abort) signal?.removeEventListener('abort', pending.abort);
      resolve({ ...outcome, ms: elapsed() });
    };
    const fail = (error: string) => finish({ status: null, error, excerpt: '', retryAfter: null });
    const url = new URL(request.url);
    const host = socketHost(url);
    // A literal address is never looked up: the socket would skip the lookup's check.
    if (!request.allowPrivate && net.isIP(host) && isNonPublicAddress(host)) {
      queueMicrotask(() => fail(`refused: ${host} is not a public address`));
      return;
    }
    const transport = url.protocol === 'https:' ? https : http;
    const outgoing = transport.request(url, {
      method: 'POST',
      headers: { ...request.headers, 'content-length': Buffer.byteLength(request.body).toString() },
      lookup: guardedLookup(request.allowPrivate),
      // No pooled sockets: each attempt connects, so each attempt's lookup is checked.
      agent: false,
    });
    pending.deadline = setTimeout(() => {
      outgoing.destroy();
      fail(`timed out after ${DELIVERY_TIMEOUT_MS / 1000} s`);
    }, DELIVERY_TIMEOUT_MS);
    pending.abort = () => {
      outgoing.destroy();
      fail('stopped: the server is shutting down');
    };
    signal?.addEventListener('abort', pending.abort);
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof NonPublicAddressError) fail(`refused: ${error.message}`);
      else fail(error.code ? `${error.code}: ${error.message}` : error.message);
    });
    outgoing.on('response', (answer) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      const status = answer.statusCode ?? 0;
      const retryAfter = typeof answer.headers['retry-after'] === 'string' ? answer.headers['retry-after'] : null;
      const done = (cutOff: string | null) => {
        const text = Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8');
        const redirect = status >= 300 && status < 400 ? `redirects are not followed (Location: ${String(answer.headers.location ?? 'none').slice(0, 200)})` : null;
        finish({ status, error: redirect ?? cutOff, excerpt: text.slice(0, EXCERPT_CHARACTERS), retryAfter });
      };
      answer.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        bytes += chunk.length;
        if (bytes >= MAX_ANSWER_BYTES) {
          done(null);
          answer.destroy();
          outgoing.destroy();
        }
      });
      answer.on('end', () => done(null));
      // The receiver closed mid-answer: its status stands, but the attempt did not complete.
      answer.on('aborted', () => done('the receiver closed the connection mid-answer'));
      answer.on('error', () => done('the receiver closed the connection mid-answer'));
    });
    outgoing.end(request.body);
  });
}

/** Whether an outcome is a delivery made: a 2xx answer read to its end (or to the read limit). */
export function delivered(outcome: SendOutcome): boolean {
  return outcome.error === null && outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
}
