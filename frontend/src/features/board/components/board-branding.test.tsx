// The system settings on the boards: the system title and the company logo in the heading, and
// an administrator's change reaching an open board without a reload. (jsdom's browser language
// is English, so the board shows the English title.)
import { act, render, screen } from '@testing-library/react';
import { createStore } from '../../../lib/create-store';
import type { ConnectionState, RoomSubscriptionHandlers } from '../../../lib/socket';
import { createBoardController } from '../api/board-store';
import { envelope, row, snapshot } from '../model/board-fixtures';
import { WholeBoard } from './WholeBoardPage';

function setup(companyName: string, logo: string | null) {
  const handlers: RoomSubscriptionHandlers[] = [];
  const client = {
    connection: createStore<ConnectionState>({ status: 'connected', staleSince: null, lastConnectedAt: 0, reason: null }),
    subscribe: (_rooms: string[], handler: RoomSubscriptionHandlers) => {
      handlers.push(handler);
      return () => undefined;
    },
    connectBoardKey: () => undefined,
    disconnectBoardKey: () => undefined,
  };
  const controller = createBoardController({
    source: { kind: 'session' },
    client: client as never,
    fetchSnapshot: async () => snapshot([row(1)], { companyName, logo, systemTitles: { 'zh-CN': '一号厂跟单', en: 'Mill One' } }),
  });
  const stop = controller.start();
  const emit = (event: ReturnType<typeof envelope>) => act(() => handlers.forEach((handler) => handler.onEvent(event)));
  return { controller, stop, emit };
}

describe('board heading', () => {
  it('shows the system title and the logo, and follows a change of both without a reload', async () => {
    const { controller, stop, emit } = setup('', 'a'.repeat(32));
    render(<WholeBoard controller={controller} />);
    expect(await screen.findByTestId('board-company')).toHaveTextContent('Mill One');
    expect(screen.getByTestId('board-logo')).toHaveAttribute('src', `/api/admin/setting/logo?v=${'a'.repeat(32)}`);

    emit(
      envelope(101, 'settings.adminUpdated', {
        section: 'system',
        system: { titles: { 'zh-CN': '河畔制衣', en: 'Riverside' }, logo: null, defaultLanguage: 'zh-CN' },
      }),
    );
    expect(screen.getByTestId('board-company')).toHaveTextContent('Riverside');
    expect(screen.queryByTestId('board-logo')).not.toBeInTheDocument();
    stop();
  });

  it('names the company first when there is one, with the system title beneath', async () => {
    const { controller, stop } = setup('示例服装厂', null);
    render(<WholeBoard controller={controller} />);
    expect(await screen.findByTestId('board-company')).toHaveTextContent('示例服装厂');
    expect(screen.getByText(/Mill One ·/)).toBeInTheDocument();
    stop();
  });
});
