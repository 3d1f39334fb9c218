import {
  MASTER_DATA_API,
  type Supplier,
  SupplierInputSchema,
  SupplierUpdateSchema,
} from '../../../../shared/contracts/master-data';
import { defineResource } from '../../resources';
import {
  type ContactValues,
  contactColumns,
  contactFields,
  contactValuesOf,
  EMPTY_CONTACT,
  nameWithContact,
} from './contact-fields';

interface SupplierValues extends ContactValues {
  name: string;
}

/** Suppliers: who the restaurant buys from (purchase orders, expenses). */
export const supplierDefinition = defineResource({
  noun: 'supplier',
  nounPlural: 'suppliers',
  description: 'Who you buy from: used on purchase orders and expenses.',
  apiPath: MASTER_DATA_API.suppliers,
  searchPlaceholder: 'Search suppliers',
  columns: [nameWithContact<Supplier>(), ...contactColumns<Supplier>()],
  form: {
    createSchema: SupplierInputSchema,
    updateSchema: SupplierUpdateSchema,
    emptyValues: (): SupplierValues => ({ name: '', ...EMPTY_CONTACT }),
    toFormValues: (item: Supplier): SupplierValues => ({ name: item.name, ...contactValuesOf(item) }),
    convert: (values) => ({ input: values }),
    fields: [
      { kind: 'text', name: 'name', label: 'Name', maxLength: 100 },
      ...contactFields<SupplierValues>(),
    ],
  },
});
