/**
 * Seat / card-payment confirm modal (spec 01 §2, 684 px): the account, the team the plan is for,
 * seats (team 5–5000, offline ≥ 1, personal 1), the start date (spec 01 §5: not before now, not
 * after the subscription end; sent as `subStartTime`), an invitation code checked live, continue.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, DatePicker, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { CheckCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OrganizationSummary } from '@askdb/contracts';
import { accountApi } from '../auth/account-api';
import { useSession } from '../auth/session';
import { useCommerce } from './commerce-store';
import { useCheckout } from './checkout';
import { initialSeats, seatRange, seatsValid } from './rules';
import { formatMoney, orderTotal } from './price';
import { useInvitationCheck } from './useInvitationCheck';

export function SeatModal() {
  const { t } = useTranslation();
  const req = useCommerce((s) => s.seat);
  const close = useCommerce((s) => s.closeSeat);
  const pricingMode = useCommerce((s) => s.pricing?.mode);
  const user = useSession((s) => s.user);
  const loading = useCheckout((s) => s.loading);
  const [teams, setTeams] = useState<OrganizationSummary[]>([]);
  const [teamId, setTeamId] = useState<number | undefined>();
  const [seats, setSeats] = useState(1);
  const [code, setCode] = useState('');
  const [start, setStart] = useState<Dayjs | null>(null);
  const subscriptionEnd = useCommerce((s) => s.edition?.subscriptionEndTime ?? null);
  const endDay = subscriptionEnd ? dayjs(subscriptionEnd) : null;
  const codeState = useInvitationCheck(code);
  const type = req?.product.type ?? 'PERSONAL';

  useEffect(() => {
    if (!req) return;
    setSeats(initialSeats(req.product.type, req.seats));
    setCode(req.invitationCode ?? '');
    setStart(null);
    if (req.product.type !== 'TEAM') return;
    accountApi.organizations().then(
      (list) => {
        const mine = list.filter((o) => o.type === 'TEAM' && (o.roleCodes.includes('SUPER_ADMIN') || o.roleCodes.includes('ADMIN')));
        setTeams(mine);
        const current = user?.currentOrganization?.type === 'TEAM' ? user.currentOrganization.id : undefined;
        setTeamId(req.organizationId ?? mine.find((o) => o.id === current)?.id ?? mine[0]?.id);
      },
      () => setTeams([]),
    );
  }, [req, user]);

  const range = seatRange(type);
  const total = useMemo(() => (req ? orderTotal(req.product, seats) : 0), [req, seats]);
  const canContinue = !!req && seatsValid(type, seats) && codeState !== 'invalid' && codeState !== 'checking' && (type !== 'TEAM' || !!teamId) && !loading;

  const submit = () => {
    if (!req || !canContinue) return;
    void useCheckout.getState().start(req.product, {
      seats,
      organizationId: type === 'TEAM' ? teamId : user?.currentOrganization?.id,
      invitationCode: codeState === 'valid' ? code.trim() : undefined,
      freeTrial: req.freeTrial,
      // Today means now (the server refuses a start in the past); a later day starts at its midnight.
      subStartTime: start ? (start.isSame(dayjs(), 'day') ? new Date() : start.startOf('day').toDate()).toISOString() : undefined,
    });
  };

  return (
    <Modal open={!!req} width={684} maskClosable={false} footer={null} destroyOnHidden onCancel={close} title={t(pricingMode === 'TeamAddSeat' ? 'commerce.seat.titleAdd' : 'commerce.seat.title')} data-testid="seat-modal">
      {req && (
        <Form layout="vertical" onFinish={submit}>
          <Form.Item label={t('commerce.seat.account')}>
            <Typography.Text data-testid="seat-account">{user ? `${user.displayName}${user.email ? ` (${user.email})` : ''}` : '—'}</Typography.Text>
          </Form.Item>
          {type === 'TEAM' && (
            <Form.Item label={t('commerce.seat.team')} help={teams.length === 0 ? t('commerce.seat.noTeam') : undefined} validateStatus={teams.length === 0 ? 'warning' : undefined}>
              <Select data-testid="seat-team" value={teamId} onChange={setTeamId} options={teams.map((o) => ({ value: o.id, label: o.name }))} />
            </Form.Item>
          )}
          <Form.Item
            label={t('commerce.seat.seats')}
            validateStatus={seatsValid(type, seats) ? undefined : 'error'}
            help={type === 'TEAM' ? t('commerce.seat.teamRange', { min: range.min, max: range.max }) : type === 'LOCAL' ? t('commerce.seat.offlineRange', { min: range.min }) : undefined}
          >
            <InputNumber data-testid="seat-count" min={range.min} max={range.max} precision={0} disabled={type === 'PERSONAL'} value={seats} onChange={(v) => setSeats(Number(v ?? range.min))} />
          </Form.Item>
          <Form.Item label={t('commerce.seat.start')} help={endDay ? t('commerce.seat.startHelp', { end: endDay.format('YYYY-MM-DD') }) : t('commerce.seat.startHelpOpen')}>
            <DatePicker
              data-testid="seat-start"
              value={start}
              onChange={(d) => setStart(d)}
              disabledDate={(d) => d.isBefore(dayjs(), 'day') || (!!endDay && d.isAfter(endDay, 'day'))}
            />
          </Form.Item>
          <Form.Item
            label={t('commerce.seat.code')}
            validateStatus={codeState === 'invalid' ? 'error' : codeState === 'valid' ? 'success' : undefined}
            help={codeState === 'invalid' ? <span data-testid="code-invalid">{t('commerce.seat.codeInvalid')}</span> : codeState === 'valid' ? <span data-testid="code-valid"><CheckCircleFilled /> {t('commerce.seat.codeValid')}</span> : undefined}
          >
            <Input data-testid="seat-code" maxLength={6} value={code} placeholder={t('commerce.seat.codePlaceholder')} onChange={(e) => setCode(e.target.value)} />
          </Form.Item>
          <div className="askdb-seat-total">
            {t('commerce.seat.total')}: <strong data-testid="seat-total">{formatMoney(req.freeTrial ? 0 : total, req.product.currency)}</strong>
          </div>
          {req.product.paymentMethods.length === 0 && (
            <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('commerce.noPaymentMethod')} data-testid="seat-no-payment" />
          )}
          <Button type="primary" htmlType="submit" block size="large" disabled={!canContinue} loading={loading} data-testid="seat-continue">
            {t('commerce.seat.continue')}
          </Button>
        </Form>
      )}
    </Modal>
  );
}
