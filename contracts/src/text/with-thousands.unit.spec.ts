import { withThousands } from './with-thousands.js';

describe('withThousands', () => {
  test.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [20_000, '20,000'],
    [1_000_000, '1,000,000'],
    [320_000, '320,000'],
  ])('%d → %s, as toLocaleString("en-US") writes it', (value, written) => {
    expect(withThousands(value)).toBe(written);
    expect(withThousands(value)).toBe(value.toLocaleString('en-US'));
  });
});
