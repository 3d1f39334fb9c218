import {
  MASTER_DATA_API,
  type Unit,
  UnitInputSchema,
  UnitUpdateSchema,
} from '../../../../shared/contracts/master-data';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import {
  defineResource,
  FieldNote,
  numberToText,
  type ResourceFieldProps,
  textToNumber,
  useResourceOptions,
} from '../../resources';

interface UnitValues {
  name: string;
  symbol: string;
  /** '' for a base unit. */
  baseUnitId: string;
  factor: string;
}

/** `1 g = 0.001 kg`, or "Base unit". */
export function unitConversion(unit: Pick<Unit, 'symbol' | 'factor' | 'baseUnitSymbol'>): string {
  return unit.baseUnitSymbol ? `1 ${unit.symbol} = ${unit.factor} ${unit.baseUnitSymbol}` : 'Base unit';
}

/**
 * The base unit (active base units only, never the unit itself) and, once one is chosen, the factor,
 * with the conversion spelled out as the user types ("1 g = 0.001 kg").
 */
function BaseUnitFields({ form, recordId }: ResourceFieldProps<UnitValues>) {
  const units = useResourceOptions<Unit>(MASTER_DATA_API.units, { status: 'active' });
  const bases = (units.data ?? []).filter((unit) => unit.baseUnitId === null && unit.id !== recordId);
  const chosen = bases.find((unit) => unit.id === form.values.baseUnitId);
  const baseError = form.errorOf('baseUnitId');
  const symbol = form.values.symbol.trim() || 'unit';
  return (
    // The select gets the whole row until a factor sits beside it, and then the larger share: its
    // options ("None: this is a base unit", "Kilogram (kg)") are longer than a factor.
    <div className="grid grid-cols-1 gap-x-4 gap-y-5 sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className={form.values.baseUnitId === '' ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
        <SelectField
          label="Base unit"
          name="baseUnitId"
          value={form.values.baseUnitId}
          disabled={form.submitting || units.isPending}
          aria-invalid={baseError ? true : undefined}
          onChange={(event) => form.setField('baseUnitId', event.target.value)}
        >
          <option value="">None: this is a base unit</option>
          {/* A base that has since been archived still shows on the unit that uses it. */}
          {form.values.baseUnitId && !chosen && units.isSuccess && (
            <option value={form.values.baseUnitId}>An archived unit</option>
          )}
          {bases.map((unit) => (
            <option key={unit.id} value={unit.id}>
              {unit.name} ({unit.symbol})
            </option>
          ))}
        </SelectField>
        <FieldNote
          error={baseError}
          description={units.isError ? 'The units could not be loaded.' : 'Stock is counted in base units.'}
        />
      </div>
      {form.values.baseUnitId !== '' && (
        <TextField
          label="Factor"
          name="factor"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.001"
          className="min-w-0"
          disabled={form.submitting}
          value={form.values.factor}
          onChange={(event) => form.setField('factor', event.target.value)}
          error={form.errorOf('factor')}
          description={`1 ${symbol} = ${form.values.factor.trim() || '?'} ${chosen?.symbol ?? 'base unit'}`}
        />
      )}
    </div>
  );
}

/** Units of measure: stock and recipes count in them; a unit converts to a base unit (g = 0.001 kg). */
export const unitDefinition = defineResource({
  noun: 'unit',
  nounPlural: 'units',
  description:
    'Units of measure for stock and recipes. A unit can convert to a base unit, such as 1 g = 0.001 kg.',
  apiPath: MASTER_DATA_API.units,
  searchPlaceholder: 'Search units',
  columns: [
    {
      id: 'name',
      header: 'Name',
      cell: (item: Unit) => <span className="font-medium text-neutral-950">{item.name}</span>,
    },
    { id: 'symbol', header: 'Symbol', cell: (item: Unit) => item.symbol },
    { id: 'conversion', header: 'Conversion', cell: (item: Unit) => unitConversion(item) },
  ],
  form: {
    createSchema: UnitInputSchema,
    updateSchema: UnitUpdateSchema,
    emptyValues: (): UnitValues => ({ name: '', symbol: '', baseUnitId: '', factor: '' }),
    toFormValues: (item: Unit): UnitValues => ({
      name: item.name,
      symbol: item.symbol,
      baseUnitId: item.baseUnitId ?? '',
      factor: item.baseUnitId ? numberToText(item.factor) : '',
    }),
    convert: (values) => ({
      input: {
        name: values.name,
        symbol: values.symbol,
        baseUnitId: values.baseUnitId === '' ? null : values.baseUnitId,
        // A base unit has no factor of its own (the server keeps it at 1).
        ...(values.baseUnitId === '' ? {} : { factor: textToNumber(values.factor) }),
      },
    }),
    fields: [
      { kind: 'text', name: 'name', label: 'Name', maxLength: 50, placeholder: 'Gram', span: 'half' },
      { kind: 'text', name: 'symbol', label: 'Symbol', maxLength: 12, placeholder: 'g', span: 'half' },
      { kind: 'custom', key: 'base-unit', Component: BaseUnitFields },
    ],
  },
});
