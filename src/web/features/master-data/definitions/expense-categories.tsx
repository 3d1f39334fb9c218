import {
  type ExpenseCategory,
  ExpenseCategoryInputSchema,
  ExpenseCategoryUpdateSchema,
  MASTER_DATA_API,
} from '../../../../shared/contracts/master-data';
import { defineResource } from '../../resources';
import { orDash } from './format';

interface ExpenseCategoryValues {
  name: string;
  description: string;
}

/** Expense categories: how spending is grouped in expenses, budgets and the statement. */
export const expenseCategoryDefinition = defineResource({
  noun: 'expense category',
  nounPlural: 'expense categories',
  description: 'How spending is grouped in expenses, budget allocations and the statement.',
  apiPath: MASTER_DATA_API.expenseCategories,
  searchPlaceholder: 'Search expense categories',
  columns: [
    {
      id: 'name',
      header: 'Name',
      cell: (item: ExpenseCategory) => <span className="font-medium text-neutral-950">{item.name}</span>,
    },
    { id: 'description', header: 'Description', cell: (item: ExpenseCategory) => orDash(item.description) },
  ],
  form: {
    createSchema: ExpenseCategoryInputSchema,
    updateSchema: ExpenseCategoryUpdateSchema,
    emptyValues: (): ExpenseCategoryValues => ({ name: '', description: '' }),
    toFormValues: (item: ExpenseCategory): ExpenseCategoryValues => ({
      name: item.name,
      description: item.description,
    }),
    convert: (values) => ({ input: values }),
    fields: [
      { kind: 'text', name: 'name', label: 'Name', maxLength: 100 },
      { kind: 'textarea', name: 'description', label: 'Description', maxLength: 500, rows: 3 },
    ],
  },
});
