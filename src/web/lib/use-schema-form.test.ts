import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inputToMinor } from '../../shared/money';
import { validateWithSchema } from './use-schema-form';

const schema = z.strictObject({
  name: z.string().trim().min(1, 'enter a name'),
  price: z.number().int('must be a whole number').min(0, 'must not be negative'),
});

const convert = (values: { name: string; price: string }) => {
  const price = inputToMinor(values.price, 'USD');
  return {
    input: { name: values.name, price: price ?? 0 },
    errors: price === null ? { price: 'Enter an amount such as 4.50.' } : undefined,
  };
};

describe('validateWithSchema', () => {
  it('passes a valid form through the shared schema as the request body', () => {
    expect(validateWithSchema(schema, { name: 'Latte', price: '4.50' }, convert)).toEqual({
      input: { name: 'Latte', price: 450 },
      errors: {},
    });
  });

  it('names each wrong field with a sentence, conversion problems included', () => {
    const result = validateWithSchema(schema, { name: ' ', price: 'abc' }, convert);
    expect(result.input).toBeNull();
    expect(result.errors).toEqual({ name: 'Enter a name.', price: 'Enter an amount such as 4.50.' });
  });

  it('keeps the path of nested fields', () => {
    const nested = z.strictObject({
      groups: z.array(z.strictObject({ name: z.string().min(1, 'required') })),
    });
    const result = validateWithSchema(nested, { groups: [{ name: 'Size' }, { name: '' }] }, (values) => ({
      input: values,
    }));
    expect(result.errors).toEqual({ 'groups.1.name': 'Required.' });
  });
});
