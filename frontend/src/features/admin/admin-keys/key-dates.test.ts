import { describe, expect, it } from 'vitest';
import { dateInputValue, endOfLocalDay, expiryProblem } from './key-dates';

describe('key dates', () => {
  it('sends a chosen day as the end of that day in local time', () => {
    const iso = endOfLocalDay('2030-05-12')!;
    const end = new Date(iso);
    expect([end.getFullYear(), end.getMonth(), end.getDate()]).toEqual([2030, 4, 12]);
    expect([end.getHours(), end.getMinutes(), end.getSeconds(), end.getMilliseconds()]).toEqual([23, 59, 59, 999]);
  });

  it('sends nothing for an empty or impossible date', () => {
    expect(endOfLocalDay('')).toBeNull();
    expect(endOfLocalDay('2030-02-30')).toBeNull();
    expect(endOfLocalDay('12/05/2030')).toBeNull();
  });

  it('takes today and later, never a past day', () => {
    const now = new Date(2030, 4, 12, 15, 0);
    expect(expiryProblem('', now)).toBeNull();
    expect(expiryProblem(dateInputValue(now), now)).toBeNull();
    expect(expiryProblem('2030-05-11', now)).toBe('The expiry date must be today or later.');
    expect(expiryProblem('2030-13-01', now)).toBe('The expiry date is not a valid date.');
  });
});
