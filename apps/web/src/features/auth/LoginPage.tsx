/** /login?redirect=…&language=…: password or passcode sign-in, GitHub/Google, WeChat scan, register, forgot password. */
import { useCallback, useEffect, useState } from 'react';
import { Alert, App, Button, Card, Divider, Dropdown, Space, Tabs, Typography } from 'antd';
import { GithubOutlined, GlobalOutlined, GoogleOutlined, WechatOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LOCALES, LOCALE_LABELS } from '../../i18n';
import type { Locale } from '../../i18n/types';
import { useSettings } from '../../lib/settings';
import { accountApi, type LoginOptions } from './account-api';
import { CodeLoginForm, PasswordLoginForm } from './LoginForms';
import { RegisterForm } from './RegisterForm';
import { ResetPasswordForm } from './ResetPasswordForm';
import { WechatLogin } from './WechatLogin';
import { DEFAULT_AFTER_LOGIN, safeRedirect } from './redirect';
import { useSession } from './session';
import './auth.css';
import { useErrorToast } from '../../app/use-error-toast';

type View = 'signIn' | 'register' | 'forgot' | 'wechat';

export function LoginPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const session = useSession();
  const params = new URLSearchParams(window.location.search);
  const redirect = safeRedirect(params.get('redirect'), window.location.origin);
  const [view, setView] = useState<View>(params.get('view') === 'register' ? 'register' : 'signIn');
  // Only the sign-in ways the server has set up (issue 25 point 7); none until it says.
  const [options, setOptions] = useState<LoginOptions | null>(null);
  useEffect(() => {
    accountApi.loginOptions().then(setOptions, () => setOptions(null));
  }, []);
  const providers = options?.providers ?? [];
  const wechat = !!options?.wechat;

  useEffect(() => {
    void session.load({ anonymousOk: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Local mode never shows the login screen; a signed-in user goes straight on.
  useEffect(() => {
    if (session.system?.mode === 'local' || (session.status === 'ready' && session.user)) window.location.replace(session.system?.mode === 'local' ? DEFAULT_AFTER_LOGIN : redirect);
  }, [session.system, session.status, session.user, redirect]);

  const done = useCallback(() => window.location.assign(redirect), [redirect]);
  const oauth = async (provider: 'github' | 'google') => {
    try {
      window.location.assign(await accountApi.loginUrl(provider, redirect));
    } catch (e) {
      showError(e);
    }
  };
  const setLocale = (l: Locale) => {
    useSettings.getState().update({ language: l });
    void i18n.changeLanguage(l);
    document.documentElement.lang = l;
    const url = new URL(window.location.href);
    url.searchParams.set('language', l);
    window.history.replaceState(null, '', url.toString());
  };

  const title = { signIn: t('auth.signIn.title'), register: t('auth.register.title'), forgot: t('auth.reset.title'), wechat: t('auth.wechat.title') }[view];
  return (
    <div className="askdb-login" data-testid="login-page">
      <div className="askdb-login-top">
        <div className="askdb-logo">AskDB</div>
        <Dropdown
          menu={{ selectedKeys: [i18n.language], items: LOCALES.map((l) => ({ key: l, label: <span data-testid={`login-lang-${l}`}>{LOCALE_LABELS[l]}</span> })), onClick: ({ key }) => setLocale(key as Locale) }}
        >
          <Button type="text" icon={<GlobalOutlined />} data-testid="login-language">
            {LOCALE_LABELS[(LOCALES.includes(i18n.language as Locale) ? i18n.language : 'en-US') as Locale]}
          </Button>
        </Dropdown>
      </div>
      <Card className="askdb-login-card" data-testid={`login-view-${view}`}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{view === 'signIn' ? t('auth.signIn.subtitle') : ''}</Typography.Paragraph>
        {/* A failed GitHub/Google sign-in comes back as ?oauthError=CODE&message=… (in the user's language). */}
        {view === 'signIn' && params.get('oauthError') && (
          <Alert type="error" showIcon closable title={params.get('message') || t('auth.oauthFailed')} style={{ marginBottom: 12 }} data-testid="login-oauth-error" />
        )}
        {view === 'signIn' && (
          <>
            <Tabs
              data-testid="login-tabs"
              items={[
                { key: 'password', label: <span data-testid="login-tab-password">{t('auth.tab.password')}</span>, children: <PasswordLoginForm onSignedIn={done} /> },
                { key: 'code', label: <span data-testid="login-tab-code">{t('auth.tab.code')}</span>, children: <CodeLoginForm onSignedIn={done} /> },
              ]}
            />
            <div className="askdb-login-links">
              <Typography.Link onClick={() => setView('forgot')} data-testid="login-forgot">
                {t('auth.forgot')}
              </Typography.Link>
              <span>
                {t('auth.noAccount')}{' '}
                <Typography.Link onClick={() => setView('register')} data-testid="login-register">
                  {t('auth.register')}
                </Typography.Link>
              </span>
            </div>
            {(providers.length > 0 || wechat) && (
              <>
                <Divider plain>{t('auth.or')}</Divider>
                <Space direction="vertical" style={{ width: '100%' }} data-testid="login-providers">
                  {providers.includes('github') && (
                    <Button block icon={<GithubOutlined />} onClick={() => oauth('github')} data-testid="login-github">
                      {t('auth.with', { provider: 'GitHub' })}
                    </Button>
                  )}
                  {providers.includes('google') && (
                    <Button block icon={<GoogleOutlined />} onClick={() => oauth('google')} data-testid="login-google">
                      {t('auth.with', { provider: 'Google' })}
                    </Button>
                  )}
                  {wechat && (
                    <Button block icon={<WechatOutlined />} onClick={() => setView('wechat')} data-testid="login-wechat">
                      {t('auth.wechat.title')}
                    </Button>
                  )}
                </Space>
              </>
            )}
          </>
        )}
        {view === 'register' && (
<RegisterForm onRegistered={done} inviteToken={inviteTokenOf(redirect)} />
        )}
        {view === 'forgot' && <ResetPasswordForm onDone={() => setView('signIn')} />}
        {view === 'wechat' && <WechatLogin onSignedIn={done} />}
        {view !== 'signIn' && (
          <div className="askdb-login-links" style={{ justifyContent: 'center', marginTop: 16 }}>
            <Typography.Link onClick={() => setView('signIn')} data-testid="login-back">
              {t('auth.backToSignIn')}
            </Typography.Link>
          </div>
        )}
      </Card>
    </div>
  );
}

/** Registering on the way to an invite link passes its token along (an INVITE_ONLY deployment accepts it). */
function inviteTokenOf(redirect: string): string | undefined {
  const u = new URL(redirect, window.location.origin);
  return u.pathname === '/invite' ? (u.searchParams.get('token') ?? undefined) : undefined;
}
