// A tiny bridge from non-React code (the HTTP client, the socket) to the one global Toast.
// The Toast component registers itself; messages sent before that are kept and flushed.
export type NotifySeverity = 'success' | 'info' | 'warn' | 'error';

export interface Notice {
  severity: NotifySeverity;
  summary?: string;
  detail: string;
  life?: number;
}

type Sink = (notice: Notice) => void;

let sink: Sink | null = null;
const pending: Notice[] = [];

export function registerNotifier(next: Sink | null): void {
  sink = next;
  if (sink) pending.splice(0).forEach(sink);
}

export function notify(notice: Notice): void {
  if (sink) sink(notice);
  else pending.push(notice);
}

export const notifyError = (detail: string): void => notify({ severity: 'error', detail });
export const notifySuccess = (detail: string): void => notify({ severity: 'success', detail });
export const notifyInfo = (detail: string): void => notify({ severity: 'info', detail });
