import { randomUUID } from 'node:crypto';
import type { APIRequest, APIRequestContext, Page } from '@playwright/test';
import type { MenuItem } from '../../src/shared/contracts/menu';
import { buildCategory, buildMenuItem, type FactoryClient, uniqueName } from '../support/factories';
import { humanCheckFor } from '../support/human-check';
import { ALWAYS_OPEN_HOURS } from '../support/opening-hours';
import { expect } from './fixtures';
import { apiClient } from './helpers';
import { E2E_USERS } from './users';

/**
 * Set-up and steps the guests' browser tests share (guest-cart, my-orders, guest-journey,
 * ordering-switches): the owner's client with the restaurant open around the clock, customers and
 * staff made through the API, a category of dishes with choices, opening a dish on `/`, the cart
 * button and axe's findings.
 */

export async function signIn(
  request: APIRequestContext,
  baseURL: string,
  user: { email: string; password: string },
) {
  const response = await request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: user.password },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Changes the settings as the owner (reading their version first; another test may save meanwhile). */
export async function patchSettings(
  request: APIRequestContext,
  baseURL: string,
  changes: Record<string, unknown>,
) {
  for (let attempt = 0; ; attempt += 1) {
    const { version } = (await (await request.get('/api/settings')).json()) as { version: number };
    const response = await request.patch('/api/settings', {
      data: { ...changes, version },
      headers: { origin: baseURL },
    });
    if (response.status() === 200) return;
    expect(response.status() === 409 && attempt < 3, await response.text()).toBe(true);
  }
}

/** The owner's client: the restaurant open around the clock with ordering on (tests run at any hour). */
export async function ownerClient(request: APIRequestContext, baseURL: string): Promise<FactoryClient> {
  await signIn(request, baseURL, E2E_USERS.admin);
  await patchSettings(request, baseURL, { openingHours: ALWAYS_OPEN_HOURS, onlineOrdering: true });
  return apiClient(request, baseURL);
}

/** A new customer made through the API (signed up, not signed in). */
export async function newCustomer(request: APIRequestContext, baseURL: string, first: string) {
  const user = {
    name: `${first} Guest ${randomUUID().slice(0, 6)}`,
    email: `${first.toLowerCase()}-${randomUUID().slice(0, 8)}@e2e.brigade`,
    password: 'guest-cart-password-1',
  };
  const response = await request.post('/api/auth/sign-up/email', {
    data: user,
    headers: { origin: baseURL, 'x-human-check': await humanCheckFor(baseURL) },
  });
  expect(response.status(), await response.text()).toBe(200);
  return user;
}

/** A staff member's own request context, to look at the orders as the restaurant sees them. */
export async function staffRequest(requests: APIRequest, baseURL: string, address: string) {
  const staff = await requests.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  await signIn(staff, baseURL, E2E_USERS.staff);
  return staff;
}

export interface Dishes {
  categoryName: string;
  flatWhite: MenuItem;
  soup: MenuItem;
  pie: MenuItem;
}

/** A category with a flat white (a required size, optional extras), a plain soup and a sold-out pie. */
export async function buildDishes(owner: FactoryClient): Promise<Dishes> {
  const category = await buildCategory(owner, { name: uniqueName('Guest cart') });
  const flatWhite = await buildMenuItem(owner, {
    categoryId: category.id,
    name: uniqueName('Flat white'),
    description: 'A double ristretto with silky steamed milk.',
    price: 420,
    station: 'bar',
    modifierGroups: [
      {
        name: 'Size',
        minChoices: 1,
        maxChoices: 1,
        options: [
          { name: 'Regular', priceDelta: 0 },
          { name: 'Large', priceDelta: 150 },
          { name: 'Kids', priceDelta: -50 },
        ],
      },
      {
        name: 'Extras',
        minChoices: 0,
        maxChoices: 2,
        options: [
          { name: 'Extra shot', priceDelta: 75 },
          { name: 'Oat milk', priceDelta: 60 },
          { name: 'Vanilla', priceDelta: 50 },
        ],
      },
    ],
  });
  const soup = await buildMenuItem(owner, {
    categoryId: category.id,
    name: uniqueName('Tomato soup'),
    description: 'Slow-roasted tomatoes, basil and a swirl of cream.',
    price: 650,
  });
  const pie = await buildMenuItem(owner, {
    categoryId: category.id,
    name: uniqueName('Apple pie'),
    price: 480,
    availableToday: false,
  });
  return { categoryName: category.name, flatWhite, soup, pie };
}

/**
 * Opens a dish from its card on `/`. The page arrives as server-rendered HTML: a tap before the
 * JavaScript has hydrated it does nothing, as for a person, so the tap is repeated until it opens.
 */
export async function openDish(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name });
  await expect(async () => {
    if (!(await dialog.isVisible()))
      await page.getByRole('article', { name }).getByRole('button', { name }).click();
    await expect(dialog).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  return dialog;
}

export function cartButton(page: Page) {
  return page.getByRole('button', { name: /^View cart/ });
}
