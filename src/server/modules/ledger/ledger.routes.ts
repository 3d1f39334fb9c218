import { z } from '@hono/zod-openapi';
import { dateField } from '../../../shared/contracts/fields';
import {
  AccountBalanceSchema,
  AccountLedgerSchema,
  BANK_TRANSACTION_KINDS,
  BankTransactionSchema,
  LEDGER_API,
  ManualTransactionInputSchema,
  TransferInputSchema,
  TransferSchema,
  VoidResultSchema,
  VoidTransactionInputSchema,
} from '../../../shared/contracts/ledger';
import { requireActor } from '../../lib/auth-guards';
import { listFilter, PaginationQuerySchema } from '../../lib/pagination';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../../lib/router';
import {
  accountBalances,
  accountLedger,
  recordManualTransaction,
  recordTransfer,
  voidTransaction,
} from './ledger.service';

const TAGS = ['Bank and cash ledger'];
const idParam = (what: string) =>
  z.object({
    id: z.uuid(`must be a ${what} id`).openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
  });
const locked = errorResponse(
  'The day is on or before the books’ lock date (`reason: "books-locked"`, `lockedUntil`), or the account is archived',
);

const balancesRoute = defineRoute('admin', {
  method: 'get',
  path: LEDGER_API.balances,
  tags: TAGS,
  summary: 'Every bank and cash account with its balance',
  description: 'The balance is the opening balance plus the sum of the account’s transactions.',
  responses: {
    200: jsonResponse('The accounts, by name', z.object({ items: z.array(AccountBalanceSchema) })),
  },
});

const accountTransactionsRoute = defineRoute('admin', {
  method: 'get',
  path: '/api/bank-accounts/{id}/transactions',
  tags: TAGS,
  summary: 'An account’s transactions, newest first, with the running balance',
  description:
    '`from` and `to` are days (inclusive, the restaurant’s calendar), either left open; `kind` a ' +
    'comma-separated list of deposit, withdrawal, transfer, fee and reversal (the running balance counts ' +
    'every row all the same). With the balance before and after the period and its money in and out.',
  request: {
    params: idParam('bank account'),
    query: PaginationQuerySchema.extend({
      from: dateField.optional(),
      to: dateField.optional(),
      kind: listFilter(BANK_TRANSACTION_KINDS).optional().openapi({ type: 'string', example: 'deposit,fee' }),
    }).strict(),
  },
  responses: {
    200: jsonResponse('The account and a page of its transactions', AccountLedgerSchema),
    404: errorResponse('No bank or cash account with this id'),
  },
});

const recordRoute = defineRoute('admin', {
  method: 'post',
  path: LEDGER_API.transactions,
  tags: TAGS,
  summary: 'Record a deposit, withdrawal or bank fee by hand',
  description:
    '`amount` is positive; a withdrawal or fee takes it out of the account. `date` is the day it counts on.',
  request: jsonBody(ManualTransactionInputSchema),
  responses: {
    201: jsonResponse('The transaction', BankTransactionSchema),
    404: errorResponse('No bank or cash account with this id'),
    409: locked,
  },
});

const transferRoute = defineRoute('admin', {
  method: 'post',
  path: LEDGER_API.transfers,
  tags: TAGS,
  summary: 'Move money from one account to another',
  description:
    'Two rows tied by one `transferId`: the withdrawal from the first account and the deposit into the second.',
  request: jsonBody(TransferInputSchema),
  responses: {
    201: jsonResponse('The transfer’s two rows', TransferSchema),
    404: errorResponse('No bank or cash account with one of these ids'),
    409: locked,
  },
});

const voidRoute = defineRoute('admin', {
  method: 'post',
  path: '/api/bank-transactions/{id}/void',
  tags: TAGS,
  summary: 'Void an entry made by hand, or a transfer',
  description:
    'Writes a reversing row (two for a transfer) of the opposite amount on the same day; nothing is ' +
    'deleted or changed. A row a payment or refund made is a 409 `not-manual` (a refund takes it back); ' +
    'one already voided `already-voided`; a reversal `is-reversal`; a reconciled one `reconciled`; a day the ' +
    'books are closed on `books-locked`.',
  request: { params: idParam('bank transaction'), ...jsonBody(VoidTransactionInputSchema) },
  responses: {
    200: jsonResponse('The reversing rows', VoidResultSchema),
    404: errorResponse('No bank transaction with this id'),
    409: errorResponse('Cannot be voided (see the reason)'),
  },
});

export const ledgerRoutes = createRouter()
  .openapi(balancesRoute, async (c) => {
    const items = await accountBalances(c.var.deps.db, requireActor(c));
    return c.json({ items }, 200);
  })
  .openapi(accountTransactionsRoute, async (c) => {
    const ledger = await accountLedger(
      c.var.deps.db,
      requireActor(c),
      c.req.valid('param').id,
      c.req.valid('query'),
    );
    return c.json(ledger, 200);
  })
  .openapi(recordRoute, async (c) => {
    const row = await recordManualTransaction(c.var.deps.db, requireActor(c), c.req.valid('json'));
    return c.json(row, 201);
  })
  .openapi(transferRoute, async (c) => {
    const transfer = await recordTransfer(c.var.deps.db, requireActor(c), c.req.valid('json'));
    return c.json(transfer, 201);
  })
  .openapi(voidRoute, async (c) => {
    const result = await voidTransaction(
      c.var.deps.db,
      requireActor(c),
      c.req.valid('param').id,
      c.req.valid('json').reason,
    );
    return c.json(result, 200);
  });
