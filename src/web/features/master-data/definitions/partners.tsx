import { Link } from 'react-router';
import {
  MASTER_DATA_API,
  PARTNER_KINDS,
  type Partner,
  PartnerInputSchema,
  PartnerUpdateSchema,
} from '../../../../shared/contracts/master-data';
import { partnerPath } from '../../../lib/paths';
import { defineResource, numberToText, textToNumber } from '../../resources';
import {
  type ContactValues,
  contactColumns,
  contactFields,
  contactValuesOf,
  EMPTY_CONTACT,
} from './contact-fields';
import { formatPercent } from './format';

export const PARTNER_KIND_LABELS: Record<Partner['kind'], string> = {
  delivery: 'Delivery',
  marketplace: 'Marketplace',
};

interface PartnerValues extends ContactValues {
  name: string;
  kind: string;
  commissionPercent: string;
}

/**
 * Partners: delivery services and marketplaces that bring orders, with the commission they keep; each
 * name opens the partner's page and its settlements.
 */
export const partnerDefinition = defineResource({
  noun: 'partner',
  nounPlural: 'partners',
  description: 'Delivery services and marketplaces that bring you orders, and the commission they keep.',
  apiPath: MASTER_DATA_API.partners,
  searchPlaceholder: 'Search partners',
  columns: [
    {
      id: 'name',
      header: 'Name',
      mobile: 'primary',
      cell: (item: Partner) => (
        <div className="min-w-0">
          <Link
            to={partnerPath(item.id)}
            className="font-medium text-neutral-950 underline underline-offset-2 hover:text-neutral-700"
          >
            {item.name}
          </Link>
          {item.contactName && <div className="text-sm text-neutral-600">{item.contactName}</div>}
        </div>
      ),
    },
    { id: 'kind', header: 'Kind', cell: (item) => PARTNER_KIND_LABELS[item.kind] },
    {
      id: 'commission',
      header: 'Commission',
      align: 'end',
      cell: (item, context) => formatPercent(item.commissionPercent, context.locale),
    },
    ...contactColumns<Partner>(),
  ],
  form: {
    createSchema: PartnerInputSchema,
    updateSchema: PartnerUpdateSchema,
    emptyValues: (): PartnerValues => ({
      name: '',
      kind: 'delivery',
      commissionPercent: '',
      ...EMPTY_CONTACT,
    }),
    toFormValues: (item: Partner): PartnerValues => ({
      name: item.name,
      kind: item.kind,
      commissionPercent: numberToText(item.commissionPercent),
      ...contactValuesOf(item),
    }),
    convert: (values) => ({
      input: { ...values, commissionPercent: textToNumber(values.commissionPercent) },
    }),
    fields: [
      { kind: 'text', name: 'name', label: 'Name', maxLength: 100 },
      {
        kind: 'select',
        name: 'kind',
        label: 'Kind',
        span: 'half',
        options: PARTNER_KINDS.map((kind) => ({ value: kind, label: PARTNER_KIND_LABELS[kind] })),
      },
      {
        kind: 'text',
        name: 'commissionPercent',
        label: 'Commission (%)',
        inputMode: 'decimal',
        placeholder: '15',
        span: 'half',
        description: 'Their share of each order, such as 15 or 12.5.',
      },
      ...contactFields<PartnerValues>(),
    ],
  },
});
