/** The chart's type and settings: field mapping by role (from the result's columns), look and order. */
import { Checkbox, ColorPicker, Form, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHART_LINE_TYPES, CHART_ORDER_BY, CHART_ORDER_RULES, CHART_TYPES, type ChartOptions, type ChartSeries, type ChartSettings, type ChartType } from '@askdb/contracts';
import { LINE_TYPES, TYPE_INFO, type FieldRole } from './charts/types';

export interface ChartSettingsFormProps {
  type: ChartType;
  settings: ChartSettings;
  columns: string[];
  onType(type: ChartType): void;
  onChange(settings: ChartSettings): void;
}

const ROLE_KEY: Record<Exclude<FieldRole, 'y'>, 'xField' | 'angleField' | 'groupField' | 'textField' | 'valueField' | 'binField'> = {
  x: 'xField', angle: 'angleField', group: 'groupField', text: 'textField', value: 'valueField', bin: 'binField',
};
const OPTIONS: (keyof ChartOptions)[] = ['legend', 'labels', 'axisLine', 'gridLines', 'markers', 'fill'];

export function ChartSettingsForm({ type, settings: s, columns, onType, onChange }: ChartSettingsFormProps) {
  const { t } = useTranslation();
  const info = TYPE_INFO[type];
  const roles = [...info.required, ...info.optional];
  const colOptions = columns.map((c) => ({ value: c, label: c }));
  const set = (patch: Partial<ChartSettings>) => onChange({ ...s, ...patch });
  const setSeries = (i: number, patch: Partial<ChartSeries>) => set({ ySeries: s.ySeries.map((y, k) => (k === i ? { ...y, ...patch } : y)) });

  return (
    <Form layout="vertical" size="small" className="askdb-chart-settings" data-testid="chart-settings">
      <Form.Item label={t('dashboard.chart.type')}>
        <Select data-testid="chart-type" value={type} onChange={onType} options={CHART_TYPES.map((v) => ({ value: v, label: t(`dashboard.type.${v}`) }))} showSearch optionFilterProp="label" />
      </Form.Item>
      {roles.map((role) =>
        role === 'y' ? (
          <Form.Item key={role} label={t('dashboard.role.y')} required={info.required.includes(role)}>
            <Select
              data-testid="field-y" mode="multiple" allowClear options={colOptions} value={s.ySeries.map((y) => y.field)}
              onChange={(fields: string[]) => set({ ySeries: fields.map((f) => s.ySeries.find((y) => y.field === f) ?? { field: f, axis: 'left', kind: type === 'COMBO' && s.ySeries.length ? 'line' : 'bar' }) })}
            />
            {type !== 'BAR' && s.ySeries.map((y, i) => (
              <Space key={y.field} size={4} className="askdb-series-row">
                <span className="askdb-series-name">{y.field}</span>
                <Select size="small" value={y.axis} onChange={(axis) => setSeries(i, { axis })} options={[{ value: 'left', label: t('dashboard.axis.left') }, { value: 'right', label: t('dashboard.axis.right') }]} />
                {type === 'COMBO' && <Select size="small" value={y.kind} onChange={(kind) => setSeries(i, { kind })} options={[{ value: 'bar', label: t('dashboard.seriesKind.bar') }, { value: 'line', label: t('dashboard.seriesKind.line') }]} />}
              </Space>
            ))}
          </Form.Item>
        ) : (
          <Form.Item key={role} label={t(`dashboard.role.${role}`)} required={info.required.includes(role)}>
            <Select data-testid={`field-${role}`} allowClear options={colOptions} value={s[ROLE_KEY[role]]} onChange={(v?: string) => set({ [ROLE_KEY[role]]: v } as Partial<ChartSettings>)} />
          </Form.Item>
        ),
      )}
      {type === 'HISTOGRAM' && (
        <Form.Item label={t('dashboard.binCount')}>
          <InputNumber min={1} max={200} value={s.binCount} onChange={(v) => v && set({ binCount: v })} />
        </Form.Item>
      )}
      {(type === 'LINE' || type === 'AREA_LINE' || type === 'AREA' || type === 'COMBO') && (
        <Form.Item label={t('dashboard.lineType')}>
          <Select value={s.lineType} onChange={(lineType) => set({ lineType })} options={CHART_LINE_TYPES.map((v) => ({ value: v, label: t(`dashboard.lineType.${v}`) }))} />
        </Form.Item>
      )}
      <Form.Item label={t('dashboard.themeColor')}>
        <ColorPicker value={s.themeColor} disabledAlpha onChangeComplete={(c) => set({ themeColor: c.toHexString().slice(0, 7) })} />
      </Form.Item>
      {type !== 'TABLE' && type !== 'STATISTIC' && (
        <Form.Item label={t('dashboard.orderBy')}>
          <Space.Compact block>
            <Select data-testid="order-by" value={s.orderBy} onChange={(orderBy) => set({ orderBy })} options={CHART_ORDER_BY.map((v) => ({ value: v, label: t(`dashboard.orderBy.${v}`) }))} />
            <Select value={s.orderRule} disabled={s.orderBy === 'DATA'} onChange={(orderRule) => set({ orderRule })} options={CHART_ORDER_RULES.map((v) => ({ value: v, label: t(`dashboard.orderRule.${v}`) }))} />
          </Space.Compact>
        </Form.Item>
      )}
      <Space wrap size={[12, 4]}>
        {OPTIONS.filter((o) => (o === 'fill' ? type === 'WORD_CLOUD' : o === 'markers' ? LINE_TYPES.has(type) : true)).map((o) => (
          <Checkbox key={o} checked={s.options[o]} onChange={(e) => set({ options: { ...s.options, [o]: e.target.checked } })} data-testid={`option-${o}`}>
            {t(`dashboard.option.${o}`)}
          </Checkbox>
        ))}
      </Space>
    </Form>
  );
}
