import { z } from '@hono/zod-openapi';
import { dateField } from '../../../shared/contracts/fields';
import {
  AccountBalanceSchema,
  AccountLedgerSchema,
  BANK_TRANSACTION_KINDS,
  BankTransactionSchema,
  LEDGER_API,
  ManualTransactionInputSchema,
  ReconciliationDraftSchema,
  ReconciliationInputSchema,
  ReconciliationListSchema,
  ReconciliationSchema,
  StatementMatchInputSchema,
  StatementMatchSchema,
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
import {
  listReconciliations,
  matchStatementFile,
  reconcileAccount,
  reconciliationDraft,
} from './reconciliation.service';

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

const accountParams = idParam('bank account');
const noAccount = errorResponse('No bank or cash account with this id');

const draftRoute = defineRoute('admin', {
  method: 'get',
  path: '/api/bank-accounts/{id}/reconciliation',
  tags: TAGS,
  summary: 'What reconciling the account to a statement starts from',
  description:
    'The balance already reconciled (opening balance plus reconciled rows), the last statement, and the ' +
    'rows not yet reconciled booked on or before `statementDate` (all without it), oldest first. A ' +
    'voided row and its reversal never reached the bank and are left out.',
  request: { params: accountParams, query: z.object({ statementDate: dateField.optional() }).strict() },
  responses: { 200: jsonResponse('The draft', ReconciliationDraftSchema), 404: noAccount },
});

const listReconciliationsRoute = defineRoute('admin', {
  method: 'get',
  path: '/api/bank-accounts/{id}/reconciliations',
  tags: TAGS,
  summary: 'The account’s reconciliations, the latest statement first',
  request: { params: accountParams },
  responses: { 200: jsonResponse('Every reconciliation kept', ReconciliationListSchema), 404: noAccount },
});

const reconcileRoute = defineRoute('admin', {
  method: 'post',
  path: '/api/bank-accounts/{id}/reconciliations',
  tags: TAGS,
  summary: 'Close a reconciliation against a bank statement',
  description:
    '`transactionIds` are the rows the statement shows. With the opening balance and the rows reconciled ' +
    'before they must add up to `statementBalance` exactly, or it is a 409 `not-balanced` with ' +
    '`details.difference` (statement minus rows). The rows are then reconciled (they can no longer be ' +
    'voided) and the reconciliation kept. A statement older than the last one is a 409 ' +
    '`before-last-statement`; a row of another account, booked after the statement, or voided a 400; a ' +
    'row already reconciled a 409 `reconciled`.',
  request: { params: accountParams, ...jsonBody(ReconciliationInputSchema) },
  responses: {
    201: jsonResponse('The reconciliation', ReconciliationSchema),
    404: noAccount,
    409: errorResponse('Not balanced, older than the last statement, or a row already reconciled'),
  },
});

const matchRoute = defineRoute('admin', {
  method: 'post',
  path: '/api/bank-accounts/{id}/reconciliations/match',
  tags: TAGS,
  summary: 'Match a bank’s CSV export to the account’s rows',
  description:
    '`csv` is the export’s text: a first line naming a Date column and an Amount (or Paid out and Paid ' +
    'in, or Debit and Credit), and optionally Reference, Description, Details or Memo. Each line is ' +
    'matched to a row not yet reconciled of the same amount booked at most 5 days apart, words shared ' +
    'with the description deciding between equals; each row once. Nothing is written: the screen ticks ' +
    'the matches.',
  request: { params: accountParams, ...jsonBody(StatementMatchInputSchema) },
  responses: { 200: jsonResponse('Each line and its match', StatementMatchSchema), 404: noAccount },
});

export const ledgerRoutes = createRouter()
  .openapi(draftRoute, async (c) =>
    c.json(
      await reconciliationDraft(
        c.var.deps.db,
        requireActor(c),
        c.req.valid('param').id,
        c.req.valid('query').statementDate,
      ),
      200,
    ),
  )
  .openapi(listReconciliationsRoute, async (c) =>
    c.json(await listReconciliations(c.var.deps.db, requireActor(c), c.req.valid('param').id), 200),
  )
  .openapi(reconcileRoute, async (c) =>
    c.json(
      await reconcileAccount(c.var.deps.db, requireActor(c), c.req.valid('param').id, c.req.valid('json')),
      201,
    ),
  )
  .openapi(matchRoute, async (c) =>
    c.json(
      await matchStatementFile(c.var.deps.db, requireActor(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
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
