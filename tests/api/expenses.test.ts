import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalance } from '../../src/server/modules/ledger';
import type { AuditEntry } from '../../src/shared/contracts/audit';
import { EXPENSES_API, type Expense, type ExpensePage } from '../../src/shared/contracts/expenses';
import { type AccountLedger, LEDGER_API } from '../../src/shared/contracts/ledger';
import type { BankAccount, ExpenseCategory, Supplier } from '../../src/shared/contracts/master-data';
import { restaurantToday } from '../../src/shared/coupon-rules';
import { buildBankAccount, buildSupplier } from '../support/factories';
import { settingsForPayments } from '../support/payments';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app';

/**
 * Expenses: each one's withdrawal written with it, moved when its money changes, reversed when it is
 * voided; the lock date and reconciled rows; the list's filters and totals, the CSV file, receipts.
 */
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let staff: TestUser;
let drawer: BankAccount;
let bank: BankAccount;
let rent: ExpenseCategory;
let repairs: ExpenseCategory;
let landlord: Supplier;

const today = () => restaurantToday('UTC');
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

async function category(name: string): Promise<ExpenseCategory> {
  const response = await t.post('/api/expense-categories', { name }, { as: admin });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as ExpenseCategory;
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, staff] = (await Promise.all([
    t.buildUser({ role: 'admin' }),
    t.buildUser({ role: 'manager' }),
    t.buildUser({ role: 'staff' }),
  ])) as [TestUser, TestUser, TestUser];
  await settingsForPayments(t, admin, { timeZone: 'UTC' });
  drawer = await buildBankAccount(t, { name: 'Drawer', type: 'cash', openingBalance: 50_000 }, { as: admin });
  bank = await buildBankAccount(t, { name: 'Bank', type: 'bank', openingBalance: 900_000 }, { as: admin });
  rent = await category(`Rent ${Date.now()}`);
  repairs = await category(`Repairs ${Date.now()}`);
  landlord = await buildSupplier(t, { name: `Landlord ${Date.now()}` }, { as: admin });
});
afterAll(() => t.close());

async function record(body: Record<string, unknown> = {}): Promise<Expense> {
  const response = await t.post(
    EXPENSES_API.expenses,
    {
      date: today(),
      categoryId: repairs.id,
      amount: 4_500,
      description: 'Plumber',
      accountId: drawer.id,
      ...body,
    },
    { as: admin },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Expense;
}

async function ledgerRows(expenseId: string) {
  const result = await t.db.execute<{ account_id: string; kind: string; amount: string; booked_on: string }>(
    sql`select account_id, kind, amount, booked_on::text from bank_transactions
        where source_kind = 'expense' and source_id = ${expenseId} order by occurred_at, amount`,
  );
  return result.rows.map((row) => ({
    accountId: row.account_id,
    kind: row.kind,
    amount: Number(row.amount),
    bookedOn: row.booked_on,
  }));
}

async function audits(targetId: string): Promise<AuditEntry[]> {
  const response = await t.get('/api/admin/audit?area=finance&limit=500', { as: admin });
  const { items } = (await response.json()) as { items: AuditEntry[] };
  return items.filter((item) => item.targetId === targetId);
}

async function lockBooks(until: string | null): Promise<Response> {
  return t.patchLatest('/api/settings', { booksLockedUntil: until }, { as: admin });
}

describe('recording an expense', () => {
  it('writes the expense and its withdrawal on its date, in one transaction, audited', async () => {
    const before = await accountBalance(t.db, drawer.id);
    const expense = await record({
      date: daysAgo(2),
      amount: 12_345,
      supplierId: landlord.id,
      reference: 'INV-77',
    });
    expect(expense).toMatchObject({
      date: daysAgo(2),
      amount: 12_345,
      status: 'recorded',
      categoryName: repairs.name,
      accountName: 'Drawer',
      supplierName: landlord.name,
      reference: 'INV-77',
      receipt: null,
      version: 1,
    });
    expect(await accountBalance(t.db, drawer.id)).toBe(before - 12_345);
    expect(await ledgerRows(expense.id)).toEqual([
      { accountId: drawer.id, kind: 'withdrawal', amount: -12_345, bookedOn: daysAgo(2) },
    ]);
    const [audit] = await audits(expense.id);
    expect(audit).toMatchObject({ action: 'expense.recorded' });
    // The account's page names where the row came from.
    const page = (await (
      await t.get(`${LEDGER_API.accountTransactions(drawer.id)}?from=${daysAgo(2)}&to=${daysAgo(2)}`, {
        as: admin,
      })
    ).json()) as AccountLedger;
    expect(page.items.find((row) => row.source.id === expense.id)).toMatchObject({
      source: { kind: 'expense', id: expense.id },
      amount: -12_345,
    });
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const before = await accountBalance(t.db, drawer.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 0 }, 'amount'],
      [{ amount: 1.5 }, 'amount'],
      [{ date: '2026-02-30' }, 'date'],
      [{ categoryId: 'nope' }, 'categoryId'],
      [{ categoryId: crypto.randomUUID() }, 'categoryId'],
      [{ accountId: crypto.randomUUID() }, 'accountId'],
      [{ supplierId: crypto.randomUUID() }, 'supplierId'],
      [{ description: '   ' }, 'description'],
      [{ surprise: true }, 'surprise'],
    ];
    for (const [change, field] of cases) {
      const response = await t.post(
        EXPENSES_API.expenses,
        {
          date: today(),
          categoryId: repairs.id,
          amount: 100,
          description: 'x',
          accountId: drawer.id,
          ...change,
        },
        { as: admin },
      );
      expect(response.status, JSON.stringify(change)).toBe(400);
      const body = (await response.json()) as { error: { details?: { issues?: { path: string }[] } } };
      expect(body.error.details?.issues?.map((issue) => issue.path)).toContain(field);
    }
    expect(await accountBalance(t.db, drawer.id)).toBe(before);
  });

  it('refuses an archived account or category', async () => {
    const old = await buildBankAccount(t, { name: `Old till ${Date.now()}` }, { as: admin });
    expect(
      (await t.patchLatest(`/api/bank-accounts/${old.id}`, { active: false }, { as: admin })).status,
    ).toBe(200);
    const response = await t.post(
      EXPENSES_API.expenses,
      { date: today(), categoryId: repairs.id, amount: 100, description: 'x', accountId: old.id },
      { as: admin },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('archived');
  });

  it('is for admins only: managers and staff get 403, guests 401', async () => {
    const body = {
      date: today(),
      categoryId: repairs.id,
      amount: 100,
      description: 'x',
      accountId: drawer.id,
    };
    for (const as of [manager, staff]) {
      expect((await t.post(EXPENSES_API.expenses, body, { as })).status).toBe(403);
      expect((await t.get(EXPENSES_API.expenses, { as })).status).toBe(403);
      expect((await t.get(EXPENSES_API.export, { as })).status).toBe(403);
    }
    expect((await t.post(EXPENSES_API.expenses, body, { as: null })).status).toBe(401);
    expect((await t.get(EXPENSES_API.expenses, { as: null })).status).toBe(401);
  });
});

describe('changing and voiding', () => {
  it('moves both balances when the account changes: a reversal in the old, a withdrawal in the new', async () => {
    const expense = await record({ amount: 2_000, date: daysAgo(3) });
    const [drawerBefore, bankBefore] = [
      await accountBalance(t.db, drawer.id),
      await accountBalance(t.db, bank.id),
    ];
    const response = await t.patch(
      EXPENSES_API.expense(expense.id),
      { version: expense.version, accountId: bank.id, amount: 2_500, date: daysAgo(1) },
      { as: admin },
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const changed = (await response.json()) as Expense;
    expect(changed).toMatchObject({ accountId: bank.id, amount: 2_500, date: daysAgo(1), version: 2 });
    expect(await accountBalance(t.db, drawer.id)).toBe(drawerBefore + 2_000);
    expect(await accountBalance(t.db, bank.id)).toBe(bankBefore - 2_500);
    expect(await ledgerRows(expense.id)).toEqual([
      { accountId: drawer.id, kind: 'withdrawal', amount: -2_000, bookedOn: daysAgo(3) },
      // The reversal is booked on the day of the row it takes back.
      { accountId: drawer.id, kind: 'reversal', amount: 2_000, bookedOn: daysAgo(3) },
      { accountId: bank.id, kind: 'withdrawal', amount: -2_500, bookedOn: daysAgo(1) },
    ]);
    expect((await audits(expense.id)).map((entry) => entry.action)).toContain('expense.updated');
  });

  it('changes a description alone without touching the ledger; an old version is a 409 stale', async () => {
    const expense = await record();
    const response = await t.patch(
      EXPENSES_API.expense(expense.id),
      { version: 1, description: 'Plumber, kitchen sink', categoryId: rent.id, supplierId: landlord.id },
      { as: admin },
    );
    expect(response.status).toBe(200);
    expect(await ledgerRows(expense.id)).toHaveLength(1);
    const stale = await t.patch(EXPENSES_API.expense(expense.id), { version: 1, amount: 1 }, { as: admin });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ error: { details: { reason: 'stale', version: 2 } } });
    expect(await ledgerRows(expense.id)).toHaveLength(1);
  });

  it('voids with a reason: the withdrawal is reversed, the expense stays, and it cannot change again', async () => {
    const expense = await record({ amount: 777 });
    const before = await accountBalance(t.db, drawer.id);
    const response = await t.post(
      EXPENSES_API.voidExpense(expense.id),
      { version: expense.version, reason: 'Recorded twice' },
      { as: admin },
    );
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'voided', voidReason: 'Recorded twice' });
    expect(await accountBalance(t.db, drawer.id)).toBe(before + 777);
    expect((await ledgerRows(expense.id)).map((row) => row.amount)).toEqual([-777, 777]);
    const again = await t.post(
      EXPENSES_API.voidExpense(expense.id),
      { version: 2, reason: 'x' },
      { as: admin },
    );
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { details: { reason: 'already-voided' } } });
    const edit = await t.patch(EXPENSES_API.expense(expense.id), { version: 2, amount: 5 }, { as: admin });
    expect(edit.status).toBe(409);
    // Its ledger row is not voided from the account's page either.
    const [row] = (
      await t.db.execute<{ id: string }>(
        sql`select id from bank_transactions where source_id = ${expense.id} and kind = 'withdrawal'`,
      )
    ).rows;
    const direct = await t.post(LEDGER_API.voidTransaction(row!.id), { reason: 'x' }, { as: admin });
    expect(direct.status).toBe(409);
    expect(await direct.json()).toMatchObject({
      error: { details: { reason: 'not-manual', source: 'expense' } },
    });
    expect((await audits(expense.id)).map((entry) => entry.action)).toContain('expense.voided');
  });

  it('refuses to change or void an expense whose withdrawal is reconciled, leaving its description free', async () => {
    const expense = await record({ amount: 999 });
    await t.db.execute(
      sql`update bank_transactions set reconciled = true where source_kind = 'expense' and source_id = ${expense.id}`,
    );
    const move = await t.patch(
      EXPENSES_API.expense(expense.id),
      { version: 1, amount: 1_000 },
      { as: admin },
    );
    expect(move.status).toBe(409);
    expect(await move.json()).toMatchObject({ error: { details: { reason: 'reconciled' } } });
    const voided = await t.post(
      EXPENSES_API.voidExpense(expense.id),
      { version: 1, reason: 'x' },
      { as: admin },
    );
    expect(voided.status).toBe(409);
    expect(await ledgerRows(expense.id)).toHaveLength(1);
    expect(
      (await t.patch(EXPENSES_API.expense(expense.id), { version: 1, reference: 'R-1' }, { as: admin }))
        .status,
    ).toBe(200);
  });

  it('refuses to record, change or void on or before the lock date with a 409 naming it', async () => {
    const old = await record({ date: daysAgo(10), amount: 300 });
    const open = await record({ date: daysAgo(2), amount: 400 });
    const lock = daysAgo(5);
    expect((await lockBooks(lock)).status).toBe(200);
    try {
      const before = await accountBalance(t.db, drawer.id);
      const created = await t.post(
        EXPENSES_API.expenses,
        { date: lock, categoryId: repairs.id, amount: 100, description: 'Late', accountId: drawer.id },
        { as: admin },
      );
      expect(created.status).toBe(409);
      expect(await created.json()).toMatchObject({
        error: { details: { reason: 'books-locked', lockedUntil: lock } },
      });
      for (const response of [
        await t.patch(EXPENSES_API.expense(old.id), { version: 1, description: 'Changed' }, { as: admin }),
        await t.post(EXPENSES_API.voidExpense(old.id), { version: 1, reason: 'x' }, { as: admin }),
        // An open expense cannot be moved into the closed period either.
        await t.patch(EXPENSES_API.expense(open.id), { version: 1, date: daysAgo(6) }, { as: admin }),
      ]) {
        expect(response.status).toBe(409);
        expect(await response.text()).toContain(lock);
      }
      expect(await accountBalance(t.db, drawer.id)).toBe(before);
      expect(await ledgerRows(open.id)).toHaveLength(1);
    } finally {
      expect((await lockBooks(null)).status).toBe(200);
    }
  });

  it('two changes of one version at once: one wins, the other is a 409, and one withdrawal counts', async () => {
    const expense = await record({ amount: 1_000 });
    const before = await accountBalance(t.db, drawer.id);
    const answers = await Promise.all(
      [1_100, 1_200].map((amount) =>
        t.patch(EXPENSES_API.expense(expense.id), { version: 1, amount }, { as: admin }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const won = (await answers.find((answer) => answer.status === 200)!.json()) as Expense;
    expect(await accountBalance(t.db, drawer.id)).toBe(before + 1_000 - won.amount);
    const rows = await ledgerRows(expense.id);
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(-won.amount);
  });
});

describe('the list, its totals and the CSV file', () => {
  it('filters by period, category, supplier, account, status and search, with totals over every page', async () => {
    const account = await buildBankAccount(
      t,
      { name: `Petty cash ${Date.now()}`, openingBalance: 100_000 },
      { as: admin },
    );
    const made = [
      await record({
        accountId: account.id,
        categoryId: rent.id,
        amount: 50_000,
        date: daysAgo(40),
        description: 'Rent March',
      }),
      await record({
        accountId: account.id,
        categoryId: rent.id,
        amount: 50_000,
        date: daysAgo(9),
        description: 'Rent April',
      }),
      await record({
        accountId: account.id,
        categoryId: repairs.id,
        amount: 1_500,
        date: daysAgo(8),
        description: 'Fridge seal',
        supplierId: landlord.id,
        reference: 'FS-9',
      }),
      await record({
        accountId: account.id,
        categoryId: repairs.id,
        amount: 700,
        date: daysAgo(7),
        description: 'Tap washer',
      }),
    ];
    await t.post(EXPENSES_API.voidExpense(made[3]!.id), { version: 1, reason: 'Returned' }, { as: admin });

    const list = async (query: string) => {
      const response = await t.get(`${EXPENSES_API.expenses}?accountId=${account.id}&${query}`, {
        as: admin,
      });
      expect(response.status, await response.clone().text()).toBe(200);
      return (await response.json()) as ExpensePage;
    };
    const all = await list('limit=2');
    expect(all.items.map((item) => item.description)).toEqual(['Tap washer', 'Fridge seal']);
    expect(all.totals).toMatchObject({ count: 3, amount: 101_500 });
    expect(all.totals.byCategory).toEqual([
      { categoryId: rent.id, categoryName: rent.name, count: 2, amount: 100_000 },
      { categoryId: repairs.id, categoryName: repairs.name, count: 1, amount: 1_500 },
    ]);
    const next = await list(`limit=2&cursor=${all.nextCursor}`);
    expect(next.items.map((item) => item.description)).toEqual(['Rent April', 'Rent March']);
    expect(next.nextCursor).toBeNull();

    expect((await list(`from=${daysAgo(10)}`)).totals.amount).toBe(51_500);
    expect((await list(`categoryId=${repairs.id}`)).items).toHaveLength(2);
    expect((await list(`supplierId=${landlord.id}`)).items.map((item) => item.reference)).toEqual(['FS-9']);
    expect((await list('status=voided')).items.map((item) => item.voidReason)).toEqual(['Returned']);
    expect((await list('search=fs-')).items.map((item) => item.description)).toEqual(['Fridge seal']);
    expect((await list('search=%25')).items).toEqual([]);

    for (const bad of [
      'from=yesterday',
      `from=${today()}&to=${daysAgo(1)}`,
      'status=lost',
      'cursor=zzz',
      'limit=0',
    ]) {
      const response = await t.get(`${EXPENSES_API.expenses}?${bad}`, { as: admin });
      expect(response.status, bad).toBe(400);
    }

    const csv = await t.get(`${EXPENSES_API.export}?accountId=${account.id}`, { as: admin });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Date,Category,Description,Supplier,Paid from,Reference,Amount,Currency,Status,Void reason,Receipt',
    );
    expect(lines.slice(1).map((line) => line.split(',').slice(2, 3)[0])).toEqual([
      'Rent March',
      'Rent April',
      'Fridge seal',
      'Tap washer',
    ]);
    expect(lines[3]).toContain(',15.00,');
    expect(lines[4]).toContain('Voided,Returned');
  });
});

describe('receipts', () => {
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 240, g: 240, b: 230 } } })
      .png()
      .toBuffer();
  const upload = (id: string, bytes: Uint8Array, name: string, type: string, as: TestUser | null = admin) => {
    const form = new FormData();
    form.append('file', new File([new Uint8Array(bytes)], name, { type }));
    return t.request(EXPENSES_API.receipt(id), { method: 'POST', body: form }, { as });
  };

  it('keeps a photo reduced to 2000 px as WebP, served to admins only with an ETag', async () => {
    const expense = await record();
    const response = await upload(expense.id, await png(3000, 1500), 'till-slip.png', 'image/png');
    expect(response.status, await response.clone().text()).toBe(200);
    const withReceipt = (await response.json()) as Expense;
    expect(withReceipt.receipt).toMatchObject({ contentType: 'image/webp', fileName: 'till-slip.webp' });
    const file = await t.get(withReceipt.receipt!.url, { as: admin });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-disposition')).toBe('inline; filename="till-slip.webp"');
    const metadata = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect([metadata.width, metadata.height]).toEqual([2000, 1000]);
    const again = await t.get(withReceipt.receipt!.url, {
      as: admin,
      headers: { 'if-none-match': file.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expect((await t.get(withReceipt.receipt!.url, { as: manager })).status).toBe(403);
    expect((await t.get(withReceipt.receipt!.url, { as: null })).status).toBe(401);
    expect((await audits(expense.id)).map((entry) => entry.action)).toContain('expense.receipt-attached');
  });

  it('keeps a PDF as sent, replaces the receipt, and removes it', async () => {
    const expense = await record();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const response = await upload(expense.id, pdf, 'invoice.pdf', 'application/pdf');
    expect(response.status).toBe(200);
    const file = await t.get(EXPENSES_API.receipt(expense.id), { as: admin });
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await upload(expense.id, await png(20, 20), 'photo.jpg', 'image/png')).status).toBe(200);
    expect((await t.get(EXPENSES_API.receipt(expense.id), { as: admin })).headers.get('content-type')).toBe(
      'image/webp',
    );
    const removed = await t.del(EXPENSES_API.receipt(expense.id), { as: admin });
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as Expense).receipt).toBeNull();
    expect((await t.get(EXPENSES_API.receipt(expense.id), { as: admin })).status).toBe(404);
    expect((await t.del(EXPENSES_API.receipt(expense.id), { as: admin })).status).toBe(404);
  });

  it('refuses what is not a photo or PDF (400), more than 10 MB (413), and a voided expense (409)', async () => {
    const expense = await record();
    const text = await upload(expense.id, Buffer.from('hello'), 'notes.txt', 'text/plain');
    expect(text.status).toBe(400);
    expect(await text.text()).toContain('JPEG, PNG or WebP photo, or a PDF');
    const huge = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    huge.write('%PDF-1.4');
    const large = await upload(expense.id, huge, 'big.pdf', 'application/pdf');
    expect(large.status).toBe(413);
    // Just under the limit is taken.
    expect(
      (await upload(expense.id, huge.subarray(0, 10 * 1024 * 1024), 'ok.pdf', 'application/pdf')).status,
    ).toBe(200);
    expect((await upload(expense.id, await png(10, 10), 'p.png', 'image/png', staff)).status).toBe(403);
    const voided = await record();
    await t.post(EXPENSES_API.voidExpense(voided.id), { version: 1, reason: 'x' }, { as: admin });
    expect((await upload(voided.id, await png(10, 10), 'p.png', 'image/png')).status).toBe(409);
  });
});
