/**
 * A time zone's offset from UTC at one instant, from the platform's own time-zone data (Intl), so a
 * day that changes clock time is right on both sides. Zod-free.
 */

/**
 * How far `timeZone`'s clock is ahead of UTC at `instant`, in milliseconds (negative west of
 * Greenwich); `timeZone` undefined: the runtime's own zone.
 */
export function zoneOffsetMs(instant: number, timeZone: string | undefined): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wallClock = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wallClock - Math.floor(instant / 1000) * 1000;
}
