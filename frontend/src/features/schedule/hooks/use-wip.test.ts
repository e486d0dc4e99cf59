import { jest } from '@jest/globals';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { WipSummary } from '@contracts/bundles';
import { useWip } from './use-wip';

const summary: WipSummary = { stuckHours: 24, processes: [{ processId: 2, processName: '车缝', bundles: 1, pieces: 20, stuck: 0 }], orders: [] };

describe('useWip', () => {
  it('loads once, then at most once per interval however many events arrive', async () => {
    const fetchWip = jest.fn(async () => summary);
    const { result, rerender } = renderHook(({ liveAt }) => useWip(liveAt, fetchWip, 30), { initialProps: { liveAt: null as string | null } });
    await waitFor(() => expect(result.current).toEqual(summary));
    expect(fetchWip).toHaveBeenCalledTimes(1);
    for (const second of ['01', '02', '03']) rerender({ liveAt: `2026-11-20T08:00:${second}.000Z` });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 80)));
    expect(fetchWip).toHaveBeenCalledTimes(2);
  });

  it('gives null when the WIP cannot be read', async () => {
    const fetchWip = jest.fn(async (): Promise<WipSummary> => {
      throw new Error('404');
    });
    const { result } = renderHook(() => useWip(null, fetchWip, 30));
    await waitFor(() => expect(fetchWip).toHaveBeenCalled());
    expect(result.current).toBeNull();
  });
});
