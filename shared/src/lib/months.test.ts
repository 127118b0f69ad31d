import { recentPeriods } from './months';

describe('recentPeriods', () => {
  it('starts at the current month and goes back, never into the future', () => {
    const now = new Date(2026, 10, 25); // 25 November 2026
    expect(recentPeriods(3, now)).toEqual(['2026-11', '2026-10', '2026-09', '2026-08']);
  });

  it('crosses the year boundary', () => {
    expect(recentPeriods(2, new Date(2026, 0, 5))).toEqual(['2026-01', '2025-12', '2025-11']);
  });
});
