import {
  type FoodCategory,
  FoodCategoryInputSchema,
  FoodCategoryUpdateSchema,
  MASTER_DATA_API,
} from '../../../../shared/contracts/master-data';
import { defineResource, numberToText, optionalNumber } from '../../resources';
import { orDash } from './format';

interface FoodCategoryValues {
  name: string;
  description: string;
  sortOrder: string;
}

/** Food categories: the sections of the menu, in the order guests see them. */
export const foodCategoryDefinition = defineResource({
  noun: 'food category',
  nounPlural: 'food categories',
  description: 'The sections of your menu, listed in the order guests see them.',
  apiPath: MASTER_DATA_API.foodCategories,
  sort: 'position',
  searchPlaceholder: 'Search food categories',
  columns: [
    {
      id: 'sortOrder',
      header: 'Position',
      mobile: 'detail',
      cell: (item: FoodCategory) => <span className="tabular-nums">{item.sortOrder}</span>,
    },
    {
      id: 'name',
      header: 'Name',
      mobile: 'primary',
      cell: (item: FoodCategory) => <span className="font-medium text-neutral-950">{item.name}</span>,
    },
    { id: 'description', header: 'Description', cell: (item: FoodCategory) => orDash(item.description) },
  ],
  form: {
    createSchema: FoodCategoryInputSchema,
    updateSchema: FoodCategoryUpdateSchema,
    emptyValues: (): FoodCategoryValues => ({ name: '', description: '', sortOrder: '' }),
    toFormValues: (item: FoodCategory): FoodCategoryValues => ({
      name: item.name,
      description: item.description,
      sortOrder: numberToText(item.sortOrder),
    }),
    convert: (values) => ({
      input: {
        name: values.name,
        description: values.description,
        sortOrder: optionalNumber(values.sortOrder),
      },
    }),
    fields: [
      { kind: 'text', name: 'name', label: 'Name', maxLength: 100 },
      { kind: 'textarea', name: 'description', label: 'Description', maxLength: 500, rows: 2 },
      {
        kind: 'text',
        name: 'sortOrder',
        label: 'Position',
        inputMode: 'numeric',
        span: 'half',
        description: 'Lower numbers come first. A new category left empty goes last.',
      },
    ],
  },
});
