/**
 * A column's type: a searchable list of the engine's types that also takes free text. Focusing it
 * selects the whole text, so typing replaces the type instead of landing inside it; until the user
 * types, the list shows every type.
 */
import { useMemo, useRef, useState } from 'react';
import { AutoComplete } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  value: string;
  types: string[];
  onChange(type: string): void;
}

export function TypeInput({ value, types, onChange }: Props) {
  const { t } = useTranslation();
  // What the user typed since focusing the field; null shows the whole list.
  const [query, setQuery] = useState<string | null>(null);
  // Set on focus: the mouse button's release must not put the caret back where the click landed.
  const keepSelection = useRef(false);
  const options = useMemo(() => {
    const q = query?.trim().toLowerCase();
    const list = q ? types.filter((v) => v.toLowerCase().includes(q)).sort((a, b) => Number(!a.toLowerCase().startsWith(q)) - Number(!b.toLowerCase().startsWith(q))) : types;
    return list.map((v) => ({ value: v, label: <span data-testid="col-type-option">{v}</span> }));
  }, [types, query]);
  return (
    <div
      onMouseUp={(e) => {
        if (!keepSelection.current) return;
        keepSelection.current = false;
        e.preventDefault();
      }}
    >
    <AutoComplete
      size="small"
      style={{ width: '100%' }}
      value={value}
      options={options}
      placeholder={t('tableEditor.col.typeSearch')}
      popupMatchSelectWidth={200}
      onFocus={(e) => {
        setQuery(null);
        const input = e.target as HTMLInputElement;
        input.select();
        keepSelection.current = true;
        // Also after the browser has placed the caret where the click landed.
        requestAnimationFrame(() => input.select());
      }}
      onBlur={() => {
        setQuery(null);
        keepSelection.current = false;
      }}
      onSearch={(text) => setQuery(text)}
      onChange={(v) => onChange(String(v ?? ''))}
      data-testid="col-type"
    />
    </div>
  );
}
