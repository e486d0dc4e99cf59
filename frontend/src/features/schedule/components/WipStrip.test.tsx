import { render, screen, within } from '@testing-library/react';
import type { WipSummary } from '@contracts/bundles';
import { hasWip, WipFigures, WipStrip } from './WipStrip';

const wip: WipSummary = {
  stuckHours: 24,
  processes: [
    { processId: 1, processName: '裁床', bundles: 0, pieces: 0, stuck: 0 },
    { processId: 2, processName: '车缝', bundles: 12, pieces: 240, stuck: 3 },
    { processId: 4, processName: '质检', bundles: 2, pieces: 35, stuck: 0 },
  ],
  orders: [{ orderId: 5, processId: 2, processName: '车缝', bundles: 12, pieces: 240, stuck: 3 }],
};

describe('WIP on the schedule', () => {
  it('shows bundles · pieces per process with WIP, stuck ones in red', () => {
    render(<WipStrip wip={wip} />);
    const strip = screen.getByTestId('wip-strip');
    expect(within(strip).queryByText('裁床')).toBeNull();
    expect(screen.getByTestId('wip-2')).toHaveTextContent('车缝12 扎 · 240 件滞留 3');
    expect(within(screen.getByTestId('wip-2')).getByText('滞留 3')).toHaveClass('wip-stuck');
    expect(screen.getByTestId('wip-4')).toHaveTextContent('质检2 扎 · 35 件');
    expect(within(screen.getByTestId('wip-4')).queryByText(/滞留/)).toBeNull();
  });

  it('shows nothing without WIP', () => {
    const { container } = render(<WipStrip wip={{ stuckHours: 24, processes: [{ processId: 1, processName: '裁床', bundles: 0, pieces: 0, stuck: 0 }], orders: [] }} />);
    expect(container).toBeEmptyDOMElement();
    expect(hasWip(null)).toBe(false);
    expect(hasWip(wip)).toBe(true);
  });

  it('gives one order × process its figures', () => {
    render(<WipFigures wip={wip.orders[0]} compact />);
    expect(screen.getByText('12 扎 · 240 件').closest('.wip-figures')).toHaveClass('is-compact');
  });
});
