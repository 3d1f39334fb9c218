import { Link } from 'react-router';
import {
  BANK_ACCOUNT_TYPES,
  type BankAccount,
  BankAccountInputSchema,
  type BankAccountType,
  BankAccountUpdateSchema,
  MASTER_DATA_API,
} from '../../../../shared/contracts/master-data';
import { formatMoney, minorToInput } from '../../../../shared/money';
import { bankAccountPath } from '../../../lib/paths';
import { conversionErrors, convertMoney, defineResource } from '../../resources';
import { formatDay, orDash } from './format';

export const BANK_ACCOUNT_TYPE_LABELS: Record<BankAccountType, string> = {
  cash: 'Cash',
  bank: 'Bank',
  'e-wallet': 'E-wallet',
};

interface BankAccountValues {
  name: string;
  type: string;
  bankName: string;
  accountNumber: string;
  openingBalance: string;
  /** `YYYY-MM-DD`; '' lets the server take today. */
  openingDate: string;
}

/** Bank and cash accounts: where payments land and expenses are paid from; each name opens its entries. */
export const bankAccountDefinition = defineResource({
  noun: 'bank account',
  nounPlural: 'bank accounts',
  description: 'Cash drawers, bank accounts and e-wallets: where payments land and expenses are paid from.',
  apiPath: MASTER_DATA_API.bankAccounts,
  searchPlaceholder: 'Search accounts',
  columns: [
    {
      id: 'name',
      header: 'Name',
      cell: (item: BankAccount) => (
        <div className="min-w-0">
          <Link
            to={bankAccountPath(item.id)}
            className="font-medium text-neutral-950 underline underline-offset-2 hover:text-neutral-700"
          >
            {item.name}
          </Link>
          {item.bankName && <div className="text-sm text-neutral-600">{item.bankName}</div>}
        </div>
      ),
    },
    {
      id: 'type',
      header: 'Type',
      cell: (item: BankAccount) => (
        <span className="whitespace-nowrap">{BANK_ACCOUNT_TYPE_LABELS[item.type]}</span>
      ),
    },
    {
      id: 'accountNumber',
      header: 'Account number',
      // Lists show only the last four characters (the server masks them).
      cell: (item: BankAccount) => (
        <span className="whitespace-nowrap tabular-nums">{orDash(item.accountNumber)}</span>
      ),
    },
    {
      id: 'openingBalance',
      header: 'Opening balance',
      align: 'end',
      cell: (item: BankAccount, context) => (
        <span className="whitespace-nowrap">
          {formatMoney(item.openingBalance, context.currency, context.locale)}
        </span>
      ),
    },
    {
      id: 'openingDate',
      header: 'Opening date',
      cell: (item: BankAccount, context) => (
        <span className="whitespace-nowrap">{formatDay(item.openingDate, context.locale)}</span>
      ),
    },
  ],
  form: {
    createSchema: BankAccountInputSchema,
    updateSchema: BankAccountUpdateSchema,
    emptyValues: (context): BankAccountValues => ({
      name: '',
      type: 'bank',
      bankName: '',
      accountNumber: '',
      openingBalance: minorToInput(0, context.currency),
      openingDate: '',
    }),
    toFormValues: (item: BankAccount, context): BankAccountValues => ({
      name: item.name,
      type: item.type,
      bankName: item.bankName,
      accountNumber: item.accountNumber,
      openingBalance: minorToInput(item.openingBalance, context.currency),
      openingDate: item.openingDate,
    }),
    convert: (values, context) => {
      const balance = convertMoney(values.openingBalance, context.currency);
      return {
        input: {
          name: values.name,
          type: values.type,
          bankName: values.bankName,
          accountNumber: values.accountNumber,
          openingBalance: balance.minor,
          ...(values.openingDate === '' ? {} : { openingDate: values.openingDate }),
        },
        errors: conversionErrors([['openingBalance', balance.error]]),
      };
    },
    fields: [
      { kind: 'text', name: 'name', label: 'Name', maxLength: 100, placeholder: 'Main cash drawer' },
      {
        kind: 'select',
        name: 'type',
        label: 'Type',
        span: 'half',
        options: BANK_ACCOUNT_TYPES.map((type) => ({ value: type, label: BANK_ACCOUNT_TYPE_LABELS[type] })),
      },
      { kind: 'text', name: 'bankName', label: 'Bank or provider', maxLength: 100, span: 'half' },
      {
        kind: 'text',
        name: 'accountNumber',
        label: 'Account number',
        maxLength: 40,
        description: 'Lists show only its last four characters.',
      },
      {
        kind: 'money',
        name: 'openingBalance',
        label: 'Opening balance',
        span: 'half',
        description: 'May be negative (an overdraft).',
      },
      {
        kind: 'text',
        name: 'openingDate',
        label: 'Opening date',
        type: 'date',
        span: 'half',
        description: 'Empty on a new account means today.',
      },
    ],
  },
});
