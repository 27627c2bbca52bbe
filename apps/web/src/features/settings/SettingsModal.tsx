import { Descriptions, Form, InputNumber, Modal, Radio, Select, Switch, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EDITOR_FONTS, EDITOR_THEMES } from '@askdb/contracts';
import { useSettings } from '../../lib/settings';
import { GLOBAL_SHORTCUTS, displayShortcut } from '../../lib/shortcuts';
import { LOCALES, LOCALE_LABELS } from '../../i18n';
import type { Locale } from '../../i18n/types';
import { extraSettingsSections } from './extra-sections';

export function SettingsModal({ open, onClose, system, section }: { open: boolean; onClose(): void; system?: { version: string; mode: string }; section?: string }) {
  const { t, i18n } = useTranslation();
  const s = useSettings();
  const setLanguage = (l: Locale) => {
    s.update({ language: l });
    void i18n.changeLanguage(l);
    document.documentElement.lang = l;
    // An explicit choice replaces a ?language= override from the URL.
    const url = new URL(window.location.href);
    if (url.searchParams.has('language')) {
      url.searchParams.delete('language');
      window.history.replaceState(null, '', url.toString());
    }
  };
  const basic = (
    <Form layout="vertical" data-testid="settings-basic">
      <Form.Item label={t('settings.appearance')}>
        <Radio.Group value={s.appearance} onChange={(e) => s.update({ appearance: e.target.value })} data-testid="settings-theme">
          <Radio.Button value="dark">{t('shell.theme.dark')}</Radio.Button>
          <Radio.Button value="light">{t('shell.theme.light')}</Radio.Button>
          <Radio.Button value="system">{t('shell.theme.system')}</Radio.Button>
        </Radio.Group>
      </Form.Item>
      <Form.Item label={t('settings.language')}>
        <Select data-testid="settings-language" style={{ width: 200 }} value={i18n.language as Locale} onChange={setLanguage} options={LOCALES.map((l) => ({ value: l, label: LOCALE_LABELS[l] }))} />
      </Form.Item>
      <Form.Item label={t('settings.fontSize')}>
        <InputNumber min={10} max={24} value={s.fontSize} onChange={(v) => v && s.update({ fontSize: v })} />
      </Form.Item>
    </Form>
  );
  const editor = (
    <Form layout="vertical" data-testid="settings-editor">
      <Form.Item label={t('settings.editor.theme')}>
        <Select style={{ width: 220 }} value={s.editor.theme} onChange={(theme) => s.updateEditor({ theme })} options={EDITOR_THEMES.map((x) => ({ value: x, label: x }))} />
      </Form.Item>
      <Form.Item label={t('settings.editor.fontFamily')}>
        <Select style={{ width: 220 }} value={s.editor.fontFamily} onChange={(fontFamily) => s.updateEditor({ fontFamily })} options={EDITOR_FONTS.map((x) => ({ value: x, label: x }))} />
      </Form.Item>
      <Form.Item label={t('settings.editor.fontSize')}>
        <InputNumber min={8} max={40} value={s.editor.fontSize} onChange={(v) => v && s.updateEditor({ fontSize: v })} />
      </Form.Item>
      <Form.Item label={t('settings.editor.lineHeight')}>
        <InputNumber min={1} max={3} step={0.1} value={s.editor.lineHeight} onChange={(v) => v && s.updateEditor({ lineHeight: v })} />
      </Form.Item>
      <Form.Item label={t('settings.editor.keywordCase')}>
        <Radio.Group value={s.editor.keywordCase} onChange={(e) => s.updateEditor({ keywordCase: e.target.value })}>
          <Radio.Button value="off">{t('settings.editor.keywordCase.off')}</Radio.Button>
          <Radio.Button value="upper">{t('settings.editor.keywordCase.upper')}</Radio.Button>
          <Radio.Button value="lower">{t('settings.editor.keywordCase.lower')}</Radio.Button>
        </Radio.Group>
      </Form.Item>
      <Form.Item label={t('settings.editor.errorContinue')}>
        <Switch checked={s.editor.errorContinue} onChange={(errorContinue) => s.updateEditor({ errorContinue })} />
      </Form.Item>
    </Form>
  );
  const shortcuts = (
    <Descriptions column={1} size="small" bordered data-testid="settings-shortcuts">
      {(Object.keys(GLOBAL_SHORTCUTS) as (keyof typeof GLOBAL_SHORTCUTS)[]).map((k) => (
        <Descriptions.Item key={k} label={t(`settings.shortcut.${k}`)}>
          <Typography.Text keyboard>{displayShortcut(GLOBAL_SHORTCUTS[k])}</Typography.Text>
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
  const about = (
    <div>
      <Typography.Title level={4}>AskDB</Typography.Title>
      <Typography.Paragraph>{t('settings.version', { version: system?.version ?? '' })}</Typography.Paragraph>
      <Typography.Paragraph>{t('settings.mode', { mode: system?.mode === 'server' ? t('shell.mode.server') : t('shell.mode.local') })}</Typography.Paragraph>
    </div>
  );
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={860} title={t('settings.title')} destroyOnHidden data-testid="settings-modal">
      <Tabs
        tabPosition="left"
        defaultActiveKey={section}
        items={[
          { key: 'basic', label: t('settings.basic'), children: basic },
          { key: 'editor', label: t('settings.editor'), children: editor },
          ...extraSettingsSections.filter((x) => (!x.serverOnly || system?.mode === 'server') && !x.hidden?.()).map((x) => ({ key: x.key, label: <span data-testid={`settings-tab-${x.key}`}>{t(x.labelKey)}</span>, children: <x.Component /> })),
          { key: 'shortcuts', label: t('settings.shortcuts'), children: shortcuts },
          { key: 'about', label: t('settings.about'), children: about },
        ]}
      />
    </Modal>
  );
}
