/** The zh-CN strings and antd's zh-CN texts: one chunk, loaded when the language is first used (i18n/index.ts). */
import messages from 'virtual:askdb-messages/zh-CN';
import antd from 'antd/es/locale/zh_CN';
import type { LocaleBundle } from '../bundle';

const bundle: LocaleBundle = { messages, antd };
export default bundle;
