// What a form shows before its record is there: skeleton rows while loading, or the failure
// with a retry. One look for every form screen (settings, base data, company).
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';

export interface FormLoadStateProps {
  failed: boolean;
  /** What failed, shown with the retry button. */
  failedMessage: string;
  onRetry: () => void;
  /** How many skeleton rows stand in for the fields. */
  rows?: number;
  className?: string;
}

export function FormLoadState({ failed, failedMessage, onRetry, rows = 5, className }: FormLoadStateProps) {
  const { t } = useTranslation('common');
  return (
    <Card className={className}>
      {failed ? (
        <div className="load-failed">
          <Message severity="error" text={failedMessage} />
          <Button label={t('actions.retry')} icon="pi pi-refresh" text onClick={onRetry} />
        </div>
      ) : (
        Array.from({ length: rows }, (_, index) => <Skeleton key={index} height="2.5rem" className="mb-3" />)
      )}
    </Card>
  );
}
