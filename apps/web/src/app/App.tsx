import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { App as AntApp, Button, ConfigProvider, Dropdown, Layout, Segmented, Spin, Tag, Tooltip, theme as antTheme } from 'antd';
import { DiffOutlined, GlobalOutlined, MoonOutlined, SettingOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../lib/settings';
import { MAIN_TABS, navigate, useMainTab, type MainTab } from '../lib/router';
import { GLOBAL_SHORTCUTS, displayShortcut } from '../lib/shortcuts';
import { setApiLanguage } from '../lib/api';
import { LOCALES, LOCALE_LABELS, antdLocaleOf } from '../i18n';
import type { Locale } from '../i18n/types';
import { ResizeHandle } from './ResizeHandle';
import { useGlobalShortcuts } from './useGlobalShortcuts';
import { WorkspaceExplorer } from '../features/workspace/explorer';
import { confirmPendingWork, useLeavePageGuard } from '../features/workspace/pending-changes';
import { useTree } from '../features/workspace/tree/tree-store';
import { openSchemaSync } from '../features/schema-sync/events';
// Mounted with the shell; its dialog loads after the shell's later parts (or when first opened).
import { SchemaSyncHost } from '../features/schema-sync/SchemaSyncHost';
import { UserMenu } from '../features/auth/UserMenu';
import { useSession } from '../features/auth/session';
import { standalonePage } from '../features/auth/redirect';
// Refusals are recorded from the first request on, before the permissions dialog (a deferred part) is loaded.
import '../features/permissions/refusal-store';
import { TeamTabBadge } from '../features/approvals/PendingBadge';
import { EditionBadge } from '../features/commerce/EditionBadge';
import { isPricingPath } from '../features/commerce/pricing-path';
import { EditionStateBadge } from './EditionStateBadge';
import { loadSessionOnce } from './first-screen-data';

// Later screens load when first shown, not with the workspace (issue 28 point 4): dashboards (grid
// layout, chart editor), the team pages and the standalone pricing page; the sign-in and invite pages.
const DashboardPage = lazy(() => import('../features/dashboard').then((m) => ({ default: m.DashboardPage })));
const TeamPage = lazy(() => import('../features/team').then((m) => ({ default: m.TeamPage })));
const PricingPage = lazy(() => import('../features/commerce/PricingPage').then((m) => ({ default: m.PricingPage })));
const loadLogin = () => import('../features/auth/LoginPage');
const LoginPage = lazy(() => loadLogin().then((m) => ({ default: m.LoginPage })));
const InvitePage = lazy(() => import('../features/team/InvitePage').then((m) => ({ default: m.InvitePage })));
const ChatPage = lazy(() => import('../features/chat').then((m) => ({ default: m.ChatPage })));
// The first screen is the workspace tree: the tabs area (consoles, results; Monaco loads later still, with
// the first console), the AI panel and the shell's dialogs load once the tree has rendered (useFirstScreenDone).
const WorkspaceMain = lazy(() => import('../features/workspace/WorkspaceMain').then((m) => ({ default: m.WorkspaceMain })));
const ChatPanel = lazy(() => import('../features/chat').then((m) => ({ default: m.ChatPanel })));
const loadDeferred = () => import('./DeferredParts');
const HeaderExtras = lazy(() => loadDeferred().then((m) => ({ default: m.HeaderExtras })));
const Hosts = lazy(() => loadDeferred().then((m) => ({ default: m.Hosts })));
// A standalone page's code is asked for now, while the entry chunk still runs, not after the first render.
if (standalonePage(window.location.pathname) === 'login') void loadLogin();
const pageLoading = <Spin style={{ display: 'block', margin: '64px auto' }} data-testid="page-loading" />;

const TAB_SHORTCUT: Partial<Record<MainTab, keyof typeof GLOBAL_SHORTCUTS>> = { workspace: 'workspace', dashboard: 'dashboard', chat: 'chat' };

/**
 * False until the first screen is up: the workspace tree has its data sources (or another main tab is
 * shown). Then, after that frame is painted, true: the deferred parts load and render without holding
 * the tree back on a slow network or a busy CPU.
 */
function useFirstScreenDone(tab: MainTab, shell: boolean): [boolean, () => void] {
  const treeReady = useTree((st) => st.rootLoaded);
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (done || !shell || (tab === 'workspace' && !treeReady)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setDone(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [done, shell, tab, treeReady]);
  return [done, useCallback(() => setDone(true), [])];
}

/** Runs `run` once it is committed: inside a Suspense boundary, once the boundary's lazy parts are on screen. */
function OnCommit({ run }: { run(): void }) {
  useEffect(() => run(), [run]);
  return null;
}

function useDark(appearance: string): boolean {
  const [sysDark, setSysDark] = useState(() => window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? true);
  useEffect(() => {
    const mq = window.matchMedia?.('(prefers-color-scheme: dark)');
    const on = (e: MediaQueryListEvent) => setSysDark(e.matches);
    mq?.addEventListener('change', on);
    return () => mq?.removeEventListener('change', on);
  }, []);
  return appearance === 'dark' || (appearance === 'system' && sysDark);
}

export function App() {
  const { t, i18n } = useTranslation();
  const s = useSettings();
  const tab = useMainTab();
  const dark = useDark(s.appearance);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsSection, setSettingsSection] = useState<string>();
  const session = useSession();
  const system = session.system;
  const page = standalonePage(window.location.pathname);
  const shell = !page && !(system?.mode === 'server' && session.status !== 'ready') && !isPricingPath();
  const [deferredOn, loadDeferredNow] = useFirstScreenDone(tab, shell);
  // The explorer's and schema sync's dialogs load once the deferred parts are on screen (or when first opened),
  // so the header's buttons come as soon as before.
  const [dialogsOn, setDialogsOn] = useState(false);
  const dialogsNow = useCallback(() => setDialogsOn(true), []);
  const openSettings = useCallback((section?: string) => {
    setSettingsSection(typeof section === 'string' ? section : undefined);
    setSettingsOpen(true);
    loadDeferredNow();
  }, [loadDeferredNow]);
  const scope = `${session.user?.id ?? 'local'}:${session.user?.currentOrganization?.id ?? ''}`;
  useGlobalShortcuts(openSettings);
  // Grid edits and table-editor changes not applied yet: the browser asks before closing or reloading.
  useLeavePageGuard();

  useEffect(() => {
    // The login and invite pages load the session themselves; in server mode a missing session goes to /login.
    if (!page) void loadSessionOnce();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  }, [dark]);
  useEffect(() => {
    (document.getElementById('root') as HTMLElement).style.zoom = String(s.zoom);
  }, [s.zoom]);
  useEffect(() => {
    setApiLanguage(i18n.language);
    document.documentElement.lang = i18n.language;
  }, [i18n.language]);

  // zeroRuntime (issue 28 point 4): antd's component styles come from its prebuilt stylesheet (imported in
  // main.tsx) instead of being generated and injected by each component type as it first renders — that was
  // a third of the first render's work, and on a busy CPU most of a second. Theme tokens (dark, font size,
  // primary colour) still apply at run time as CSS variables.
  const themeConfig = useMemo(
    () => ({ zeroRuntime: true, algorithm: dark ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm, token: { fontSize: s.fontSize, borderRadius: 4, colorPrimary: '#3b7cff' } }),
    [dark, s.fontSize],
  );
  const locale = (LOCALES.includes(i18n.language as Locale) ? i18n.language : 'en-US') as Locale;

  return (
    <ConfigProvider theme={themeConfig} locale={antdLocaleOf(locale)}>
      <AntApp>
        {page === 'login' ? (
          <Suspense fallback={pageLoading}><LoginPage /></Suspense>
        ) : page === 'invite' ? (
          <Suspense fallback={pageLoading}><InvitePage /></Suspense>
        ) : system?.mode === 'server' && session.status !== 'ready' ? (
          <Spin size="large" fullscreen data-testid="session-loading" />
        ) : isPricingPath() ? (
          <Suspense fallback={pageLoading}><PricingPage /></Suspense>
        ) : (
        <Layout className="askdb-app" data-testid="app-shell" data-theme={dark ? 'dark' : 'light'}>
          <Layout.Header className="askdb-header">
            <div className="askdb-logo" data-testid="logo">AskDB</div>
            <Segmented<MainTab>
              data-testid="main-tabs"
              value={tab}
              onChange={(v) => void confirmPendingWork().then((go) => (go ? navigate(v) : undefined))}
              options={MAIN_TABS.map((m) => ({
                value: m,
                label: (
                  <Tooltip title={TAB_SHORTCUT[m] ? displayShortcut(GLOBAL_SHORTCUTS[TAB_SHORTCUT[m]!]) : undefined}>
                    {m === 'team' ? (
                      <TeamTabBadge><span data-testid={`main-tab-${m}`}>{t(`shell.tab.${m}`)}</span></TeamTabBadge>
                    ) : (
                      <span data-testid={`main-tab-${m}`}>{t(`shell.tab.${m}`)}</span>
                    )}
                  </Tooltip>
                ),
              }))}
            />
            <div className="askdb-header-right">
              <EditionBadge />
              {system && <EditionStateBadge mode={system.mode === 'server' ? 'server' : 'local'} />}
              {s.zoom !== 1 && <Tag>{t('shell.zoom', { percent: Math.round(s.zoom * 100) })}</Tag>}
              <Tooltip title={t('schemaSync.title')}>
                <Button type="text" data-testid="schema-sync-button" aria-label={t('schemaSync.title')} icon={<DiffOutlined />} onClick={() => openSchemaSync()} />
              </Tooltip>
              <Tooltip title={t('shell.theme.toggle')}>
                <Button type="text" data-testid="theme-toggle" aria-label={t('shell.theme.toggle')} icon={dark ? <SunOutlined /> : <MoonOutlined />} onClick={() => s.update({ appearance: dark ? 'light' : 'dark' })} />
              </Tooltip>
              <Dropdown
                menu={{
                  selectedKeys: [locale],
                  items: LOCALES.map((l) => ({ key: l, label: <span data-testid={`lang-${l}`}>{LOCALE_LABELS[l]}</span> })),
                  onClick: ({ key }) => {
                    s.update({ language: key as Locale });
                    void i18n.changeLanguage(key);
                  },
                }}
              >
                <Button type="text" data-testid="language-menu" aria-label={t('shell.language')} icon={<GlobalOutlined />}>
                  {LOCALE_LABELS[locale]}
                </Button>
              </Dropdown>
              {/* The later header buttons (tasks, feedback, notifications) have their room from the first frame: the
                  buttons beside them do not move when they arrive (a menu opened on the language button stays put). */}
              <span className="askdb-header-extras" data-testid="header-extras">
                {deferredOn && <Suspense fallback={null}><HeaderExtras scope={scope} /></Suspense>}
              </span>
              <Tooltip title={`${t('shell.settings')} (${displayShortcut(GLOBAL_SHORTCUTS.settings)})`}>
                <Button type="text" data-testid="settings-button" aria-label={t('shell.settings')} icon={<SettingOutlined />} onClick={() => openSettings()} />
              </Tooltip>
              {system?.mode === 'server' && <UserMenu onOpenSettings={openSettings} />}
            </div>
          </Layout.Header>
          <Layout className="askdb-body">
            {tab === 'workspace' && (
              <>
                <aside className="askdb-left" style={{ width: s.leftWidth }} data-testid="left-panel" aria-label={t('shell.panel.left')}>
                  <WorkspaceExplorer loadDialogs={dialogsOn} />
                </aside>
                <ResizeHandle side="left" width={s.leftWidth} min={180} max={640} onResize={(w) => s.update({ leftWidth: w })} testId="left-resize" />
                <main className="askdb-main" data-testid="workspace-main">
                  {deferredOn && <Suspense fallback={null}><WorkspaceMain /></Suspense>}
                </main>
                {s.rightOpen && (
                  <>
                    <ResizeHandle side="right" width={s.rightWidth} min={240} max={720} onResize={(w) => s.update({ rightWidth: w })} testId="right-resize" />
                    <aside className="askdb-right" style={{ width: s.rightWidth }} data-testid="right-panel" aria-label={t('shell.panel.right')}>
                      {deferredOn && <Suspense fallback={null}><ChatPanel /></Suspense>}
                    </aside>
                  </>
                )}
              </>
            )}
            {tab === 'dashboard' && <main className="askdb-main askdb-page" data-testid="page-dashboard"><Suspense fallback={pageLoading}><DashboardPage /></Suspense></main>}
            {tab === 'chat' && <main className="askdb-main askdb-page" data-testid="page-chat"><Suspense fallback={pageLoading}><ChatPage /></Suspense></main>}
            {tab === 'team' && <main className="askdb-main askdb-page" data-testid="page-team"><Suspense fallback={pageLoading}><TeamPage /></Suspense></main>}
          </Layout>
          <SchemaSyncHost load={dialogsOn} />
          {deferredOn && (
            <Suspense fallback={null}>
              <Hosts settingsOpen={settingsOpen} onCloseSettings={() => setSettingsOpen(false)} onOpenSettings={openSettings} system={system} settingsSection={settingsSection} />
              <OnCommit run={dialogsNow} />
            </Suspense>
          )}
        </Layout>
        )}
      </AntApp>
    </ConfigProvider>
  );
}
