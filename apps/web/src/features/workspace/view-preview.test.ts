import { describe, expect, it } from 'vitest';
import { definitionPreview } from './view-preview';

describe('definitionPreview', () => {
  it('shows the body after CREATE VIEW … AS on one line', () => {
    expect(definitionPreview('CREATE VIEW v AS\n  SELECT id\n  FROM orders')).toBe('SELECT id FROM orders');
    expect(definitionPreview('CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`%` SQL SECURITY DEFINER VIEW `v` AS select 1')).toBe('select 1');
    expect(definitionPreview(' SELECT a.id\n FROM a;')).toBe('SELECT a.id FROM a;');
  });
  it('cuts long text with an ellipsis and shows nothing for a missing definition', () => {
    expect(definitionPreview('SELECT ' + 'x'.repeat(300), 20)).toBe('SELECT xxxxxxxxxxxx…');
    expect(definitionPreview(null)).toBe('');
  });
});
