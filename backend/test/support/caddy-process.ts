import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { fileURLToPath } from 'node:url';
import { freePort, lastLine } from './server-process.js';

// The real caddy binary running the shipped Caddyfile, its {$…} placeholders set from here.

/** The repository root: backend/test/support → ../../.. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The proxy configuration docker-compose.yml ships. */
export const SHIPPED_CADDYFILE = path.join(repoRoot, 'deploy/caddy/Caddyfile');

/** The caddy executable on PATH, or null when it is not installed. */
export function findCaddy(): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, 'caddy');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      /* not in this directory */
    }
  }
  return null;
}

/** `caddy version`'s first word, e.g. v2.6.2 (Debian's package prints it without the v). */
export function caddyVersion(binary: string): string {
  return execFileSync(binary, ['version'], { encoding: 'utf8' }).trim().split(/\s+/)[0] ?? 'unknown';
}

export interface CaddyProcess {
  /** https://<site address>:<https port> */
  httpsUrl: string;
  /** http://<site address>:<http port> */
  httpUrl: string;
  httpsPort: number;
  /** The root certificate of Caddy's local CA, which signed the site's certificate. */
  ca: Buffer;
  /** The last few KB caddy wrote (its log), for failure messages. */
  output(): string;
  /** SIGTERM, then SIGKILL if it has not ended within a few seconds; removes its data folder. */
  stop(): Promise<void>;
}

export interface CaddyOptions {
  binary: string;
  /** host:port of each upstream (API_UPSTREAMS). */
  upstreams: string[];
  /** SITE_ADDRESS: an IP address or localhost, so Caddy's local CA issues the certificate. */
  siteAddress: string;
  /** READ_BODY_TIMEOUT (the Caddyfile's default: 120s), for a test of it that cannot wait that long. */
  readBodyTimeout?: string;
  readyWithinMs?: number;
}

/**
 * Whether a TLS handshake with the site succeeds and its certificate verifies against `ca`. Only
 * the handshake: no request reaches an upstream, so none is counted or marked as failed.
 */
function handshake(siteAddress: string, port: number, ca: Buffer): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host: siteAddress, port, ca, servername: net.isIP(siteAddress) ? undefined : siteAddress }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(false));
  });
}

/**
 * Starts `caddy run` on the shipped Caddyfile with free ports, the admin endpoint off and its
 * data (certificates, the local CA) in a temporary folder; resolves once the site's TLS handshake
 * succeeds with a certificate that verifies against that CA's root.
 */
export async function startCaddy(options: CaddyOptions): Promise<CaddyProcess> {
  // Caddy cannot listen on port 0 and say where: the free ports picked here may be taken by
  // another process before caddy binds them. Only that failure is tried again, on new ports.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startCaddyOnce(options);
    } catch (error) {
      if (attempt === 3 || !(error instanceof PortTakenError)) throw error;
    }
  }
}

class PortTakenError extends Error {}

async function startCaddyOnce(options: CaddyOptions): Promise<CaddyProcess> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'team-site-caddy-'));
  const httpPort = await freePort();
  let httpsPort = await freePort();
  while (httpsPort === httpPort) httpsPort = await freePort();
  const child = spawn(options.binary, ['run', '--adapter', 'caddyfile', '--config', SHIPPED_CADDYFILE], {
    cwd: home,
    // Only what the Caddyfile reads, so a SITE_ADDRESS or ACME_EMAIL in the caller's shell cannot leak in.
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: home,
      XDG_DATA_HOME: path.join(home, 'data'),
      XDG_CONFIG_HOME: path.join(home, 'config'),
      SITE_ADDRESS: options.siteAddress,
      API_UPSTREAMS: options.upstreams.join(' '),
      HTTP_PORT: String(httpPort),
      HTTPS_PORT: String(httpsPort),
      CADDY_ADMIN: 'off',
      ACME_EMAIL: '',
      ...(options.readBodyTimeout ? { READ_BODY_TIMEOUT: options.readBodyTimeout } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-6000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let ended = false;
  // 'close': after the output pipes are drained, so the tail holds caddy's last words.
  const exited = new Promise<void>((resolve) =>
    child.on('close', () => {
      ended = true;
      resolve();
    }),
  );
  const stop = async () => {
    if (!ended) child.kill('SIGTERM');
    const killer = setTimeout(() => {
      if (!ended) child.kill('SIGKILL');
    }, 5000);
    await exited;
    clearTimeout(killer);
    fs.rmSync(home, { recursive: true, force: true });
  };

  const rootCert = path.join(home, 'data/caddy/pki/authorities/local/root.crt');
  const host = options.siteAddress.includes(':') ? `[${options.siteAddress}]` : options.siteAddress;
  const httpsUrl = `https://${host}:${httpsPort}`;
  const readyWithinMs = options.readyWithinMs ?? 30_000;
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (ended) {
      await stop();
      // Its last line (the error) first, where a cut log still shows it.
      const message = `caddy exited before it was ready: ${lastLine(tail) || '(no output)'}\n${tail}`;
      throw /address already in use/.test(tail) ? new PortTakenError(message) : new Error(message);
    }
    if (fs.existsSync(rootCert)) {
      const ca = fs.readFileSync(rootCert);
      const ready = await handshake(options.siteAddress, httpsPort, ca);
      if (ready) return { httpsUrl, httpUrl: `http://${host}:${httpPort}`, httpsPort, ca, output: () => tail, stop };
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`caddy did not serve ${httpsUrl} within ${readyWithinMs} ms:\n${tail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
