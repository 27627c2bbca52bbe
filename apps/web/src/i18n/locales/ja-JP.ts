/** The ja-JP strings and antd's ja-JP texts: one chunk, loaded when the language is first used (i18n/index.ts). */
import messages from 'virtual:askdb-messages/ja-JP';
import antd from 'antd/es/locale/ja_JP';
import type { LocaleBundle } from '../bundle';

const bundle: LocaleBundle = { messages, antd };
export default bundle;
