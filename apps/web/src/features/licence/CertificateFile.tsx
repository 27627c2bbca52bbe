/** Picks a device certificate file and hands over its text (never uploaded as a file: the text goes in the JSON body). */
import { useState } from 'react';
import { Button, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { readCertificateFile } from './licence-store';

export function CertificateFile({ onChange, testId = 'licence-certificate' }: { onChange(text: string | undefined, error?: string): void; testId?: string }) {
  const { t } = useTranslation();
  const [name, setName] = useState<string>();
  return (
    <div>
      <Upload
        accept=".cert,.txt,.pem,.lic,text/plain"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          setName(file.name);
          readCertificateFile(file).then(
            (text) => onChange(text),
            () => onChange(undefined, t('licence.certificate.tooLarge')),
          );
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} data-testid={`${testId}-choose`}>{t('licence.certificate.choose')}</Button>
      </Upload>
      {name && <Typography.Text type="secondary" style={{ marginLeft: 8 }} data-testid={`${testId}-name`}>{name}</Typography.Text>}
    </div>
  );
}
