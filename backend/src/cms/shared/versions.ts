// What section and page histories share: the event facts of a version, and picking the
// version a restore names.
import type { RecordedEvent, VersionEventInfo } from '@team/contracts';
import { InvalidInputError } from '../../shared/domain-errors.js';

export const RESTORE_NOT_VALID = 'The restore request is not valid';
export const DELETION_VERSION = 'That version is a deletion: pick a version with content.';

/** The facts of the event that made a version. */
export function versionEventInfo(recorded: RecordedEvent, version: number, deleted: boolean): VersionEventInfo {
  return {
    version,
    position: recorded.position,
    revision: recorded.revision,
    recordedAt: recorded.metadata.recordedAt,
    actor: recorded.metadata.actor,
    // The key by name, as the audit log shows it: "Alice", not only "admin".
    ...(recorded.metadata.adminKey ? { adminKey: recorded.metadata.adminKey } : {}),
    correlationId: recorded.metadata.correlationId,
    eventType: recorded.type,
    deleted,
  };
}

/**
 * The version a restore names. A deletion has nothing to restore to: the admin meant the
 * version before it, and guessing would restore something they did not pick.
 */
export function versionToRestore<V extends { version: number; deleted: boolean }>(
  versions: readonly V[],
  version: number,
  what: 'section' | 'page',
): V {
  const found = versions.find((candidate) => candidate.version === version);
  if (!found) {
    const range = versions.length > 0 ? `: it has versions ${versions[0]!.version} to ${versions.at(-1)!.version}` : '';
    throw new InvalidInputError(`There is no version ${version} of this ${what}${range}`);
  }
  if (found.deleted) throw new InvalidInputError(DELETION_VERSION);
  return found;
}
