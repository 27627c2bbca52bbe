/** Messages of the offline licence, in the three languages (spec 02 §8 "Other messages"). */
import { defineMessages, translate, type Language } from '@askdb/contracts';

export const licenceMessages = defineMessages({
  BIND_COUNT_EXCEEDS: { 'en-US': 'This activation code is already bound to {max} devices, the limit. Unbind one of them first.', 'zh-CN': '该激活码已绑定 {max} 台设备，达到上限。请先解绑其中一台。', 'ja-JP': 'このアクティベーションコードはすでに上限の {max} 台のデバイスに紐付けられています。先にいずれかの紐付けを解除してください。' },
  NOT_SUPPORTED: { 'en-US': 'AI is not supported with offline activation. Use your own AI key in Settings > Custom AI, or activate online.', 'zh-CN': '离线激活不支持 AI。请在“设置 > 自定义 AI”中使用您自己的 AI 密钥，或改为在线激活。', 'ja-JP': 'オフライン認証では AI を利用できません。「設定 > カスタム AI」で独自の AI キーを使うか、オンラインで認証してください。' },
  CODE_REQUIRED: { 'en-US': 'Please enter the activation code', 'zh-CN': '请输入激活码', 'ja-JP': 'アクティベーションコードを入力してください' },
  CODE_MALFORMED: { 'en-US': 'This is not an activation code. It looks like ASKDB-XXXXX-XXXXX-XXXXX-XXXXX.', 'zh-CN': '这不是有效的激活码。激活码格式为 ASKDB-XXXXX-XXXXX-XXXXX-XXXXX。', 'ja-JP': 'アクティベーションコードではありません。形式は ASKDB-XXXXX-XXXXX-XXXXX-XXXXX です。' },
  CODE_UNKNOWN: { 'en-US': 'Activation failed: this activation code does not exist', 'zh-CN': '激活失败：该激活码不存在', 'ja-JP': '認証に失敗しました：このアクティベーションコードは存在しません' },
  CODE_EXPIRED: { 'en-US': 'This licence expired on {date}', 'zh-CN': '该许可证已于 {date} 过期', 'ja-JP': 'このライセンスは {date} に期限切れになりました' },
  DEVICE_FIELDS_REQUIRED: { 'en-US': 'Device name, operating system and device ID are required', 'zh-CN': '设备名称、操作系统和设备 ID 为必填项', 'ja-JP': 'デバイス名、OS、デバイス ID は必須です' },
  DEVICE_ID_MALFORMED: { 'en-US': 'The device ID is not valid: copy it from the offline device\'s activation dialog', 'zh-CN': '设备 ID 无效：请从离线设备的激活对话框中复制', 'ja-JP': 'デバイス ID が無効です：オフラインデバイスの認証ダイアログからコピーしてください' },
  CERTIFICATE_EXISTS: { 'en-US': 'A device certificate was already generated for this device ({name}, {os}); it cannot be changed.', 'zh-CN': '已为该设备（{name}，{os}）生成设备证书，且不可更改。', 'ja-JP': 'このデバイス（{name}、{os}）のデバイス証明書はすでに生成されており、変更できません。' },
  CERTIFICATE_REQUIRED: { 'en-US': 'Offline activation needs the device certificate file', 'zh-CN': '离线激活需要设备证书文件', 'ja-JP': 'オフライン認証にはデバイス証明書ファイルが必要です' },
  CERTIFICATE_MALFORMED: { 'en-US': 'This file is not an AskDB device certificate', 'zh-CN': '该文件不是 AskDB 设备证书', 'ja-JP': 'このファイルは AskDB のデバイス証明書ではありません' },
  CERTIFICATE_SIGNATURE: { 'en-US': 'The certificate\'s signature does not verify: the file was changed or not issued by the licence authority', 'zh-CN': '证书签名验证失败：文件已被修改，或并非由许可证颁发方签发', 'ja-JP': '証明書の署名を検証できません：ファイルが変更されたか、ライセンス発行元が発行したものではありません' },
  CERTIFICATE_UNKNOWN_KEY: { 'en-US': 'The certificate was signed by a key this install does not trust', 'zh-CN': '该证书由本机不信任的密钥签名', 'ja-JP': 'この証明書は、このインストールが信頼していない鍵で署名されています' },
  CERTIFICATE_FUTURE: { 'en-US': 'The certificate was issued in the future ({date}). Check this computer\'s date and time.', 'zh-CN': '该证书的签发时间在未来（{date}）。请检查本机的日期和时间。', 'ja-JP': 'この証明書の発行日時が未来（{date}）です。このコンピューターの日付と時刻を確認してください。' },
  CERTIFICATE_NOT_ONLINE: { 'en-US': 'This is a device certificate: use offline activation', 'zh-CN': '这是设备证书：请使用离线激活', 'ja-JP': 'これはデバイス証明書です：オフライン認証を使ってください' },
  INVALID_DEVICE: { 'en-US': 'This certificate is for another device ({deviceId}). Generate one with this device\'s ID.', 'zh-CN': '该证书属于另一台设备（{deviceId}）。请使用本设备的 ID 生成证书。', 'ja-JP': 'この証明書は別のデバイス（{deviceId}）用です。このデバイスの ID で生成してください。' },
  LICENCE_EXPIRED: { 'en-US': 'The licence expired on {date}. Renew it to keep using the offline edition.', 'zh-CN': '许可证已于 {date} 过期。请续费以继续使用离线版。', 'ja-JP': 'ライセンスは {date} に期限切れになりました。オフライン版を使い続けるには更新してください。' },
  TRIAL_EXPIRED: { 'en-US': 'The 14-day offline trial has ended. Activate a licence to continue.', 'zh-CN': '14 天离线试用已结束。请激活许可证以继续使用。', 'ja-JP': '14 日間のオフライン試用期間が終了しました。続けるにはライセンスを認証してください。' },
  CLOCK_ROLLBACK: { 'en-US': 'This computer\'s clock was set back (it shows an earlier time than AskDB has already seen). Correct the date and time.', 'zh-CN': '本机时钟被调回（早于 AskDB 已记录的时间）。请校正日期和时间。', 'ja-JP': 'このコンピューターの時計が巻き戻されています（AskDB がすでに記録した時刻より前です）。日付と時刻を修正してください。' },
  INVALID_TRIAL: { 'en-US': 'The trial record of this install was removed or changed, so the trial cannot continue. Activate a licence.', 'zh-CN': '本机的试用记录已被删除或修改，试用无法继续。请激活许可证。', 'ja-JP': 'このインストールの試用記録が削除または変更されたため、試用を続けられません。ライセンスを認証してください。' },
  LICENCE_NOT_THIS_DEVICE: { 'en-US': 'The stored licence is not valid for this device. Activate it again.', 'zh-CN': '已保存的许可证对本设备无效。请重新激活。', 'ja-JP': '保存されたライセンスはこのデバイスでは無効です。もう一度認証してください。' },
  NOT_ACTIVATED: { 'en-US': 'This device is not activated', 'zh-CN': '本设备尚未激活', 'ja-JP': 'このデバイスは認証されていません' },
  UNBIND_CERTIFICATE_REQUIRED: { 'en-US': 'Unbinding an offline activation needs its device certificate', 'zh-CN': '解绑离线激活需要其设备证书', 'ja-JP': 'オフライン認証の紐付け解除にはデバイス証明書が必要です' },
  UNBIND_CERTIFICATE_MISMATCH: { 'en-US': 'This certificate is not the one this device was activated with', 'zh-CN': '该证书不是本设备激活时使用的证书', 'ja-JP': 'この証明書は、このデバイスの認証に使われたものではありません' },
  UNBIND_NOT_BOUND: { 'en-US': 'This device is not bound to the activation code', 'zh-CN': '该设备未绑定到此激活码', 'ja-JP': 'このデバイスはこのアクティベーションコードに紐付けられていません' },
  NETWORK: { 'en-US': 'This operation requires an internet connection: the licence authority ({url}) cannot be reached', 'zh-CN': '此操作需要联网：无法连接许可证颁发方（{url}）', 'ja-JP': 'この操作にはインターネット接続が必要です：ライセンス発行元（{url}）に接続できません' },
  // The operator's setting (ASKDB_LICENCE_AUTHORITY) is named in docs/licence.md, never to the end user (issue 25 point 7).
  NO_AUTHORITY: { 'en-US': 'Online activation is not available on this installation. Ask your administrator, or activate offline with a device certificate.', 'zh-CN': '此安装不支持在线激活。请联系您的管理员，或使用设备证书离线激活。', 'ja-JP': 'このインストールではオンライン認証を利用できません。管理者に問い合わせるか、デバイス証明書でオフライン認証してください。' },
  AUTHORITY_OFF: { 'en-US': 'This server does not issue licences', 'zh-CN': '此服务器不签发许可证', 'ja-JP': 'このサーバーはライセンスを発行しません' },
  SERVER_HAS_NO_LICENCE: { 'en-US': 'A server deployment needs no offline licence', 'zh-CN': '服务器部署无需离线许可证', 'ja-JP': 'サーバー環境ではオフラインライセンスは不要です' },
  AUTHORITY_BAD_ANSWER: { 'en-US': 'The licence authority sent an answer that is not a valid licence', 'zh-CN': '许可证颁发方返回的不是有效的许可证', 'ja-JP': 'ライセンス発行元から有効なライセンスではない応答が返されました' },
});

export type LicenceMessageKey = keyof typeof licenceMessages;
export const licenceMsg = (lang: Language, key: LicenceMessageKey, params?: Record<string, string | number>) => translate(licenceMessages, key, lang, params);
