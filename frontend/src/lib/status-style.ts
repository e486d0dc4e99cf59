// The colours of progress statuses on light screens (schedule, console); the dark TV boards
// have their own palette in features/board.
import type { StepStatus } from '@contracts/production';

export interface StatusStyle {
  /** Solid colour: bars, chart slices, dots. */
  color: string;
  /** Light background of a cell. */
  background: string;
  /** Text on the light background (readable: contrast ≥ 4.5). */
  text: string;
  /** PrimeReact Tag severity. */
  severity: 'secondary' | 'info' | 'success' | 'danger';
  icon: string;
}

/**
 * Not started grey, partial blue, done green, delayed red — everywhere progress is shown.
 * Solid colours are graphics next to white (bars, dots): ≥ 3:1 against white (WCAG 1.4.11);
 * text colours are ≥ 4.5:1 on their own background and on white.
 */
export const STATUS_STYLES: Record<StepStatus, StatusStyle> = {
  notStarted: { color: '#64748b', background: '#f1f5f9', text: '#475569', severity: 'secondary', icon: 'pi pi-circle' },
  partial: { color: '#2563eb', background: '#eff6ff', text: '#1d4ed8', severity: 'info', icon: 'pi pi-spinner' },
  done: { color: '#15803d', background: '#f0fdf4', text: '#15803d', severity: 'success', icon: 'pi pi-check-circle' },
  delayed: { color: '#dc2626', background: '#fef2f2', text: '#b91c1c', severity: 'danger', icon: 'pi pi-exclamation-circle' },
};

/** An unknown status (a newer server) is drawn as not started rather than breaking the page. */
export function statusStyle(status: StepStatus | string | null | undefined): StatusStyle {
  return STATUS_STYLES[status as StepStatus] ?? STATUS_STYLES.notStarted;
}
