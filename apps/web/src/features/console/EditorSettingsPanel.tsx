/** Editor settings (spec 01 §3, §9): theme, font, font size, line height, keyword case, continue on error. */
import { Form, InputNumber, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { EDITOR_FONTS, EDITOR_THEMES } from '@askdb/contracts';
import { useSettings } from '../../lib/settings.js';

export function EditorSettingsPanel() {
  const { t } = useTranslation();
  const editor = useSettings((s) => s.editor);
  const update = useSettings((s) => s.updateEditor);
  return (
    <Form layout="vertical" size="small" style={{ width: 300 }} data-testid="editor-settings">
      <Form.Item label={t('console.settings.theme')}>
        <Select value={editor.theme} onChange={(theme) => update({ theme })} options={EDITOR_THEMES.map((x) => ({ value: x, label: t(`console.theme.${x}`) }))} data-testid="editor-settings-theme" />
      </Form.Item>
      <Form.Item label={t('console.settings.font')}>
        <Select value={editor.fontFamily} onChange={(fontFamily) => update({ fontFamily })} options={EDITOR_FONTS.map((x) => ({ value: x, label: x }))} />
      </Form.Item>
      <div style={{ display: 'flex', gap: 12 }}>
        <Form.Item label={t('console.settings.fontSize')}>
          <span data-testid="editor-settings-font-size">
            <InputNumber min={8} max={40} value={editor.fontSize} onChange={(v) => v && update({ fontSize: v })} />
          </span>
        </Form.Item>
        <Form.Item label={t('console.settings.lineHeight')}>
          <InputNumber min={1} max={3} step={0.1} value={editor.lineHeight} onChange={(v) => v && update({ lineHeight: v })} />
        </Form.Item>
      </div>
      <Form.Item label={t('console.settings.keywordCase')}>
        <Radio.Group value={editor.keywordCase} onChange={(e) => update({ keywordCase: e.target.value })} optionType="button">
          <Radio.Button value="off">{t('console.settings.keywordCase.off')}</Radio.Button>
          <Radio.Button value="upper">{t('console.settings.keywordCase.upper')}</Radio.Button>
          <Radio.Button value="lower">{t('console.settings.keywordCase.lower')}</Radio.Button>
        </Radio.Group>
      </Form.Item>
      <Form.Item label={t('console.settings.errorContinue')} style={{ marginBottom: 0 }}>
        <Switch checked={editor.errorContinue} onChange={(errorContinue) => update({ errorContinue })} data-testid="editor-settings-error-continue" />
      </Form.Item>
    </Form>
  );
}
