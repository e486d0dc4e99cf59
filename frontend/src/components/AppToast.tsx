import { useEffect, useRef } from 'react';
import { Toast } from 'primereact/toast';
import { registerNotifier } from '../lib/notify';

/** The one global toast; the HTTP client and screens reach it through lib/notify. */
export function AppToast() {
  const toast = useRef<Toast>(null);
  useEffect(() => {
    registerNotifier((notice) =>
      toast.current?.show({
        severity: notice.severity,
        summary: notice.summary,
        detail: notice.detail,
        life: notice.life ?? (notice.severity === 'error' ? 5000 : 3000),
      }),
    );
    return () => registerNotifier(null);
  }, []);
  return <Toast ref={toast} position="top-center" className="app-toast" />;
}
