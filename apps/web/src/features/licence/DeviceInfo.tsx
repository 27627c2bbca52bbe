/** This device's name, operating system and ID, each copyable (the offline certificate needs all three). */
import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LicenceDevice } from '@askdb/contracts';

export function DeviceInfo({ device }: { device: LicenceDevice }) {
  const { t } = useTranslation();
  const copyable = (text: string, testId: string) => <Typography.Text copyable={{ text }} data-testid={testId}>{text}</Typography.Text>;
  return (
    <Descriptions size="small" column={1} bordered title={t('licence.device')} data-testid="licence-device">
      <Descriptions.Item label={t('licence.device.name')}>{copyable(device.name, 'licence-device-name')}</Descriptions.Item>
      <Descriptions.Item label={t('licence.device.os')}>{copyable(device.os, 'licence-device-os')}</Descriptions.Item>
      <Descriptions.Item label={t('licence.device.id')}>{copyable(device.id, 'licence-device-id')}</Descriptions.Item>
    </Descriptions>
  );
}
