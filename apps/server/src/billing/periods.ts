/** Calendar arithmetic for billing periods (UTC, ISO strings that sort as text). */
export function addMonths(iso: string, months: number): string {
  const d = new Date(iso);
  const day = d.getUTCDate();
  const target = new Date(d.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString();
}

export const periodMonths = (billing: string) => (billing === 'annual' ? 12 : 1);

/** The start of the month of a period that `now` falls in (0 = the period's first month). */
export function currentMonthOfPeriod(
  periodStart: string,
  now: string,
): { index: number; start: string } {
  let index = 0;
  while (index < 12 && addMonths(periodStart, index + 1) <= now) index++;
  return { index, start: addMonths(periodStart, index) };
}
