import { restaurantToday } from '../../../shared/coupon-rules';
import type { Tx } from '../../db/transaction';
import {
  budgetAllocationIds,
  expensesRecordedBy,
  insertExpense,
  seedRecurringExpense,
  writeBudgetAllocations,
} from '../expenses';
import { insertManualTransaction, insertTransfer, reconcileAllUpTo } from '../ledger';
import { insertSupplierPayment, purchaseOrderDues } from '../purchase-orders';
import { bookkeeping } from '../settings';

/**
 * The demo cafe's books for its last 60 days (docs/PRODUCT-RULES.md, The demo restaurant): rent and
 * wages as recurring expenses that have run, expenses in every category, the week's takings entered by
 * hand and the cash banked every Monday, the bank's monthly fee, the suppliers paid, budgets for this month and the last
 * (Maintenance over after a repair, Rent near its allocation), and the bank account reconciled to a
 * statement two weeks old. Written through the same functions as the screens, so every row has its
 * ledger rows and audit entry.
 */

export interface FinanceRecords {
  reconciliations: string[];
  ledgerEntries: string[];
  expenses: string[];
  recurringExpenses: string[];
  budgetAllocations: string[];
}

const DAYS = 60;
const DAY_MS = 86_400_000;

/** Expense categories and accounts by name, suppliers by name. */
export interface FinanceKeys {
  categories: Map<string, string>;
  accounts: Map<'cash' | 'bank' | 'wallet', string>;
  suppliers: Map<string, string>;
  /** The pantry's purchase orders, paid from the bank. */
  purchaseOrders: string[];
}

/** Each category's monthly allocation (minor units), this month and the last. */
const BUDGETS: Record<string, number> = {
  Rent: 350_000,
  Utilities: 65_000,
  Wages: 950_000,
  Ingredients: 90_000,
  Packaging: 50_000,
  Marketing: 30_000,
  Maintenance: 25_000,
};

const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const weekday = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

interface OneOff {
  date: string;
  category: string;
  amount: number;
  description: string;
  account: 'cash' | 'bank';
  supplier?: string;
  reference?: string;
}

/** The one-off expenses of the days `first`..`today`: market runs, packaging, utilities, upkeep. */
function oneOffExpenses(first: string, today: string): OneOff[] {
  const monthStart = `${today.slice(0, 7)}-01`;
  const list: OneOff[] = [];
  let index = 0;
  for (let day = first; day <= today; day = plusDays(day, 1), index += 1) {
    const dayOfMonth = Number(day.slice(8, 10));
    if (weekday(day) === 3) {
      list.push({
        date: day,
        category: 'Ingredients',
        amount: [8_420, 9_175, 7_740, 8_810][index % 4] as number,
        description: 'Farmers’ market run',
        account: 'cash',
        supplier: 'Green Valley Produce',
      });
    }
    if (index % 10 === 2) {
      list.push({
        date: day,
        category: 'Packaging',
        amount: [9_600, 10_450, 8_800][index % 3] as number,
        description: 'Cups, lids and takeaway bags',
        account: 'bank',
        supplier: 'Cascade Provisions',
        reference: `CP-${4100 + index}`,
      });
    }
    if (dayOfMonth === 5) {
      list.push({
        date: day,
        category: 'Utilities',
        amount: 31_240,
        description: 'Electricity',
        account: 'bank',
        reference: `EL-${day.slice(0, 7)}`,
      });
    }
    if (dayOfMonth === 12) {
      list.push({
        date: day,
        category: 'Utilities',
        amount: 6_500,
        description: 'Internet',
        account: 'bank',
      });
    }
    if (dayOfMonth === 20) {
      list.push({ date: day, category: 'Utilities', amount: 4_890, description: 'Water', account: 'bank' });
    }
    // Upkeep before this month; this month's repair is below.
    if (index % 14 === 5 && day < monthStart) {
      list.push({
        date: day,
        category: 'Maintenance',
        amount: 3_850,
        description: 'Cleaning supplies',
        account: 'cash',
      });
    }
  }
  list.push(
    {
      date: plusDays(today, -50),
      category: 'Marketing',
      amount: 14_500,
      description: 'Flyers printed',
      account: 'bank',
      reference: 'PRN-2291',
    },
    {
      date: plusDays(today, -18),
      category: 'Marketing',
      amount: 12_000,
      description: 'Social media ads',
      account: 'bank',
    },
    // This month's repair takes Maintenance over its budget.
    {
      date: monthStart,
      category: 'Maintenance',
      amount: 34_000,
      description: 'Coffee machine repair: pump replaced',
      account: 'bank',
      supplier: 'Riverside Roasters',
      reference: 'RR-SVC-118',
    },
  );
  return list.sort((a, b) => a.date.localeCompare(b.date));
}

export async function writeDemoFinance(tx: Tx, keys: FinanceKeys): Promise<FinanceRecords> {
  const { timeZone } = await bookkeeping(tx);
  const today = restaurantToday(timeZone);
  const first = plusDays(today, -DAYS);
  const account = (key: 'cash' | 'bank') => keys.accounts.get(key) as string;
  const category = (name: string) => keys.categories.get(name) as string;
  const records: FinanceRecords = {
    reconciliations: [],
    ledgerEntries: [],
    expenses: [],
    recurringExpenses: [],
    budgetAllocations: [],
  };

  // Every Monday: the week's takings entered by hand, and the cash banked; the bank's fee monthly.
  for (let day = first; day <= today; day = plusDays(day, 1)) {
    if (weekday(day) === 1) {
      for (const entry of [
        { accountId: account('cash'), amount: 145_000, description: 'Cash takings of the week' },
        { accountId: account('bank'), amount: 520_000, description: 'Card takings settled' },
      ]) {
        const row = await insertManualTransaction(tx, null, { ...entry, kind: 'deposit', date: day });
        records.ledgerEntries.push(row.id);
      }
      const transfer = await insertTransfer(tx, null, {
        fromAccountId: account('cash'),
        toAccountId: account('bank'),
        amount: 90_000,
        date: day,
        description: 'Cash banked',
      });
      records.ledgerEntries.push(transfer.rows[0].id);
    }
    if (day.endsWith('-28')) {
      const fee = await insertManualTransaction(tx, null, {
        accountId: account('bank'),
        kind: 'fee',
        amount: 1_250,
        date: day,
        description: 'Account fee',
      });
      records.ledgerEntries.push(fee.id);
    }
  }

  // Rent and wages: recurring expenses that have run for the 60 days.
  const recurring = [
    {
      description: 'Rent',
      categoryId: category('Rent'),
      amount: 320_000,
      accountId: account('bank'),
      reference: 'Lease 12 Harbor St',
      frequency: 'monthly' as const,
      dayOfMonth: 1,
      startsOn: first,
    },
    {
      description: 'Weekly wages',
      categoryId: category('Wages'),
      amount: 185_000,
      accountId: account('bank'),
      frequency: 'weekly' as const,
      weekday: 5,
      startsOn: first,
    },
  ];
  for (const input of recurring) {
    records.recurringExpenses.push((await seedRecurringExpense(tx, input, first)).id);
  }
  records.expenses.push(...(await expensesRecordedBy(tx, records.recurringExpenses)));
  for (const expense of oneOffExpenses(first, today)) {
    const supplierId = expense.supplier ? keys.suppliers.get(expense.supplier) : undefined;
    const row = await insertExpense(tx, null, {
      date: expense.date,
      categoryId: category(expense.category),
      amount: expense.amount,
      description: expense.description,
      accountId: account(expense.account),
      ...(supplierId ? { supplierId } : {}),
      ...(expense.reference ? { reference: expense.reference } : {}),
    });
    records.expenses.push(row.id);
  }

  // The suppliers: orders of more than two weeks ago paid in full a week after ordering, those of
  // the week before half, the latest not yet.
  for (const order of await purchaseOrderDues(tx, keys.purchaseOrders)) {
    const ordered = order.orderedAt.toISOString().slice(0, 10);
    const share = ordered <= plusDays(today, -14) ? 1 : ordered <= plusDays(today, -7) ? 0.5 : 0;
    const amount = Math.round(order.owed * share);
    if (amount <= 0) continue;
    await insertSupplierPayment(tx, null, order.id, {
      accountId: account('bank'),
      amount,
      date: plusDays(ordered, 7) <= today ? plusDays(ordered, 7) : today,
    });
  }

  // Budgets after the spending, so the demo starts with no notices in the bell.
  const months = [plusDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7), today.slice(0, 7)];
  const lines = Object.entries(BUDGETS).map(([name, amount]) => ({ categoryId: category(name), amount }));
  for (const month of months) await writeBudgetAllocations(tx, null, { month, lines });
  records.budgetAllocations = await budgetAllocationIds(
    tx,
    lines.map((line) => line.categoryId),
    months,
  );

  records.reconciliations.push((await reconcileAllUpTo(tx, account('bank'), plusDays(today, -14))).id);
  return records;
}
