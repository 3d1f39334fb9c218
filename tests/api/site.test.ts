import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectErrorBody, type TestApp, type TestUser } from '../support/test-app';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.buildUser({ role: 'admin' });
});
afterAll(() => t.close());

interface LegalPage {
  page: string;
  title: string;
  text: string;
  isDefault: boolean;
  updatedAt: string;
}

async function readPage(page: string): Promise<LegalPage> {
  const response = await t.get(`/api/site/pages/${page}`);
  expect(response.status).toBe(200);
  return (await response.json()) as LegalPage;
}

async function setLegalTexts(texts: Record<string, string>) {
  const response = await t.patchLatest('/api/settings', { legalTexts: texts }, { as: admin });
  expect(response.status, await response.clone().text()).toBe(200);
}

describe('GET /api/site/pages/:page', () => {
  it.each([
    ['terms', 'Terms of Service'],
    ['privacy', 'Privacy Policy'],
    ['refund', 'Refund Policy'],
    ['delivery', 'Delivery Policy'],
  ])('gives the built-in %s page with its title', async (page, title) => {
    const body = await readPage(page);
    expect(body).toEqual({
      page,
      title,
      text: expect.any(String),
      isDefault: true,
      updatedAt: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(body.updatedAt))).toBe(false);
    expect(body.text).toMatch(/^## /m);
    expect(body.text).toContain('Brigade Cafe');
    expect(body.text).not.toMatch(/undefined|null|\$\{/);
    // Blank-line paragraphs: no block is empty, no run of three line breaks.
    expect(body.text).not.toMatch(/\n{3,}/);
  });

  it('has a cookies section in the privacy policy naming what the site stores', async () => {
    const { text } = await readPage('privacy');
    expect(text).toMatch(/^## Cookies and browser storage$/m);
    for (const name of ['brigade.session_token', 'cookieConsent', 'cookieConsentDate']) {
      expect(text).toContain(name);
    }
    expect(text).toMatch(/no advertising, analytics or other third-party trackers/);
    expect(text).toMatch(/our own server/);
  });

  it('puts the restaurant’s name and contact details into the built-in texts, each on one line', async () => {
    const response = await t.patchLatest(
      '/api/settings',
      {
        name: 'Cafe Lumen',
        address: '12 Harbour Street\nPortside',
        phone: '+1 555 010 2000',
        email: 'hello@lumen.example',
      },
      { as: admin },
    );
    expect(response.status).toBe(200);
    const { text } = await readPage('terms');
    expect(text).toContain('Cafe Lumen (12 Harbour Street, Portside)');
    expect(text).toContain('by e-mail at hello@lumen.example, by phone at +1 555 010 2000');
    expect((await readPage('delivery')).text).toContain('12 Harbour Street, Portside');
  });

  it('gives the restaurant’s own text when the settings have one', async () => {
    await setLegalTexts({ refund: 'Our own refund rules.\n\n## Returns\n\nNone.' });
    const body = await readPage('refund');
    expect(body).toMatchObject({ page: 'refund', title: 'Refund Policy', isDefault: false });
    expect(body.text).toBe('Our own refund rules.\n\n## Returns\n\nNone.');
    expect((await readPage('terms')).isDefault).toBe(true);
  });

  it('adds the cookies section to the restaurant’s own privacy text when it has none', async () => {
    await setLegalTexts({ privacy: 'We are careful with your data.' });
    const body = await readPage('privacy');
    expect(body.isDefault).toBe(false);
    expect(body.text.startsWith('We are careful with your data.\n\n## Cookies and browser storage')).toBe(
      true,
    );

    await setLegalTexts({ privacy: 'Intro.\n\n## Our cookies\n\nOnly the session cookie.' });
    expect((await readPage('privacy')).text).toBe('Intro.\n\n## Our cookies\n\nOnly the session cookie.');

    await setLegalTexts({ privacy: '' });
    expect((await readPage('privacy')).isDefault).toBe(true);
  });

  it.each(['TERMS', 'terms.json', 'imprint', 'x'.repeat(300), '%2e%2e'])(
    'answers 404 with the envelope for page %s',
    async (page) => {
      await expectErrorBody(await t.get(`/api/site/pages/${page}`), 404, 'not-found');
    },
  );

  it('answers 400 for a page name with a NUL character (refused for every path)', async () => {
    await expectErrorBody(await t.get('/api/site/pages/privacy%00'), 400, 'invalid-argument');
  });

  it('answers 404 for a missing page name', async () => {
    await expectErrorBody(await t.get('/api/site/pages/'), 404, 'not-found');
  });

  it('sends Cache-Control: no-cache and an ETag, and a 304 for a matching If-None-Match', async () => {
    const first = await t.get('/api/site/pages/delivery');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);

    const again = await t.get('/api/site/pages/delivery', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);

    const weakInList = await t.get('/api/site/pages/delivery', {
      headers: { 'if-none-match': `"other", W/${etag}` },
    });
    expect(weakInList.status).toBe(304);

    const stale = await t.get('/api/site/pages/delivery', { headers: { 'if-none-match': '"stale"' } });
    expect(stale.status).toBe(200);

    await setLegalTexts({ delivery: 'We deliver within 3 km.' });
    const changed = await t.get('/api/site/pages/delivery', { headers: { 'if-none-match': etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(((await changed.json()) as LegalPage).text).toBe('We deliver within 3 km.');
  });

  it('is public', async () => {
    const response = await t.get('/api/site/pages/terms', { as: null });
    expect(response.status).toBe(200);
  });
});

describe('GET /api/site/contact', () => {
  it('gives the restaurant’s name, address, phone and e-mail, to anyone', async () => {
    await t.patchLatest(
      '/api/settings',
      {
        name: 'Cafe Lumen',
        address: '12 Harbour Street',
        phone: '+1 555 010 2000',
        email: 'hi@lumen.example',
      },
      { as: admin },
    );
    const response = await t.get('/api/site/contact');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      name: 'Cafe Lumen',
      address: '12 Harbour Street',
      phone: '+1 555 010 2000',
      email: 'hi@lumen.example',
    });
  });
});
