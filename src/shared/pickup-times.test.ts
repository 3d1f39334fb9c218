import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOpenAt, type OpeningHours, restaurantClock } from './opening-hours';
import { PICKUP_MAX_AHEAD_HOURS } from './order-limits';
import {
  closedNotice,
  firstPickupSlot,
  PICKUP_SLOT_LEAD_MINUTES,
  PICKUP_SLOT_STEP_MINUTES,
  pickupSlots,
  pickupTimeProblem,
} from './pickup-times';
import { WEEKDAYS } from './weekdays';

const MINUTE = 60_000;
const WEEKDAYS_7_TO_18: OpeningHours = {
  mon: [{ open: '07:30', close: '18:00' }],
  tue: [{ open: '07:30', close: '18:00' }],
  wed: [{ open: '07:30', close: '18:00' }],
  thu: [{ open: '07:30', close: '18:00' }],
  fri: [{ open: '07:30', close: '18:00' }],
  sat: [],
  sun: [],
};
const LA = 'America/Los_Angeles';
// 2026-11-25 is a Wednesday; Los Angeles is UTC−8 in November.
const wednesdayAt = (time: string) => new Date(`2026-11-25T${time}:00-08:00`);
const times = (slots: { time: string }[]) => slots.map((slot) => slot.time);

describe('pickupSlots', () => {
  it('offers every quarter hour from 15 minutes ahead until closing, in the restaurant’s time', () => {
    const slots = pickupSlots(WEEKDAYS_7_TO_18, LA, new Date('2026-11-25T16:52:30-08:00'));
    expect(times(slots)).toEqual(['17:15', '17:30', '17:45']);
    expect(slots[0]).toEqual({ value: '2026-11-26T01:15:00.000Z', time: '17:15', daysAhead: 0, day: 'wed' });
  });

  it('starts at the next quarter past the lead time, exactly on a step', () => {
    expect(times(pickupSlots(WEEKDAYS_7_TO_18, LA, wednesdayAt('17:15')))).toEqual(['17:30', '17:45']);
  });

  it('skips a break between two periods, and goes on past midnight within the window', () => {
    const split: OpeningHours = {
      wed: [
        { open: '11:00', close: '12:00' },
        { open: '22:30', close: '01:00' },
      ],
    };
    const slots = pickupSlots(split, LA, wednesdayAt('11:20'), { maxAheadMinutes: 24 * 60 });
    expect(times(slots)).toEqual([
      '11:45',
      '22:30',
      '22:45',
      '23:00',
      '23:15',
      '23:30',
      '23:45',
      '00:00',
      '00:15',
      '00:30',
      '00:45',
    ]);
    expect(slots.at(-1)).toMatchObject({ daysAhead: 1, day: 'thu' });
    // Twelve hours ahead at most by default: 23:20.
    expect(pickupSlots(split, LA, wednesdayAt('11:20')).at(-1)?.time).toBe('23:15');
  });

  it('offers the next morning while closed, when it is within the window', () => {
    const slots = pickupSlots(WEEKDAYS_7_TO_18, LA, wednesdayAt('20:00'));
    expect(slots[0]).toEqual({ value: '2026-11-26T15:30:00.000Z', time: '07:30', daysAhead: 1, day: 'thu' });
    // 12 hours after 20:00 is 08:00: 07:30 to 08:00.
    expect(times(slots)).toEqual(['07:30', '07:45', '08:00']);
    // Too early in the evening: the morning is more than 12 hours away.
    expect(pickupSlots(WEEKDAYS_7_TO_18, LA, wednesdayAt('19:00'))).toEqual([]);
  });

  it('offers nothing when closing is too near, and nothing beyond the limit ahead', () => {
    expect(pickupSlots(WEEKDAYS_7_TO_18, LA, wednesdayAt('17:50'))).toEqual([]);
    const slots = pickupSlots(WEEKDAYS_7_TO_18, LA, wednesdayAt('07:30'), { maxAheadMinutes: 60 });
    expect(times(slots)).toEqual(['07:45', '08:00', '08:15', '08:30']);
  });

  it('follows the clocks when they go back later in the day', () => {
    // Los Angeles goes back from 02:00 to 01:00 on 2026-11-01: 03:00 is nine hours after 19:00 UTC-7.
    const night: OpeningHours = { sun: [{ open: '00:00', close: '04:00' }] };
    const slots = pickupSlots(night, LA, new Date('2026-11-01T00:40:00-07:00'));
    expect(slots.find((slot) => slot.time === '03:00')?.value).toBe('2026-11-01T11:00:00.000Z');
    // The hour the clocks repeat comes twice, an hour apart.
    const oneFifteen = slots.filter((slot) => slot.time === '01:15').map((slot) => slot.value);
    expect(oneFifteen).toEqual(['2026-11-01T08:15:00.000Z', '2026-11-01T09:15:00.000Z']);
  });

  it('skips the hour the clocks jump over, and finds the next morning’s opening after the jump', () => {
    // Berlin goes forward from 02:00 to 03:00 on Sunday 2026-03-29.
    const night: OpeningHours = { sun: [{ open: '01:00', close: '04:00' }] };
    const slots = pickupSlots(night, 'Europe/Berlin', new Date('2026-03-29T00:40:00+01:00'));
    expect(times(slots)).toEqual(['01:00', '01:15', '01:30', '01:45', '03:00', '03:15', '03:30', '03:45']);
    expect(slots[4]?.value).toBe('2026-03-29T01:00:00.000Z');
    // Saturday 22:00 (UTC+1), closed; Sunday opens at 08:00, by then UTC+2: nine hours later, not ten.
    const sunday: OpeningHours = { sun: [{ open: '08:00', close: '12:00' }] };
    const first = pickupSlots(sunday, 'Europe/Berlin', new Date('2026-03-28T22:00:00+01:00'))[0];
    expect(first).toEqual({ value: '2026-03-29T06:00:00.000Z', time: '08:00', daysAhead: 1, day: 'sun' });
  });

  it('counts the days ahead on the restaurant’s calendar, not the browser’s or UTC’s', () => {
    // 23:00 in Tokyo is 14:00 UTC: the 08:00 opening is tomorrow there.
    const every = Object.fromEntries(WEEKDAYS.map((day) => [day, [{ open: '08:00', close: '20:00' }]]));
    const first = firstPickupSlot(every, 'Asia/Tokyo', new Date('2026-11-25T14:00:00Z'));
    expect(first).toMatchObject({ time: '08:00', daysAhead: 1, day: 'thu' });
  });
});

describe('firstPickupSlot', () => {
  it('finds the next opening however far it is, within the week', () => {
    // Friday evening: closed over the weekend.
    expect(firstPickupSlot(WEEKDAYS_7_TO_18, LA, new Date('2026-11-27T20:00:00-08:00'))).toEqual({
      value: '2026-11-30T15:30:00.000Z',
      time: '07:30',
      daysAhead: 3,
      day: 'mon',
    });
    // Open only on Wednesdays, asked on a Wednesday after closing: next week.
    const wednesdays: OpeningHours = { wed: [{ open: '09:00', close: '10:00' }] };
    expect(firstPickupSlot(wednesdays, LA, wednesdayAt('12:00'))).toMatchObject({
      time: '09:00',
      daysAhead: 7,
      day: 'wed',
    });
    expect(firstPickupSlot({}, LA, wednesdayAt('12:00'))).toBeNull();
  });
});

describe('pickupTimeProblem', () => {
  const now = wednesdayAt('12:00');
  const at = (minutes: number) => new Date(now.getTime() + minutes * MINUTE);

  it('takes a time 10 minutes to 12 hours ahead inside the opening hours', () => {
    expect(pickupTimeProblem(at(10), now, WEEKDAYS_7_TO_18, LA)).toBeNull();
    expect(pickupTimeProblem(at(5 * 60), now, WEEKDAYS_7_TO_18, LA)).toBeNull();
  });

  it('says what is wrong: past, too soon, too far, or closed then', () => {
    expect(pickupTimeProblem(at(-1), now, WEEKDAYS_7_TO_18, LA)).toBe(
      'is in the past: choose a time at least 10 minutes from now',
    );
    expect(pickupTimeProblem(at(9), now, WEEKDAYS_7_TO_18, LA)).toBe(
      'choose a time at least 10 minutes from now',
    );
    expect(pickupTimeProblem(at(12 * 60 + 1), now, WEEKDAYS_7_TO_18, LA)).toBe(
      'choose a time within the next 12 hours',
    );
    expect(pickupTimeProblem(at(6 * 60), now, WEEKDAYS_7_TO_18, LA)).toBe(
      'we are closed at 18:00 on Wednesday: choose a time within the opening hours (07:30–18:00)',
    );
    const saturday = new Date('2026-11-28T10:00:00-08:00');
    expect(pickupTimeProblem(saturday, new Date('2026-11-28T09:00:00-08:00'), WEEKDAYS_7_TO_18, LA)).toBe(
      'we are closed on Saturday: choose a time within the opening hours',
    );
  });
});

describe('closedNotice', () => {
  const restaurant = { openingHours: WEEKDAYS_7_TO_18, timeZone: LA, onlineOrdering: true };

  it('is null while open', () => {
    expect(closedNotice(restaurant, wednesdayAt('07:30'))).toBeNull();
    expect(closedNotice(restaurant, wednesdayAt('17:59'))).toBeNull();
  });

  it('says when it opens, and that a takeaway can be ordered now for then', () => {
    expect(closedNotice(restaurant, wednesdayAt('06:00'))).toMatchObject({
      headline: 'Closed now · opens at 07:30',
      orderAhead: true,
      detail: 'You can order a takeaway now for pickup from 07:30.',
    });
    expect(closedNotice(restaurant, wednesdayAt('21:00'))).toMatchObject({
      headline: 'Closed now · opens tomorrow at 07:30',
      orderAhead: true,
      detail: 'You can order a takeaway now for pickup tomorrow from 07:30.',
    });
  });

  it('says when ordering ahead opens while the next opening is beyond the window', () => {
    expect(closedNotice(restaurant, wednesdayAt('18:00'))).toMatchObject({
      headline: 'Closed now · opens tomorrow at 07:30',
      orderAhead: false,
      detail: 'Ordering ahead for takeaway opens at 19:30.',
    });
    // Friday evening: the weekend.
    expect(closedNotice(restaurant, new Date('2026-11-27T20:00:00-08:00'))).toMatchObject({
      headline: 'Closed now · opens on Monday at 07:30',
      orderAhead: false,
      detail: 'Ordering ahead for takeaway opens on Sunday at 19:30.',
    });
  });

  it('says only that it is closed when the hours have no opening, or ordering is off', () => {
    expect(closedNotice({ ...restaurant, openingHours: {} }, wednesdayAt('12:00'))).toEqual({
      headline: 'Closed now',
      orderAhead: false,
      detail: null,
      opens: null,
    });
    expect(closedNotice({ ...restaurant, onlineOrdering: false }, wednesdayAt('21:00'))).toMatchObject({
      headline: 'Closed now · opens tomorrow at 07:30',
      orderAhead: false,
      detail: 'Online ordering is not available right now.',
    });
  });

  it('reads the clock in the restaurant’s time zone, not the browser’s', () => {
    // 12:00 in Los Angeles is 21:00 in Berlin, where the same hours are closed.
    expect(closedNotice(restaurant, wednesdayAt('12:00'))).toBeNull();
    expect(closedNotice({ ...restaurant, timeZone: 'Europe/Berlin' }, wednesdayAt('12:00'))).toMatchObject({
      headline: 'Closed now · opens tomorrow at 07:30',
      orderAhead: true,
    });
  });
});

// Zones with daylight saving time (Lord Howe moves its clocks by 30 minutes), odd offsets (+05:45,
// +12:45, −03:30) and none.
const TIME_ZONES = [
  'UTC',
  'America/Los_Angeles',
  'Europe/Berlin',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'America/St_Johns',
  'Asia/Tokyo',
];
const clockText = fc
  .integer({ min: 0, max: 24 * 12 - 1 })
  .map(
    (fives) =>
      `${String(Math.floor(fives / 12)).padStart(2, '0')}:${String((fives % 12) * 5).padStart(2, '0')}`,
  );
const range = fc
  .record({ open: clockText, close: clockText })
  .filter((candidate) => candidate.open !== candidate.close);
const hoursArbitrary: fc.Arbitrary<OpeningHours> = fc.record(
  Object.fromEntries(WEEKDAYS.map((day) => [day, fc.array(range, { maxLength: 2 })])) as Record<
    string,
    fc.Arbitrary<{ open: string; close: string }[]>
  >,
);
// Two years around now, with the days the clocks change in them, to the millisecond.
const instant = fc
  .integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2027-12-31T00:00:00Z') })
  .map((ms) => new Date(ms));
// The days the clocks change, where the mistakes would be.
const nearChange = fc
  .constantFrom(
    '2026-03-08T10:00:00Z', // Los Angeles forward
    '2026-11-01T09:00:00Z', // Los Angeles back
    '2026-03-29T01:00:00Z', // Berlin forward
    '2026-10-25T01:00:00Z', // Berlin back
    '2026-04-04T15:00:00Z', // Lord Howe back by 30 minutes
    '2026-10-03T15:30:00Z', // Lord Howe forward by 30 minutes
    '2026-04-04T14:45:00Z', // Chatham back
  )
  .chain((change) =>
    fc
      .integer({ min: -14 * 60, max: 2 * 60 })
      .map((minutes) => new Date(Date.parse(change) + minutes * MINUTE)),
  );
const moment = fc.oneof(instant, nearChange);

describe('pickup slots, for any hours, time zone and moment', () => {
  it('every slot lies in an opening period, on the quarter hour, within the window, and the server takes it', () => {
    fc.assert(
      fc.property(hoursArbitrary, fc.constantFrom(...TIME_ZONES), moment, (hours, timeZone, now) => {
        const wrong: string[] = [];
        let previous = now.getTime();
        for (const slot of pickupSlots(hours, timeZone, now)) {
          const at = new Date(slot.value);
          const ahead = at.getTime() - now.getTime();
          // The clock read afresh for each slot (the walk reads it only every few hours).
          const clock = restaurantClock(timeZone, at);
          const time = `${String(Math.floor(clock.minutes / 60)).padStart(2, '0')}:${String(clock.minutes % 60).padStart(2, '0')}`;
          if (!isOpenAt(hours, clock.day, clock.minutes)) wrong.push(`${slot.value} is closed`);
          if (clock.minutes % PICKUP_SLOT_STEP_MINUTES !== 0) wrong.push(`${slot.value} is off the quarter`);
          if (slot.time !== time || slot.day !== clock.day)
            wrong.push(`${slot.value} is ${clock.day} ${time}`);
          if (ahead < PICKUP_SLOT_LEAD_MINUTES * MINUTE) wrong.push(`${slot.value} is too soon`);
          if (ahead > PICKUP_MAX_AHEAD_HOURS * 60 * MINUTE) wrong.push(`${slot.value} is too far`);
          if (slot.daysAhead !== 0 && slot.daysAhead !== 1)
            wrong.push(`${slot.value}: ${slot.daysAhead} days`);
          if (at.getTime() <= previous) wrong.push(`${slot.value} is out of order`);
          previous = at.getTime();
          // The server takes it when it is sent, and a few minutes later still.
          for (const sent of [now, new Date(now.getTime() + 4 * MINUTE)]) {
            const problem = pickupTimeProblem(at, sent, hours, timeZone);
            if (problem) wrong.push(`${slot.value}: ${problem}`);
          }
        }
        expect(wrong).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('leaves out no quarter hour of an opening period within the window', () => {
    fc.assert(
      fc.property(hoursArbitrary, fc.constantFrom(...TIME_ZONES), moment, (hours, timeZone, now) => {
        const offered = new Set(pickupSlots(hours, timeZone, now).map((slot) => slot.value));
        const first = Math.ceil((now.getTime() + PICKUP_SLOT_LEAD_MINUTES * MINUTE) / MINUTE) * MINUTE;
        const last = now.getTime() + PICKUP_MAX_AHEAD_HOURS * 60 * MINUTE;
        const wrong: string[] = [];
        for (let at = first; at <= last; at += MINUTE) {
          const clock = restaurantClock(timeZone, new Date(at));
          if (clock.minutes % PICKUP_SLOT_STEP_MINUTES !== 0) continue;
          const value = new Date(at).toISOString();
          if (offered.has(value) !== isOpenAt(hours, clock.day, clock.minutes)) wrong.push(value);
        }
        expect(wrong).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });

  it('the first pickup time is the first slot, and ordering ahead is possible exactly when a slot is offered', () => {
    fc.assert(
      fc.property(hoursArbitrary, fc.constantFrom(...TIME_ZONES), moment, (hours, timeZone, now) => {
        const slots = pickupSlots(hours, timeZone, now);
        const first = firstPickupSlot(hours, timeZone, now);
        if (slots.length > 0) expect(first).toEqual(slots[0]);
        else if (first) {
          expect(Date.parse(first.value) - now.getTime()).toBeGreaterThan(
            PICKUP_MAX_AHEAD_HOURS * 60 * MINUTE,
          );
        }
        const notice = closedNotice({ openingHours: hours, timeZone, onlineOrdering: true }, now);
        const clock = restaurantClock(timeZone, now);
        expect(notice === null).toBe(isOpenAt(hours, clock.day, clock.minutes));
        if (notice) expect(notice.orderAhead).toBe(slots.length > 0);
      }),
      { numRuns: 200 },
    );
  });
});
