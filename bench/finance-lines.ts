import type { ExpenseCategory } from '../src/shared/contracts/master-data';

/**
 * A year of a busy cafe's books for the bench's finance lines: 3,000 expenses over the last 365 days
 * in every category from the bank and the drawer, two takings entered by hand a day, budgets for the
 * last twelve months, and 150 purchase orders sent, received and paid. Made through the API (as an
 * owner would), eight requests at a time, before any finance line is measured.
 */

type Headers = Record<string, string>;

export interface FinanceYear {
  bankId: string;
  categoryId: string;
  supplierId: string;
  yearAgo: string;
}

async function call<T>(
  base: string,
  headers: Headers,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function inParallel<T>(inputs: T[], workers: number, work: (input: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < inputs.length) {
        const input = inputs[next++] as T;
        await work(input);
      }
    }),
  );
}

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

export async function prepareFinanceYear(base: string, cookie: string): Promise<FinanceYear> {
  const headers = { cookie };
  const started = performance.now();
  const categories = (
    await call<{ items: ExpenseCategory[] }>(base, headers, 'GET', '/api/expense-categories?limit=100')
  ).items.filter((category) => category.active);
  const accounts = (
    await call<{ items: { id: string; name: string; type: string; active: boolean }[] }>(
      base,
      headers,
      'GET',
      '/api/bank-accounts?limit=100',
    )
  ).items.filter((account) => account.active);
  const bank = accounts.find((account) => account.type === 'bank') ?? accounts[0];
  const cash = accounts.find((account) => account.type === 'cash') ?? bank;
  if (!bank || !cash || categories.length === 0)
    throw new Error('the bench needs the demo’s accounts and categories');

  // Money in first, so the accounts carry the year's spending.
  const takings = Array.from({ length: 365 }, (_, index) => index + 1);
  await inParallel(takings, 8, async (daysAgo) => {
    for (const [account, amount] of [
      [cash.id, 90_000],
      [bank.id, 400_000],
    ] as const) {
      await call(base, headers, 'POST', '/api/bank-transactions', {
        accountId: account,
        kind: 'deposit',
        amount,
        date: day(daysAgo),
        description: 'Takings of the day',
      });
    }
  });
  const expenses = Array.from({ length: 3000 }, (_, index) => index);
  await inParallel(expenses, 8, (index) =>
    call(base, headers, 'POST', '/api/expenses', {
      date: day(1 + (index % 365)),
      categoryId: categories[index % categories.length]?.id,
      amount: 500 + ((index * 7919) % 40_000),
      description: index % 11 === 0 ? `Repair ${index}` : `Bench expense ${index}`,
      accountId: index % 3 === 0 ? cash.id : bank.id,
      reference: `B-${index}`,
    }),
  );
  const months = Array.from({ length: 12 }, (_, index) => day(index * 30).slice(0, 7));
  for (const month of new Set(months)) {
    await call(base, headers, 'PUT', '/api/budget-allocations', {
      month,
      lines: categories.map((category) => ({ categoryId: category.id, amount: 600_000 })),
    });
  }

  // 150 purchase orders of the demo's pantry items, sent, received and paid.
  const items = (
    await call<{ items: { id: string; preferredSupplierId: string | null }[] }>(
      base,
      headers,
      'GET',
      '/api/inventory/items?limit=100',
    )
  ).items.filter((item) => item.preferredSupplierId);
  const supplierId = items[0]?.preferredSupplierId as string;
  const mine = items.filter((item) => item.preferredSupplierId === supplierId);
  await inParallel(
    Array.from({ length: 150 }, (_, index) => index),
    8,
    async (index) => {
      const item = mine[index % mine.length] as { id: string };
      const draft = await call<{ id: string; version: number; lines: { id: string }[] }>(
        base,
        headers,
        'POST',
        '/api/purchase-orders',
        { supplierId, lines: [{ inventoryItemId: item.id, quantity: '5', unitCost: 400 + (index % 50) }] },
      );
      const sent = await call<{ version: number }>(
        base,
        headers,
        'POST',
        `/api/purchase-orders/${draft.id}/status`,
        {
          status: 'ordered',
          version: draft.version,
        },
      );
      void sent;
      const received = await call<{ owed: number }>(
        base,
        headers,
        'POST',
        `/api/purchase-orders/${draft.id}/receipts`,
        {
          lines: [{ lineId: draft.lines[0]?.id, quantity: '5' }],
        },
      );
      // Most paid, some in part, the newest not yet.
      const amount = index < 120 ? received.owed : index < 135 ? Math.floor(received.owed / 2) : 0;
      if (amount > 0) {
        await call(base, headers, 'POST', `/api/purchase-orders/${draft.id}/payments`, {
          accountId: bank.id,
          amount,
          date: day(0),
        });
      }
    },
  );
  console.log(
    `A year of books made for the finance lines: 730 takings, 3000 expenses, 12 months of budgets, 150 purchase orders (${Math.round((performance.now() - started) / 1000)} s).`,
  );
  return {
    bankId: bank.id,
    categoryId: categories[0]?.id as string,
    supplierId,
    yearAgo: day(365),
  };
}
