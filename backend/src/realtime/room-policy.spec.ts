import { mayJoin, type SocketIdentity } from './room-policy.js';

const user: SocketIdentity = {
  kind: 'user',
  user: { id: 1, username: 'u', sessionId: 1, permissions: ['Home'], processIds: [], attachmentProcessIds: [] },
};
const board: SocketIdentity = { kind: 'boardKey' };

describe('room policy', () => {
  it.each([
    ['board', true, true],
    ['settings', true, true],
    ['statistics', true, false],
    ['order:42', true, false],
    ['process:7', true, false],
    ['order:0', false, false],
    ['order:-1', false, false],
    ['session:1', false, false],
    ['board-key', false, false],
    ['', false, false],
  ])('%p: user %p, board key %p', (room, forUser, forBoard) => {
    expect(mayJoin(user, room)).toBe(forUser);
    expect(mayJoin(board, room)).toBe(forBoard);
  });
});
