// What a TV board says and in which language: short process heads with the full name kept for
// screen readers, the browser's language when nobody chose one, "Page 2 of 3" and keys that
// turn pages, the density the settings push.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ProgressColumn } from '@contracts/production';
import { createStore } from '../../../lib/create-store';
import { realtime, type ConnectionState, type RoomSubscriptionHandlers } from '../../../lib/socket';
import { createBoardController } from '../api/board-store';
import { COLUMNS, SETTINGS, envelope, row, snapshot } from '../model/board-fixtures';
import { boardLanguage, browserLanguage } from './board-language';
import { boardProcessLabel } from './process-label';
import { WholeBoard } from './WholeBoardPage';

describe('process heads', () => {
  const column = (name: string, shortName?: string) => ({ name, shortName });

  it('prefer the short name the process master data gives', () => {
    expect(boardProcessLabel(column('入库 Warehouse-in', '入库'), 'en')).toBe('入库');
    // A blank short name counts as none.
    expect(boardProcessLabel(column('入库 Warehouse-in', '  '), 'en')).toBe('Warehouse-in');
  });

  it('take the part of a bilingual name in the board language', () => {
    expect(boardProcessLabel(column('入库 Warehouse-in'), 'zh-CN')).toBe('入库');
    expect(boardProcessLabel(column('入库 Warehouse-in'), 'en')).toBe('Warehouse-in');
    expect(boardProcessLabel(column('锁钉 Buttonholing'), 'en')).toBe('Buttonholing');
    expect(boardProcessLabel(column('车缝'), 'en')).toBe('车缝');
    expect(boardProcessLabel(column('Sewing'), 'zh-CN')).toBe('Sewing');
  });

  it('shorten long names to what a column holds', () => {
    expect(boardProcessLabel(column('Quality control inspection'), 'en')).toBe('Quality C. I.');
    expect(boardProcessLabel(column('后整理与包装车间'), 'zh-CN')).toBe('后整理与包');
  });
});

describe('board language', () => {
  it('follows the first browser preference: zh* is Simplified Chinese, anything else English', () => {
    expect(browserLanguage(['zh-TW', 'en'])).toBe('zh-CN');
    expect(browserLanguage(['zh'])).toBe('zh-CN');
    expect(browserLanguage(['en-US', 'zh-CN'])).toBe('en');
    expect(browserLanguage(['fr-FR'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
    expect(browserLanguage(undefined)).toBe('en');
  });

  it('keeps a stored choice over the browser', () => {
    expect(boardLanguage('zh-CN', ['en-US'])).toBe('zh-CN');
    expect(boardLanguage('en', ['zh-CN'])).toBe('en');
    expect(boardLanguage(null, ['zh-HK'])).toBe('zh-CN');
  });
});

describe('whole-page board legibility', () => {
  const connected: ConnectionState = { status: 'connected', staleSince: null, lastConnectedAt: 0, reason: null };
  const columns: ProgressColumn[] = [...COLUMNS.slice(0, 2), { ...COLUMNS[2], name: '入库 Warehouse-in' }];
  let emit: (event: ReturnType<typeof envelope>) => void = () => undefined;

  function renderBoard(rowCount: number) {
    realtime.connection.set(connected);
    const handlers: RoomSubscriptionHandlers[] = [];
    const client = {
      connection: createStore<ConnectionState>(connected),
      subscribe: (_rooms: string[], handler: RoomSubscriptionHandlers) => {
        handlers.push(handler);
        return () => undefined;
      },
      connectBoardKey: () => undefined,
      disconnectBoardKey: () => undefined,
    };
    emit = (event) => act(() => handlers.forEach((handler) => handler.onEvent(event)));
    const rows = Array.from({ length: rowCount }, (_, index) => row(index + 1));
    const controller = createBoardController({ source: { kind: 'session' }, client: client as never, fetchSnapshot: async () => snapshot(rows, { columns }) });
    const stop = controller.start();
    render(<WholeBoard controller={controller} />);
    return stop;
  }

  const setBrowserLanguages = (languages: string[]) => Object.defineProperty(window.navigator, 'languages', { value: languages, configurable: true });

  beforeEach(() => window.localStorage.clear());
  afterEach(async () => {
    cleanup();
    setBrowserLanguages(['en-US']);
    await i18next.changeLanguage('zh-CN');
  });

  it('opens in the browser language, shows short heads with the full name, and turns pages by key', async () => {
    setBrowserLanguages(['en-US', 'en']);
    // jsdom lays nothing out: a page is the fallback of 12 rows, so 30 orders make 3 pages.
    const stop = renderBoard(30);
    await screen.findByText('PO-0001');
    const head = screen.getByRole('columnheader', { name: '入库 Warehouse-in' });
    expect(head).toHaveTextContent(/^Warehouse-in$/);
    expect(head).toHaveAttribute('title', '入库 Warehouse-in');
    const pager = screen.getByTestId('board-page');
    expect(pager).toHaveTextContent('Page 1 of 3');
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(pager).toHaveTextContent('Page 2 of 3');
    expect(screen.getByText('PO-0013')).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: 'PageUp' });
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    // Arrows typed in the language switch do not turn pages.
    fireEvent.keyDown(screen.getByLabelText('Language', { selector: 'input' }), { key: 'ArrowRight' });
    expect(pager).toHaveTextContent('Page 3 of 3');
    expect(screen.getByLabelText('Language', { selector: 'input' })).toBeInTheDocument();
    stop();
  });

  it('opens in Chinese for a Chinese browser, and a stored choice wins over the browser', async () => {
    setBrowserLanguages(['zh-TW']);
    let stop = renderBoard(5);
    await screen.findByText('PO-0001');
    expect(screen.getByTestId('board-page')).toHaveTextContent('第 1 页，共 1 页');
    expect(screen.getByRole('columnheader', { name: '入库 Warehouse-in' })).toHaveTextContent(/^入库$/);
    expect(document.documentElement.lang).toBe('zh-CN');
    stop();
    cleanup();

    window.localStorage.setItem('language', 'en');
    stop = renderBoard(5);
    await screen.findByText('PO-0001');
    expect(screen.getByTestId('board-page')).toHaveTextContent('Page 1 of 1');
    stop();
  });

  it('takes the density the settings push, live', async () => {
    const stop = renderBoard(3);
    await screen.findByText('PO-0001');
    const root = screen.getByTestId('board-root');
    expect(root).toHaveAttribute('data-density', 'default');
    emit(envelope(101, 'settings.dashboardUpdated', { ...SETTINGS, density: 'dense' }));
    expect(root).toHaveAttribute('data-density', 'dense');
    stop();
  });
});
