import { BOARD_KEY_ROOM, DEVICE_ROOM, isIdentityRoom, mayJoin, SESSION_ROOM, USER_ROOM, type SocketIdentity } from './room-policy.js';

const userWith = (permissions: string[], processIds: number[] = []): SocketIdentity => ({
  kind: 'user',
  user: { id: 1, username: 'u', sessionId: 1, permissions, processIds, attachmentProcessIds: [] },
});
const viewer = userWith(['Home']);
const board: SocketIdentity = { kind: 'boardKey' };

describe('room policy', () => {
  it.each([
    ['board', true, true],
    ['settings', true, true],
    ['statistics', true, false],
    ['saleOrders', false, false],
    ['saleOrder:3', false, false],
    ['productionOrders', false, false],
    ['order:42', false, false],
    ['process:7', false, false],
    ['masterData:goods', false, false],
    ['masterData:customer', false, false],
    ['order:0', false, false],
    ['order:-1', false, false],
    ['session:1', false, false],
    ['board-key', false, false],
    ['masterData:constructor', false, false],
    ['masterData:__proto__', false, false],
    // A user's own room (id 1 here) and nobody else's, whatever they may open.
    ['user:1', true, false],
    ['user:2', false, false],
    ['user:01', false, false],
    ['', false, false],
  ])('%p: a viewer (Home only) %p, a board key %p', (room, forViewer, forBoard) => {
    expect(mayJoin(viewer, room)).toBe(forViewer);
    expect(mayJoin(board, room)).toBe(forBoard);
    // A paired TV (device key) may join exactly what the board key may.
    expect(mayJoin({ kind: 'device', deviceId: 1, profileId: null }, room)).toBe(forBoard);
  });

  // The permission that the HTTP endpoints serving the room's data require (any one of them).
  it.each([
    ['saleOrders', ['SaleOrder'], true],
    ['saleOrders', ['SaleOrderSub'], true],
    ['saleOrders', ['ProductionOrder'], false],
    ['saleOrder:5', ['SaleOrder'], true],
    ['saleOrder:5', ['Order'], false],
    ['productionOrders', ['ProductionOrder'], true],
    ['productionOrders', ['Order'], true],
    ['productionOrders', ['OrderReview'], true],
    ['productionOrders', ['OrderHide'], true],
    ['productionOrders', ['Schedule'], true],
    ['productionOrders', ['SaleOrderSub'], true],
    ['productionOrders', ['SaleOrder', 'Scan'], false],
    ['order:9', ['SaleOrderSub'], false],
    ['order:9', ['ProductionOrder'], true],
    ['order:9', ['Schedule'], true],
    ['order:9', ['Scan'], true],
    ['order:9', ['OrderOverview'], true],
    ['productionOrders', ['OrderOverview'], false],
    ['order:9', ['SaleOrder', 'Home'], false],
    ['process:4', ['Schedule'], true],
    ['process:4', ['Scan'], true],
    ['process:4', ['Home'], false],
    ['statistics', ['Home'], true],
    ['statistics', ['Scan'], false],
    ['statistics', ['StatisticsDifference'], true],
    ['statistics', ['PerformanceAppraisalDetails'], true],
    ['masterData:goods', ['Goods'], true],
    ['masterData:goods', ['Customer'], false],
    ['masterData:customer', ['Customer'], true],
    ['masterData:process', ['Process'], true],
    ['masterData:size', ['Size'], true],
    ['masterData:ordertype', ['OrderType'], true],
    ['masterData:company', ['Company'], true],
    ['masterData:user', ['User'], true],
    ['masterData:user', ['Permission'], false],
    ['masterData:nothing', ['Goods', 'Customer'], false],
    ['board', [], true],
    ['settings', [], true],
  ])('%p with %j: %p', (room, permissions, allowed) => {
    expect(mayJoin(userWith(permissions), room)).toBe(allowed);
  });

  it("lets a worker follow the processes assigned to them without Schedule or Scan", () => {
    const worker = userWith(['Home'], [4, 6]);
    expect(mayJoin(worker, 'process:4')).toBe(true);
    expect(mayJoin(worker, 'process:6')).toBe(true);
    expect(mayJoin(worker, 'process:5')).toBe(false);
  });
});

describe('isIdentityRoom', () => {
  it('tells the rooms a socket sits in by who it is from the rooms it subscribed to', () => {
    for (const room of [SESSION_ROOM(3), USER_ROOM(7), DEVICE_ROOM(12), BOARD_KEY_ROOM]) expect(isIdentityRoom(room)).toBe(true);
    for (const room of ['board', 'settings', 'order:5', 'process:4', 'statistics', 'masterData:color']) expect(isIdentityRoom(room)).toBe(false);
  });
});
