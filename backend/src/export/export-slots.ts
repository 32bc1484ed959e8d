import { ServiceUnavailableError, TooManyRequestsError } from '../shared/domain-errors.js';

/** What a refused export is told to wait: an export of the whole log takes seconds, not minutes. */
const FULL_RETRY_AFTER_S = 5;
const SAME_ADDRESS_RETRY_AFTER_S = 10;

/**
 * The exports one process streams at once (each holds a connection or reads the log for a
 * while), shared so that a few anonymous clients cannot take them all:
 * - one export at a time per address (its rate-limit key: an IPv6 /64 counts as one);
 * - anonymous exports take at most all slots but one, which is kept for admins, so the event
 *   log export (audit, backups) is served while the public ones are busy.
 * Admin exports are not counted per address: the key, not the address, names an admin.
 */
export class ExportSlots {
  private running = 0;
  private readonly addresses = new Set<string>();

  constructor(private readonly slots: number) {}

  get count(): number {
    return this.running;
  }

  /** Takes a slot, or throws the 429 (same address) or 503 (full) the export answers. Returns its release. */
  take(address: string, admin: boolean): () => void {
    if (!admin && this.addresses.has(address)) {
      throw new TooManyRequestsError('An export from your address is still running. Wait for it to finish, then try again.', SAME_ADDRESS_RETRY_AFTER_S);
    }
    if (this.running >= (admin ? this.slots : this.slots - 1)) {
      throw new ServiceUnavailableError('Too many exports are running. Try again in a moment.', FULL_RETRY_AFTER_S);
    }
    this.running++;
    if (!admin) this.addresses.add(address);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      if (!admin) this.addresses.delete(address);
    };
  }
}
