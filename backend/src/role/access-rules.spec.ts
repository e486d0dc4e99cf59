import { DomainException } from '../common/errors/domain.exception.js';
import { assertMayGrant } from './access-rules.js';

const actor = (permissions: string[]) => ({ id: 1, username: 'a', sessionId: 1, permissions, processIds: [], attachmentProcessIds: [] });
const errorOf = (work: () => void): string | null => {
  try {
    work();
    return null;
  } catch (error) {
    return error instanceof DomainException ? error.error : 'other';
  }
};

describe('granting roles', () => {
  it('lets only a holder of Permission grant a role that carries it', () => {
    const adminRole = { permissions: ['Home', 'Permission'] };
    const salesRole = { permissions: ['Home', 'SaleOrder'] };
    expect(errorOf(() => assertMayGrant(actor(['Home', 'User']), [salesRole, adminRole]))).toBe('adminRoleNeedsAdmin');
    expect(errorOf(() => assertMayGrant(actor(['Home', 'User']), [salesRole]))).toBeNull();
    expect(errorOf(() => assertMayGrant(actor(['Permission']), [adminRole]))).toBeNull();
    expect(errorOf(() => assertMayGrant(actor([]), []))).toBeNull();
  });
});
