/** Approval list (spec 02 §2): flows of the team waiting for me or decided by me. Members, who approve nothing, are pointed to their applications. */
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { isTeamAdmin, useSession } from '../auth/session';
import { governanceApi } from '../permissions/governance-api';
import { FlowTable } from './FlowTable';

export function ApprovalList() {
  const { t } = useTranslation();
  const admin = isTeamAdmin(useSession((s) => s.user));
  if (!admin) return <Empty style={{ marginTop: 80 }} description={t('approval.notApprover')} data-testid="team-approvals-member" />;
  return <FlowTable title={t('team.menu.approvals')} testId="team-approvals" load={governanceApi.approvals} showApplicant emptyText={t('approval.empty')} />;
}
