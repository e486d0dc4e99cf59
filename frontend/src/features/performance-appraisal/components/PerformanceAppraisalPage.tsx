// /production/performanceAppraisalDetails — piece-rate pay (计件工资, contracts/appraisal.ts):
// the details per worker × process × step × day, and the month's payroll with its Excel file.
// Both live through the 'statistics' room: a scan refetches, at most once a second.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TabPanel, TabView } from '../../../components/tabs/TabView';
import { LiveBadge } from '../../../components/LiveBadge';
import type { RouteScreenProps } from '../../../config/paths';
import type { RealtimeClient } from '../../../lib/socket';
import type { getAppraisalReport } from '../api/get-appraisal-report';
import type { getPayrollReport } from '../api/get-payroll-report';
import { AppraisalDetailsTab } from './AppraisalDetailsTab';
import { PayrollMonthTab } from './PayrollMonthTab';
import '../../orders/orders.css';
import '../performance-appraisal.css';

export interface PerformanceAppraisalPageProps extends Partial<RouteScreenProps> {
  /** Tests: a fake socket, API and refetch delay. */
  client?: RealtimeClient;
  fetchDetails?: typeof getAppraisalReport;
  fetchPayroll?: typeof getPayrollReport;
  refetchMs?: number;
}

export function PerformanceAppraisalPage({ client, fetchDetails, fetchPayroll, refetchMs }: PerformanceAppraisalPageProps) {
  const { t } = useTranslation('performanceAppraisal');
  const [tab, setTab] = useState(0);
  const [lastEventAt, setLastEventAt] = useState<string | null>(null);
  const onLastEvent = useCallback((at: string | null) => {
    if (at) setLastEventAt(at);
  }, []);
  const live = { client, refetchMs, onLastEvent };
  return (
    <div className="page appraisal-page" data-testid="appraisal-page">
      <header className="page-header">
        <h1 className="title-with-badge">
          {t('routes.index')}
          <LiveBadge lastEventAt={lastEventAt} />
        </h1>
        <p className="muted">{t('page.subtitle')}</p>
      </header>
      <TabView activeIndex={tab} onTabChange={(event) => setTab(event.index)} className="appraisal-tabs">
        <TabPanel header={t('tabs.details')} pt={{ headerAction: { 'data-testid': 'appraisal-tab-details' } as object }}>
          <AppraisalDetailsTab {...live} fetch={fetchDetails} />
        </TabPanel>
        <TabPanel header={t('tabs.month')} pt={{ headerAction: { 'data-testid': 'appraisal-tab-month' } as object }}>
          <PayrollMonthTab {...live} fetch={fetchPayroll} />
        </TabPanel>
      </TabView>
    </div>
  );
}
