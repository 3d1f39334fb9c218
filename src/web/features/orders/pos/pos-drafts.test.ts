import { describe, expect, it } from 'vitest';
import type { PointOfSaleItem } from '../../../../shared/contracts/orders';
import { EMPTY_DETAILS } from './cart';
import {
  DRAFT_LIFETIME_MS,
  type DraftStorage,
  draftsKey,
  NO_DRAFTS,
  type PosDraft,
  parseDrafts,
  pruneStoredDrafts,
  readDrafts,
  serializeDrafts,
  slotOf,
  tableOfSlot,
  updateDrafts,
  withDraft,
} from './pos-drafts';

/** The Web Storage API over a map, as localStorage behaves within one page. */
class MapStorage implements DraftStorage {
  readonly values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
  key(index: number) {
    return [...this.values.keys()][index] ?? null;
  }
  get length() {
    return this.values.size;
  }
}

/** A storage the browser refuses to use (switched off, or full). */
const refusing: DraftStorage = {
  getItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('full', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
  key: () => null,
  length: 0,
};

const soup: PointOfSaleItem = {
  id: 'soup',
  name: 'Tomato soup',
  price: 700,
  photoUrl: null,
  availableToday: true,
  station: 'kitchen',
  modifierGroups: [],
};

const NOW = Date.UTC(2026, 4, 1, 12);
const HOUR = 60 * 60 * 1000;

function draft(tableId: string, savedAt = NOW, overrides: Partial<PosDraft> = {}): PosDraft {
  return {
    savedAt,
    lines: [{ key: 'line-1', item: soup, optionIds: [], quantity: 2, note: 'no basil' }],
    details: { ...EMPTY_DETAILS, type: tableId ? 'dine-in' : 'takeaway', tableId, customerName: 'Dana' },
    discountDraft: { kind: 'percent', value: '10', reason: 'Regular' },
    coupon: null,
    lineCount: 1,
    check: null,
    newCheck: false,
    idempotencyKey: `key-${tableId || 'counter'}`,
    refusedBody: null,
    ...overrides,
  };
}

describe('the slot of a point of sale draft', () => {
  it('is the table for dine-in at a table, and the counter for everything else', () => {
    expect(slotOf({ type: 'dine-in', tableId: 't1' })).toBe('table:t1');
    expect(slotOf({ type: 'dine-in', tableId: '' })).toBe('counter');
    // A table chosen before switching to takeaway or delivery does not make it a table's order.
    expect(slotOf({ type: 'takeaway', tableId: 't1' })).toBe('counter');
    expect(slotOf({ type: 'delivery', tableId: '' })).toBe('counter');
    expect(tableOfSlot('table:t1')).toBe('t1');
    expect(tableOfSlot('counter')).toBeNull();
  });
});

describe('keeping point of sale drafts', () => {
  it('keeps one draft per table and one for the counter, and gives them back as they were', () => {
    const storage = new MapStorage();
    updateDrafts(storage, 'user-1', NOW, (drafts) => withDraft(drafts, 'table:t1', draft('t1')));
    updateDrafts(storage, 'user-1', NOW, (drafts) => withDraft(drafts, 'table:t2', draft('t2')));
    const kept = updateDrafts(storage, 'user-1', NOW, (drafts) => ({
      ...withDraft(drafts, 'counter', draft('')),
      active: 'table:t2',
    }));
    expect(readDrafts(storage, 'user-1', NOW)).toEqual(kept);
    expect(kept.active).toBe('table:t2');
    expect(Object.keys(kept.drafts).sort()).toEqual(['counter', 'table:t1', 'table:t2']);
    expect(kept.drafts['table:t1']).toEqual(draft('t1'));
    expect(kept.drafts.counter?.details.type).toBe('takeaway');
  });

  it('keeps each signed-in person’s drafts apart', () => {
    const storage = new MapStorage();
    updateDrafts(storage, 'user-1', NOW, (drafts) => withDraft(drafts, 'table:t1', draft('t1')));
    expect(readDrafts(storage, 'user-2', NOW)).toEqual(NO_DRAFTS);
    expect(Object.keys(readDrafts(storage, 'user-1', NOW).drafts)).toEqual(['table:t1']);
    expect([...storage.values.keys()]).toEqual([draftsKey('user-1')]);
  });

  it('empties a slot, and removes the entry once no draft is left', () => {
    const storage = new MapStorage();
    updateDrafts(storage, 'user-1', NOW, (drafts) => withDraft(drafts, 'table:t1', draft('t1')));
    updateDrafts(storage, 'user-1', NOW, (drafts) => withDraft(drafts, 'table:t2', draft('t2')));
    updateDrafts(storage, 'user-1', NOW, (drafts) => withDraft(drafts, 'table:t1', null));
    expect(Object.keys(readDrafts(storage, 'user-1', NOW).drafts)).toEqual(['table:t2']);
    updateDrafts(storage, 'user-1', NOW, (drafts) => withDraft(drafts, 'table:t2', null));
    expect(storage.values.size).toBe(0);
  });

  it('keeps a draft for 24 hours after its last change', () => {
    const storage = new MapStorage();
    updateDrafts(storage, 'user-1', NOW, (drafts) => withDraft(drafts, 'table:t1', draft('t1')));
    updateDrafts(storage, 'user-1', NOW, (drafts) =>
      withDraft(drafts, 'table:t2', draft('t2', NOW - 20 * HOUR)),
    );
    expect(Object.keys(readDrafts(storage, 'user-1', NOW + DRAFT_LIFETIME_MS).drafts)).toEqual(['table:t1']);
    expect(readDrafts(storage, 'user-1', NOW + DRAFT_LIFETIME_MS + 1)).toEqual({
      active: 'counter',
      drafts: {},
    });
    // A draft dated a day ahead comes from a clock set wrong: it is not kept either.
    const ahead = serializeDrafts({
      active: 'counter',
      drafts: { 'table:t1': draft('t1', NOW + 25 * HOUR) },
    });
    expect(parseDrafts(ahead, NOW).drafts).toEqual({});
  });

  it('ignores what is stored in another format, half written or edited by hand', () => {
    for (const text of [
      null,
      '',
      'not json',
      '{"v":1,"active":"counter","drafts":',
      'null',
      '42',
      '[]',
      '{"active":"counter","drafts":{}}',
      '{"v":2,"active":"counter","drafts":{}}',
      '{"v":1,"active":"counter","drafts":null}',
      '{"v":1,"active":"counter","drafts":"table:t1"}',
    ]) {
      expect(parseDrafts(text, NOW), String(text)).toEqual(NO_DRAFTS);
    }
  });

  it('drops a broken draft and keeps the others', () => {
    const good = draft('t1');
    const text = JSON.stringify({
      v: 1,
      active: 'table:t9',
      drafts: {
        'table:t1': good,
        // A line without its item, a quantity out of range, a wrong order type, a missing key.
        'table:t2': { ...draft('t2'), lines: [{ key: 'line-1', quantity: 1, optionIds: [], note: '' }] },
        'table:t3': draft('t3', NOW, { lines: [{ ...good.lines[0]!, quantity: 0 }] }),
        'table:t4': { ...draft('t4'), details: { ...draft('t4').details, type: 'drive-through' } },
        'table:t5': { ...draft('t5'), idempotencyKey: undefined },
        // Two lines with one key would change together.
        'table:t6': draft('t6', NOW, { lines: [good.lines[0]!, good.lines[0]!] }),
        // A draft under another slot than its own, and slots that are not slots.
        'table:t7': draft('t8'),
        'table:': draft(''),
        kitchen: draft(''),
      },
    });
    const drafts = parseDrafts(text, NOW);
    expect(Object.keys(drafts.drafts)).toEqual(['table:t1']);
    expect(drafts.drafts['table:t1']).toEqual(good);
    // The slot to open with is kept even when its draft is gone (it then opens empty).
    expect(drafts.active).toBe('table:t9');
    expect(parseDrafts('{"v":1,"active":"bar","drafts":{}}', NOW).active).toBe('counter');
  });

  it('keeps the check a table’s round is for; a draft kept before rounds is a new order', () => {
    const round = draft('t1', NOW, { check: 'order-1042', newCheck: false });
    const fresh = draft('t2', NOW, { newCheck: true });
    const { check: _check, newCheck: _newCheck, ...older } = draft('t3');
    const text = JSON.stringify({
      v: 1,
      active: 'table:t1',
      drafts: {
        'table:t1': round,
        'table:t2': fresh,
        'table:t3': older,
        'table:t4': draft('t4', NOW, { check: '' }),
        'table:t5': { ...draft('t5'), check: 1042 },
      },
    });
    const drafts = parseDrafts(text, NOW);
    expect(Object.keys(drafts.drafts)).toEqual(['table:t1', 'table:t2', 'table:t3']);
    expect(drafts.drafts['table:t1']).toEqual(round);
    expect(drafts.drafts['table:t2']?.newCheck).toBe(true);
    expect(drafts.drafts['table:t3']).toEqual(draft('t3'));
  });

  it('goes on without drafts when the browser refuses its storage', () => {
    expect(readDrafts(refusing, 'user-1', NOW)).toEqual(NO_DRAFTS);
    const kept = updateDrafts(refusing, 'user-1', NOW, (drafts) =>
      withDraft(drafts, 'table:t1', draft('t1')),
    );
    expect(Object.keys(kept.drafts)).toEqual(['table:t1']);
    expect(() => pruneStoredDrafts(refusing, NOW)).not.toThrow();
  });

  it('prunes every person’s old drafts from the device, leaving other values alone', () => {
    const storage = new MapStorage();
    storage.setItem('brigade.cart', '{"v":1,"lines":[]}');
    updateDrafts(storage, 'user-1', NOW - 30 * HOUR, (drafts) =>
      withDraft(drafts, 'table:t1', draft('t1', NOW - 30 * HOUR)),
    );
    updateDrafts(storage, 'user-2', NOW, (drafts) =>
      withDraft(withDraft(drafts, 'table:t1', draft('t1', NOW - 30 * HOUR)), 'table:t2', draft('t2')),
    );
    storage.setItem(draftsKey('user-3'), 'garbage');
    pruneStoredDrafts(storage, NOW);
    expect([...storage.values.keys()].sort()).toEqual(['brigade.cart', draftsKey('user-2')]);
    expect(Object.keys(parseDrafts(storage.getItem(draftsKey('user-2')), NOW).drafts)).toEqual(['table:t2']);
    expect(JSON.parse(storage.getItem(draftsKey('user-2'))!).drafts).not.toHaveProperty('table:t1');
  });
});
