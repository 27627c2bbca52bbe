/** Avatar picker (spec 02 §5): JPG, GIF or PNG under 1 MB, handed on as a data: URL; used by the profile and team settings. */
import { useRef, useState } from 'react';
import { App, Button, Space } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES } from '@askdb/contracts';
import { UserAvatar } from './UserMenu';
import { useErrorToast } from '../../app/use-error-toast';

const TYPES = ['image/jpeg', 'image/gif', 'image/png'];

/** Why a picked file cannot be an avatar (i18n key), or null. */
export function avatarProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!TYPES.includes(file.type)) return 'auth.avatar.type';
  if (file.size >= AVATAR_MAX_BYTES) return 'auth.avatar.size';
  return null;
}

export function AvatarUpload({ value, name, onChange, testId = 'avatar' }: { value?: string | null; name?: string; onChange(dataUrl: string): Promise<void>; testId?: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (file?: File) => {
    if (!file) return;
    const problem = avatarProblem(file);
    if (problem) {
      message.error(t(problem));
      return;
    }
    setBusy(true);
    try {
      const dataUrl = await new Promise<string>((resolve, reject) => {
        const r = new FileReader();
        r.onload = () => resolve(String(r.result));
        r.onerror = () => reject(r.error ?? new Error('read failed'));
        r.readAsDataURL(file);
      });
      await onChange(dataUrl);
      message.success(t('auth.saved'));
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Space size={16} align="center">
      <UserAvatar name={name} src={value} size={64} />
      <input ref={input} type="file" accept=".jpg,.jpeg,.gif,.png,image/jpeg,image/gif,image/png" style={{ display: 'none' }} data-testid={`${testId}-input`} onChange={(e) => void pick(e.target.files?.[0])} />
      <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()} data-testid={`${testId}-upload`}>
        {t('auth.avatar.upload')}
      </Button>
      <span style={{ opacity: 0.6, fontSize: 12 }}>{t('auth.avatar.hint')}</span>
    </Space>
  );
}
