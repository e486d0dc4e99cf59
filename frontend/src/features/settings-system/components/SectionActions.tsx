import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import type { SectionForm } from './use-section-form';

interface SectionActionsProps {
  section: Pick<SectionForm<object>, 'serverError' | 'dirty' | 'saving' | 'reset'>;
  saveLabel: string;
  testId: string;
  errorTestId?: string;
}

/** Under a section's fields: the server's refusal (when not under a field), Reset and Save. */
export function SectionActions({ section, saveLabel, testId, errorTestId }: SectionActionsProps) {
  const { t: tc } = useTranslation('common');
  return (
    <>
      {section.serverError && <Message className="server-error" severity="error" text={section.serverError} data-testid={errorTestId} />}
      <div className="form-actions">
        <Button type="button" label={tc('actions.reset')} icon="pi pi-undo" outlined severity="secondary" disabled={!section.dirty || section.saving} onClick={section.reset} />
        <Button type="submit" label={saveLabel} icon="pi pi-check" loading={section.saving} data-testid={testId} />
      </div>
    </>
  );
}
