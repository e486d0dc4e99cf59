import { useEffect } from 'react';
import { PERMISSION_ADMIN } from '@contracts/users';
import { syncRouteCatalogue } from '../features/permission/api/route-catalogue';
import { useSession } from '../lib/session';

// A user who may change permissions keeps the server's route catalogue in step with this
// frontend's route table, so a newly added screen can be granted without a manual step.
export function RouteCatalogueSync() {
  const token = useSession((session) => session.token);
  const permissions = useSession((session) => session.permissions);
  const mayChange = permissions.includes(PERMISSION_ADMIN);
  useEffect(() => {
    if (token && mayChange) void syncRouteCatalogue(permissions);
  }, [token, mayChange, permissions]);
  return null;
}
