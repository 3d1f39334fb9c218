import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp, type TestUser } from '../support/test-app';

/**
 * The hostile-input run: every operation of the app's own OpenAPI document, anonymous and as a
 * customer (and the reading operations also as the administrator, who reaches every list), with empty, malformed, oversized, NUL-carrying, wrongly typed and prototype-polluting
 * bodies, path parameters and query parameters. Whatever it sends, no answer may be a 5xx: bad input
 * is the caller's mistake (400, 401, 403, 404, 413, 429), never a server fault.
 */

let t: TestApp;
let customer: TestUser | null = null;
let spec: OpenApiDocument;

interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  format?: string;
}
interface Operation {
  parameters?: { name: string; in: 'path' | 'query' | 'header' | 'cookie'; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  description?: string;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

beforeAll(async () => {
  t = await createTestApp();
  spec = (await (await t.get('/api/openapi.json')).json()) as OpenApiDocument;
});
afterAll(() => t.close());

function resolve(schema: Schema | undefined): Schema | undefined {
  if (!schema?.$ref) return schema;
  const name = schema.$ref.split('/').at(-1) as string;
  return resolve(spec.components?.schemas?.[name]);
}

const NUL = 'x\u0000y';
const HUGE = 'a'.repeat(20_000);
const OVERSIZED = 'a'.repeat(1.5 * 1024 * 1024);

/** A value of the wrong type for the schema. */
function wrongType(schema: Schema | undefined): unknown {
  const type = resolve(schema)?.type;
  const types = Array.isArray(type) ? type : [type];
  if (types.includes('string')) return { nested: [1, 2, 3] };
  if (types.includes('array')) return 'not-a-list';
  if (types.includes('object')) return ['not', 'an', 'object'];
  return 'not-a-number';
}

interface Case {
  name: string;
  path?: string;
  query?: string;
  body?: BodyInit | null;
  contentType?: string;
}

function documentedFields(operation: Operation): Record<string, Schema> {
  const schema = resolve(operation.requestBody?.content?.['application/json']?.schema);
  return schema?.properties ?? {};
}

function bodyCases(operation: Operation): Case[] {
  const json = (name: string, value: unknown): Case => ({
    name,
    body: typeof value === 'string' ? value : JSON.stringify(value),
    contentType: 'application/json',
  });
  const fields = Object.entries(documentedFields(operation));
  const every = (value: (schema: Schema) => unknown) =>
    Object.fromEntries(fields.map(([name, schema]) => [name, value(schema)]));
  const cases: Case[] = [
    { name: 'no body' },
    { name: 'empty JSON body', body: '', contentType: 'application/json' },
    json('body null', 'null'),
    json('body "x"', '"x"'),
    json('body 1', '1'),
    json('body []', '[]'),
    json('body {}', '{}'),
    json('malformed JSON', '{"name": '),
    json('JSON with a raw NUL', '{"name":"a\u0000b"}'),
    json('oversized body', JSON.stringify({ name: OVERSIZED })),
    json('deeply nested', `${'['.repeat(5000)}${']'.repeat(5000)}`),
    json('__proto__', '{"__proto__":{"admin":true,"role":"admin"}}'),
    json('constructor.prototype', '{"constructor":{"prototype":{"admin":true,"role":"admin"}}}'),
    json('NUL key', { 'na\u0000me': 'x' }),
    { name: 'text/plain JSON', body: '{"name":"x"}', contentType: 'text/plain' },
    {
      name: 'form-urlencoded NUL',
      body: 'name=a%00b&email=x',
      contentType: 'application/x-www-form-urlencoded',
    },
    { name: 'multipart garbage', body: '--x\r\nnot really', contentType: 'multipart/form-data; boundary=x' },
  ];
  if (fields.length > 0) {
    cases.push(
      json(
        'every field NUL',
        every(() => NUL),
      ),
      json(
        'every field huge',
        every(() => HUGE),
      ),
      json('every field wrong type', every(wrongType)),
      json(
        'every field null',
        every(() => null),
      ),
      json(
        'every field a NUL list',
        every(() => [NUL, { [NUL]: NUL }]),
      ),
      json(
        'every field year 0',
        every(() => '0000-01-01'),
      ),
      json(
        'every field year 10000',
        every(() => '+010000-01-01T00:00:00Z'),
      ),
      json(
        'every field a huge number',
        every(() => 1e308),
      ),
    );
  }
  const multipart = operation.requestBody?.content?.['multipart/form-data']?.schema;
  if (multipart) {
    const field = Object.keys(resolve(multipart)?.properties ?? { file: {} })[0] as string;
    const form = (build: (data: FormData) => void, name: string): Case => {
      const data = new FormData();
      build(data);
      return { name, body: data };
    };
    cases.push(
      form((data) => data.set(field, NUL), 'multipart: field as NUL text'),
      form(
        (data) => data.set(field, new File([NUL], 'x.png', { type: 'image/png' })),
        'multipart: not a picture',
      ),
      form((data) => data.set(`${field}\u0000`, new File(['x'], 'x.png')), 'multipart: NUL field name'),
      form(() => {}, 'multipart: empty form'),
    );
  }
  return cases;
}

function queryCases(method: string, operation: Operation): Case[] {
  const names = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  // A parameter a reading operation does not document must be refused (or ignored) just as calmly.
  if (method === 'get' && !names.includes('search')) names.push('search');
  const cases: Case[] = [];
  for (const name of names) {
    const values: [string, string][] = [
      ['NUL', '%00'],
      ['empty', ''],
      ['huge', 'a'.repeat(10_000)],
      ['not UTF-8', '%ff%fe'],
      ['far past', '0001-01-01'],
      ['far future', '9999-12-31T23:59:59Z'],
      ['huge number', '99999999999999999999'],
      ['negative', '-1'],
      ['prototype', '__proto__'],
    ];
    for (const [what, value] of values)
      cases.push({ name: `query ${name} ${what}`, query: `${name}=${value}` });
    cases.push({ name: `query ${name} as a list`, query: `${name}=a&${name}=b` });
    cases.push({ name: `query ${name}[] as a list`, query: `${name}[]=a&${name}[0]=b` });
  }
  return cases;
}

const PATH_VALUES: [string, string][] = [
  ['NUL', '%00'],
  ['NUL inside', 'ab%00cd'],
  ['dot-dot', '..%2f..%2fetc%2fpasswd'],
  ['10k characters', 'a'.repeat(10_000)],
  ['not a uuid', 'not-a-uuid'],
  ['unknown uuid', randomUUID()],
  ['number', '-1'],
  ['bad escape', '%zz'],
];

function fill(template: string, value: string): string {
  return template.replace(/\{[^}]+\}/g, value);
}

function pathCases(template: string): Case[] {
  if (!template.includes('{')) return [];
  return PATH_VALUES.map(([what, value]) => ({ name: `path ${what}`, path: fill(template, value) }));
}

async function send(
  method: string,
  template: string,
  item: Case,
  as: TestUser | { cookie: string } | null,
  humanChecked: boolean,
) {
  const path = item.path ?? fill(template, randomUUID());
  const headers: Record<string, string> = {};
  if (item.contentType) headers['content-type'] = item.contentType;
  if (humanChecked) headers['x-human-check'] = await t.humanCheck();
  const url = item.query ? `${path}?${item.query}` : path;
  const response = await t.request(
    url,
    { method: method.toUpperCase(), body: item.body ?? undefined, headers },
    { as, headers },
  );
  await response.arrayBuffer();
  return response.status;
}

/** A signed-in customer; made again when an operation (sign-out, delete account) ended the session. */
async function signedInCustomer(): Promise<TestUser> {
  if (customer && (await t.get('/api/me', { as: customer })).status === 200) return customer;
  customer = await t.buildUser({ role: 'customer' });
  return customer;
}

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  for (let index = 0; index < items.length; index += size) {
    await Promise.all(items.slice(index, index + size).map(work));
  }
}

describe('hostile input over the OpenAPI document', () => {
  it('gives no 5xx for any operation, case or caller', { timeout: 180_000 }, async () => {
    const failures: string[] = [];
    const admin = { cookie: await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD) };
    let sent = 0;
    const operations = Object.entries(spec.paths).flatMap(([template, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ template, method, operation })),
    );
    expect(operations.length).toBeGreaterThan(50);
    for (const { template, method, operation } of operations) {
      const humanChecked = /X-Human-Check/i.test(operation.description ?? '');
      const cases = [
        ...(method === 'get' || method === 'delete' ? [{ name: 'plain' } as Case] : bodyCases(operation)),
        ...queryCases(method, operation),
        ...pathCases(template),
      ];
      const callers: [string, TestUser | { cookie: string } | null][] = [
        ['anonymous', null],
        ['customer', await signedInCustomer()],
      ];
      // Only reading: the administrator's writes would delete the very records the run goes through.
      if (method === 'get') callers.push(['admin', admin]);
      for (const [who, as] of callers) {
        await inBatches(cases, 16, async (item) => {
          sent += 1;
          const status = await send(method, template, item, as, humanChecked).catch((error: Error) => {
            failures.push(
              `${method.toUpperCase()} ${template} [${item.name}] ${who}: threw ${error.message}`,
            );
            return 0;
          });
          if (status >= 500) {
            failures.push(`${method.toUpperCase()} ${template} [${item.name}] ${who}: ${status}`);
          }
        });
      }
    }
    expect(sent).toBeGreaterThan(1000);
    console.info(`hostile input: ${operations.length} operations, ${sent} requests`);
    expect(failures, `${failures.length} answers of 5xx:\n${failures.join('\n')}`).toEqual([]);
  });
});
