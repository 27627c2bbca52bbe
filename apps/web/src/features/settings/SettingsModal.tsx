import { Form, InputNumber, Modal, Radio, Select, Switch, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { EDITOR_FONTS, EDITOR_THEMES } from '@askdb/contracts';
import { useSettings } from '../../lib/settings';
import { LOCALES, LOCALE_LABELS } from '../../i18n';
import type { Locale } from '../../i18n/types';
import { extraSettingsSections } from './extra-sections';
import { ShortcutSettings } from './ShortcutSettings';
import { AboutSection } from './AboutSection';
import { ServiceAddress } from './ServiceAddress';
import { UpdateRules } from './UpdateRules';
import { UI_FONTS, setUiFont, uiFont } from '../../lib/ui-font';

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
      <Form.Item label={t('settings.uiFont')}>
        <Select data-testid="settings-ui-font" style={{ width: 200 }} defaultValue={uiFont()} onChange={setUiFont} options={UI_FONTS.map((f) => ({ value: f, label: f === 'system' ? t('settings.uiFont.system') : f }))} />
      </Form.Item>
      <Form.Item label={t('settings.fontSize')}>
        <InputNumber min={10} max={24} value={s.fontSize} onChange={(v) => v && s.update({ fontSize: v })} />
      </Form.Item>
      <Form.Item label={t('settings.editorFontSize')}>
        <InputNumber min={8} max={40} value={s.editor.fontSize} onChange={(v) => v && s.updateEditor({ fontSize: v })} data-testid="settings-basic-editor-font-size" />
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
      <Form.Item label={t('settings.editor.minimap')}>
        <Switch checked={s.editor.minimap} onChange={(minimap) => s.updateEditor({ minimap })} />
      </Form.Item>
      <Form.Item label={t('settings.editor.wordWrap')}>
        <Switch checked={s.editor.wordWrap === 'on'} onChange={(on) => s.updateEditor({ wordWrap: on ? 'on' : 'off' })} />
      </Form.Item>
      <Form.Item label={t('settings.editor.stickyScroll')}>
        <Switch checked={s.editor.stickyScroll} onChange={(stickyScroll) => s.updateEditor({ stickyScroll })} />
      </Form.Item>
      <Form.Item label={t('settings.editor.folding')}>
        <Switch checked={s.editor.folding} onChange={(folding) => s.updateEditor({ folding })} />
      </Form.Item>
    </Form>
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
          { key: 'service', label: <span data-testid="settings-tab-service">{t('service.title')}</span>, children: <ServiceAddress /> },
          { key: 'shortcuts', label: <span data-testid="settings-tab-shortcuts">{t('settings.shortcuts')}</span>, children: <ShortcutSettings /> },
          { key: 'update', label: <span data-testid="settings-tab-update">{t('update.title')}</span>, children: <UpdateRules /> },
          { key: 'about', label: <span data-testid="settings-tab-about">{t('settings.about')}</span>, children: <AboutSection system={system} /> },
        ]}
      />
    </Modal>
  );
}
