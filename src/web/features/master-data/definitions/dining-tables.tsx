import { QrCode } from 'lucide-react';
import {
  type DiningTable,
  DiningTableInputSchema,
  DiningTableUpdateSchema,
  MASTER_DATA_API,
} from '../../../../shared/contracts/master-data';
import { defineResource, numberToText, textToNumber } from '../../resources';
import {
  compareTablesNaturally,
  PrintAllTableQrCodes,
  TableQrCodeDialog,
} from '../components/table-qr-code-dialog';
import { orDash } from './format';

interface DiningTableValues {
  name: string;
  seats: string;
  area: string;
}

/** Dining tables: dine-in orders name them, and each has a QR code guests scan to order. */
export const diningTableDefinition = defineResource({
  noun: 'table',
  nounPlural: 'tables',
  description: 'The tables of your dining room. Each has a QR code that guests scan to order from it.',
  apiPath: MASTER_DATA_API.diningTables,
  searchPlaceholder: 'Search tables or areas',
  // T1, T2, … T10 as on the floor. A dining room has far fewer than 500 tables, so one page holds
  // them all and the order is the whole list's.
  compare: compareTablesNaturally,
  pageSize: 500,
  HeaderActions: PrintAllTableQrCodes,
  columns: [
    {
      id: 'name',
      header: 'Name',
      cell: (item: DiningTable) => <span className="font-medium text-neutral-950">{item.name}</span>,
    },
    {
      id: 'seats',
      header: 'Seats',
      align: 'end',
      cell: (item: DiningTable) => item.seats,
    },
    { id: 'area', header: 'Area', cell: (item: DiningTable) => orDash(item.area) },
  ],
  rowActions: [{ id: 'qr-code', label: 'QR code', icon: QrCode, Dialog: TableQrCodeDialog }],
  form: {
    createSchema: DiningTableInputSchema,
    updateSchema: DiningTableUpdateSchema,
    emptyValues: (): DiningTableValues => ({ name: '', seats: '4', area: '' }),
    toFormValues: (item: DiningTable): DiningTableValues => ({
      name: item.name,
      seats: numberToText(item.seats),
      area: item.area,
    }),
    convert: (values) => ({
      input: { name: values.name, seats: textToNumber(values.seats), area: values.area },
    }),
    fields: [
      {
        kind: 'text',
        name: 'name',
        label: 'Name',
        maxLength: 40,
        placeholder: 'T1',
        description: 'Printed on the QR code; guests see it when they order.',
      },
      { kind: 'text', name: 'seats', label: 'Seats', inputMode: 'numeric', span: 'half' },
      { kind: 'text', name: 'area', label: 'Area', maxLength: 60, placeholder: 'Terrace', span: 'half' },
    ],
  },
});
