/**
 * A column's collation: a searchable list of the database's collations, grouped by character set
 * where the engine has them (MySQL family: choosing a collation chooses its character set too).
 * Cleared: the column takes the table's or the type's default.
 */
import { useMemo } from 'react';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';

export interface Collation { name: string; charset: string | null; isDefault: boolean }

interface Props {
  value: string;
  collations: Collation[];
  onChange(collation: string): void;
}

export function CollationSelect({ value, collations, onChange }: Props) {
  const { t } = useTranslation();
  const options = useMemo((): SelectProps['options'] => {
    const item = (c: Collation) => ({ value: c.name, label: c.isDefault ? `${c.name} (${t('tableEditor.col.charsetDefault')})` : c.name });
    if (!collations.some((c) => c.charset)) return collations.map(item);
    const groups = new Map<string, Collation[]>();
    for (const c of collations) groups.set(c.charset ?? '', [...(groups.get(c.charset ?? '') ?? []), c]);
    return [...groups].map(([charset, list]) => ({ label: `${t('tableEditor.charset')}: ${charset}`, title: charset, options: list.map(item) }));
  }, [collations, t]);
  return (
    <Select
      size="small"
      showSearch
      allowClear
      style={{ width: '100%' }}
      value={value || undefined}
      placeholder={t('tableEditor.col.collationDefault')}
      options={options}
      optionFilterProp="value"
      popupMatchSelectWidth={260}
      onChange={(v) => onChange(v ?? '')}
      data-testid="col-collation"
    />
  );
}
