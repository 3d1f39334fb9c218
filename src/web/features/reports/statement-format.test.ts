import { describe, expect, it } from 'vitest';
import { statementFormat } from './statement-format';
import { lineChange } from './statement-lines';

describe('statementFormat', () => {
  const format = statementFormat('USD', 'en-US');

  it('writes amounts, counts and percents in the restaurant’s way', () => {
    expect(format.value(123_456, 'money')).toBe('$1,234.56');
    expect(format.value(-500, 'money')).toBe('-$5.00');
    expect(format.value(1_204, 'count')).toBe('1,204');
    expect(format.value(33.3, 'percent')).toBe('33.3%');
    expect(format.value(30, 'percent')).toBe('30.0%');
    expect(format.value(null, 'percent')).toBe('—');
  });

  it('writes a change with its sign', () => {
    const up = lineChange(11_500, 10_000, 'money');
    expect(format.delta(up, 'money')).toBe('+$15.00');
    expect(format.percent(up)).toBe('+15%');
    const down = lineChange(1, 3, 'count');
    expect(format.delta(down, 'count')).toBe('−2');
    expect(format.percent(down)).toBe('−66.7%');
    expect(format.delta(lineChange(30.1, 33.3, 'percent'), 'percent')).toBe('−3.2 pts');
    expect(format.percent(lineChange(500, 0, 'money'))).toBeNull();
    expect(format.delta(lineChange(0, 0, 'money'), 'money')).toBe('$0.00');
  });

  it('follows another currency and language', () => {
    const euros = statementFormat('EUR', 'de-DE');
    expect(euros.value(123_456, 'money')).toBe('1.234,56\u00a0€');
    expect(euros.value(12.5, 'percent')).toBe('12,5\u00a0%');
  });
});
