// Who may do what to permissions, checked inside the transaction that changes them, after the
// change is written: the rules then see exactly the state that will be committed, whichever
// way it was reached (a role edited, roles assigned, extra pages ticked, a user disabled).
import type { EntityManager } from 'typeorm';
import { PERMISSION_ADMIN } from '../../../contracts/users.js';
import { DomainException } from '../common/errors/domain.exception.js';
import type { AuthenticatedUser } from '../common/http/route-access.decorators.js';

/**
 * The effective permissions of the `app_user` row aliased `alias`: its extra pages ∪ the pages of
 * its roles, sorted. One indexed lookup (the primary key of app_user_role) per user; used by the
 * session query every request runs, so a change applies on the user's next request.
 */
export const effectivePermissionsSql = (alias: string): string =>
  `ARRAY(SELECT unnest(${alias}.permissions) UNION SELECT unnest(r.permissions)
           FROM app_user_role ur JOIN app_role r ON r.id = ur.role_id WHERE ur.user_id = ${alias}.id ORDER BY 1)`;

// Every change that could take the last permission administrator away, or hand someone more,
// takes this lock first: two administrators changing roles or users at the same moment run one
// after the other, so neither can slip past a rule the other's change would break.
export const PERMISSION_ADMINS_LOCK = `SELECT pg_advisory_xact_lock(hashtext('stitchboard.permission-admins'))`;

export async function effectivePermissionsOfUser(manager: EntityManager, userId: number): Promise<string[]> {
  const rows: { permissions: string[] }[] = await manager.query(`SELECT ${effectivePermissionsSql('u')} AS permissions FROM app_user u WHERE u.id = $1`, [userId]);
  return rows[0]?.permissions ?? [];
}

/** At least one enabled user keeps PERMISSION_ADMIN, through a role or as an extra page. */
export async function assertPermissionAdminRemains(manager: EntityManager): Promise<void> {
  const rows: { admins: number }[] = await manager.query(
    `SELECT count(*)::int AS admins FROM app_user u WHERE u.enabled AND $1 = ANY (${effectivePermissionsSql('u')})`,
    [PERMISSION_ADMIN],
  );
  if ((rows[0]?.admins ?? 0) === 0) throw new DomainException('lastPermissionAdmin');
}

/**
 * The actor's own access after their change: they may shed pages but never gain one (that takes
 * another administrator), and never drop their own right to edit permissions. `before` is what
 * the access guard read from the database for this request.
 */
export async function assertNoSelfEscalation(manager: EntityManager, actor: AuthenticatedUser): Promise<void> {
  const after = await effectivePermissionsOfUser(manager, actor.id);
  const before = new Set(actor.permissions);
  if (before.has(PERMISSION_ADMIN) && !after.includes(PERMISSION_ADMIN)) throw new DomainException('cannotRemoveOwnAdmin');
  if (after.some((name) => !before.has(name))) throw new DomainException('cannotGainOwnPermissions');
}

/** Roles that carry the right to edit permissions are granted only by someone who holds it. */
export function assertMayGrant(actor: AuthenticatedUser, granted: readonly { permissions: readonly string[] }[]): void {
  if (actor.permissions.includes(PERMISSION_ADMIN)) return;
  if (granted.some((role) => role.permissions.includes(PERMISSION_ADMIN))) throw new DomainException('adminRoleNeedsAdmin');
}
