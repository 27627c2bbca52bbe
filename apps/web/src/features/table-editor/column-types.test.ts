import { describe, expect, it } from 'vitest';
import { initialSize, joinScale, precisionTyped, scaleParts, takesScale, takesSize, takesUnit, typeChoices, typeProblem } from './column-types';

describe('table editor column types', () => {
  it('only types that take a size show the size field', () => {
    expect(takesSize('postgresql', 'character varying')).toBe(true);
    expect(takesSize('postgresql', 'numeric')).toBe(true);
    expect(takesSize('postgresql', 'timestamp')).toBe(true);
    expect(takesSize('postgresql', 'text')).toBe(false);
    expect(takesSize('postgresql', 'integer')).toBe(false);
    expect(takesSize('mysql', 'int unsigned')).toBe(true);
    expect(takesSize('mysql', 'json')).toBe(false);
    expect(takesSize('postgresql', 'my_domain')).toBe(true);
  });
  it('refuses sizes the engine would refuse', () => {
    expect(typeProblem('postgresql', 'timestamp', '100')).toMatchObject({ key: 'tableEditor.err.sizeRange', values: { min: 0, max: 6 } });
    expect(typeProblem('postgresql', 'timestamp', '3')).toBeNull();
    expect(typeProblem('postgresql', 'text', '100')).toMatchObject({ key: 'tableEditor.err.noSize' });
    expect(typeProblem('postgresql', 'numeric', '10,2')).toBeNull();
    expect(typeProblem('postgresql', 'numeric', '2,10')).toMatchObject({ key: 'tableEditor.err.scaleRange' });
    expect(typeProblem('postgresql', 'varchar', '1,2')).toMatchObject({ key: 'tableEditor.err.sizeFormat' });
    expect(typeProblem('mysql', 'varchar', '')).toMatchObject({ key: 'tableEditor.err.needSize' });
    expect(typeProblem('mysql', 'enum', "'a','b'")).toBeNull();
    expect(typeProblem('sqlserver', 'nvarchar', 'max')).toBeNull();
  });
  it('a type of several words must be one the engine has; one word may be user-defined', () => {
    expect(typeProblem('postgresql', 'character timestampvarying', '100')).toMatchObject({ key: 'tableEditor.err.typeName' });
    expect(typeProblem('postgresql', 'character varying', '100')).toBeNull();
    expect(typeProblem('postgresql', 'Double Precision', '')).toBeNull();
    expect(typeProblem('postgresql', 'mood', '')).toBeNull();
    expect(typeProblem('postgresql', 'public.mood[]', '')).toBeNull();
    expect(typeProblem('mysql', 'bigint unsigned', '')).toBeNull();
  });
  it('a required length starts filled; the list keeps server types it lacks', () => {
    expect(initialSize('mysql', 'varchar')).toBe('255');
    expect(initialSize('postgresql', 'timestamp')).toBe('');
    expect(typeChoices('postgresql', ['integer', 'geometry', 'nvarchar(max)'])).toContain('geometry');
    expect(typeChoices('postgresql', ['nvarchar(max)'])).not.toContain('nvarchar(max)');
  });

  it('splits a decimal size into precision and decimal places and joins them back; only precision-scale types take places; only Oracle character types a unit', () => {
    expect(scaleParts('12,3')).toEqual({ precision: '12', scale: '3' });
    expect(scaleParts('12')).toEqual({ precision: '12', scale: '' });
    expect(joinScale('12', '3')).toBe('12,3');
    expect(joinScale('12', '')).toBe('12');
    expect(joinScale('1a2', 'x4')).toBe('12,4');
    // "12,2" typed into the precision field (one size field's habit) fills both parts, never precision 122.
    expect(precisionTyped('12,2', '')).toBe('12,2');
    expect(precisionTyped('14', '12,2')).toBe('14,2');
    expect(typeProblem('mysql', 'decimal', joinScale('', '3'))).toMatchObject({ key: 'tableEditor.err.sizeFormat' });
    expect(takesScale('mysql', 'decimal')).toBe(true);
    expect(takesScale('postgresql', 'numeric')).toBe(true);
    expect(takesScale('oracle', 'NUMBER')).toBe(true);
    expect(takesScale('postgresql', 'varchar')).toBe(false);
    expect(takesUnit('oracle', 'VARCHAR2')).toBe(true);
    expect(takesUnit('oracle', 'NVARCHAR2')).toBe(false);
    expect(takesUnit('mysql', 'varchar')).toBe(false);
  });
});
