// The column chooser: a small button in the list's actions header opening a panel of
// checkboxes, one per secondary column. Focus goes to the first checkbox when it opens and
// back to the button when it closes (Esc, or a click elsewhere).
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { OverlayPanel } from 'primereact/overlaypanel';
import type { ColumnChoice, ColumnVisibility } from './use-column-visibility';

export interface ColumnChooserProps {
  columns: readonly ColumnChoice[];
  visibility: ColumnVisibility;
}

export function ColumnChooser({ columns, visibility }: ColumnChooserProps) {
  const { t } = useTranslation('common');
  const panel = useRef<OverlayPanel>(null);
  const body = useRef<HTMLFieldSetElement>(null);
  const [open, setOpen] = useState(false);
  const id = `column-chooser-${useId().replace(/:/g, '')}`;
  if (columns.length === 0) return null;
  return (
    <>
      <Button
        id={`${id}-toggle`}
        type="button"
        icon="pi pi-sliders-h"
        text
        rounded
        size="small"
        severity="secondary"
        className="column-chooser-toggle"
        aria-label={t('dataList.chooseColumns')}
        title={t('dataList.chooseColumns')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={(event) => panel.current?.toggle(event)}
        data-testid="column-chooser"
      />
      <OverlayPanel
        ref={panel}
        id={id}
        className="column-chooser-panel"
        closeOnEscape
        aria-label={t('dataList.chooseColumns')}
        onShow={() => {
          setOpen(true);
          body.current?.querySelector<HTMLInputElement>('input')?.focus();
        }}
        onHide={() => {
          setOpen(false);
          document.getElementById(`${id}-toggle`)?.focus();
        }}
      >
        <fieldset ref={body} className="column-chooser" role="group">
          <legend>{t('dataList.columns')}</legend>
          {columns.map((column) => {
            const inputId = `${id}-${column.key}`;
            return (
              <div key={column.key} className="column-chooser-option">
                <Checkbox inputId={inputId} checked={visibility.isVisible(column.key)} onChange={(event) => visibility.setVisible(column.key, Boolean(event.checked))} data-testid={`column-toggle-${column.key}`} />
                <label htmlFor={inputId}>{column.label}</label>
              </div>
            );
          })}
          <Button type="button" label={t('dataList.resetColumns')} icon="pi pi-refresh" link size="small" disabled={!visibility.changed} onClick={visibility.reset} />
        </fieldset>
      </OverlayPanel>
    </>
  );
}
