/**
 * Telling an account's owner that someone keeps failing to sign in as them (issue 24 point 4): a
 * notice in their notification centre and an e-mail through the configured SMTP server, once per
 * episode (LoginThrottle decides when). The e-mail is in the three languages: the owner's language
 * is not known at this point, and the request's is the stranger's.
 */
import { defineMessages, translate, type Language } from '@askdb/contracts';
import type { AppDeps } from '../../deps.js';
import { UserRepo } from '../../store/users.js';
import { notify } from '../notifications/notify.js';
import { smtpTransport } from './mail.js';
import type { AccountKind } from './sign-in.js';

export const SIGN_IN_THROTTLED_KEY = 'account.signInThrottled';

const mail = defineMessages({
  SUBJECT: { 'en-US': 'AskDB: repeated failed sign-ins to your account', 'zh-CN': 'AskDB：您的账号多次登录失败', 'ja-JP': 'AskDB：アカウントへのサインインが繰り返し失敗しています' },
  BODY: {
    'en-US': 'Someone at {address} entered a wrong password for {account} {attempts} times. Further attempts from there are slowed down; you can still sign in as usual. If this was not you, consider changing your password.',
    'zh-CN': '来自 {address} 的请求为 {account} 输错密码 {attempts} 次。之后来自该地址的尝试会被放慢；您仍可照常登录。如果不是您本人，建议修改密码。',
    'ja-JP': '{address} から {account} のパスワードが {attempts} 回誤って入力されました。その後の試行は遅延されますが、あなたは通常どおりサインインできます。心当たりがない場合はパスワードの変更をご検討ください。',
  },
});
const LANGS: Language[] = ['en-US', 'zh-CN', 'ja-JP'];

export interface ThrottleEpisode {
  kind: AccountKind;
  account: string;
  address: string;
  attempts: number;
}

export function signInThrottledNotifier(deps: Pick<AppDeps, 'store' | 'config'>): (e: ThrottleEpisode) => Promise<void> {
  const users = new UserRepo(deps.store.db);
  return async (e) => {
    const user = await users.byAccount(e.kind, e.account);
    if (!user) return; // nobody to tell: an unknown account is answered like a wrong password
    const params = { address: e.address, attempts: e.attempts, account: e.account };
    await notify(deps, { organizationId: null, userIds: [user.id], type: 'SYSTEM', messageKey: SIGN_IN_THROTTLED_KEY, params });
    const smtp = deps.config.auth.smtp;
    if (smtp && user.email) {
      await smtpTransport(smtp).sendMail({
        from: smtp.from,
        to: user.email,
        subject: LANGS.map((l) => translate(mail, 'SUBJECT', l)).join(' / '),
        text: LANGS.map((l) => translate(mail, 'BODY', l, params)).join('\n\n'),
      });
    }
  };
}
