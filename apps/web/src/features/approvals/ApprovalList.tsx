/** Approval list (spec 02 §2): flows of the team waiting for me or decided by me. */
import { useTranslation } from 'react-i18next';
import { governanceApi } from '../permissions/governance-api';
import { FlowTable } from './FlowTable';

export function ApprovalList() {
  const { t } = useTranslation();
  return <FlowTable title={t('team.menu.approvals')} testId="team-approvals" load={governanceApi.approvals} showApplicant emptyText={t('approval.empty')} />;
}
