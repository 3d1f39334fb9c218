import { useSyncExternalStore } from 'react';
import type { PublicMenu, PublicMenuItem } from '../../../shared/contracts/menu';
import { choicesProblem, chosenOptions, unitPriceWith } from '../../../shared/modifier-choices';
import { clampQuantity, MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '../../../shared/order-limits';

/**
 * The guest's cart on `/`: kept in the browser (localStorage), so it
 * survives a reload, signing in or signing up, and is shared by the tabs of one browser. It remembers
 * what the guest saw when adding a line (name and unit price with options), so checkout can say what
 * changed since; the server prices the order from its own menu anyway.
 *
 * Zod-free and small: `/` loads it with the menu.
 */

export interface CartOption {
  id: string;
  groupName: string;
  name: string;
  priceDelta: number;
}

export interface CartLine {
  /** Stable for React keys and for changing one line. */
  key: string;
  menuItemId: string;
  /** As the guest saw it when adding the line. */
  name: string;
  /** The item's price with the chosen options, per one, as seen when adding. */
  unitPrice: number;
  /** In the menu's order of groups and options. */
  optionIds: string[];
  options: CartOption[];
  quantity: number;
  note: string;
}

export interface Cart {
  lines: readonly CartLine[];
}

export const CART_STORAGE_KEY = 'brigade.cart';
const EMPTY: Cart = { lines: [] };

function isLine(value: unknown): value is CartLine {
  if (!value || typeof value !== 'object') return false;
  const line = value as Record<string, unknown>;
  return (
    typeof line.key === 'string' &&
    typeof line.menuItemId === 'string' &&
    typeof line.name === 'string' &&
    Number.isInteger(line.unitPrice) &&
    Array.isArray(line.optionIds) &&
    line.optionIds.every((id) => typeof id === 'string') &&
    Array.isArray(line.options) &&
    Number.isInteger(line.quantity) &&
    (line.quantity as number) >= 1 &&
    (line.quantity as number) <= MAX_LINE_QUANTITY &&
    typeof line.note === 'string'
  );
}

/** The stored cart, or an empty one when there is none or it is not ours (an old format, a hand edit). */
export function parseCart(text: string | null): Cart {
  if (!text) return EMPTY;
  try {
    const value = JSON.parse(text) as { v?: unknown; lines?: unknown };
    if (value.v !== 1 || !Array.isArray(value.lines)) return EMPTY;
    return { lines: value.lines.filter(isLine).slice(0, MAX_ORDER_LINES) };
  } catch {
    return EMPTY;
  }
}

let current: Cart | null = null;
const listeners = new Set<() => void>();

function read(): Cart {
  if (current) return current;
  try {
    current = parseCart(window.localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    // Storage switched off: the cart lives as long as the page.
    current = EMPTY;
  }
  return current;
}

function write(cart: Cart): void {
  current = cart;
  try {
    if (cart.lines.length === 0) window.localStorage.removeItem(CART_STORAGE_KEY);
    else window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ v: 1, lines: cart.lines }));
  } catch {
    // See read().
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
    current = null;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The cart, kept up to date (this tab's changes and other tabs'). The server's render and the first
 * render of a hydrating page see an empty cart, so the page's HTML never depends on the browser.
 */
export function useCart(): Cart {
  return useSyncExternalStore(subscribe, read, () => EMPTY);
}

function makeKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** The line `item` with these options, quantity and note makes, at the menu's price. */
export function lineFor(
  item: PublicMenuItem,
  {
    optionIds = [],
    quantity = 1,
    note = '',
  }: { optionIds?: readonly string[]; quantity?: number; note?: string },
): Omit<CartLine, 'key'> {
  const options = chosenOptions(item, optionIds);
  return {
    menuItemId: item.id,
    name: item.name,
    unitPrice: unitPriceWith(item, optionIds),
    optionIds: options.map((option) => option.id),
    options,
    quantity: clampQuantity(quantity),
    note: note.trim(),
  };
}

function sameLine(a: Omit<CartLine, 'key'>, b: Omit<CartLine, 'key'>): boolean {
  return (
    a.menuItemId === b.menuItemId &&
    a.note === b.note &&
    a.optionIds.length === b.optionIds.length &&
    a.optionIds.every((id) => b.optionIds.includes(id))
  );
}

/** Adds a line (merged into an equal line: same item, options and note). */
export function addToCart(line: Omit<CartLine, 'key'>): void {
  const lines = read().lines;
  const index = lines.findIndex((existing) => sameLine(existing, line));
  if (index >= 0) {
    write({
      lines: lines.map((existing, at) =>
        at === index
          ? { ...line, key: existing.key, quantity: clampQuantity(existing.quantity + line.quantity) }
          : existing,
      ),
    });
    return;
  }
  if (lines.length >= MAX_ORDER_LINES) return;
  write({ lines: [...lines, { ...line, key: makeKey() }] });
}

export function setLineQuantity(key: string, quantity: number): void {
  write({
    lines: read().lines.map((line) =>
      line.key === key ? { ...line, quantity: clampQuantity(quantity) } : line,
    ),
  });
}

export function setLineNote(key: string, note: string): void {
  write({ lines: read().lines.map((line) => (line.key === key ? { ...line, note } : line)) });
}

export function removeLine(key: string): void {
  write({ lines: read().lines.filter((line) => line.key !== key) });
}

/** Replaces the cart's lines (checkout accepting today's prices, reorder). */
export function replaceCart(lines: readonly Omit<CartLine, 'key'>[]): void {
  write({ lines: lines.slice(0, MAX_ORDER_LINES).map((line) => ({ ...line, key: makeKey() })) });
}

export function clearCart(): void {
  write(EMPTY);
}

/** The number of things in the cart (the cart button's count). */
export function cartCount(cart: Cart): number {
  return cart.lines.reduce((sum, line) => sum + line.quantity, 0);
}

export type CartChange =
  | { kind: 'unavailable'; name: string; reason: 'gone' | 'sold-out' | 'choices' }
  | { kind: 'price'; name: string; before: number; after: number };

/**
 * Checks lines against today's menu: each line at today's name and price, and what changed since the
 * guest saw it. An item no longer on the online menu, sold out today, or whose chosen options no longer
 * exist or no longer satisfy its groups is left out and named. Used by checkout (before placing) and
 * by reorder (a past order's lines).
 */
export function reconcileLines(
  lines: readonly Omit<CartLine, 'key'>[],
  menu: PublicMenu,
): { lines: Omit<CartLine, 'key'>[]; changes: CartChange[] } {
  const items = new Map(menu.categories.flatMap((category) => category.items.map((item) => [item.id, item])));
  const kept: Omit<CartLine, 'key'>[] = [];
  const changes: CartChange[] = [];
  for (const line of lines) {
    const item = items.get(line.menuItemId);
    if (!item) {
      changes.push({ kind: 'unavailable', name: line.name, reason: 'gone' });
      continue;
    }
    if (!item.availableToday) {
      changes.push({ kind: 'unavailable', name: item.name, reason: 'sold-out' });
      continue;
    }
    const known = new Set(item.modifierGroups.flatMap((group) => group.options.map((option) => option.id)));
    if (!line.optionIds.every((id) => known.has(id)) || choicesProblem(item, line.optionIds) !== null) {
      changes.push({ kind: 'unavailable', name: item.name, reason: 'choices' });
      continue;
    }
    const today = lineFor(item, { optionIds: line.optionIds, quantity: line.quantity, note: line.note });
    if (today.unitPrice !== line.unitPrice) {
      changes.push({ kind: 'price', name: item.name, before: line.unitPrice, after: today.unitPrice });
    }
    kept.push(today);
  }
  return { lines: kept, changes };
}
