// A row's actions as one compact button (⋮) opening a popup menu, instead of a wide frozen
// column of labelled buttons that covered the data. Keyboard: Enter or Space opens the menu
// with its first item focused, arrows move, Enter runs, Esc closes and focus returns to the
// button (PrimeReact's popup Menu does this once it is opened from the button's click).
// The most common action may also sit beside it as an icon button.
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';

export interface RowAction {
  key: string;
  label: string;
  icon: string;
  onSelect: () => void;
  danger?: boolean;
  disabled?: boolean;
  /** Also shown as an icon button beside the menu (the action used most). */
  inline?: boolean;
  testId?: string;
}

export interface RowActionsMenuProps {
  /** What the row is called ("SO-2026-0012"): the menu button is "Actions for SO-2026-0012". */
  rowLabel: string;
  actions: RowAction[];
  testId?: string;
}

export function RowActionsMenu({ rowLabel, actions, testId }: RowActionsMenuProps) {
  const { t } = useTranslation('common');
  const menu = useRef<Menu>(null);
  const [open, setOpen] = useState(false);
  const menuId = `row-actions-${useId().replace(/:/g, '')}`;
  if (actions.length === 0) return null;
  const inline = actions.filter((action) => action.inline);
  // A single action shown inline needs no menu repeating it.
  const needsMenu = !(actions.length === 1 && inline.length === 1);
  const items: MenuItem[] = actions.map((action) => ({
    id: `${menuId}-${action.key}`,
    label: action.label,
    icon: action.icon,
    disabled: action.disabled,
    className: action.danger ? 'row-action-danger' : undefined,
    data: { testId: action.testId },
    command: () => action.onSelect(),
  }));
  return (
    <div className="row-actions" data-testid={testId}>
      {inline.map((action) => (
        <Button
          key={action.key}
          type="button"
          icon={action.icon}
          text
          rounded
          size="small"
          severity={action.danger ? 'danger' : undefined}
          disabled={action.disabled}
          aria-label={`${action.label} ${rowLabel}`}
          title={action.label}
          onClick={action.onSelect}
          data-testid={action.testId}
        />
      ))}
      {needsMenu && (
        <>
          <Button
            type="button"
            icon="pi pi-ellipsis-v"
            text
            rounded
            size="small"
            severity="secondary"
            className="row-actions-toggle"
            aria-label={t('dataList.rowActions', { name: rowLabel })}
            aria-haspopup="menu"
            aria-controls={open ? menuId : undefined}
            aria-expanded={open}
            onClick={(event) => menu.current?.toggle(event)}
            data-testid={testId ? `${testId}-toggle` : undefined}
          />
          <Menu
            ref={menu}
            id={menuId}
            model={items}
            popup
            popupAlignment="right"
            aria-label={t('dataList.rowActions', { name: rowLabel })}
            className="row-actions-menu"
            onShow={() => setOpen(true)}
            onHide={() => setOpen(false)}
          />
        </>
      )}
    </div>
  );
}
