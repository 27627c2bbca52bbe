/** Apply list (spec 02 §2): my applications with their status and detail; "apply for data permission" opens the apply form. */
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FlowTable } from '../approvals/FlowTable';
import { governanceApi } from './governance-api';
import { useRefusals } from './refusal-store';

export function ApplyList() {
  const { t } = useTranslation();
  const submitted = useRefusals((s) => s.submitted);
  const openApply = useRefusals((s) => s.openApply);
  return (
    <FlowTable
      title={t('team.menu.applies')}
      testId="team-applies"
      load={governanceApi.myApplications}
      reloadKey={submitted}
      emptyText={t('perm.applies.empty')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openApply({ applyType: 'data' })} data-testid="apply-open">
          {t('perm.applies.button')}
        </Button>
      }
    />
  );
}
