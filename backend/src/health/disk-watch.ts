import fs from 'node:fs';
import type { Logger } from 'pino';
import { describeSpace, diskState, type DiskState, type VolumeSpace } from './disk-space.js';

/** A folder whose volume is watched, and how health names that volume. */
export interface WatchedVolume {
  path: string;
  /** E.g. "the data folder's volume". */
  where: string;
}

export interface VolumeReading extends VolumeSpace {
  where: string;
  state: DiskState;
}

type StatFs = (path: string) => Promise<{ bavail: number; bsize: number; blocks: number }>;

/** How often the volumes are read when nobody asks health, so the log warns in time. */
export const DISK_CHECK_INTERVAL_MS = 30_000;
/** Health may be asked many times a second: a reading this fresh is reused. */
const READING_FRESH_MS = 1_000;

/**
 * Reads the free space of the embedded database's volumes, for health, and logs one line each
 * time a volume crosses into low or full (a warn) or back (an info): once per crossing, not
 * once per reading.
 */
export class DiskWatch {
  private readonly states = new Map<string, DiskState>();
  private latest: { at: number; readings: Promise<VolumeReading[]> } | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly volumes: readonly WatchedVolume[],
    private readonly logger: Logger,
    private readonly statfs: StatFs = (path) => fs.promises.statfs(path),
    private readonly now: () => number = Date.now,
  ) {}

  /** Reads now, then every DISK_CHECK_INTERVAL_MS. */
  start(): void {
    void this.read();
    this.timer = setInterval(() => void this.read(), DISK_CHECK_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Each volume's space; a folder that cannot be read (removed, say) gives no reading. */
  read(): Promise<VolumeReading[]> {
    if (this.latest && this.now() - this.latest.at < READING_FRESH_MS) return this.latest.readings;
    const readings = this.measure();
    this.latest = { at: this.now(), readings };
    return readings;
  }

  private async measure(): Promise<VolumeReading[]> {
    const readings: VolumeReading[] = [];
    for (const volume of this.volumes) {
      let space: VolumeSpace;
      try {
        const stats = await this.statfs(volume.path);
        space = { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
      } catch {
        continue;
      }
      const state = diskState(space);
      this.logCrossing(volume, state, space);
      readings.push({ where: volume.where, state, ...space });
    }
    return readings;
  }

  private logCrossing(volume: WatchedVolume, state: DiskState, space: VolumeSpace): void {
    const before = this.states.get(volume.path) ?? 'ok';
    this.states.set(volume.path, state);
    if (state === before) return;
    const facts = { path: volume.path, freeBytes: space.freeBytes, totalBytes: space.totalBytes };
    if (state === 'ok') this.logger.info(facts, `disk space back: ${Math.floor(space.freeBytes / 1_000_000)} MB free on ${volume.where}`);
    else this.logger.warn(facts, describeSpace(state, space, volume.where));
  }
}

/**
 * The volumes of the data folder and of the embedded cluster's folder: one when they are on
 * the same device (the usual case: the cluster is DATA_DIR/postgres), two when root keeps the
 * cluster elsewhere (/var/lib/team-site, see scripts/lib/embedded-pg.mjs).
 */
export function embeddedVolumes(dataDir: string, clusterDir: string | null): WatchedVolume[] {
  const volumes: WatchedVolume[] = [{ path: dataDir, where: "the data folder's volume" }];
  if (!clusterDir) return volumes;
  try {
    if (fs.statSync(clusterDir).dev !== fs.statSync(dataDir).dev) volumes.push({ path: clusterDir, where: `the database's volume (${clusterDir})` });
  } catch {
    // Either folder unreadable: the data folder's reading is what there is.
  }
  return volumes;
}
