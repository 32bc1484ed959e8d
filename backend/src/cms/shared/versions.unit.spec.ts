import { InvalidInputError } from '../../shared/domain-errors.js';
import { versionToRestore } from './versions.js';

describe('versionToRestore', () => {
  const versions = [
    { version: 1, deleted: false },
    { version: 2, deleted: true },
    { version: 3, deleted: false },
  ];

  test('finds the version by its number', () => {
    expect(versionToRestore(versions, 3, 'section')).toBe(versions[2]);
    expect(versionToRestore([{ version: 0, deleted: false }], 0, 'page')).toEqual({ version: 0, deleted: false });
  });

  test('a number the history does not have is bad input that names the range', () => {
    expect(() => versionToRestore(versions, 4, 'section')).toThrow(new InvalidInputError('There is no version 4 of this section: it has versions 1 to 3'));
    expect(() => versionToRestore(versions, 0, 'page')).toThrow(new InvalidInputError('There is no version 0 of this page: it has versions 1 to 3'));
  });

  test('a deletion cannot be restored to', () => {
    expect(() => versionToRestore(versions, 2, 'section')).toThrow(
      new InvalidInputError('That version is a deletion: pick a version with content.'),
    );
  });
});
