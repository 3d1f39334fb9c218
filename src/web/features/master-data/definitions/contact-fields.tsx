import type { ResourceColumn, ResourceFieldDefinition } from '../../resources';
import { orDash } from './format';

/** The contact details suppliers and partners share. */
export interface ContactValues {
  contactName: string;
  phone: string;
  email: string;
  address: string;
  notes: string;
}

export const EMPTY_CONTACT: ContactValues = { contactName: '', phone: '', email: '', address: '', notes: '' };

/** The contact details of a record as form values. */
export function contactValuesOf(item: ContactValues): ContactValues {
  return {
    contactName: item.contactName,
    phone: item.phone,
    email: item.email,
    address: item.address,
    notes: item.notes,
  };
}

/** Contact person, phone, e-mail, address and notes, in that order. */
export function contactFields<Values extends ContactValues>(): ResourceFieldDefinition<Values>[] {
  return [
    { kind: 'text', name: 'contactName', label: 'Contact person', maxLength: 100, span: 'half' },
    {
      kind: 'text',
      name: 'phone',
      label: 'Phone',
      type: 'tel',
      inputMode: 'tel',
      maxLength: 40,
      span: 'half',
    },
    { kind: 'text', name: 'email', label: 'Email', type: 'email', inputMode: 'email', maxLength: 200 },
    { kind: 'textarea', name: 'address', label: 'Address', maxLength: 300, rows: 2 },
    { kind: 'textarea', name: 'notes', label: 'Notes', maxLength: 2000, rows: 3 },
  ] as ResourceFieldDefinition<Values>[];
}

/** The name with the contact person under it (the first column). */
export function nameWithContact<Item extends { name: string; contactName: string }>(): ResourceColumn<Item> {
  return {
    id: 'name',
    header: 'Name',
    mobile: 'primary',
    cell: (item) => (
      <div className="min-w-0">
        <div className="font-medium text-neutral-950">{item.name}</div>
        {item.contactName && <div className="text-sm text-neutral-600">{item.contactName}</div>}
      </div>
    ),
  };
}

/** Phone and e-mail columns. */
export function contactColumns<Item extends { phone: string; email: string }>(): ResourceColumn<Item>[] {
  return [
    {
      id: 'phone',
      header: 'Phone',
      cell: (item) => <span className="whitespace-nowrap">{orDash(item.phone)}</span>,
    },
    { id: 'email', header: 'Email', cell: (item) => <span className="break-all">{orDash(item.email)}</span> },
  ];
}
